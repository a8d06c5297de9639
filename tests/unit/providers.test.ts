// The providers table (src/model/providers.ts) is the one place that knows the providers: every
// row complete, every wire it names real, words for each (its wire's, filled in from its row), and
// no code in model, state, ui or cli that names a provider. A provider added as a row (here a
// made-up one on the Chat Completions wire) is read by the same functions as the two there are;
// providers-added.test.ts adds one to the table itself and follows it through the app.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkKey, resolveConnection } from '../../src/model/client';
import { MODEL_SETTINGS_KEY } from '../../src/model/constants';
import { ModelError } from '../../src/model/errors';
import { inProviderWords } from '../../src/model/openai';
import { keyRequired, normaliseBaseURL, PROVIDER_NAMES, providerFacts, PROVIDERS, providerSpec, type ProviderSpec } from '../../src/model/providers';
import { activeSettings, ModelSettingsSchema, saveModelSettings } from '../../src/model/settings';
import { WIRES } from '../../src/model/wires';
import { memoryStore } from '../factories/memoryStore';
import { MODEL_STRINGS, providerWords } from '../../src/ui/model/strings';

const SRC = path.resolve(__dirname, '../../src');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? files(full) : /\.(ts|svelte)$/.test(name) && !/\.test\.ts$/.test(name) ? [full] : [];
  });
}

describe('the providers table', () => {
  it('has every field for every provider, and wires that exist', () => {
    const settingsFields = new Set<string>();
    for (const name of PROVIDER_NAMES) {
      const spec: ProviderSpec = PROVIDERS[name];
      expect(Object.keys(WIRES), name).toContain(spec.wire);
      expect(spec.defaultModel.trim(), name).not.toBe('');
      expect(new URL(spec.defaultBaseURL).protocol, name).toBe('https:');
      expect(normaliseBaseURL(undefined, spec), name).toBe(spec.defaultBaseURL);
      expect(spec.key.envVar, name).toMatch(/^[A-Z_]+_API_KEY$/);
      expect(spec.key.example.trim(), name).not.toBe('');
      expect(spec.vendor.trim(), name).not.toBe('');
      expect(spec.baseURLEnvVar, name).toMatch(/^[A-Z_]+_BASE_URL$/);
      expect(typeof spec.batch, name).toBe('boolean');
      for (const m of spec.builtInModels) expect(m.id.trim(), name).not.toBe('');
      // Each provider keeps its Base URL and model in fields of its own.
      for (const f of [spec.settings.baseURL, spec.settings.model]) {
        expect(settingsFields.has(f), `${name}: ${f}`).toBe(false);
        settingsFields.add(f);
        expect(Object.keys(ModelSettingsSchema.shape), name).toContain(f);
      }
      // Saved settings that name the provider read its defaults.
      const read = activeSettings(ModelSettingsSchema.parse({ provider: name }));
      expect(read, name).toMatchObject({ provider: name, baseURL: spec.defaultBaseURL, model: spec.defaultModel });
      for (const lang of ['en', 'cs'] as const) {
        const words = providerWords(MODEL_STRINGS[lang], providerFacts(name));
        expect(words.name && words.key && words.needKey && words.baseURLHint, `${lang} ${name}`).toBeTruthy();
        expect(words.baseURLHint, `${lang} ${name}`).toContain(spec.defaultBaseURL);
      }
    }
    expect(providerSpec(undefined)).toBe(PROVIDERS[PROVIDER_NAMES[0]]);
  });

  it('keeps the saved settings in the fields they always had', () => {
    const store = memoryStore();
    saveModelSettings(store, ModelSettingsSchema.parse({ provider: 'openai', openaiModel: 'llama3.1:8b' }));
    const json = store.get(MODEL_SETTINGS_KEY);
    expect(Object.keys(JSON.parse(json!))).toEqual(['version', 'provider', 'baseURL', 'model', 'openaiBaseURL', 'openaiModel', 'strict', 'repeat', 'repeatRule', 'timeoutSeconds', 'rememberKey']);
    expect(JSON.parse(json!)).toMatchObject({ provider: 'openai', openaiModel: 'llama3.1:8b', model: PROVIDERS.anthropic.defaultModel });
  });

  it('reads a third provider, on an existing wire, through the same functions', () => {
    const mistral: ProviderSpec = {
      ...PROVIDERS.openai,
      defaultModel: 'mistral-small-latest',
      defaultBaseURL: 'https://api.mistral.ai/v1',
      label: 'Mistral AI',
      vendor: 'Mistral',
      key: { requiredAt: ['api.mistral.ai'], envVar: 'MISTRAL_API_KEY', example: 'sk-…' },
      baseURLEnvVar: 'MISTRAL_BASE_URL',
      settings: { baseURL: 'mistralBaseURL', model: 'mistralModel' },
    };
    expect(normaliseBaseURL(' ', mistral)).toBe('https://api.mistral.ai/v1');
    expect(normaliseBaseURL('http://localhost:8080/v1/', mistral)).toBe('http://localhost:8080/v1');
    expect(keyRequired(mistral, '')).toBe(true);
    expect(keyRequired(mistral, 'http://localhost:8080/v1')).toBe(false);
    // Its key rules: an empty key goes to the server (a local one takes none), a broken one never.
    expect(() => checkKey(mistral, '')).not.toThrow();
    expect(() => checkKey(mistral, 'sk-\u00e9')).toThrow(expect.objectContaining({ kind: 'auth', malformedKey: true }));
    expect(() => checkKey(PROVIDERS.anthropic, ' ')).toThrow(expect.objectContaining({ kind: 'no_key' }));
    // Its errors are relabelled with the provider asked, whose row their words are filled in from.
    expect(inProviderWords(new ModelError({ kind: 'auth', status: 401 }), 'openai').provider).toBe('openai');
  });

  it('resolves a connection once: the provider row and the Base URL normalised', () => {
    const r = resolveConnection({ apiKey: '', provider: 'openai', baseURL: 'http://localhost:11434/v1///' });
    expect(r.spec).toBe(PROVIDERS.openai);
    expect(r.baseURL).toBe('http://localhost:11434/v1');
    expect(resolveConnection({ apiKey: 'k' }).baseURL).toBe(PROVIDERS.anthropic.defaultBaseURL);
  });

  it('is the only code in model, state, ui and cli that names a provider', () => {
    const named: string[] = [];
    for (const folder of ['model', 'state', 'ui', 'cli']) {
      for (const file of [...files(path.join(SRC, folder)), ...(folder === 'cli' ? [path.join(SRC, 'cli.ts')] : [])]) {
        const rel = path.relative(SRC, file);
        // The table itself.
        if (rel === path.join('model', 'providers.ts')) continue;
        readFileSync(file, 'utf8')
          .split('\n')
          .forEach((line, i) => {
            if (/^\s*(\/\/|\*|\/\*)/.test(line)) return;
            for (const name of PROVIDER_NAMES) if (line.includes(`'${name}'`) || line.includes(`"${name}"`)) named.push(`${rel}:${i + 1}: ${line.trim()}`);
          });
      }
    }
    expect(named).toEqual([]);
  });
});
