// How a failed model run is explained, in English and Czech: for each kind of failure the model
// layer classifies (model/errors.ts ModelError), what happened and what to do about it — on the
// page, and on the command line, where the page's advice (its settings, reloading it, browser
// CORS) does not apply. The model layer only names the kind and its facts; these tables word them,
// so the page and the CLI say the same thing. Counts are worded with plural.ts. The words are the
// wire's (the Messages API's, with the Chat Completions wire's where they differ), filled in with
// the facts of the provider asked (its row in model/providers.ts): its variables, its address,
// whose console: a provider added on an existing wire brings no words of its own.
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
  | 'unreadable_input'
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
  /** Who was asked: the name of its row in model/providers.ts (absent: the default provider). */
  provider?: string;
  /** A request's deadline, in seconds, when it passed (kind 'timeout'). */
  timeoutSeconds?: number;
  /** The deadline passed before the server sent the reply's headers (it accepted the connection). */
  noReply?: boolean;
  /** Where a refused redirect pointed (its origin; absent where the browser hides it). */
  redirectTo?: string;
  /** When the server asked to be tried again, past what the run waits (ISO 8601, UTC). */
  retryAt?: string;
  /** The input that cannot be read, so nothing was sent (kind 'unreadable_input'). */
  input?: 'chunks' | 'answer';
}

/** What the words of a provider may name of it: model/providers.ts providerFacts reads them from its row. */
export interface ProviderFacts {
  /** Its name in the settings and on the command line (`--provider`). */
  name: string;
  /** The wire its requests go over, which picks the words. */
  wire: 'messages' | 'chat';
  /** Its own name for people (a proper noun), where it has one; without it the wire's words name it. */
  label?: string;
  /** Whose API it is ("Anthropic", "OpenAI"): the key and the advice name it. */
  vendor: string;
  /** The environment variables the CLI reads its key and its Base URL from. */
  keyVar: string;
  baseURLVar: string;
  /** The API root used when the Base URL is left empty. */
  defaultBaseURL: string;
  /** What a key looks like ("sk-ant-…"). */
  keyExample: string;
  /** A key is needed only at some hosts: a local server speaking the wire takes none. */
  keyOptional: boolean;
}

type Describe = (e: ModelErrorFacts, p: ProviderFacts) => { title: string; action: string };
type Words = { page: Partial<Record<ModelErrorKind, Describe>>; cli: Partial<Record<ModelErrorKind, Describe>> };

