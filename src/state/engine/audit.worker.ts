// The audit worker: the same analysis as the main thread, for inputs large enough that running it
// there would make typing wait. It keeps the inputs between requests (see workerProtocol.ts).
import { analyze } from './analysis';
import { createWorkerHandler, splitReply, type WorkerRequest } from './workerProtocol';

const handle = createWorkerHandler(analyze);

self.onmessage = (event: MessageEvent<WorkerRequest>) => {
  // Long arrays go ahead in parts, so the page never decodes the whole reply in one task.
  for (const m of splitReply(handle(event.data))) (self as unknown as Worker).postMessage(m);
};
