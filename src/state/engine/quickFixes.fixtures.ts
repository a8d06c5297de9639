// What the quick-fix tests share: a returns policy in two chunks, and the analysis request of an
// answer over them.
import type { AnalysisRequest } from './analysis';

const CHUNKS = JSON.stringify([
  { id: '1', text: 'Shipping options: standard shipping takes 3-5 business days, express shipping 1-2 days.' },
  { id: '2', text: 'Returns: items can be returned within 30 days for a full refund to the original payment method.' },
]);

/** The request the page sends for this answer over CHUNKS, with the default settings. */
export const request = (answerText: string): AnalysisRequest => ({
  seq: 1,
  revision: 1,
  inputs: { query: 'How do returns work?', answerText, chunksText: CHUNKS, goldText: '' },
  attached: {},
  settings: { requiredStyle: 'auto', language: 'auto' },
});
