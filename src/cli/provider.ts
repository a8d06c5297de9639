// Which model server a command talks to: --provider (one of model/providers.ts's rows; the
// default first), --base-url, and the environment variables each provider reads its key and
// address from, all read from the table. Shared by the audit and calibrate, so both read them alike.
import { DEFAULT_PROVIDER, hasCredentials, keyRequired, PROVIDER_NAMES, providerFacts, providerSpec, type Provider, type ProviderFacts, type WireName } from '../model/providers';
import { MAX_REPEAT, REPEAT_RULES, repeatProblem, repeatRuleSchema } from '../model/repeat';
import { oneOf, type OptionSpecs } from './args';

export const PROVIDER_OPTIONS = {
  provider: { type: 'string', check: oneOf(PROVIDER_NAMES, (v) => `--provider takes ${PROVIDER_NAMES.join(' or ')}, not "${v}"`) },
  'base-url': { type: 'string', check: (v) => (/^https?:\/\/[^\s/]+/i.test(v.trim()) ? undefined : `--base-url takes an http(s) address, not "${v}"`) },
} as const satisfies OptionSpecs;

/** How a provider is described in the help, by its wire (the row fills it in). */
const WIRE_HELP: Record<WireName, (p: ProviderFacts) => string> = {
  messages: () => '',
  chat: (p) => (p.label ? '' : 'any OpenAI-compatible server (OpenAI, Ollama, LM Studio, vLLM, llama.cpp), '),
};

/** `text` broken into lines of at most `width` characters, at spaces. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  return [...lines, line];
}

/** --provider and --base-url in the help: each provider of the table, with its variables. */
const providerLines = PROVIDER_NAMES.map((name) => {
  const p = providerFacts(name);
  const key = `key from ${p.keyVar}${p.keyOptional ? ' (not needed by local servers)' : ''}`;
  return `${name}${name === DEFAULT_PROVIDER ? ' (default)' : ''}: ${WIRE_HELP[p.wire](p)}${key}, base URL from ${p.baseURLVar}`;
});

export const PROVIDER_HELP = [
  `  --provider ${PROVIDER_NAMES.join('|')}`,
  ...wrap(providerLines.join('; '), 70).map((l) => `${' '.repeat(26)}${l}`),
  `  --base-url URL          the API root, in place of the environment variable (e.g.
                          http://localhost:11434/v1 for Ollama)`,
].join('\n');

/** Whether the provider takes Message Batches (--batch); none named is the default, which does. */
export const takesBatches = (provider: Provider | undefined): boolean => providerSpec(provider).batch;

export interface ModelAccess {
  provider: Provider;
  /** Empty for a local OpenAI-compatible server without a key. */
  apiKey: string;
  baseURL?: string;
  /** The variable the key is read from (named in messages). */
  keyVar: string;
}

/**
 * The key and address for `provider`, or the variable that must be set. A key is needed except
 * on an OpenAI-compatible server other than OpenAI's own (local servers take none).
 */
export function modelAccess(provider: Provider | undefined, baseURLFlag: string | undefined, env: NodeJS.ProcessEnv = process.env): ModelAccess | { missingKey: string } | { problem: string } {
  const spec = providerSpec(provider);
  const keyVar = spec.key.envVar;
  const baseURL = baseURLFlag?.trim() || env[spec.baseURLEnvVar]?.trim() || undefined;
  // Said without the address: it holds a secret.
  if (baseURL && hasCredentials(baseURL)) {
    return { problem: `${baseURLFlag?.trim() ? '--base-url' : spec.baseURLEnvVar} holds a user name or password (user:…@host), which Node's fetch refuses to send; take it out of the address and give the key in ${keyVar}` };
  }
  const apiKey = env[keyVar] ?? '';
  if (!apiKey.trim() && keyRequired(spec, baseURL)) return { missingKey: keyVar };
  return { provider: provider ?? DEFAULT_PROVIDER, apiKey, keyVar, ...(baseURL ? { baseURL } : {}) };
}

/** --repeat K and --repeat-rule (src/model/repeat.ts), each value checked where it is given. */
export const REPEAT_OPTIONS = {
  repeat: { type: 'string', check: (v) => (repeatProblem(v, 2) ? `--repeat ${repeatProblem(v, 2)!}` : undefined) },
  'repeat-rule': { type: 'string', check: (v) => (repeatRuleSchema.safeParse(v).success ? undefined : `--repeat-rule takes ${REPEAT_RULES.join(' or ')}, not "${v}"`) },
} as const satisfies OptionSpecs;

export const REPEAT_HELP = `  --repeat K              with --model: K independent judgements per claim (2 to ${MAX_REPEAT}); the
                          report says which citations the model changed its mind on and how
                          often its verdicts agreed (stability); the repeats read the case from
                          the prompt cache
  --repeat-rule RULE      with --repeat: stricter (default: the lowest verdict stands; a citation
                          judged differently is never fully supported) or majority (the most
                          frequent verdict; a tie goes to the stricter)`;
