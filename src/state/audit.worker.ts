// The audit worker: the same analysis as the main thread, for inputs large enough that running it
// there would make typing wait.
import { analyze, type AnalysisRequest } from './analysis';

export type WorkerReply = { ok: true; analysis: ReturnType<typeof analyze> } | { ok: false; seq: number; error: string };

self.onmessage = (event: MessageEvent<AnalysisRequest>) => {
  const req = event.data;
  let reply: WorkerReply;
  try {
    reply = { ok: true, analysis: analyze(req, 'worker') };
  } catch (e) {
    reply = { ok: false, seq: req.seq, error: e instanceof Error ? e.message : String(e) };
  }
  (self as unknown as Worker).postMessage(reply);
};
