// A provider added as one row of the PROVIDERS table (src/model/providers.ts), and nothing else:
// here a made-up hosted service on the Chat Completions wire, added to the table for this file
// only (vi.mock, before anything reads it). Everything a user meets of a provider must follow:
// the settings keep its Base URL and model, the Settings dialog offers it with words in English
// and Czech, its key rule decides whether a run may start, a run goes over its wire, its errors
// name its variables, and the CLI's --provider, help and environment variables know it.
import { describe, expect, it, vi } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Provider, ProviderSpec } from '../../src/model/providers';
import { ModelAudit } from '../../src/state/model/model.svelte';
import { ModelSettingsSchema, saveModelSettings } from '../../src/model/settings';
import { describeModelError, ModelError } from '../../src/model/errors';
import { runModelAudit } from '../../src/model/run';
import { MODEL_SETTINGS_KEY } from '../../src/model/constants';
import { MODEL_STRINGS, providerWords } from '../../src/ui/model/strings';
import { PROVIDER_HELP, PROVIDER_OPTIONS, modelAccess } from '../../src/cli/provider';
import { memoryStore } from '../factories/memoryStore';
import { tempDir } from '../factories/tempDir';
import { modelHost, threeClaimCase } from '../server/factories';
import { EXPECTED, testKey, useFakeOpenAI, verdicts } from '../server/harness';
import type { FakeOpenAI } from '../server/fake-openai';
import { runCli, useCliEnv } from './cli-harness';

const ACME: ProviderSpec = vi.hoisted(() => ({
  wire: 'chat' as const,
  label: 'Acme Cloud',
  vendor: 'Acme',
  defaultModel: 'acme-small',
  defaultBaseURL: 'https://api.acme.example/v1',
  builtInModels: [],
  prices: {},
  key: { requiredAt: ['api.acme.example'], envVar: 'ACME_API_KEY', example: 'ak-…' },
  baseURLEnvVar: 'ACME_BASE_URL',
  settings: { baseURL: 'acmeBaseURL', model: 'acmeModel' },
  batch: false,
}));

// The one change: a third row. The table's own functions read the same objects, so they see it.
vi.mock('../../src/model/providers', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/model/providers')>();
  (real.PROVIDERS as Record<string, ProviderSpec>).acme = ACME;
  (real.PROVIDER_NAMES as string[]).push('acme');
  return real;
});

/** Its name, which the type of the real table does not know. */
const acme = 'acme' as Provider;

let server: FakeOpenAI;
useFakeOpenAI((s) => (server = s));
useCliEnv(() => ({ ACME_API_KEY: '', ACME_BASE_URL: '' }));


describe('a provider added as one row of the table', () => {
  it('is offered by the settings, with its wire’s words filled in from its row, in English and Czech', () => {
    const m = new ModelAudit(modelHost(), { store: memoryStore() });
    expect(m.providers.map((p) => p.name)).toEqual(['anthropic', 'openai', 'acme']);
    m.setProvider('acme');
    expect(m.provider).toBe('acme');
    expect(m.settings).toMatchObject({ baseURL: 'https://api.acme.example/v1', model: 'acme-small' });
    expect(m.modelsTyped).toBe(true);
    expect(m.batchable).toBe(false);

    const en = providerWords(MODEL_STRINGS.en, m.providerFacts);
    const cs = providerWords(MODEL_STRINGS.cs, m.providerFacts);
    expect(en.name).toBe('Acme Cloud');
    expect(cs.name).toBe('Acme Cloud');
    expect(en.keyPlaceholder).toBe('ak-… (optional)');
    expect(en.baseURLHint).toContain('https://api.acme.example/v1');
    expect(cs.baseURLHint).toContain('https://api.acme.example/v1');
    expect(en.needKey).toContain('Acme’s own API needs one');
    expect(cs.needKey).toContain('vlastní API Acme');
    expect(en.needKey).not.toMatch(/OpenAI/);
  });

  it('keeps its Base URL and model in the fields its row names, beside the others', () => {
    const store = memoryStore();
    saveModelSettings(store, ModelSettingsSchema.parse({ provider: 'acme', acmeModel: 'acme-large' }));
    const saved = JSON.parse(store.get(MODEL_SETTINGS_KEY)!);
    expect(saved).toMatchObject({ provider: 'acme', acmeBaseURL: 'https://api.acme.example/v1', acmeModel: 'acme-large', openaiModel: 'gpt-4.1-mini' });
  });

  it('applies its key rule: a key at its own API, none at a local server', () => {
    const m = new ModelAudit(modelHost(), { store: memoryStore() });
    m.setProvider('acme');
    expect(m.keyRequired).toBe(true);
    expect(m.canConnect).toBe(false);
    m.setBaseURL(server.url);
    expect(m.keyRequired).toBe(false);
    expect(m.canConnect).toBe(true);
  });

  it('runs over its wire, and its errors name its own variables and address', async () => {
    const { c, report } = threeClaimCase();
    const run = await runModelAudit(c, report, { provider: acme, apiKey: '', baseURL: server.url, model: 'acme-small', sleep: async () => {} });
    expect(verdicts(run.results)).toEqual(EXPECTED);
    expect(server.calls('/v1/chat/completions').length).toBeGreaterThan(0);

    const failed = await runModelAudit(c, report, { provider: acme, apiKey: testKey('invalid'), baseURL: server.url, model: 'acme-small', sleep: async () => {} }).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(ModelError);
    const e = failed as ModelError;
    expect(e.kind).toBe('auth');
    expect(describeModelError(e.init, 'en', { surface: 'cli' }).action).toBe('Check ACME_API_KEY for typos, or create a new key and set ACME_API_KEY to it.');
    expect(describeModelError({ kind: 'not_found', provider: 'acme' }, 'cs').action).toContain('https://api.acme.example/v1');
    expect(describeModelError({ kind: 'cors_blocked', provider: 'acme' }, 'en').action).toContain('--provider acme');
  });

  it('is a --provider of the CLI, with its variables in the help and read from the environment', async () => {
    expect(PROVIDER_OPTIONS.provider.check('acme')).toBeUndefined();
    expect(PROVIDER_HELP).toContain('--provider anthropic|openai|acme');
    expect(PROVIDER_HELP.replace(/\s+/g, ' ')).toContain('; acme: key from ACME_API_KEY (not needed by local servers), base URL from ACME_BASE_URL --base-url');
    expect(modelAccess(acme, undefined, {})).toEqual({ missingKey: 'ACME_API_KEY' });
    expect(modelAccess(acme, undefined, { ACME_BASE_URL: server.url })).toMatchObject({ provider: acme, apiKey: '', baseURL: server.url });

    process.env.ACME_BASE_URL = server.url;
    const before = server.calls('/v1/chat/completions').length;
    const data = join(tempDir('citation-audit-acme-'), 'cases.jsonl');
    writeFileSync(data, JSON.stringify({ id: 'a', query: 'Which city?', answer: 'Paris is the capital of France [1].', chunks: [{ id: '1', text: 'Paris is the capital of France.' }] }) + '\n');
    const r = await runCli([data, '--model', 'acme-small', '--provider', 'acme', '--format', 'json']);
    expect(r.err).not.toContain('Usage:');
    expect(JSON.parse(r.out.trim()).meta.checked_by).toBe('model');
    expect(server.calls('/v1/chat/completions').length).toBeGreaterThan(before);
  });
});
