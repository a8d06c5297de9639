// The dataset worker: parses a dataset file and runs the local checks over every case, writing
// results to the dataset tables of the app's IndexedDB database and reporting batches to the
// page. Cancel terminates it.
import { appDb } from '../../store/db';
import { runJob, type JobReply, type JobRequest } from './datasetRunJob';

const post = (r: JobReply) => (self as unknown as Worker).postMessage(r);

self.onmessage = (event: MessageEvent<JobRequest>) => {
  void runJob(event.data, appDb(), post);
};
