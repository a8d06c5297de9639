// Streaming input and output for the CLI. JSON Lines are read a chunk at a time and handed on in
// batches of lines, so a file of any length is never held whole; a single case (.json), a JSON
// list of cases or a pretty-printed case cannot be split by lines and is read whole, as before.
// Output goes through a writer that waits when the terminal or pipe is behind (backpressure).
import { createReadStream } from 'node:fs';
import type { Readable, Writable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { parseCaseText, parseDataset } from '../core/parse/case';
import { objectLines } from '../core/parse/chunks';
import type { ParseError } from '../core/types';
import { fileLabel, type CaseItem } from './cases';
import { LineCutter, type InputEvent, type ReadOptions } from './lineCutter';

/** What is only known once every input has been read. */
export interface InputSummary {
  /** One input holding one case object: `--format json` then prints it pretty, as one document. */
  singleCase: boolean;
}

const READ_CHUNK = 1 << 20;

/** The input as bytes (decoded here only until its kind is known, or when it is read whole). */
function open(file: string): Readable {
  return file === '-' ? process.stdin : createReadStream(file, { highWaterMark: READ_CHUNK });
}

const formatError = (file: string, e: ParseError): string => `${fileLabel(file)}:${e.line}:${e.column}: ${e.message}`;

/**
 * Every input's cases in batches, in order, with positioned errors for what cannot be read.
 * `summary` is filled in as the inputs are read. `stop` (an interrupt) ends the read at once, even
 * one waiting for standard input.
 */
export async function* readInputs(files: readonly string[], opts: ReadOptions, summary: InputSummary, stop?: AbortSignal): AsyncGenerator<InputEvent> {
  let index = 0;
  summary.singleCase = files.length === 1;
  for (const file of files) {
    let stream: Readable;
    try {
      stream = open(file);
    } catch (err) {
      yield { kind: 'error', message: `${file}: cannot read: ${(err as Error).message}` };
      continue;
    }
    // Until the first line with content is complete, the kind of input is not known: the bytes
    // so far are kept, and decoded to decide.
    const decoder = new StringDecoder('utf8');
    let head = '';
    const headBytes: Uint8Array[] = [];
    let mode: 'lines' | 'whole' | undefined;
    const cutter = new LineCutter(file, opts, index);
    const wholeParts: string[] = [];
    let utf16: string | undefined;
    try {
      for await (const chunk of untilStopped(stream, stop)) {
        const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
        if (mode === undefined && headBytes.length === 0 && (utf16 = utf16Kind(bytes))) break;
        if (mode === 'whole') {
          wholeParts.push(decoder.write(bytes));
          continue;
        }
        if (mode === 'lines') {
          yield* cutter.take(bytes, false);
          continue;
        }
        headBytes.push(bytes);
        head += decoder.write(bytes);
        mode = decide(file, head, false);
        if (mode === 'whole') wholeParts.push(head);
        else if (mode === 'lines') yield* cutter.take(Buffer.concat(headBytes), false);
        if (mode) {
          head = '';
          headBytes.length = 0;
        }
      }
    } catch (err) {
      index = cutter.index;
      if (stop?.aborted) return;
      yield { kind: 'error', message: `${file}: cannot read: ${(err as Error).message}` };
      continue;
    }
    if (stop?.aborted) return;
    if (utf16) {
      stream.destroy();
      yield { kind: 'error', message: `${fileLabel(file)}:1:1: the file is UTF-16 (${utf16}) text, and cases are read as UTF-8: save it as UTF-8 (PowerShell: Out-File -Encoding utf8 or Set-Content -Encoding utf8; or iconv -f UTF-16 -t UTF-8)` };
      continue;
    }
    if (mode === undefined) {
      head += decoder.end();
      mode = decide(file, head, true);
      if (mode === 'whole') wholeParts.push(head);
      else yield* cutter.take(Buffer.concat(headBytes), false);
    } else if (mode === 'whole') wholeParts.push(decoder.end());
    if (mode === 'lines') {
      yield* cutter.take(new Uint8Array(0), true);
      index = cutter.index;
      summary.singleCase = summary.singleCase && cutter.braced <= 1;
      continue;
    }
    // Read whole: one case (.json), a JSON list, a pretty-printed case, or text that is not JSON.
    const text = wholeParts.join('');
    wholeParts.length = 0;
    const items: CaseItem[] = [];
    if (/\.json$/i.test(file) && text.trimStart().startsWith('{')) {
      const r = parseCaseText(text);
      for (const e of r.errors) yield { kind: 'error', message: formatError(file, e) };
      if (r.value && r.errors.length === 0) items.push({ file, line: 1, index: index++, c: r.value });
    } else {
      summary.singleCase = summary.singleCase && text.trimStart().startsWith('{') && text.split('\n').filter((l) => l.startsWith('{')).length <= 1;
      const r = parseDataset(text);
      for (const e of r.errors) yield { kind: 'error', message: formatError(file, e) };
      r.cases.forEach((c, i) => items.push({ file, line: r.lines[i] ?? 1, index: index++, c }));
      if (r.cases.length === 0 && r.errors.length === 0) yield { kind: 'error', message: `${file}:1:1: no case found (expected a JSON case object, or JSONL with one case per line)` };
    }
    for (let i = 0; i < items.length; i += opts.batchLines) yield { kind: 'items', items: items.slice(i, i + opts.batchLines) };
  }
}

/**
 * The stream's chunks until it ends or `stop` aborts: a read that waits (standard input from a
 * terminal or a slow pipe, a FIFO) is left at once, not when the next bytes come.
 */
async function* untilStopped(stream: Readable, stop: AbortSignal | undefined): AsyncGenerator<Buffer | string> {
  if (!stop) {
    yield* stream as AsyncIterable<Buffer | string>;
    return;
  }
  const chunks = (stream as AsyncIterable<Buffer | string>)[Symbol.asyncIterator]();
  const stopped = new Promise<'stopped'>((resolve) => {
    if (stop.aborted) resolve('stopped');
    else stop.addEventListener('abort', () => resolve('stopped'), { once: true });
  });
  try {
    for (;;) {
      const next = chunks.next();
      // The read left waiting fails once the stream is destroyed: nobody awaits it then.
      next.catch(() => {});
      const r = await Promise.race([next, stopped]);
      if (r === 'stopped' || r.done) return;
      yield r.value;
    }
  } finally {
    // Ended, stopped or left early by the reader: the stream is closed in every case.
    stream.destroy();
  }
}

/**
 * UTF-16 text (Windows PowerShell 5 writes it for `>` and Out-File): its byte-order mark, or a JSON
 * text's first character followed by a zero byte. Read as UTF-8 it was "Unexpected character"
 * at 1:1, with no word of why.
 */
function utf16Kind(b: Uint8Array): string | undefined {
  if (b.length < 2) return undefined;
  if (b[0] === 0xff && b[1] === 0xfe) return 'little-endian';
  if (b[0] === 0xfe && b[1] === 0xff) return 'big-endian';
  const json = (c: number | undefined) => c === 0x7b || c === 0x5b;
  if (json(b[0]) && b[1] === 0) return 'little-endian';
  if (b[0] === 0 && json(b[1])) return 'big-endian';
  return undefined;
}

/** Lines looked at to tell JSON Lines whose first line is damaged from a document read whole. */
const SHAPE_LINES = 8;
/** …unless the first of them take more than this (then the input is read whole). */
const SHAPE_CHARS = 1 << 20;

/**
 * JSON Lines when the first line with content is a JSON object on its own, or, when it is not
 * (a damaged first line), when the lines after it have the shape of JSON Lines (core's
 * objectLines: most of the first SHAPE_LINES lines, two at least, are objects on their own); read
 * whole otherwise (and always for a .json file holding an object). Undefined while too few lines
 * have arrived to tell.
 */
function decide(file: string, head: string, atEnd: boolean): 'lines' | 'whole' | undefined {
  const first = head.search(/\S/);
  // Nothing but white space: read whole, so that the dataset parser says it is empty.
  if (first < 0) return atEnd ? 'whole' : undefined;
  if (/\.json$/i.test(file) && head[first] === '{') return 'whole';
  const nl = head.indexOf('\n', first);
  if (nl < 0 && !atEnd) return undefined;
  const line = head.slice(first, nl < 0 ? head.length : nl).trim();
  // One object on the only line: a single case, which the line reader reads the same way.
  if (objectLines([line, line])) return 'lines';
  if (line.startsWith('[')) return 'whole';
  // The complete lines so far (the last is complete only at the end).
  const all = head.slice(first).split('\n');
  const complete = (atEnd ? all : all.slice(0, -1)).filter((l) => l.trim() !== '');
  if (complete.length < SHAPE_LINES && !atEnd && head.length < SHAPE_CHARS) return undefined;
  return complete.length >= 2 && objectLines(complete.slice(0, SHAPE_LINES)) ? 'lines' : 'whole';
}

// ---------------------------------------------------------------------------------------------
// Output

export interface OutputSink {
  write(s: string): void;
  /** The stream behind `write`, when there is one: then writes wait for it to drain. */
  stream?: Writable;
}

/** Collects small writes into larger ones and waits when the stream's buffer is full. */
export class BufferedOutput {
  /** Text, or UTF-8 already encoded by a worker thread. */
  private parts: (string | Uint8Array)[] = [];
  private size = 0;
  constructor(
    private readonly sink: OutputSink,
    private readonly flushAt = 1 << 16,
  ) {}

  async write(s: string | Uint8Array): Promise<void> {
    if (s.length === 0) return;
    this.parts.push(s);
    this.size += s.length;
    if (this.size >= this.flushAt) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.size === 0) return;
    const parts = this.parts;
    this.parts = [];
    this.size = 0;
    const stream = this.sink.stream;
    if (!stream) {
      this.sink.write(parts.map((p) => (typeof p === 'string' ? p : decoder.decode(p))).join(''));
      return;
    }
    // One write: a lone piece as it is, text joined, bytes and mixed pieces as one buffer.
    let data: string | Uint8Array;
    if (parts.length === 1) data = parts[0]!;
    else if (parts.every((p) => typeof p === 'string')) data = parts.join('');
    else data = Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : p)));
    if (!stream.write(data)) await drained(stream);
  }
}

const decoder = new TextDecoder('utf-8', { ignoreBOM: true });

function drained(stream: Writable): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (): void => {
      stream.off('drain', done);
      stream.off('error', fail);
      stream.off('close', done);
      resolve();
    };
    const fail = (err: Error): void => {
      stream.off('drain', done);
      stream.off('close', done);
      reject(err);
    };
    stream.once('drain', done);
    stream.once('close', done);
    stream.once('error', fail);
  });
}
