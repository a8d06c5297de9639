// Streaming input and output for the CLI. JSON Lines are read a chunk at a time and handed on in
// batches of lines, so a file of any length is never held whole; a single case (.json), a JSON
// list of cases or a pretty-printed case cannot be split by lines and is read whole, as before.
// Output goes through a writer that waits when the terminal or pipe is behind (backpressure).
import { createReadStream } from 'node:fs';
import type { Readable, Writable } from 'node:stream';
import { parseCaseText, parseDataset } from '../core/parse/case';
import type { ParseError } from '../core/types';
import { fileLabel, type CaseItem } from './cases';

export interface ReadOptions {
  /** A batch ends after this many lines… */
  batchLines: number;
  /** …or this many characters, whichever comes first. */
  batchChars: number;
}

export type InputEvent = { kind: 'items'; items: CaseItem[] } | { kind: 'error'; message: string };

/** What is only known once every input has been read. */
export interface InputSummary {
  /** One input holding one case object: `--format json` then prints it pretty, as one document. */
  singleCase: boolean;
}

const READ_CHUNK = 1 << 20;

function open(file: string): Readable {
  const s: Readable = file === '-' ? process.stdin : createReadStream(file, { highWaterMark: READ_CHUNK });
  s.setEncoding('utf8');
  return s;
}

const formatError = (file: string, e: ParseError): string => `${fileLabel(file)}:${e.line}:${e.column}: ${e.message}`;

/**
 * Every input's cases in batches, in order, with positioned errors for what cannot be read.
 * `summary` is filled in as the inputs are read.
 */
export async function* readInputs(files: readonly string[], opts: ReadOptions, summary: InputSummary): AsyncGenerator<InputEvent> {
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
    // Until the first line with content is complete, the kind of input is not known.
    let head = '';
    let mode: 'lines' | 'whole' | undefined;
    let rest = '';
    let line = 1;
    let braced = 0;
    let batch: CaseItem[] = [];
    let batchChars = 0;
    const wholeParts: string[] = [];
    const take = function* (text: string, final: boolean): Generator<InputEvent> {
      const all = rest + text;
      let start = 0;
      for (;;) {
        const nl = all.indexOf('\n', start);
        if (nl < 0) break;
        yield* takeLine(all.slice(start, nl));
        start = nl + 1;
      }
      rest = all.slice(start);
      if (final && rest !== '') {
        yield* takeLine(rest);
        rest = '';
      }
    };
    const takeLine = function* (raw: string): Generator<InputEvent> {
      const l = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
      if (l.startsWith('{')) braced++;
      if (l.trim() !== '') {
        batch.push({ file, line, index: index++, text: l });
        batchChars += l.length;
        if (batch.length >= opts.batchLines || batchChars >= opts.batchChars) {
          yield { kind: 'items', items: batch };
          batch = [];
          batchChars = 0;
        }
      }
      line++;
    };
    try {
      for await (const chunk of stream as AsyncIterable<string>) {
        if (mode === 'whole') {
          wholeParts.push(chunk);
          continue;
        }
        if (mode === 'lines') {
          yield* take(chunk, false);
          continue;
        }
        head += chunk;
        mode = decide(file, head, false);
        if (mode === 'whole') wholeParts.push(head);
        else if (mode === 'lines') yield* take(head, false);
        if (mode) head = '';
      }
    } catch (err) {
      yield { kind: 'error', message: `${file}: cannot read: ${(err as Error).message}` };
      continue;
    }
    if (mode === undefined) {
      mode = decide(file, head, true);
      if (mode === 'whole') wholeParts.push(head);
      else yield* take(head, false);
    }
    if (mode === 'lines') {
      yield* take('', true);
      if (batch.length) yield { kind: 'items', items: batch };
      summary.singleCase = summary.singleCase && braced <= 1;
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
 * JSON Lines when the first line with content is a JSON object on its own; read whole otherwise
 * (and always for a .json file holding an object). Undefined while that line is incomplete.
 */
function decide(file: string, head: string, atEnd: boolean): 'lines' | 'whole' | undefined {
  const first = head.search(/\S/);
  // Nothing but white space: read whole, so that the dataset parser says it is empty.
  if (first < 0) return atEnd ? 'whole' : undefined;
  if (/\.json$/i.test(file) && head[first] === '{') return 'whole';
  const nl = head.indexOf('\n', first);
  if (nl < 0 && !atEnd) return undefined;
  const line = head.slice(first, nl < 0 ? head.length : nl).trim();
  if (!line.startsWith('{')) return 'whole';
  try {
    JSON.parse(line);
  } catch {
    return 'whole';
  }
  // One object on the only line: a single case, which the line reader reads the same way.
  return 'lines';
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
  private parts: string[] = [];
  private size = 0;
  constructor(
    private readonly sink: OutputSink,
    private readonly flushAt = 1 << 16,
  ) {}

  async write(s: string): Promise<void> {
    if (s === '') return;
    this.parts.push(s);
    this.size += s.length;
    if (this.size >= this.flushAt) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.size === 0) return;
    const s = this.parts.join('');
    this.parts = [];
    this.size = 0;
    const stream = this.sink.stream;
    if (stream) {
      if (!stream.write(s)) await drained(stream);
    } else this.sink.write(s);
  }
}

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