interface ModelErrorTable {
  /** What the page says (the Messages API's words, the default wire's). */
  page: Record<ModelErrorKind, Describe>;
  /** What the command line says instead, for the kinds whose page advice speaks of the page. */
  cli: Partial<Record<ModelErrorKind, Describe>>;
  /** A wire's own words, where they differ (the rest as above). */
  wires: Partial<Record<ProviderFacts['wire'], Words>>;
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
  no_key: (_e, p) => ({ title: 'No API key is set.', action: `Enter your ${p.vendor} API key in the model settings.` }),
  bad_request: () => ({ title: 'The API rejected the request as invalid (400).', action: 'Check the model and Base URL settings; if they are right, the server does not support a feature this audit needs.' }),
  billing: (_e, p) => ({ title: 'The API refused the request for billing reasons (credit balance or a spend limit).', action: `Add credit or raise the limit in the ${p.vendor} Console, then run again.` }),
  auth: (e, p) =>
    e.malformedKey
      ? { title: 'The API key contains characters a key cannot have (a space, a line break or a non-ASCII character); it was not sent.', action: `Paste the key again exactly as the ${p.vendor} Console shows it.` }
      : { title: 'The API key was not accepted (401).', action: `Check the key for typos or create a new one in the ${p.vendor} Console, then enter it again.` },
  cors_blocked: (_e, p) => ({ title: 'Your organisation does not allow API calls from a browser (401).', action: `Ask an organisation admin to allow browser access in the ${p.vendor} Console, use a key of another organisation, or run the CLI (citation-audit --model).` }),
  permission: () => ({ title: 'This key is not allowed to use this model or feature (403).', action: 'Choose another model or ask your organisation admin for access.' }),
  model_not_found: (e) => ({ title: `The model ${e.model ? `"${e.model}" ` : ''}was not found (404).`, action: 'Pick a model from the list in the settings (it is filled from your account).' }),
  not_found: (e, p) => ({ title: `Nothing answers at this address on ${originEn(e)} (404).`, action: `Check the Base URL: it should be the server root, e.g. ${p.defaultBaseURL}, without /v1.` }),
  too_large: () => ({ title: 'The audit is too large to send in one request (413).', action: 'Remove chunks that no claim cites, or audit a shorter answer.' }),
  rate_limit: (e) => ({ title: 'The rate limit of your organisation was reached (429).', action: `Wait a moment and run again${wait(e, 'in')}; results judged so far are kept.` }),
  spend_limit: (_e, p) => ({ title: 'Your organisation has reached its monthly spend limit (429); retrying will not help.', action: `Raise the spend limit or move to a higher usage tier in the ${p.vendor} Console; access otherwise resumes at the start of next month.` }),
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
  bad_response: (e, p) => ({ title: `${e.baseURL ? `The server at ${originEn(e)}` : 'The API'} answered, but not in the format of the Anthropic Messages API.`, action: `Check the Base URL: it must be the API root (e.g. ${p.defaultBaseURL}, without /v1) or a proxy that speaks the Messages API. Claims judged so far are kept.` }),
  batch_expired: () => ({ title: 'The batch ended (24 hours passed) before this case was judged; nothing of it was charged.', action: 'Run the model again over the cases left: only they are sent.' }),
  batch_canceled: () => ({ title: 'The batch was cancelled before this case was judged; nothing of it was charged.', action: 'Run the model again over the cases left whenever you like: only they are sent.' }),
  redirect: (e) => ({
    title: `The server redirected the request to ${e.redirectTo ?? 'another address'}${e.status ? ` (${e.status})` : ''}; the redirect was not followed, so the case was not sent there.`,
    action: 'If that address is the right one, set it as the Base URL yourself.',
  }),
  unreadable_input: (e) => ({
    title: `The ${e.input === 'answer' ? 'Answer' : 'Chunks'} cannot be read, so nothing was sent to the model.`,
    action: `Fix the error marked in the ${e.input === 'answer' ? 'Answer' : 'Chunks'} editor, then run again.`,
  }),
  unexpected: () => ({ title: 'The model audit failed unexpectedly.', action: 'Run again; if it persists, report the detail below.' }),
};

