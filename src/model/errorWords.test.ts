import { describe, expect, it } from 'vitest';
import { modelErrorWords, type ModelErrorKind } from '../core/report/catalogue/modelErrors';
import { PROVIDER_NAMES, providerFacts } from './providers';

// Every kind: a Record over the union would not list them at run time, so they are written out;
// a kind missing here is caught by the type check of the object below.
const KINDS: Record<ModelErrorKind, true> = {
  no_key: true, bad_request: true, billing: true, auth: true, cors_blocked: true, permission: true,
  model_not_found: true, not_found: true, too_large: true, rate_limit: true, spend_limit: true,
  server: true, overloaded: true, network: true, offline: true, timeout: true, stream_cut: true,
  cancelled: true, invalid_output: true, max_tokens: true, context_window: true, refusal: true,
  bad_response: true, batch_expired: true, batch_canceled: true, redirect: true, unreadable_input: true, unexpected: true,
};

describe('the command line\'s advice on the address', () => {
  // Someone who passed --base-url is told to check what they passed, not only an environment
  // variable they never set.
  it('names --base-url wherever it names the base-URL variable', () => {
    for (const name of PROVIDER_NAMES) {
      const p = providerFacts(name);
      for (const lang of ['en', 'cs'] as const) {
        for (const kind of Object.keys(KINDS) as ModelErrorKind[]) {
          const { action } = modelErrorWords(lang, kind, 'cli', p)({ kind, status: 404, baseURL: 'http://127.0.0.1:9/', model: 'm' });
          if (action.includes(p.baseURLVar)) expect(action, `${name} ${lang} ${kind}`).toContain('--base-url');
        }
      }
    }
  });
});
