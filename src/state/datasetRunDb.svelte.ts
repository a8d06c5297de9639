// Kept while the dataset modules move to src/store/datasets.ts (schema v3 of the app database).
export * from '../store/datasets';
export { HistoryDb as DatasetRunDb } from '../store/db';
import { historyDb } from '../store/db';
export const datasetRunDb = historyDb;