const CS: Record<ModelErrorKind, Describe> = {
  no_key: (_e, p) => ({ title: 'Není zadán API klíč.', action: `Zadejte svůj API klíč ${p.vendor} v nastavení modelu.` }),
  bad_request: () => ({ title: 'API odmítlo požadavek jako neplatný (400).', action: 'Zkontrolujte model a Base URL; pokud jsou správně, server nepodporuje funkci, kterou kontrola potřebuje.' }),
  billing: (_e, p) => ({ title: 'API odmítlo požadavek kvůli vyúčtování (kredit nebo limit útraty).', action: `Doplňte kredit nebo zvyšte limit v ${p.vendor} Console a spusťte znovu.` }),
  auth: (e, p) =>
    e.malformedKey
      ? { title: 'API klíč obsahuje znaky, které klíč mít nemůže (mezeru, konec řádku nebo znak mimo ASCII); nebyl odeslán.', action: `Vložte klíč znovu přesně tak, jak ho ukazuje ${p.vendor} Console.` }
      : { title: 'API klíč nebyl přijat (401).', action: `Zkontrolujte překlepy v klíči nebo vytvořte nový v ${p.vendor} Console a zadejte ho znovu.` },
  cors_blocked: (_e, p) => ({ title: 'Vaše organizace nepovoluje volání API z prohlížeče (401).', action: `Požádejte správce organizace o povolení přístupu z prohlížeče v ${p.vendor} Console, použijte klíč jiné organizace nebo spusťte CLI (citation-audit --model).` }),
  permission: () => ({ title: 'Tento klíč nesmí používat tento model nebo funkci (403).', action: 'Zvolte jiný model nebo požádejte správce organizace o přístup.' }),
  model_not_found: (e) => ({ title: `Model ${e.model ? `„${e.model}“ ` : ''}nebyl nalezen (404).`, action: 'Vyberte model ze seznamu v nastavení (načítá se z vašeho účtu).' }),
  not_found: (e, p) => ({ title: `Na této adrese na ${originCs(e)} nic neodpovídá (404).`, action: `Zkontrolujte Base URL: má to být kořen serveru, např. ${p.defaultBaseURL}, bez /v1.` }),
  too_large: () => ({ title: 'Kontrola je příliš velká na jeden požadavek (413).', action: 'Odstraňte úryvky, které žádné tvrzení necituje, nebo kontrolujte kratší odpověď.' }),
  rate_limit: (e) => ({ title: 'Byl dosažen limit počtu požadavků vaší organizace (429).', action: `Chvíli počkejte a spusťte znovu${wait(e, 'za')}; dosud ohodnocená tvrzení zůstávají.` }),
  spend_limit: (_e, p) => ({ title: 'Vaše organizace vyčerpala měsíční limit útraty (429); opakování nepomůže.', action: `Zvyšte limit útraty nebo úroveň využití v ${p.vendor} Console; jinak se přístup obnoví začátkem příštího měsíce.` }),
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
  bad_response: (e, p) => ({ title: `${e.baseURL ? `Server ${originCs(e)}` : 'API'} odpověděl, ale ne ve formátu Anthropic Messages API.`, action: `Zkontrolujte Base URL: musí to být kořen API (např. ${p.defaultBaseURL}, bez /v1) nebo proxy, která mluví Messages API. Dosud ohodnocená tvrzení zůstávají.` }),
  batch_expired: () => ({ title: 'Dávka skončila (uplynulo 24 hodin) dřív, než byl tento případ posouzen; nic z něj nebylo účtováno.', action: 'Spusťte model znovu nad zbývajícími případy: odešlou se jen ony.' }),
  batch_canceled: () => ({ title: 'Dávka byla zrušena dřív, než byl tento případ posouzen; nic z něj nebylo účtováno.', action: 'Spusťte model znovu nad zbývajícími případy, kdykoli chcete: odešlou se jen ony.' }),
  redirect: (e) => ({
    title: `Server přesměroval požadavek na ${e.redirectTo ?? 'jinou adresu'}${e.status ? ` (${e.status})` : ''}; přesměrování nebylo následováno, takže tam případ odeslán nebyl.`,
    action: 'Pokud je ta adresa správná, nastavte ji jako Base URL sami.',
  }),
  unreadable_input: (e) => ({
    title: `${e.input === 'answer' ? 'Odpověď' : 'Úryvky'} nelze přečíst, modelu proto nebylo nic odesláno.`,
    action: `Opravte chybu vyznačenou v editoru ${e.input === 'answer' ? 'Odpověď' : 'Úryvky'} a spusťte znovu.`,
  }),
  unexpected: () => ({ title: 'Kontrola modelem neočekávaně selhala.', action: 'Spusťte znovu; pokud chyba přetrvá, nahlaste podrobnosti níže.' }),
};

/**
 * The advice of the kinds whose page wording speaks of the page (its settings, reloading it,
 * browser CORS): what the same problem asks of someone running the CLI, where the key and address
 * come from environment variables and no browser is involved.
 */
