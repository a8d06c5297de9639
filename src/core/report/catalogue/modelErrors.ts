// How a failed model run is explained, in English and Czech: for each kind of failure the model
// layer classifies (model/errors.ts ModelError), what happened and what to do about it — on the
// page, and on the command line, where the page's advice (its settings, reloading it, browser
// CORS) does not apply. The model layer only names the kind and its facts; these tables word them,
// so the page and the CLI say the same thing. Counts are worded with plural.ts.
import type { Language } from '../../types';
import { plural } from '../plural';

/** Every way a model run can fail. */
export type ModelErrorKind =
  | 'no_key'
  | 'bad_request'
  | 'billing'
  | 'auth'
  | 'cors_blocked'
  | 'permission'
  | 'model_not_found'
  | 'not_found'
  | 'too_large'
  | 'rate_limit'
  | 'spend_limit'
  | 'server'
  | 'overloaded'
  | 'network'
  | 'offline'
  | 'timeout'
  | 'stream_cut'
  | 'cancelled'
  | 'invalid_output'
  | 'max_tokens'
  | 'context_window'
  | 'refusal'
  | 'bad_response'
  | 'batch_expired'
  | 'batch_canceled'
  | 'redirect'
  | 'unexpected';

/** What a failure's words may name (model/errors.ts ModelErrorInit carries these and more). */
export interface ModelErrorFacts {
  kind: ModelErrorKind;
  status?: number;
  /** Seconds the server asked us to wait (retry-after), when it said so. */
  retryAfterSeconds?: number;
  model?: string;
  baseURL?: string;
  /** Claims judged before the failure, of all the claims the run was to judge. */
  claimsJudged?: number;
  claimsTotal?: number;
  /** The key has characters no key has (a space, a line break, a non-ASCII letter): it was never sent. */
  malformedKey?: boolean;
  /** Who was asked (absent: Anthropic): an OpenAI-compatible server's advice names its own settings. */
  provider?: 'anthropic' | 'openai';
  /** A request's deadline, in seconds, when it passed (kind 'timeout'). */
  timeoutSeconds?: number;
  /** The deadline passed before the server sent the reply's headers (it accepted the connection). */
  noReply?: boolean;
  /** Where a refused redirect pointed (its origin; absent where the browser hides it). */
  redirectTo?: string;
  /** When the server asked to be tried again, past what the run waits (ISO 8601, UTC). */
  retryAt?: string;
}

type Describe = (e: ModelErrorFacts) => { title: string; action: string };

interface ModelErrorTable {
  /** What the page says. */
  page: Record<ModelErrorKind, Describe>;
  /** What the command line says instead, for the kinds whose page advice speaks of the page. */
  cli: Partial<Record<ModelErrorKind, Describe>>;
  /** An OpenAI-compatible server's words, where they differ (the rest as above). */
  openai: { page: Partial<Record<ModelErrorKind, Describe>>; cli: Partial<Record<ModelErrorKind, Describe>> };
  /** The server's own message with the id of the request it answered. */
  withRequestId: (message: string, requestId: string) => string;
  /** The action when the server asked to be tried again later than the run waits. */
  tryAgainAt: (at: string) => string;
}

