// ModelAudit with an OpenAI-compatible server chosen: settings per provider that persist, a key
// that is optional for a local server, the server's model list with free entry, and runs and
// estimates sent to the chosen provider.
import { describe, expect, test } from 'vitest';
import { ModelAudit } from '../../src/state/model/model.svelte';
import { memoryStore } from '../factories/memoryStore';
import { MODEL_SETTINGS_KEY } from '../../src/model/constants';
import { loadModelSettings } from '../../src/model/settings';
import { modelHost } from '../server/factories';
import { EXPECTED, useFakeOpenAI, verdicts } from '../server/harness';
import { OPENAI_MODELS, type FakeOpenAI } from '../server/fake-openai';


let server: FakeOpenAI;
useFakeOpenAI((s) => (server = s));

describe('choosing an OpenAI-compatible server', () => {
  test('each provider keeps its own base URL and model; the choice persists; settings saved before it still read', () => {
    const store = memoryStore();
    store.set(MODEL_SETTINGS_KEY, JSON.stringify({ version: 1, baseURL: 'https://proxy.example', model: 'claude-opus-5-5', strict: true, rememberKey: false }));
    const m = new ModelAudit(modelHost(), { store });
    expect(m.provider).toBe('anthropic');
    expect(m.settings.baseURL).toBe('https://proxy.example');
    m.setProvider('openai');
    expect(m.settings.baseURL).toBe('https://api.openai.com/v1');
    m.setBaseURL('http://localhost:11434/v1');
    m.setModel('llama3.1:8b');
    expect(m.settings.model).toBe('llama3.1:8b');
    expect(m.settings.strict).toBe(true);
    const again = new ModelAudit(modelHost(), { store });
    expect(again.provider).toBe('openai');
    expect(again.settings.baseURL).toBe('http://localhost:11434/v1');
    again.setProvider('anthropic');
    expect(again.settings).toMatchObject({ baseURL: 'https://proxy.example', model: 'claude-opus-5-5' });
    expect(loadModelSettings(store)).toMatchObject({ openaiBaseURL: 'http://localhost:11434/v1', openaiModel: 'llama3.1:8b' });
  });

  test("a key is needed for OpenAI's own API, not for a local server", () => {
    const m = new ModelAudit(modelHost(), { store: memoryStore() });
    m.setProvider('openai');
    expect(m.canRun).toBe(false);
    m.setBaseURL(server.url);
    expect(m.keyRequired).toBe(false);
    expect(m.canRun).toBe(true);
  });

  test('lists the server\u2019s models, with no built-in list; the chosen name stays even when the server lacks it', async () => {
    const m = new ModelAudit(modelHost(), { store: memoryStore() });
    m.setProvider('openai');
    expect(m.models).toEqual([{ id: 'gpt-4.1-mini', display_name: 'gpt-4.1-mini' }]);
    m.setBaseURL(server.url);
    m.setModel('my-own-model');
    await m.loadModels();
    expect(m.models.map((x) => x.id)).toEqual(['my-own-model', ...[...OPENAI_MODELS].sort()]);
  });

  test('runs and estimates go to the chosen server, without a key', async () => {
    const h = modelHost();
    const m = new ModelAudit(h, { store: memoryStore() });
    m.setProvider('openai');
    m.setBaseURL(server.url);
    m.setModel('llama3.1:8b');
    await m.countTokens();
    expect(m.estimate?.approximate).toBe(true);
    expect(m.estimate?.priceKnown).toBe(false);
    expect(m.estimate?.inputTokens).toBeGreaterThan(0);
    await m.run();
    expect(m.status).toBe('done');
    expect(verdicts(m.results!)).toEqual(EXPECTED);
    expect(server.calls('/v1/chat/completions')).toHaveLength(1);
  });
});
