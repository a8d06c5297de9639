// The audit worker: the same analysis as the main thread, for inputs large enough that running it
// there would make typing wait. It keeps the inputs between requests (see workerProtocol.ts).
import { analyze } from './analysis';
import { createWorkerHandler, type WorkerRequest } from './workerProtocol';

const handle = createWorkerHandler(analyze);

self.onmessage = (event: MessageEvent<WorkerRequest>) => {
  (self as unknown as Worker).postMessage(handle(event.data));
};
