// A saved audit's report is read back off the page's thread: a short-lived worker is given the
// report's Blob (a Blob is cloned by reference), parses its JSON (tens of MB after a large paste,
// hundreds of ms of parsing) and posts the report back. Receiving a message is decoded in one
// task too, so the report's long arrays come in parts like the audit worker's reply
// (workerProtocol.ts splitReply / PartCollector). Where no worker can be made or it fails to
// start, the JSON is parsed on this thread as before.
import type { PackedAnalysis, WorkerMessage, WorkerReply } from '../engine/workerProtocol';
import { PartCollector, splitReply } from '../engine/workerProtocol';

/** The one message (and its parts) that carries the parsed report or the parse error. */
export function reportMessages(text: string): WorkerMessage[] {
  let report: unknown;
  try {
    report = JSON.parse(text) as unknown;
  } catch (e) {
    return [{ ok: false, seq: 0, error: e instanceof Error ? e.message : String(e) }];
  }
  // The report rides as the "analysis" of a reply, so the audit reply's splitting applies as is.
  const analysis = { seq: 0, report } as unknown as PackedAnalysis;
  return splitReply({ ok: true, analysis });
}

/** Parses the JSON of `blob` in a worker made by `create`; in this thread when that fails. */
export function parseInWorker(blob: Blob, create: () => Worker): Promise<unknown> {
  const inPlace = async () => JSON.parse(await blob.text()) as unknown;
  let worker: Worker;
  try {
    worker = create();
  } catch {
    return inPlace();
  }
  return new Promise<unknown>((resolve, reject) => {
    const parts = new PartCollector();
    const finish = (then: () => void) => {
      worker.terminate();
      then();
    };
    worker.onmessage = (event: MessageEvent<WorkerMessage>) => {
      const m = event.data;
      if ('part' in m) {
        parts.add(m);
        return;
      }
      finish(() => {
        try {
          const reply: WorkerReply = parts.complete(m);
          if (!reply.ok) reject(new Error(reply.error));
          else resolve((reply.analysis as unknown as { report: unknown }).report);
        } catch (e) {
          reject(e instanceof Error ? e : new Error(String(e)));
        }
      });
    };
    // The worker could not start or crashed: the report is still read, here.
    worker.onerror = (event: Event) => {
      event.preventDefault();
      finish(() => {
        inPlace().then(resolve, reject);
      });
    };
    worker.postMessage(blob);
  });
}