const CLI_EN: Partial<Record<ModelErrorKind, Describe>> = {
  timeout: (e, p) => ({ title: EN.timeout(e, p).title, action: e.noReply ? 'Check that the server is up and serving the model; if it is only slow, allow more time with --timeout SECONDS.' : e.timeoutSeconds !== undefined ? 'The claims judged before the deadline are in the report below; the ones not judged are listed. Run again to judge them, or allow more time with --timeout SECONDS.' : EN.timeout(e, p).action }),
  redirect: (e, p) => ({ title: EN.redirect(e, p).title, action: `If that address is the right one, pass it yourself with --base-url (or ${p.baseURLVar}).` }),
  bad_request: (e, p) => ({ title: EN.bad_request(e, p).title, action: `Check --model and --base-url (or ${p.baseURLVar}); if they are right, the server does not support a feature this audit needs.` }),
  no_key: (_e, p) => ({ title: 'No API key is set.', action: `Set ${p.keyVar} to your ${p.vendor} API key.` }),
  auth: (e, p) => ({
    title: EN.auth(e, p).title,
    action: e.malformedKey ? `Set ${p.keyVar} to the key exactly as the ${p.vendor} Console shows it, without spaces, line breaks or quotes.` : `Check ${p.keyVar} for typos, or create a new key in the ${p.vendor} Console and set ${p.keyVar} to it.`,
  }),
  cors_blocked: () => ({ title: 'The API refused the key for this kind of access (401).', action: 'Use a key of an organisation that allows API access, or ask its admin.' }),
  model_not_found: (e, _p) => ({ title: `The model ${e.model ? `"${e.model}" ` : ''}was not found (404).`, action: 'Pass a model your account has with --model NAME.' }),
  not_found: (e, p) => ({ title: `Nothing answers at this address on ${originEn(e)} (404).`, action: `Check --base-url (or ${p.baseURLVar}): it should be the server root, e.g. ${p.defaultBaseURL}, without /v1.` }),
  network: (e, p) => ({ title: `Could not reach ${originEn(e)}.`, action: `Check the network connection, any proxy settings, and --base-url (or ${p.baseURLVar}).` }),
  bad_response: (e, p) => ({ title: `${e.baseURL ? `The server at ${originEn(e)}` : 'The API'} answered, but not in the format of the Anthropic Messages API.`, action: `Check --base-url (or ${p.baseURLVar}): it must be the API root (e.g. ${p.defaultBaseURL}, without /v1) or a proxy that speaks the Messages API.` }),
  stream_cut: (e, p) => ({ title: EN.stream_cut(e, p).title, action: 'The claims judged before the cut are in the report below; the ones not judged are listed. Run the command again to judge them.' }),
  batch_expired: (e, p) => ({ title: EN.batch_expired(e, p).title, action: 'Run the command again: with --batch it sends a new batch, without it the case is judged at once at the full price.' }),
  batch_canceled: (e, p) => ({ title: EN.batch_canceled(e, p).title, action: 'Run the command again: with --batch it sends a new batch, without it the case is judged at once at the full price.' }),
};

