// The model audit's UI words, English and Czech. Accessible names (labels and button names) are
// stable per language; the tests find them by these strings.
import { formatUSD } from '../../core/report/format';
import type { ProviderFacts, WireName } from '../../model/providers';
import type { RunPhase } from '../../model/run';
import type { RepeatRule } from '../../core/types';
import type { Catalogue } from '../i18n';
import { plural } from '../../core/report/plural';

/** What the settings and the run bar say of one provider. */
interface ProviderWords {
  name: string;
  key: string;
  keyPlaceholder: string;
  /** Shown without a key where this provider's server may need none. */
  noKeyOptional?: string;
  baseURLHint: string;
  needKey: string;
}

/**
 * A provider's words, in its wire's wording, filled in with its row's facts (model/providers.ts):
 * a provider added on an existing wire brings no words of its own. One entry per wire: a wire
 * added without its words fails the type check.
 */
type WireWords = Record<WireName, (p: ProviderFacts) => ProviderWords>;

/** "a" or "an" before a name, by its first letter. */
const article = (name: string) => (/^[aeiou]/i.test(name) ? 'an' : 'a');

const en = {
  settingsTitle: 'Model audit',
  keyInMemory: (masked: string) => `Key ${masked} is kept in memory for this tab only.`,
  keyRemembered: (masked: string) => `Key ${masked} is remembered on this device.`,
  noKey: 'No key entered. The local checks work without one.',
  remember: 'Remember on this device',
  rememberWarning:
    'The key is then stored unencrypted in this browser\u2019s local storage, where anyone using this browser profile could read it. Leave this off on shared computers.',
  forget: 'Forget key',
  keyPrivacy: 'The key is sent only to the Base URL below. It never goes into links, exports, the history or logs.',
  model: 'Model',
  refreshModels: 'Refresh model list',
  loadingModels: 'Loading models…',
  modelsFailed: (title: string) => `The model list could not be loaded (${title}) — showing the built-in list.`,
  baseURL: 'Base URL',
  baseURLReload: 'The page may only connect to the address it was loaded with. The new Base URL applies after a reload.',
  baseURLInvalid: 'Not a web address: a Base URL starts with https:// (http:// for a local server).',
  baseURLCredentials: 'A name or password in the address is never sent: take it out.',
  reloadNow: 'Reload now',
  strict: 'Strict mode',
  strictHint: 'Judge every claim twice, independently, and keep the stricter label (twice the cost).',
  repeat: 'Judge each claim K times',
  repeatHint:
    'K independent judgements of every claim (1 to 10). The report marks the claims the model judged differently as unstable and says how often its judgements agreed. Each judgement is a request, but all after the first read the case from the prompt cache.',
  repeatRule: 'Verdict that stands',
  repeatRuleNames: {
    stricter: 'the stricter (a claim judged differently is never fully supported)',
    majority: 'the most frequent (a tie goes to the stricter)',
  } satisfies Record<RepeatRule, string>,
  estimateRepeat: (k: number, saving: string | null) => `${k} judgements per claim${saving ? `; the prompt cache saves ${saving}` : ''}`,
  repeatPass: (n: number, k: number) => `Judgement ${n} of ${k} of each claim`,
  requestTimeout: 'Request timeout (seconds)',
  requestTimeoutHint: 'Each request to the model is cut after this long (10 to 3600 s); the claims judged before stay.',
  provider: 'Provider',
  /** A provider's own words, by its wire (the provider's row fills them in). */
  wires: {
    // Anthropic's Messages API: a key everywhere, a proxy or a compatible server at another address.
    messages: (p) => ({
      name: p.label ?? p.vendor,
      key: `${p.vendor} API key`,
      keyPlaceholder: p.keyExample,
      baseURLHint: `${p.defaultBaseURL}, or a company proxy / Anthropic-compatible server.`,
      needKey: `Enter ${article(p.vendor)} ${p.vendor} API key in Settings to let Claude judge the citations.`,
    }),
    // Chat Completions: the vendor's own API, or a local server that may take no key.
    chat: (p) => ({
      name: p.label ?? 'OpenAI-compatible server (OpenAI, Ollama, LM Studio, vLLM, llama.cpp)',
      key: p.keyOptional ? 'API key (a local server needs none)' : `${p.vendor} API key`,
      keyPlaceholder: p.keyOptional ? `${p.keyExample} (optional)` : p.keyExample,
      noKeyOptional: `No key entered: fine for a local server; ${p.vendor}\u2019s own API needs one.`,
      baseURLHint: `The API root, with /v1: ${p.defaultBaseURL}; Ollama http://localhost:11434/v1; LM Studio http://localhost:1234/v1; vLLM http://localhost:8000/v1; llama.cpp http://localhost:8080/v1. A local server must allow this page\u2019s origin (docs/model.md).`,
      needKey: `Enter the API key in Settings: ${p.vendor}\u2019s own API needs one (a local server needs none: set its Base URL).`,
    }),
  } satisfies WireWords as WireWords,
  modelsFailedFree: (title: string) => `The model list could not be loaded (${title}) — type the model\u2019s name.`,
  modelFreeHint: 'Pick from the server\u2019s list or type any model name.',
  estimateApprox: 'approximately: this server cannot count tokens before a run',

  barLabel: 'Model audit',
  countTokens: 'Count tokens',
  counting: 'Counting…',
  run: 'Run model audit',
  runWithCost: (usd: string) => `Run model audit (≈ ${usd})`,
  cancel: 'Cancel',
  estimate: (tokens: string, requests: number) => `${tokens} input tokens in ${plural('en', requests, { one: '# request', other: '# requests' })}`,
  estimateCost: (usd: number) => `≈ ${formatUSD(usd)} (input counted exactly, output estimated)`,
  estimateNoPrice: (model: string) => `No price is known for ${model}: tokens only.`,
  estimateCached: (tokens: string) => `${tokens} of them from the prompt cache`,
  phase: {
    connecting: 'Sending the request…',
    streaming: 'Judging claims…',
    tool: 'Reading a chunk…',
    repairing: 'The reply did not validate; asking once for a corrected one…',
    waiting: 'Waiting before retrying…',
    fallback: 'This server has no JSON output format; switching to a tool reply…',
    done: 'Done.',
  } satisfies Record<RunPhase, string>,
  judged: (n: number, total: number) => `${n} of ${plural('en', total, { one: '# claim', other: '# claims' })} judged`,
  secondPass: 'Second, independent judgement (strict mode)',
  part: (i: number, n: number) => `part ${i} of ${n}`,
  retrying: (reason: string, attempt: number, attempts: number, waitS: number | null) =>
    `${reason} — trying again (${attempt} of ${attempts})${waitS !== null ? ` in ${Math.ceil(waitS)} s` : ''}…`,
  retryReason: {
    network: 'Network unreachable',
    overloaded: 'API overloaded',
    rate_limit: 'Rate limit reached',
    server: 'Server error',
    timeout: 'No answer in time',
    stream_cut: 'Connection cut',
    other: 'Request failed',
  },
  lookup: (id: string) => `Looking up chunk ${id}`,
  done: (n: number, model: string) => `Model audit done: ${plural('en', n, { one: '# claim', other: '# claims' })} judged by ${model}.`,
  usage: (input: string, output: string) => `${input} input / ${output} output tokens used.`,
  runProgress: 'Claims judged so far',
  kept: (n: number) => `${plural('en', n, { one: '# claim judged before this stays', other: '# claims judged before this stay' })} in the report.`,
  judgeRemaining: (n: number) => `Judge the remaining ${plural('en', n, { one: '# claim', other: '# claims' })}`,
  rawOutput: 'The model\u2019s raw reply',
  details: 'Details',
};

