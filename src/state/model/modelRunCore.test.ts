// The one model-run core (modelRunCore.ts): the workbench's audit and the dataset's run read the
// connection and decide "no key" the same way. A key of spaces is no key, in either of them and in
// either of the dataset's modes, and nothing is sent for it.
import { describe, expect, it } from 'vitest';
import type { AuditCase, ModelResults, Report } from '../../core/types';
import { applyModelResults } from '../../core/report/report';
import type { ModelRun, ModelRunOptions } from '../../model/run';
import { memoryStore } from '../../../tests/factories/memoryStore';
import { DatasetModelRun } from '../dataset/modelRun.svelte';
import type { ModelRunHost } from '../dataset/modelRunParts';
import { ModelRunCore, type ConnectionSettings } from './modelRunCore';

const CASE: AuditCase = { id: 'a', query: 'Which city?', answer: 'Paris is the capital of France [1].', chunks: [{ id: '1', text: 'Paris is the capital of France.' }] };

const host: ModelRunHost = {
  datasetId: 'ds1',
  pendingModel: () => [0],
  caseAt: async () => CASE,
  lineOf: () => 1,
  saveModel: async () => {},
};

describe('the model-run core', () => {
  it('reads the settings and the key when a request is made, not before', () => {
    let key = '';
    const settings: ConnectionSettings = { provider: 'openai', baseURL: 'http://localhost:11434/v1', model: 'llama3.1:8b', strict: false, timeoutSeconds: 30 };
    const core = new ModelRunCore({ settings, apiKey: () => key });
    key = 'sk-later';
    expect(core.connection()).toEqual({ apiKey: 'sk-later', provider: 'openai', baseURL: 'http://localhost:11434/v1', timeoutMs: 30_000 });
    // No provider and no timeout named: the model layer's defaults, not undefined fields.
    expect(Object.keys(new ModelRunCore({ settings: { baseURL: 'https://api.anthropic.com', model: 'm', strict: false }, apiKey: () => 'k' }).connection())).toEqual(['apiKey', 'baseURL']);
  });

  it('needs a key where the provider needs one, and a key of spaces is none', () => {
    const missing = (settings: ConnectionSettings, key: string) => new ModelRunCore({ settings, apiKey: () => key }).keyMissing();
    const anthropic: ConnectionSettings = { baseURL: 'https://api.anthropic.com', model: 'm', strict: false };
    expect(missing(anthropic, '')).toBe(true);
    expect(missing(anthropic, ' \n')).toBe(true);
    expect(missing(anthropic, 'sk-x')).toBe(false);
    expect(missing({ ...anthropic, provider: 'openai', baseURL: 'http://localhost:11434/v1' }, '')).toBe(false);
    expect(missing({ ...anthropic, provider: 'openai', baseURL: 'https://api.openai.com/v1/' }, ' ')).toBe(true);
  });

  it('stops the dataset run, its estimate and its batch alike when the key is only spaces', async () => {
    const sent: ModelRunOptions[] = [];
    const judge = async (c: AuditCase, report: Report, o: ModelRunOptions): Promise<ModelRun> => {
      sent.push(o);
      const results: ModelResults = { model: 'm', judgements: [] };
      return { results, report: applyModelResults(report, results, c), mode: 'output_config', plan: {} as ModelRun['plan'] };
    };
    let batches = 0;
    const m = new DatasetModelRun({
      host,
      connection: { settings: { baseURL: 'http://127.0.0.1:1', model: 'claude-sonnet-5-5', strict: false }, apiKey: () => '  ' },
      localSettings: () => ({ requiredStyle: 'auto', language: 'auto' }),
      store: memoryStore(),
      run: judge,
      estimate: async () => {
        throw new Error('no estimate may be asked without a key');
      },
      batchEngine: async () => {
        batches++;
        return import('../../model/batch');
      },
    });
    await m.run('interactive');
    expect(m.message).toBe('no_key');
    await m.estimateCost();
    expect(m.message).toBe('no_key');
    await m.run('batch');
    expect(m.batch.message).toBe('no_key');
    expect(sent).toEqual([]);
    expect(batches).toBe(0);
  });
});