const CLI_CS: Partial<Record<ModelErrorKind, Describe>> = {
  timeout: (e, p) => ({ title: CS.timeout(e, p).title, action: e.noReply ? 'Zkontrolujte, že server běží a obsluhuje model; pokud je jen pomalý, povolte víc času pomocí --timeout SEKUNDY.' : e.timeoutSeconds !== undefined ? 'Tvrzení ohodnocená do limitu jsou v protokolu níže; neohodnocená jsou vypsána. Spusťte znovu, aby byla ohodnocena, nebo povolte víc času pomocí --timeout SEKUNDY.' : CS.timeout(e, p).action }),
  redirect: (e, p) => ({ title: CS.redirect(e, p).title, action: `Pokud je ta adresa správná, zadejte ji sami pomocí --base-url (nebo ${p.baseURLVar}).` }),
  bad_request: (e, p) => ({ title: CS.bad_request(e, p).title, action: `Zkontrolujte --model a --base-url (nebo ${p.baseURLVar}); pokud jsou správně, server nepodporuje funkci, kterou kontrola potřebuje.` }),
  no_key: (_e, p) => ({ title: 'Není zadán API klíč.', action: `Nastavte ${p.keyVar} na svůj API klíč ${p.vendor}.` }),
  auth: (e, p) => ({
    title: CS.auth(e, p).title,
    action: e.malformedKey ? `Nastavte ${p.keyVar} na klíč přesně tak, jak ho ukazuje ${p.vendor} Console, bez mezer, konců řádků a uvozovek.` : `Zkontrolujte překlepy v ${p.keyVar}, nebo vytvořte nový klíč v ${p.vendor} Console a nastavte na něj ${p.keyVar}.`,
  }),
  cors_blocked: () => ({ title: 'API odmítlo klíč pro tento druh přístupu (401).', action: 'Použijte klíč organizace, která přístup k API povoluje, nebo se obraťte na jejího správce.' }),
  model_not_found: (e, p) => ({ title: CS.model_not_found(e, p).title, action: 'Zadejte model, který váš účet má, pomocí --model NÁZEV.' }),
  not_found: (e, p) => ({ title: CS.not_found(e, p).title, action: `Zkontrolujte --base-url (nebo ${p.baseURLVar}): má to být kořen serveru, např. ${p.defaultBaseURL}, bez /v1.` }),
  network: (e, p) => ({ title: CS.network(e, p).title, action: `Zkontrolujte připojení k síti, nastavení proxy a --base-url (nebo ${p.baseURLVar}).` }),
  bad_response: (e, p) => ({ title: CS.bad_response(e, p).title, action: `Zkontrolujte --base-url (nebo ${p.baseURLVar}): musí to být kořen API (např. ${p.defaultBaseURL}, bez /v1) nebo proxy, která mluví Messages API.` }),
  stream_cut: (e, p) => ({ title: CS.stream_cut(e, p).title, action: 'Tvrzení ohodnocená před přerušením jsou v protokolu níže; neohodnocená jsou vypsána. Spusťte příkaz znovu, aby byla ohodnocena.' }),
  batch_expired: (e, p) => ({ title: CS.batch_expired(e, p).title, action: 'Spusťte příkaz znovu: s --batch odešle novou dávku, bez něj se případ posoudí hned za plnou cenu.' }),
  batch_canceled: (e, p) => ({ title: CS.batch_canceled(e, p).title, action: 'Spusťte příkaz znovu: s --batch odešle novou dávku, bez něj se případ posoudí hned za plnou cenu.' }),
};

// The Chat Completions wire (OpenAI, Ollama, LM Studio, vLLM, llama.cpp and any other server or
// hosted API that speaks it): the kinds whose words above speak of the Messages API, a console
// or a key needed everywhere, said for such a server and filled in with the provider's facts.
const CHAT_EN: Partial<Record<ModelErrorKind, Describe>> = {
  no_key: (_e, p) => ({ title: 'No API key is set.', action: `Enter the key in the model settings: ${p.vendor}\u2019s own API needs one (a local server needs none; check the Base URL).` }),
  billing: (e, p) => ({ title: EN.billing(e, p).title, action: 'Add credit or raise the limit in your account with the provider, then run again.' }),
  auth: (e, p) =>
    e.malformedKey
      ? { title: EN.auth(e, p).title, action: 'Paste the key again exactly as your provider shows it.' }
      : { title: EN.auth(e, p).title, action: 'Check the key for typos or create a new one with your provider, then enter it again.' },
  cors_blocked: (_e, p) => ({ title: 'The server does not allow calls from this page (401).', action: `Allow this page\u2019s origin on the server (see docs/model.md), or run the CLI (citation-audit --model --provider ${p.name}).` }),
  model_not_found: (e, p) => ({ title: EN.model_not_found(e, p).title, action: 'Pick a model the server has (the settings list it from the server); with Ollama, pull the model first.' }),
  not_found: (e, p) => ({ title: EN.not_found(e, p).title, action: `Check the Base URL: it is the API root with /v1, e.g. ${p.defaultBaseURL} or http://localhost:11434/v1 (Ollama).` }),
  spend_limit: () => ({ title: 'Your account has no quota left (429); retrying will not help.', action: 'Check the plan and billing of your account with the provider, then run again.' }),
  network: (e, p) => ({ title: EN.network(e, p).title, action: 'Check that the server runs and the Base URL; a local server must allow this page\u2019s origin (CORS, see docs/model.md). If you just changed the Base URL, reload the page so the new address is allowed.' }),
  bad_response: (e) => ({ title: `${e.baseURL ? `The server at ${originEn(e)}` : 'The API'} answered, but not in the format of the Chat Completions API.`, action: 'Check the Base URL: it is the API root with /v1 (e.g. http://localhost:11434/v1). Claims judged so far are kept.' }),
};

