// A worker thread of the CLI's pool: audits the batches it is sent with the local checks and, when
// asked at the end, sends back its tally. Batches are answered in the order they arrive.
import type { MessagePort } from 'node:worker_threads';
import { auditBatch, Tally, type BatchResult, type CaseItem, type TallyState, type WorkOptions } from './cases';

export type ToWorker = { type: 'batch'; id: number; items: CaseItem[] } | { type: 'finish' };
export type FromWorker = { type: 'batch'; id: number; result: BatchResult } | { type: 'tally'; state: TallyState };

export function serveBatches(port: MessagePort, opts: WorkOptions): void {
  const tally = new Tally(opts.worst);
  port.on('message', (m: ToWorker) => {
    let reply: FromWorker;
    if (m.type === 'batch') reply = { type: 'batch', id: m.id, result: auditBatch(m.items, opts, tally) };
    else reply = { type: 'tally', state: tally.state() };
    port.postMessage(reply);
  });
}