/** An ISO time as "2026-11-29 21:17 UTC" (minutes, rounded up: never earlier than asked). */
const utcMinute = (iso: string): string => {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return iso;
  return `${new Date(Math.ceil(t / 60_000) * 60_000).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
};
const secs = (e: ModelErrorFacts) => `${e.timeoutSeconds ?? 0} s`;

/** The host the run talked to, or `unnamed` (the API) when none was set. */
const origin = (e: ModelErrorFacts, unnamed: string) => {
  try {
    return e.baseURL ? new URL(e.baseURL).host : unnamed;
  } catch {
    return e.baseURL ?? unnamed;
  }
};
const originEn = (e: ModelErrorFacts) => origin(e, 'the API');
const originCs = (e: ModelErrorFacts) => origin(e, 'API');
const isAnthropic = (e: ModelErrorFacts) => {
  try {
    return !e.baseURL || new URL(e.baseURL).host.endsWith('anthropic.com');
  } catch {
    return false;
  }
};
/** " in N s" (`prefix` in the language) when the server said how long to wait, else nothing. */
const wait = (e: ModelErrorFacts, prefix: string) => (e.retryAfterSeconds !== undefined ? ` ${prefix} ${Math.ceil(e.retryAfterSeconds)} s` : '');

const counted = (e: ModelErrorFacts): e is ModelErrorFacts & { claimsJudged: number; claimsTotal: number } =>
  e.claimsJudged !== undefined && e.claimsTotal !== undefined && e.claimsTotal > 0;

const EN: Record<ModelErrorKind, Describe> = {
  no_key: () => ({ title: 'No API key is set.', action: 'Enter your Anthropic API key in the model settings.' }),
  bad_request: () => ({ title: 'The API rejected the request as invalid (400).', action: 'Check the model and Base URL settings; if they are right, the server does not support a feature this audit needs.' }),
  billing: () => ({ title: 'The API refused the request for billing reasons (credit balance or a spend limit).', action: 'Add credit or raise the limit in the Anthropic Console, then run again.' }),
  auth: (e) =>
    e.malformedKey
      ? { title: 'The API key contains characters a key cannot have (a space, a line break or a non-ASCII character); it was not sent.', action: 'Paste the key again exactly as the Anthropic Console shows it.' }
      : { title: 'The API key was not accepted (401).', action: 'Check the key for typos or create a new one in the Anthropic Console, then enter it again.' },
  cors_blocked: () => ({ title: 'Your organisation does not allow API calls from a browser (401).', action: 'Ask an organisation admin to allow browser access in the Anthropic Console, use a key of another organisation, or run the CLI (citation-audit --model).' }),
  permission: () => ({ title: 'This key is not allowed to use this model or feature (403).', action: 'Choose another model or ask your organisation admin for access.' }),
  model_not_found: (e) => ({ title: `The model ${e.model ? `"${e.model}" ` : ''}was not found (404).`, action: 'Pick a model from the list in the settings (it is filled from your account).' }),
  not_found: (e) => ({ title: `Nothing answers at this address on ${originEn(e)} (404).`, action: 'Check the Base URL: it should be the server root, e.g. https://api.anthropic.com, without /v1.' }),
  too_large: () => ({ title: 'The audit is too large to send in one request (413).', action: 'Remove chunks that no claim cites, or audit a shorter answer.' }),
  rate_limit: (e) => ({ title: 'The rate limit of your organisation was reached (429).', action: `Wait a moment and run again${wait(e, 'in')}; results judged so far are kept.` }),
  spend_limit: () => ({ title: 'Your organisation has reached its monthly spend limit (429); retrying will not help.', action: 'Raise the spend limit or move to a higher usage tier in the Anthropic Console; access otherwise resumes at the start of next month.' }),
  server: (e) => ({ title: `The API${e.baseURL && !isAnthropic(e) ? ' (or the proxy in front of it)' : ''} failed with a temporary error${e.status ? ` (${e.status})` : ''}.`, action: 'Run again in a minute; results judged so far are kept.' }),
  overloaded: () => ({ title: 'The API is overloaded right now (529).', action: 'Run again in a few minutes; results judged so far are kept.' }),
  network: (e) => ({ title: `Could not reach ${originEn(e)}.`, action: 'Check your connection and the Base URL; a proxy must allow browser (CORS) requests. If you just changed the Base URL, reload the page so the new address is allowed.' }),
  offline: () => ({ title: 'Offline: the model check needs the network; the local result stands.', action: 'Run it again once you are connected.' }),
  timeout: (e) =>
    e.noReply
      ? { title: `The server at ${originEn(e)} accepted the connection but sent no reply in ${secs(e)}.`, action: 'Check that the server is up and serving the model; if it is only slow, allow more time with the Request timeout setting.' }
      : e.timeoutSeconds !== undefined
        ? {
            title: counted(e) ? `The reply did not finish within the ${secs(e)} deadline; ${e.claimsJudged} of ${plural('en', e.claimsTotal, { one: '# claim was', other: '# claims were' })} judged.` : `The reply did not finish within the ${secs(e)} deadline.`,
            action: 'The claims judged before the deadline are kept; judge the remaining ones, or allow more time with the Request timeout setting.',
          }
        : { title: 'The API did not answer in time.', action: 'Run again; if it keeps happening, try a faster model.' },
  stream_cut: (e) => ({
    title: counted(e) ? `The connection was cut after ${e.claimsJudged} of ${plural('en', e.claimsTotal, { one: '# claim was', other: '# claims were' })} judged.` : 'The connection was cut while the reply was streaming.',
    action: 'The claims judged before the cut stay in the report; judge the remaining ones, or run again.',
  }),
  cancelled: () => ({ title: 'The model audit was cancelled.', action: 'Run it again whenever you like; claims judged before the cancel are kept.' }),
  invalid_output: () => ({ title: 'The model\u2019s reply did not match the expected format, even after one repair attempt.', action: 'Run again or try another model; the raw reply is shown below.' }),
  max_tokens: () => ({ title: 'The reply was cut off at the output limit, even with as few claims per request as possible.', action: 'Try another model, or shorten the claim or the chunks it cites; claims judged before the cut are kept.' }),
  context_window: () => ({ title: 'The audit does not fit in the model\u2019s context window.', action: 'Audit a shorter answer or fewer or shorter chunks, or pick a model with a larger context window; claims judged so far are kept.' }),
  refusal: () => ({ title: 'The model declined to answer this request.', action: 'Check the case content; try another model. Claims judged before the refusal are kept.' }),
  bad_response: (e) => ({ title: `${e.baseURL ? `The server at ${originEn(e)}` : 'The API'} answered, but not in the format of the Anthropic Messages API.`, action: 'Check the Base URL: it must be the API root (e.g. https://api.anthropic.com, without /v1) or a proxy that speaks the Messages API. Claims judged so far are kept.' }),
  batch_expired: () => ({ title: 'The batch ended (24 hours passed) before this case was judged; nothing of it was charged.', action: 'Run the model again over the cases left: only they are sent.' }),
  batch_canceled: () => ({ title: 'The batch was cancelled before this case was judged; nothing of it was charged.', action: 'Run the model again over the cases left whenever you like: only they are sent.' }),
  redirect: (e) => ({
    title: `The server redirected the request to ${e.redirectTo ?? 'another address'}${e.status ? ` (${e.status})` : ''}; the redirect was not followed, so the case was not sent there.`,
    action: 'If that address is the right one, set it as the Base URL yourself.',
  }),
  unexpected: () => ({ title: 'The model audit failed unexpectedly.', action: 'Run again; if it persists, report the detail below.' }),
};

const CS: Record<ModelErrorKind, Describe> = {
  no_key: () => ({ title: 'Není zadán API klíč.', action: 'Zadejte svůj API klíč Anthropic v nastavení modelu.' }),
  bad_request: () => ({ title: 'API odmítlo požadavek jako neplatný (400).', action: 'Zkontrolujte model a Base URL; pokud jsou správně, server nepodporuje funkci, kterou kontrola potřebuje.' }),
  billing: () => ({ title: 'API odmítlo požadavek kvůli vyúčtování (kredit nebo limit útraty).', action: 'Doplňte kredit nebo zvyšte limit v Anthropic Console a spusťte znovu.' }),
  auth: (e) =>
    e.malformedKey
      ? { title: 'API klíč obsahuje znaky, které klíč mít nemůže (mezeru, konec řádku nebo znak mimo ASCII); nebyl odeslán.', action: 'Vložte klíč znovu přesně tak, jak ho ukazuje Anthropic Console.' }
      : { title: 'API klíč nebyl přijat (401).', action: 'Zkontrolujte překlepy v klíči nebo vytvořte nový v Anthropic Console a zadejte ho znovu.' },
  cors_blocked: () => ({ title: 'Vaše organizace nepovoluje volání API z prohlížeče (401).', action: 'Požádejte správce organizace o povolení přístupu z prohlížeče v Anthropic Console, použijte klíč jiné organizace nebo spusťte CLI (citation-audit --model).' }),
  permission: () => ({ title: 'Tento klíč nesmí používat tento model nebo funkci (403).', action: 'Zvolte jiný model nebo požádejte správce organizace o přístup.' }),
  model_not_found: (e) => ({ title: `Model ${e.model ? `„${e.model}“ ` : ''}nebyl nalezen (404).`, action: 'Vyberte model ze seznamu v nastavení (načítá se z vašeho účtu).' }),
  not_found: (e) => ({ title: `Na této adrese na ${originCs(e)} nic neodpovídá (404).`, action: 'Zkontrolujte Base URL: má to být kořen serveru, např. https://api.anthropic.com, bez /v1.' }),
  too_large: () => ({ title: 'Kontrola je příliš velká na jeden požadavek (413).', action: 'Odstraňte úryvky, které žádné tvrzení necituje, nebo kontrolujte kratší odpověď.' }),
  rate_limit: (e) => ({ title: 'Byl dosažen limit počtu požadavků vaší organizace (429).', action: `Chvíli počkejte a spusťte znovu${wait(e, 'za')}; dosud ohodnocená tvrzení zůstávají.` }),
  spend_limit: () => ({ title: 'Vaše organizace vyčerpala měsíční limit útraty (429); opakování nepomůže.', action: 'Zvyšte limit útraty nebo úroveň využití v Anthropic Console; jinak se přístup obnoví začátkem příštího měsíce.' }),
  server: (e) => ({ title: `API${e.baseURL && !isAnthropic(e) ? ' (nebo proxy před ním)' : ''} selhalo s dočasnou chybou${e.status ? ` (${e.status})` : ''}.`, action: 'Spusťte znovu za minutu; dosud ohodnocená tvrzení zůstávají.' }),
  overloaded: () => ({ title: 'API je momentálně přetížené (529).', action: 'Spusťte znovu za pár minut; dosud ohodnocená tvrzení zůstávají.' }),
  network: (e) => ({ title: `Nepodařilo se spojit s ${originCs(e)}.`, action: 'Zkontrolujte připojení a Base URL; proxy musí povolovat požadavky z prohlížeče (CORS). Pokud jste Base URL právě změnili, načtěte stránku znovu, aby byla nová adresa povolena.' }),
  offline: () => ({ title: 'Offline: kontrola modelem potřebuje síť; místní výsledek platí.', action: 'Spusťte ji znovu, až budete připojeni.' }),
  timeout: (e) =>
    e.noReply
      ? { title: `Server ${originCs(e)} přijal spojení, ale za ${secs(e)} neposlal žádnou odpověď.`, action: 'Zkontrolujte, že server běží a obsluhuje model; pokud je jen pomalý, povolte víc času v nastavení Časový limit požadavku.' }
      : e.timeoutSeconds !== undefined
        ? {
            title: counted(e) ? `Odpověď nedoběhla do limitu ${secs(e)}; ohodnoceno bylo ${e.claimsJudged} z ${e.claimsTotal} tvrzení.` : `Odpověď nedoběhla do limitu ${secs(e)}.`,
            action: 'Tvrzení ohodnocená do limitu zůstávají; nechte ohodnotit zbývající, nebo povolte víc času v nastavení Časový limit požadavku.',
          }
        : { title: 'API neodpovědělo včas.', action: 'Spusťte znovu; pokud se to opakuje, zkuste rychlejší model.' },
  stream_cut: (e) => ({
    title: counted(e) ? `Spojení se přerušilo poté, co bylo ohodnoceno ${e.claimsJudged} z ${e.claimsTotal} tvrzení.` : 'Spojení se přerušilo během přenosu odpovědi.',
    action: 'Tvrzení ohodnocená před přerušením v protokolu zůstávají; nechte ohodnotit zbývající, nebo spusťte znovu.',
  }),
  cancelled: () => ({ title: 'Kontrola modelem byla zrušena.', action: 'Spusťte ji znovu, kdykoli chcete; tvrzení ohodnocená před zrušením zůstávají.' }),
  invalid_output: () => ({ title: 'Odpověď modelu neodpovídala očekávanému formátu ani po jednom pokusu o opravu.', action: 'Spusťte znovu nebo zkuste jiný model; surová odpověď je zobrazena níže.' }),
  max_tokens: () => ({ title: 'Odpověď byla useknuta na limitu výstupu, i při co nejmenším počtu tvrzení v jednom požadavku.', action: 'Zkuste jiný model nebo zkraťte tvrzení či citované úryvky; tvrzení ohodnocená před useknutím zůstávají.' }),
  context_window: () => ({ title: 'Kontrola se nevejde do kontextového okna modelu.', action: 'Kontrolujte kratší odpověď nebo méně či kratší úryvky, případně zvolte model s větším kontextovým oknem; dosud ohodnocená tvrzení zůstávají.' }),
  refusal: () => ({ title: 'Model odmítl na požadavek odpovědět.', action: 'Zkontrolujte obsah případu; zkuste jiný model. Tvrzení ohodnocená před odmítnutím zůstávají.' }),
  bad_response: (e) => ({ title: `${e.baseURL ? `Server ${originCs(e)}` : 'API'} odpověděl, ale ne ve formátu Anthropic Messages API.`, action: 'Zkontrolujte Base URL: musí to být kořen API (např. https://api.anthropic.com, bez /v1) nebo proxy, která mluví Messages API. Dosud ohodnocená tvrzení zůstávají.' }),
  batch_expired: () => ({ title: 'Dávka skončila (uplynulo 24 hodin) dřív, než byl tento případ posouzen; nic z něj nebylo účtováno.', action: 'Spusťte model znovu nad zbývajícími případy: odešlou se jen ony.' }),
  batch_canceled: () => ({ title: 'Dávka byla zrušena dřív, než byl tento případ posouzen; nic z něj nebylo účtováno.', action: 'Spusťte model znovu nad zbývajícími případy, kdykoli chcete: odešlou se jen ony.' }),
  redirect: (e) => ({
    title: `Server přesměroval požadavek na ${e.redirectTo ?? 'jinou adresu'}${e.status ? ` (${e.status})` : ''}; přesměrování nebylo následováno, takže tam případ odeslán nebyl.`,
    action: 'Pokud je ta adresa správná, nastavte ji jako Base URL sami.',
  }),
  unexpected: () => ({ title: 'Kontrola modelem neočekávaně selhala.', action: 'Spusťte znovu; pokud chyba přetrvá, nahlaste podrobnosti níže.' }),
};

/**
 * The advice of the kinds whose page wording speaks of the page (its settings, reloading it,
 * browser CORS): what the same problem asks of someone running the CLI, where the key and address
 * come from environment variables and no browser is involved.
 */
const CLI_EN: Partial<Record<ModelErrorKind, Describe>> = {
  timeout: (e) => ({ title: EN.timeout(e).title, action: e.noReply ? 'Check that the server is up and serving the model; if it is only slow, allow more time with --timeout SECONDS.' : e.timeoutSeconds !== undefined ? 'The claims judged before the deadline are in the report below; the ones not judged are listed. Run again to judge them, or allow more time with --timeout SECONDS.' : EN.timeout(e).action }),
  redirect: (e) => ({ title: EN.redirect(e).title, action: 'If that address is the right one, pass it yourself with --base-url (or ANTHROPIC_BASE_URL).' }),
  bad_request: () => ({ title: EN.bad_request({ kind: 'bad_request' }).title, action: 'Check --model and ANTHROPIC_BASE_URL; if they are right, the server does not support a feature this audit needs.' }),
  no_key: () => ({ title: 'No API key is set.', action: 'Set ANTHROPIC_API_KEY to your Anthropic API key.' }),
  auth: (e) => ({
    title: EN.auth(e).title,
    action: e.malformedKey ? 'Set ANTHROPIC_API_KEY to the key exactly as the Anthropic Console shows it, without spaces, line breaks or quotes.' : 'Check ANTHROPIC_API_KEY for typos, or create a new key in the Anthropic Console and set ANTHROPIC_API_KEY to it.',
  }),
  cors_blocked: () => ({ title: 'The API refused the key for this kind of access (401).', action: 'Use a key of an organisation that allows API access, or ask its admin.' }),
  model_not_found: (e) => ({ title: `The model ${e.model ? `"${e.model}" ` : ''}was not found (404).`, action: 'Pass a model your account has with --model NAME.' }),
  not_found: (e) => ({ title: `Nothing answers at this address on ${originEn(e)} (404).`, action: 'Check ANTHROPIC_BASE_URL: it should be the server root, e.g. https://api.anthropic.com, without /v1.' }),
  network: (e) => ({ title: `Could not reach ${originEn(e)}.`, action: 'Check the network connection, any proxy settings, and ANTHROPIC_BASE_URL.' }),
  bad_response: (e) => ({ title: `${e.baseURL ? `The server at ${originEn(e)}` : 'The API'} answered, but not in the format of the Anthropic Messages API.`, action: 'Check ANTHROPIC_BASE_URL: it must be the API root (e.g. https://api.anthropic.com, without /v1) or a proxy that speaks the Messages API.' }),
  stream_cut: (e) => ({ title: EN.stream_cut(e).title, action: 'The claims judged before the cut are in the report below; the ones not judged are listed. Run the command again to judge them.' }),
  batch_expired: () => ({ title: EN.batch_expired({ kind: 'batch_expired' }).title, action: 'Run the command again: with --batch it sends a new batch, without it the case is judged at once at the full price.' }),
  batch_canceled: () => ({ title: EN.batch_canceled({ kind: 'batch_canceled' }).title, action: 'Run the command again: with --batch it sends a new batch, without it the case is judged at once at the full price.' }),
};

const CLI_CS: Partial<Record<ModelErrorKind, Describe>> = {
  timeout: (e) => ({ title: CS.timeout(e).title, action: e.noReply ? 'Zkontrolujte, že server běží a obsluhuje model; pokud je jen pomalý, povolte víc času pomocí --timeout SEKUNDY.' : e.timeoutSeconds !== undefined ? 'Tvrzení ohodnocená do limitu jsou v protokolu níže; neohodnocená jsou vypsána. Spusťte znovu, aby byla ohodnocena, nebo povolte víc času pomocí --timeout SEKUNDY.' : CS.timeout(e).action }),
  redirect: (e) => ({ title: CS.redirect(e).title, action: 'Pokud je ta adresa správná, zadejte ji sami pomocí --base-url (nebo ANTHROPIC_BASE_URL).' }),
  bad_request: () => ({ title: CS.bad_request({ kind: 'bad_request' }).title, action: 'Zkontrolujte --model a ANTHROPIC_BASE_URL; pokud jsou správně, server nepodporuje funkci, kterou kontrola potřebuje.' }),
  no_key: () => ({ title: 'Není zadán API klíč.', action: 'Nastavte ANTHROPIC_API_KEY na svůj API klíč Anthropic.' }),
  auth: (e) => ({
    title: CS.auth(e).title,
    action: e.malformedKey ? 'Nastavte ANTHROPIC_API_KEY na klíč přesně tak, jak ho ukazuje Anthropic Console, bez mezer, konců řádků a uvozovek.' : 'Zkontrolujte překlepy v ANTHROPIC_API_KEY, nebo vytvořte nový klíč v Anthropic Console a nastavte na něj ANTHROPIC_API_KEY.',
  }),
  cors_blocked: () => ({ title: 'API odmítlo klíč pro tento druh přístupu (401).', action: 'Použijte klíč organizace, která přístup k API povoluje, nebo se obraťte na jejího správce.' }),
  model_not_found: (e) => ({ title: CS.model_not_found(e).title, action: 'Zadejte model, který váš účet má, pomocí --model NÁZEV.' }),
  not_found: (e) => ({ title: CS.not_found(e).title, action: 'Zkontrolujte ANTHROPIC_BASE_URL: má to být kořen serveru, např. https://api.anthropic.com, bez /v1.' }),
  network: (e) => ({ title: CS.network(e).title, action: 'Zkontrolujte připojení k síti, nastavení proxy a ANTHROPIC_BASE_URL.' }),
  bad_response: (e) => ({ title: CS.bad_response(e).title, action: 'Zkontrolujte ANTHROPIC_BASE_URL: musí to být kořen API (např. https://api.anthropic.com, bez /v1) nebo proxy, která mluví Messages API.' }),
  stream_cut: (e) => ({ title: CS.stream_cut(e).title, action: 'Tvrzení ohodnocená před přerušením jsou v protokolu níže; neohodnocená jsou vypsána. Spusťte příkaz znovu, aby byla ohodnocena.' }),
  batch_expired: () => ({ title: CS.batch_expired({ kind: 'batch_expired' }).title, action: 'Spusťte příkaz znovu: s --batch odešle novou dávku, bez něj se případ posoudí hned za plnou cenu.' }),
  batch_canceled: () => ({ title: CS.batch_canceled({ kind: 'batch_canceled' }).title, action: 'Spusťte příkaz znovu: s --batch odešle novou dávku, bez něj se případ posoudí hned za plnou cenu.' }),
};

// An OpenAI-compatible server (OpenAI, Ollama, LM Studio, vLLM, llama.cpp): the kinds whose
// words above name Anthropic, its console, its variables or its address, said for that server.
const OPENAI_EN: Partial<Record<ModelErrorKind, Describe>> = {
  no_key: () => ({ title: 'No API key is set.', action: 'Enter the key in the model settings: OpenAI\u2019s own API needs one (a local server needs none; check the Base URL).' }),
  billing: () => ({ title: EN.billing({ kind: 'billing' }).title, action: 'Add credit or raise the limit in your account with the provider, then run again.' }),
  auth: (e) =>
    e.malformedKey
      ? { title: EN.auth(e).title, action: 'Paste the key again exactly as your provider shows it.' }
      : { title: EN.auth(e).title, action: 'Check the key for typos or create a new one with your provider, then enter it again.' },
  cors_blocked: () => ({ title: 'The server does not allow calls from this page (401).', action: 'Allow this page\u2019s origin on the server (see docs/model.md), or run the CLI (citation-audit --model --provider openai).' }),
  model_not_found: (e) => ({ title: EN.model_not_found(e).title, action: 'Pick a model the server has (the settings list it from the server); with Ollama, pull the model first.' }),
  not_found: (e) => ({ title: EN.not_found(e).title, action: 'Check the Base URL: it is the API root with /v1, e.g. https://api.openai.com/v1 or http://localhost:11434/v1 (Ollama).' }),
  spend_limit: () => ({ title: 'Your account has no quota left (429); retrying will not help.', action: 'Check the plan and billing of your account with the provider, then run again.' }),
  network: (e) => ({ title: EN.network(e).title, action: 'Check that the server runs and the Base URL; a local server must allow this page\u2019s origin (CORS, see docs/model.md). If you just changed the Base URL, reload the page so the new address is allowed.' }),
  bad_response: (e) => ({ title: `${e.baseURL ? `The server at ${originEn(e)}` : 'The API'} answered, but not in the format of the Chat Completions API.`, action: 'Check the Base URL: it is the API root with /v1 (e.g. http://localhost:11434/v1). Claims judged so far are kept.' }),
};

const OPENAI_CLI_EN: Partial<Record<ModelErrorKind, Describe>> = {
  redirect: (e) => ({ title: EN.redirect(e).title, action: 'If that address is the right one, pass it yourself with --base-url (or OPENAI_BASE_URL).' }),
  bad_request: () => ({ title: EN.bad_request({ kind: 'bad_request' }).title, action: 'Check --model and the base URL (--base-url or OPENAI_BASE_URL); if they are right, the server does not support a feature this audit needs.' }),
  no_key: () => ({ title: 'No API key is set.', action: 'Set OPENAI_API_KEY to your key (a local server needs none: give its address with --base-url or OPENAI_BASE_URL).' }),
  auth: (e) => ({
    title: EN.auth(e).title,
    action: e.malformedKey ? 'Set OPENAI_API_KEY to the key exactly as your provider shows it, without spaces, line breaks or quotes.' : 'Check OPENAI_API_KEY for typos, or create a new key and set OPENAI_API_KEY to it.',
  }),
  model_not_found: (e) => ({ title: EN.model_not_found(e).title, action: 'Pass a model the server has with --model NAME (with Ollama, pull it first).' }),
  not_found: (e) => ({ title: EN.not_found(e).title, action: 'Check --base-url or OPENAI_BASE_URL: it is the API root with /v1, e.g. http://localhost:11434/v1.' }),
  network: (e) => ({ title: EN.network(e).title, action: 'Check that the server runs, the network connection, and --base-url or OPENAI_BASE_URL.' }),
  bad_response: (e) => ({ title: OPENAI_EN.bad_response!(e).title, action: 'Check --base-url or OPENAI_BASE_URL: it is the API root with /v1 (e.g. http://localhost:11434/v1).' }),
};

const OPENAI_CS: Partial<Record<ModelErrorKind, Describe>> = {
  no_key: () => ({ title: 'Není zadán API klíč.', action: 'Zadejte klíč v nastavení modelu: vlastní API OpenAI ho potřebuje (místní server žádný; zkontrolujte Base URL).' }),
  billing: () => ({ title: CS.billing({ kind: 'billing' }).title, action: 'Doplňte kredit nebo zvyšte limit ve svém účtu u poskytovatele a spusťte znovu.' }),
  auth: (e) =>
    e.malformedKey
      ? { title: CS.auth(e).title, action: 'Vložte klíč znovu přesně tak, jak ho ukazuje váš poskytovatel.' }
      : { title: CS.auth(e).title, action: 'Zkontrolujte překlepy v klíči nebo vytvořte u poskytovatele nový a zadejte ho znovu.' },
  cors_blocked: () => ({ title: 'Server nepovoluje volání z této stránky (401).', action: 'Povolte na serveru původ této stránky (viz docs/model.md), nebo spusťte CLI (citation-audit --model --provider openai).' }),
  model_not_found: (e) => ({ title: CS.model_not_found(e).title, action: 'Vyberte model, který server má (nastavení ho ze serveru vypisuje); u Ollamy model nejdřív stáhněte.' }),
  not_found: (e) => ({ title: CS.not_found(e).title, action: 'Zkontrolujte Base URL: je to kořen API s /v1, např. https://api.openai.com/v1 nebo http://localhost:11434/v1 (Ollama).' }),
  spend_limit: () => ({ title: 'Váš účet nemá žádnou zbývající kvótu (429); opakování nepomůže.', action: 'Zkontrolujte tarif a vyúčtování svého účtu u poskytovatele a spusťte znovu.' }),
  network: (e) => ({ title: CS.network(e).title, action: 'Zkontrolujte, že server běží, a Base URL; místní server musí povolit původ této stránky (CORS, viz docs/model.md). Pokud jste Base URL právě změnili, načtěte stránku znovu, aby byla nová adresa povolena.' }),
  bad_response: (e) => ({ title: `${e.baseURL ? `Server ${originCs(e)}` : 'API'} odpověděl, ale ne ve formátu Chat Completions API.`, action: 'Zkontrolujte Base URL: je to kořen API s /v1 (např. http://localhost:11434/v1). Dosud ohodnocená tvrzení zůstávají.' }),
};

const OPENAI_CLI_CS: Partial<Record<ModelErrorKind, Describe>> = {
  redirect: (e) => ({ title: CS.redirect(e).title, action: 'Pokud je ta adresa správná, zadejte ji sami pomocí --base-url (nebo OPENAI_BASE_URL).' }),
  bad_request: () => ({ title: CS.bad_request({ kind: 'bad_request' }).title, action: 'Zkontrolujte --model a adresu serveru (--base-url nebo OPENAI_BASE_URL); pokud jsou správně, server nepodporuje funkci, kterou kontrola potřebuje.' }),
  no_key: () => ({ title: 'Není zadán API klíč.', action: 'Nastavte OPENAI_API_KEY na svůj klíč (místní server žádný nepotřebuje: zadejte jeho adresu pomocí --base-url nebo OPENAI_BASE_URL).' }),
  auth: (e) => ({
    title: CS.auth(e).title,
    action: e.malformedKey ? 'Nastavte OPENAI_API_KEY na klíč přesně tak, jak ho ukazuje váš poskytovatel, bez mezer, konců řádků a uvozovek.' : 'Zkontrolujte překlepy v OPENAI_API_KEY, nebo vytvořte nový klíč a nastavte na něj OPENAI_API_KEY.',
  }),
  model_not_found: (e) => ({ title: CS.model_not_found(e).title, action: 'Zadejte model, který server má, pomocí --model NÁZEV (u Ollamy ho nejdřív stáhněte).' }),
  not_found: (e) => ({ title: CS.not_found(e).title, action: 'Zkontrolujte --base-url nebo OPENAI_BASE_URL: je to kořen API s /v1, např. http://localhost:11434/v1.' }),
  network: (e) => ({ title: CS.network(e).title, action: 'Zkontrolujte, že server běží, připojení k síti a --base-url nebo OPENAI_BASE_URL.' }),
  bad_response: (e) => ({ title: OPENAI_CS.bad_response!(e).title, action: 'Zkontrolujte --base-url nebo OPENAI_BASE_URL: je to kořen API s /v1 (např. http://localhost:11434/v1).' }),
};

export const MODEL_ERROR_WORDS: Record<Language, ModelErrorTable> = {
  en: { page: EN, cli: CLI_EN, openai: { page: OPENAI_EN, cli: OPENAI_CLI_EN }, withRequestId: (message, id) => `${message} (request ${id})`, tryAgainAt: (at) => `The server asks to be tried again after ${utcMinute(at)}, longer than a run waits: run again then; results judged so far are kept.` },
  cs: { page: CS, cli: CLI_CS, openai: { page: OPENAI_CS, cli: OPENAI_CLI_CS }, withRequestId: (message, id) => `${message} (požadavek ${id})`, tryAgainAt: (at) => `Server žádá o nový pokus až po ${utcMinute(at)}, déle, než běh čeká: spusťte znovu potom; dosud ohodnocená tvrzení zůstávají.` },
};

/**
 * The words for a failure, most specific first. The CLI's own words come before the page's; for
 * an OpenAI-compatible server, its words before the Anthropic ones (every CLI kind that names
 * Anthropic has an OpenAI-compatible twin, so the CLI's generic words may be used as they are).
 */
export function modelErrorWords(lang: Language, kind: ModelErrorKind, surface: 'page' | 'cli' = 'page', provider?: 'anthropic' | 'openai'): Describe {
  const words = MODEL_ERROR_WORDS[lang] ?? MODEL_ERROR_WORDS.en;
  const openai = provider === 'openai' ? words.openai : undefined;
  const cli = surface === 'cli' ? (openai?.cli[kind] ?? words.cli[kind]) : undefined;
  return cli ?? openai?.page[kind] ?? words.page[kind];
}
