// JSON Lines cut as bytes: lines found, numbered and batched without decoding the input, so that
// a batch's bytes can go to a worker as they are (stream.ts reads the files through it).
import type { CaseItem, LineBatch } from './cases';

export interface ReadOptions {
  /** A batch ends after this many lines… */
  batchLines: number;
  /** …or this many bytes, whichever comes first. */
  batchChars: number;
}

/**
 * Cases read whole (items), or a batch of JSON Lines still to decode (`bytes`: how much of the
 * input it covers, blank lines and line breaks included, for the progress line).
 */
export type InputEvent = { kind: 'items'; items: CaseItem[] } | { kind: 'lines'; batch: LineBatch; bytes: number } | { kind: 'error'; message: string };

const LF = 0x0a;
const CR = 0x0d;

/** Blank as `text.trim() === ''` says of the line's text: ASCII is judged on the bytes, the rest decoded. */
function blankLine(buf: Uint8Array, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const b = buf[i]!;
    if (b === 0x20 || (b >= 0x09 && b <= 0x0d)) continue;
    if (b < 0x80) return false;
    return Buffer.from(buf.buffer, buf.byteOffset + start, end - start).toString('utf8').trim() === '';
  }
  return true;
}

/**
 * Cuts JSON Lines into batches of undecoded lines: numbered, blank lines skipped, a trailing CR
 * dropped, as the text of each line would be. The bytes of a batch are copied once, into a buffer
 * of their own that can be handed to a worker. readInputs (stream.ts) reads
 * JSON Lines through it.
 */
export class LineCutter {
  private rest: Uint8Array[] = [];
  private restSize = 0;
  private parts: Uint8Array[] = [];
  private size = 0;
  private ends: number[] = [];
  private lines: number[] = [];
  private first = 0;
  private spanned = 0;
  line = 1;
  braced = 0;

  constructor(
    private readonly file: string,
    private readonly opts: ReadOptions,
    /** The run position of the next case. */
    public index: number,
  ) {
    this.first = index;
  }

  /** The batches completed by `chunk`; with `final`, the input's last line and batch too. */
  *take(chunk: Uint8Array, final: boolean): Generator<InputEvent> {
    let start = 0;
    for (;;) {
      const nl = chunk.indexOf(LF, start);
      if (nl < 0) break;
      if (this.restSize) {
        // A line begun in an earlier chunk: joined into one piece first.
        this.rest.push(chunk.subarray(start, nl));
        const whole = Buffer.concat(this.rest, this.restSize + nl - start);
        this.rest = [];
        this.restSize = 0;
        yield* this.takeLine(whole, 0, whole.length, 1);
      } else yield* this.takeLine(chunk, start, nl, 1);
      start = nl + 1;
    }
    if (start < chunk.length) {
      this.rest.push(chunk.subarray(start));
      this.restSize += chunk.length - start;
    }
    if (final) {
      if (this.restSize) {
        const whole = Buffer.concat(this.rest, this.restSize);
        this.rest = [];
        this.restSize = 0;
        yield* this.takeLine(whole, 0, whole.length, 0);
      }
      if (this.ends.length) yield this.batch();
    }
  }

  private *takeLine(buf: Uint8Array, start: number, end: number, lineBreak: number): Generator<InputEvent> {
    this.spanned += end - start + lineBreak;
    const e = end > start && buf[end - 1] === CR ? end - 1 : end;
    if (e > start && buf[start] === 0x7b) this.braced++;
    if (!blankLine(buf, start, e)) {
      this.parts.push(buf.subarray(start, e));
      this.size += e - start;
      this.ends.push(this.size);
      this.lines.push(this.line);
      this.index++;
      if (this.ends.length >= this.opts.batchLines || this.size >= this.opts.batchChars) yield this.batch();
    }
    this.line++;
  }

  private batch(): InputEvent {
    const bytes = new Uint8Array(this.size);
    let at = 0;
    for (const p of this.parts) {
      bytes.set(p, at);
      at += p.length;
    }
    const ev: InputEvent = { kind: 'lines', batch: { file: this.file, bytes, ends: this.ends, lines: this.lines, first: this.first }, bytes: this.spanned };
    this.parts = [];
    this.size = 0;
    this.ends = [];
    this.lines = [];
    this.first = this.index;
    this.spanned = 0;
    return ev;
  }
}
