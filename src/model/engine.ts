// What the page loads only when the model audit is first used (prompts, schema, request
// building, validation, the run, the merge into the report, the error texts): the state imports
// this lazily so that none of it weighs on the first paint.
export { runModelAudit } from './run';
export { estimateAudit } from './estimate';
export { listModels } from './models';
export { describeModelError, ModelError, notSentInit } from './errors';
export { applyModelResults } from '../core/report/report';
