// A worker thread of the CLI's pool: audits the batches it is sent with the local checks and, when
// asked at the end, sends back its tally. Batches are answered in the order they arrive.
import type { MessagePort } from 'node:worker_threads';
import { auditBatch, itemsOf, Tally, type BatchResult, type TallyState, type Work, type WorkOptions } from './cases';

export type ToWorker = { type: 'batch'; id: number; work: Work } | { type: 'finish' };
export type FromWorker = { type: 'batch'; id: number; result: BatchResult } | { type: 'tally'; state: TallyState };

const encoder = new TextEncoder();

export function serveBatches(port: MessagePort, opts: WorkOptions): void {
  const tally = new Tally(opts.worst);
  port.on('message', (m: ToWorker) => {
    if (m.type !== 'batch') {
      port.postMessage({ type: 'tally', state: tally.state() } satisfies FromWorker);
      return;
    }
    const result = auditBatch(itemsOf(m.work), opts, tally);
    // The output goes back as UTF-8 in a buffer of its own, handed over rather than copied: the
    // main thread writes it as it is, without copying or encoding a string.
    const bytes = encoder.encode(result.out);
    const own = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
    const reply: FromWorker = { type: 'batch', id: m.id, result: { ...result, out: '', outBytes: bytes } };
    port.postMessage(reply, own ? [bytes.buffer] : []);
  });
}
