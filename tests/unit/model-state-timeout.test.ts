// The page's Request timeout setting (issue 31, item 1): kept with the other model settings, read
// back through zod (out of range: the default), and handed to every run as its deadline.
import { expect, test } from 'vitest';
import { ModelAudit } from '../../src/state/model/model.svelte';
import { memoryStore } from '../factories/memoryStore';
import { MODEL_SETTINGS_KEY, REQUEST_TIMEOUT_MS } from '../../src/model/constants';
import type { ModelRun, ModelRunOptions } from '../../src/model/run';
import type { AuditCase, Report } from '../../src/core/types';
import { modelHost } from '../server/factories';
import { testKey } from '../server/harness';


test('the request timeout persists, is checked, and reaches the run as timeoutMs', async () => {
  const store = memoryStore();
  const seen: (number | undefined)[] = [];
  const run = async (_c: AuditCase, report: Report, o: ModelRunOptions): Promise<ModelRun> => {
    seen.push(o.timeoutMs);
    return { results: { model: 'claude-sonnet-5-5', judgements: [] }, report, mode: 'output_config', plan: {} as never };
  };
  const m = new ModelAudit(modelHost(), { store, run });
  expect(m.settings.timeoutSeconds).toBe(REQUEST_TIMEOUT_MS / 1000);
  m.setApiKey(testKey('timeout'));
  m.setTimeoutSeconds(45);
  m.setTimeoutSeconds(5);
  m.setTimeoutSeconds(Number.NaN);
  expect(m.settings.timeoutSeconds).toBe(45);
  await m.run();
  expect(seen).toEqual([45_000]);
  expect(new ModelAudit(modelHost(), { store }).settings.timeoutSeconds).toBe(45);

  store.set(MODEL_SETTINGS_KEY, JSON.stringify({ version: 1, timeoutSeconds: -3 }));
  expect(new ModelAudit(modelHost(), { store }).settings.timeoutSeconds).toBe(REQUEST_TIMEOUT_MS / 1000);
});