const CHAT_CLI_EN: Partial<Record<ModelErrorKind, Describe>> = {
  redirect: (e, p) => ({ title: EN.redirect(e, p).title, action: `If that address is the right one, pass it yourself with --base-url (or ${p.baseURLVar}).` }),
  bad_request: (e, p) => ({ title: EN.bad_request(e, p).title, action: `Check --model and the base URL (--base-url or ${p.baseURLVar}); if they are right, the server does not support a feature this audit needs.` }),
  no_key: (_e, p) => ({ title: 'No API key is set.', action: `Set ${p.keyVar} to your key (a local server needs none: give its address with --base-url or ${p.baseURLVar}).` }),
  auth: (e, p) => ({
    title: EN.auth(e, p).title,
    action: e.malformedKey ? `Set ${p.keyVar} to the key exactly as your provider shows it, without spaces, line breaks or quotes.` : `Check ${p.keyVar} for typos, or create a new key and set ${p.keyVar} to it.`,
  }),
  model_not_found: (e, p) => ({ title: EN.model_not_found(e, p).title, action: 'Pass a model the server has with --model NAME (with Ollama, pull it first).' }),
  not_found: (e, p) => ({ title: EN.not_found(e, p).title, action: `Check --base-url or ${p.baseURLVar}: it is the API root with /v1, e.g. http://localhost:11434/v1.` }),
  network: (e, p) => ({ title: EN.network(e, p).title, action: `Check that the server runs, the network connection, and --base-url or ${p.baseURLVar}.` }),
  bad_response: (e, p) => ({ title: CHAT_EN.bad_response!(e, p).title, action: `Check --base-url or ${p.baseURLVar}: it is the API root with /v1 (e.g. http://localhost:11434/v1).` }),
};

const CHAT_CS: Partial<Record<ModelErrorKind, Describe>> = {
  no_key: (_e, p) => ({ title: 'Není zadán API klíč.', action: `Zadejte klíč v nastavení modelu: vlastní API ${p.vendor} ho potřebuje (místní server žádný; zkontrolujte Base URL).` }),
  billing: (e, p) => ({ title: CS.billing(e, p).title, action: 'Doplňte kredit nebo zvyšte limit ve svém účtu u poskytovatele a spusťte znovu.' }),
  auth: (e, p) =>
    e.malformedKey
      ? { title: CS.auth(e, p).title, action: 'Vložte klíč znovu přesně tak, jak ho ukazuje váš poskytovatel.' }
      : { title: CS.auth(e, p).title, action: 'Zkontrolujte překlepy v klíči nebo vytvořte u poskytovatele nový a zadejte ho znovu.' },
  cors_blocked: (_e, p) => ({ title: 'Server nepovoluje volání z této stránky (401).', action: `Povolte na serveru původ této stránky (viz docs/model.md), nebo spusťte CLI (citation-audit --model --provider ${p.name}).` }),
  model_not_found: (e, p) => ({ title: CS.model_not_found(e, p).title, action: 'Vyberte model, který server má (nastavení ho ze serveru vypisuje); u Ollamy model nejdřív stáhněte.' }),
  not_found: (e, p) => ({ title: CS.not_found(e, p).title, action: `Zkontrolujte Base URL: je to kořen API s /v1, např. ${p.defaultBaseURL} nebo http://localhost:11434/v1 (Ollama).` }),
  spend_limit: () => ({ title: 'Váš účet nemá žádnou zbývající kvótu (429); opakování nepomůže.', action: 'Zkontrolujte tarif a vyúčtování svého účtu u poskytovatele a spusťte znovu.' }),
  network: (e, p) => ({ title: CS.network(e, p).title, action: 'Zkontrolujte, že server běží, a Base URL; místní server musí povolit původ této stránky (CORS, viz docs/model.md). Pokud jste Base URL právě změnili, načtěte stránku znovu, aby byla nová adresa povolena.' }),
  bad_response: (e) => ({ title: `${e.baseURL ? `Server ${originCs(e)}` : 'API'} odpověděl, ale ne ve formátu Chat Completions API.`, action: 'Zkontrolujte Base URL: je to kořen API s /v1 (např. http://localhost:11434/v1). Dosud ohodnocená tvrzení zůstávají.' }),
};

