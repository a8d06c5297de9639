// Parses one saved report's JSON off the page's thread (reportParse.ts); the page ends it after.
import { reportMessages } from './reportParse';

self.onmessage = async (event: MessageEvent<Blob>) => {
  let text: string;
  try {
    text = await event.data.text();
  } catch (e) {
    (self as unknown as Worker).postMessage({ ok: false, seq: 0, error: e instanceof Error ? e.message : String(e) });
    return;
  }
  for (const m of reportMessages(text)) (self as unknown as Worker).postMessage(m);
};