export type ModelStrings = typeof en;

const cs: ModelStrings = {
  settingsTitle: 'Kontrola modelem',
  keyInMemory: (masked) => `Klíč ${masked} je uložen jen v paměti této karty.`,
  keyRemembered: (masked) => `Klíč ${masked} je zapamatován v tomto zařízení.`,
  noKey: 'Klíč není zadán. Lokální kontroly fungují i bez něj.',
  remember: 'Zapamatovat v tomto zařízení',
  rememberWarning:
    'Klíč se pak uloží nešifrovaně do místního úložiště tohoto prohlížeče, kde ho může přečíst kdokoli, kdo tento profil prohlížeče používá. Na sdílených počítačích tuto volbu nezapínejte.',
  forget: 'Zapomenout klíč',
  keyPrivacy: 'Klíč se posílá jen na níže uvedenou Base URL. Nikdy se nedostane do odkazů, exportů, historie ani logů.',
  model: 'Model',
  refreshModels: 'Obnovit seznam modelů',
  loadingModels: 'Načítám modely…',
  modelsFailed: (title) => `Seznam modelů se nepodařilo načíst (${title}) — zobrazuji vestavěný seznam.`,
  baseURL: 'Base URL',
  baseURLReload: 'Stránka se smí připojit jen k adrese, se kterou byla načtena. Nová Base URL začne platit po opětovném načtení.',
  baseURLInvalid: 'Není to webová adresa: Base URL začíná https:// (http:// u místního serveru).',
  baseURLCredentials: 'Jméno ani heslo v adrese se nikdy neodešle: odstraňte je.',
  reloadNow: 'Načíst znovu',
  strict: 'Přísný režim',
  strictHint: 'Každé tvrzení ohodnotit dvakrát nezávisle a ponechat přísnější hodnocení (dvojnásobná cena).',
  repeat: 'Hodnotit každé tvrzení K krát',
  repeatHint:
    'K nezávislých hodnocení každého tvrzení (1 až 10). Zpráva označí tvrzení, která model hodnotil pokaždé jinak, jako nestabilní a uvede, jak často se hodnocení shodla. Každé hodnocení je jeden požadavek, ale všechna po prvním čtou případ z mezipaměti promptu.',
  repeatRule: 'Platné hodnocení',
  repeatRuleNames: {
    stricter: 'přísnější (tvrzení hodnocené různě nikdy není plně podpořené)',
    majority: 'nejčastější (při shodném počtu přísnější)',
  },
  estimateRepeat: (k, saving) => `${k} hodnocení každého tvrzení${saving ? `; mezipaměť promptu ušetří ${saving}` : ''}`,
  repeatPass: (n, k) => `Hodnocení ${n} z ${k} každého tvrzení`,
  requestTimeout: 'Časový limit požadavku (sekundy)',
  requestTimeoutHint: 'Každý požadavek na model se po této době přeruší (10 až 3600 s); tvrzení ohodnocená předtím zůstávají.',
  provider: 'Poskytovatel',
  wires: {
    messages: (p) => ({
      name: p.label ?? p.vendor,
      key: `API klíč ${p.vendor}`,
      keyPlaceholder: p.keyExample,
      baseURLHint: `${p.defaultBaseURL}, nebo firemní proxy či server kompatibilní s Anthropic.`,
      needKey: `Zadejte v Nastavení API klíč ${p.vendor}, aby Claude mohl citace posoudit.`,
    }),
    chat: (p) => ({
      name: p.label ?? 'Server kompatibilní s OpenAI (OpenAI, Ollama, LM Studio, vLLM, llama.cpp)',
      key: p.keyOptional ? 'API klíč (místní server žádný nepotřebuje)' : `API klíč ${p.vendor}`,
      keyPlaceholder: p.keyOptional ? `${p.keyExample} (nepovinné)` : p.keyExample,
      noKeyOptional: `Klíč není zadán: pro místní server v pořádku; vlastní API ${p.vendor} ho potřebuje.`,
      baseURLHint: `Kořen API včetně /v1: ${p.defaultBaseURL}; Ollama http://localhost:11434/v1; LM Studio http://localhost:1234/v1; vLLM http://localhost:8000/v1; llama.cpp http://localhost:8080/v1. Místní server musí povolit původ této stránky (docs/model.md).`,
      needKey: `Zadejte v Nastavení API klíč: vlastní API ${p.vendor} ho potřebuje (místní server žádný: nastavte jeho Base URL).`,
    }),
  },
  modelsFailedFree: (title) => `Seznam modelů se nepodařilo načíst (${title}) — napište název modelu.`,
  modelFreeHint: 'Vyberte ze seznamu serveru nebo napište název libovolného modelu.',
  estimateApprox: 'přibližně: tento server neumí tokeny spočítat před spuštěním',

  barLabel: 'Kontrola modelem',
  countTokens: 'Spočítat tokeny',
  counting: 'Počítám…',
  run: 'Spustit kontrolu modelem',
  runWithCost: (usd) => `Spustit kontrolu modelem (≈ ${usd})`,
  cancel: 'Zrušit',
  estimate: (tokens, requests) => `${tokens} vstupních tokenů v ${plural('cs', requests, { one: '# požadavku', other: '# požadavcích' })}`,
  estimateCost: (usd) => `≈ ${formatUSD(usd)} (vstup spočítán přesně, výstup odhadem)`,
  estimateNoPrice: (model) => `Pro ${model} není známa cena: jen tokeny.`,
  estimateCached: (tokens) => `z toho ${tokens} z mezipaměti promptu`,
  phase: {
    connecting: 'Odesílám požadavek…',
    streaming: 'Hodnotím tvrzení…',
    tool: 'Čtu úryvek…',
    repairing: 'Odpověď neprošla kontrolou; žádám jednou o opravenou…',
    waiting: 'Čekám před dalším pokusem…',
    fallback: 'Server nepodporuje formát výstupu JSON; přecházím na odpověď nástrojem…',
    done: 'Hotovo.',
  },
  judged: (n, total) => `ohodnoceno ${n} z ${total} tvrzení`,
  secondPass: 'Druhé, nezávislé hodnocení (přísný režim)',
  part: (i, n) => `část ${i} z ${n}`,
  retrying: (reason, attempt, attempts, waitS) => `${reason} — zkouším znovu (${attempt} z ${attempts})${waitS !== null ? ` za ${Math.ceil(waitS)} s` : ''}…`,
  retryReason: {
    network: 'Síť je nedostupná',
    overloaded: 'API je přetížené',
    rate_limit: 'Dosažen limit požadavků',
    server: 'Chyba serveru',
    timeout: 'Bez odpovědi včas',
    stream_cut: 'Spojení se přerušilo',
    other: 'Požadavek selhal',
  },
  lookup: (id) => `Načítám úryvek ${id}`,
  done: (n, model) => `Kontrola modelem hotova: ${model} ohodnotil ${n} tvrzení.`,
  usage: (input, output) => `Spotřeba: ${input} vstupních / ${output} výstupních tokenů.`,
  runProgress: 'Dosud ohodnocená tvrzení',
  kept: (n) => `${n} tvrzení ohodnocených předtím v protokolu zůstává.`,
  judgeRemaining: (n) => `Ohodnotit zbývající tvrzení (${n})`,
  rawOutput: 'Surová odpověď modelu',
  details: 'Podrobnosti',
};

export const MODEL_STRINGS: Catalogue<ModelStrings> = { en, cs };

/** What the settings, the run bar and the dataset view say of a provider: its wire's words, its row's facts. */
export const providerWords = (s: ModelStrings, p: ProviderFacts): ProviderWords => s.wires[p.wire](p);

export function formatCount(n: number, lang: 'en' | 'cs'): string {
  return new Intl.NumberFormat(lang === 'cs' ? 'cs-CZ' : 'en-US').format(n);
}