const CHAT_CLI_CS: Partial<Record<ModelErrorKind, Describe>> = {
  redirect: (e, p) => ({ title: CS.redirect(e, p).title, action: `Pokud je ta adresa správná, zadejte ji sami pomocí --base-url (nebo ${p.baseURLVar}).` }),
  bad_request: (e, p) => ({ title: CS.bad_request(e, p).title, action: `Zkontrolujte --model a adresu serveru (--base-url nebo ${p.baseURLVar}); pokud jsou správně, server nepodporuje funkci, kterou kontrola potřebuje.` }),
  no_key: (_e, p) => ({ title: 'Není zadán API klíč.', action: `Nastavte ${p.keyVar} na svůj klíč (místní server žádný nepotřebuje: zadejte jeho adresu pomocí --base-url nebo ${p.baseURLVar}).` }),
  auth: (e, p) => ({
    title: CS.auth(e, p).title,
    action: e.malformedKey ? `Nastavte ${p.keyVar} na klíč přesně tak, jak ho ukazuje váš poskytovatel, bez mezer, konců řádků a uvozovek.` : `Zkontrolujte překlepy v ${p.keyVar}, nebo vytvořte nový klíč a nastavte na něj ${p.keyVar}.`,
  }),
  model_not_found: (e, p) => ({ title: CS.model_not_found(e, p).title, action: 'Zadejte model, který server má, pomocí --model NÁZEV (u Ollamy ho nejdřív stáhněte).' }),
  not_found: (e, p) => ({ title: CS.not_found(e, p).title, action: `Zkontrolujte --base-url nebo ${p.baseURLVar}: je to kořen API s /v1, např. http://localhost:11434/v1.` }),
  network: (e, p) => ({ title: CS.network(e, p).title, action: `Zkontrolujte, že server běží, připojení k síti a --base-url nebo ${p.baseURLVar}.` }),
  bad_response: (e, p) => ({ title: CHAT_CS.bad_response!(e, p).title, action: `Zkontrolujte --base-url nebo ${p.baseURLVar}: je to kořen API s /v1 (např. http://localhost:11434/v1).` }),
};

export const MODEL_ERROR_WORDS: Record<Language, ModelErrorTable> = {
  en: { page: EN, cli: CLI_EN, wires: { chat: { page: CHAT_EN, cli: CHAT_CLI_EN } }, withRequestId: (message, id) => `${message} (request ${id})`, tryAgainAt: (at) => `The server asks to be tried again after ${utcMinute(at)}, longer than a run waits: run again then; results judged so far are kept.` },
  cs: { page: CS, cli: CLI_CS, wires: { chat: { page: CHAT_CS, cli: CHAT_CLI_CS } }, withRequestId: (message, id) => `${message} (požadavek ${id})`, tryAgainAt: (at) => `Server žádá o nový pokus až po ${utcMinute(at)}, déle, než běh čeká: spusťte znovu potom; dosud ohodnocená tvrzení zůstávají.` },
};

/**
 * The words for a failure at the provider `p`, most specific first. The CLI's own words come
 * before the page's; the words of its wire before the Messages API's (every CLI kind whose words
 * speak of the Messages API has a twin for the other wire, so the CLI's generic words may be used
 * as they are).
 */
export function modelErrorWords(lang: Language, kind: ModelErrorKind, surface: 'page' | 'cli', p: ProviderFacts): (e: ModelErrorFacts) => { title: string; action: string } {
  const words = MODEL_ERROR_WORDS[lang] ?? MODEL_ERROR_WORDS.en;
  const wire = words.wires[p.wire];
  const cli = surface === 'cli' ? (wire?.cli[kind] ?? words.cli[kind]) : undefined;
  const describe = cli ?? wire?.page[kind] ?? words.page[kind];
  return (e) => describe(e, p);
}
