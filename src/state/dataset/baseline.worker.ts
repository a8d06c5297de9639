// The baseline worker: reads and parses a baseline results file away from the page (see
// baselineFile.ts). One worker per file; the page terminates it when a newer file replaces it.
import { readBaselineFile, type BaselineReply, type BaselineRequest } from './baselineFile';

const post = (r: BaselineReply) => (self as unknown as Worker).postMessage(r);

self.onmessage = async (event: MessageEvent<BaselineRequest>) => {
  try {
    post({ ok: true, file: readBaselineFile(await event.data.file.text()) });
  } catch (e) {
    post({ ok: false, message: e instanceof Error ? e.message : String(e) });
  }
};
