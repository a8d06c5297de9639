// Exemption rules of claims: questions, meta sentences (only words about the answer, the
// documents or the conversation) and statements that the sources hold no answer.
import { STOPWORDS } from '../text/wordLists';
import { foldWord, isLetterCode } from '../text/text';
import type { Language } from '../types';

export function isQuestion(text: string): boolean {
  let e = text.length;
  while (e > 0 && QUESTION_TAIL.has(text[e - 1] ?? '')) e--;
  const c = text[e - 1];
  return c === '?' || c === '？';
}

const QUESTION_TAIL = new Set([' ', '"', "'", '”', '’', '»', ')', ']', '*', '_']);

// Words about the answer, the documents or the conversation (not about the world). English as
// written; Czech by stem, because Czech inflects.
const META_WORDS_EN = new Set(
  (
    'based according document documents documentation doc docs context source sources search results result information info ' +
    'text texts article articles passage passages excerpt excerpts material materials provided given following below above ' +
    'summary summarize summarized overview answer answers question questions query help helps helpful hope glad happy ' +
    'tell explain explained say said note noted found find see know think let feel free ask asked clarify details detail ' +
    'here points point key main findings mention mentioned mentions state states stated describe describes described ' +
    'list listed show shows shown look looking check need needs further additional assist assistance please thanks thank ' +
    'sure certainly course unfortunately review reviewed read provide provides able unable specific specifically regarding ' +
    'topic request requested relevant explanation understanding understand hopefully questions anything fact facts citation citations bibliography'
  ).split(' '),
);
/** Czech meta words by unambiguous stem (diacritics folded). */
const META_STEMS_CS = [
  'dokument', 'kontext', 'zdroj', 'informac', 'poskytnut', 'uveden', 'zaklad', 'nasleduj', 'shrn', 'odpoved', 'otazk',
  'dotaz', 'pomoh', 'pomuz', 'pomoc', 'doufam', 'vysvetl', 'nalezen', 'nasel', 'nasla', 'najdete', 'najit', 'myslit',
  'myslite', 'podrobnost', 'vynat', 'rici', 'rict', 'uvest', 'uvadi', 'prehled', 'dozvedet', 'zeptat', 'nevahejte',
  'klicov', 'zminen', 'popsan', 'citac',
];
/** Czech meta words that would clash with English words as stems ("body", "radiation", "textile"). */
const META_EXACT_CS = new Set(
  'zde tady nize vyse bod bodu bodech hlavni rad rada radi text textu textech texty material materialu materialy ptat'.split(' '),
);

const META_STEM_RE = new RegExp(`^(?:${META_STEMS_CS.join('|')})`);

export function isMetaWord(folded: string): boolean {
  return META_WORDS_EN.has(folded) || META_EXACT_CS.has(folded) || META_STEM_RE.test(folded);
}

/**
 * True when a sentence only talks about the answer itself: it has at least one word about the
 * documents or the conversation, no number, no capitalised name inside the sentence, and no other
 * content word — or at most two for an introduction ending with ':'.
 */
export function isMeta(text: string, _lang: Language): boolean {
  const trimmed = text.trim();
  // Talk about the answer is short; long sentences always carry content.
  if (trimmed === '' || trimmed.length > 200 || /\d/.test(trimmed)) return false;
  const intro = trimmed.endsWith(':');
  let metaCount = 0;
  let content = 0;
  let i = -1;
  const n = trimmed.length;
  let k = 0;
  while (k < n) {
    while (k < n && !isLetterCode(trimmed.charCodeAt(k))) k++;
    if (k >= n) break;
    const from = k;
    while (k < n) {
      const c = trimmed.charCodeAt(k);
      if (isLetterCode(c)) k++;
      else if ((c === 0x27 || c === 0x2019) && isLetterCode(trimmed.charCodeAt(k + 1))) k += 2;
      else break;
    }
    i++;
    const tok = trimmed.slice(from, k);
    const folded = foldWord(tok, 'latin');
    // Meta words first: some are stopwords too ("here", "below"), and still say what follows.
    if (isMetaWord(folded)) {
      metaCount++;
      continue;
    }
    if (STOPWORDS.has(folded)) continue;
    if (i > 0 && tok[0] !== tok[0]?.toLowerCase()) return false; // a name
    content++;
    if (content > 2) return false;
  }
  if (metaCount === 0) return false;
  return content === 0 || (intro && content <= 2);
}

// "The provided documents do not mention the price." / "V kontextu nejsou informace o ceně.":
// the answer says what its sources lack. The sources must be named as the retrieval context (the
// documents, the context, the provided texts) and the denial must be about them ("the sources do
// not say", "no information … in the context", "I could not find … in the documents"), not a
// fact that merely mentions them ("According to the documents, no country bans it."); the
// sentence must not go on to state a fact of its own ("…, but it costs 20 euros") or hold a number.
const SRC_EN =
  '(?:(?:the|these|those|this|your|my)\\s+(?:(?:provided|given|retrieved|available|supplied|attached|above|following|shared)\\s+)?(?:documents?|documentation|context|sources?|search results|excerpts?|passages?|snippets?|texts?|materials?)|(?:provided|given|retrieved|available|supplied|attached)\\s+(?:documents?|documentation|context|sources?|search results|excerpts?|passages?|snippets?|texts?|information|materials?|data))';
const NOT_EN = "(?:\\s*n['’]t|\\s+not)";
const ABSENCE_EN: RegExp[] = [
  // "the provided documents do not mention", "the sources don't say"
  new RegExp(`\\b${SRC_EN}\\s+(?:\\w+\\s+)?(?:do|does|did)${NOT_EN}\\s+(?:\\w+\\s+)?(?:mention|contain|say|state|specify|provide|include|discuss|cover|address|describe|give|offer|list|explain|indicate|talk|reference|detail)`, 'i'),
  // "the context lacks", "the documents say nothing about"
  new RegExp(`\\b${SRC_EN}\\s+(?:\\w+\\s+)?(?:lacks?|(?:contains?|mentions?|says?|provides?|gives?|includes?|offers?)\\s+(?:no|nothing))\\b`, 'i'),
  // "X is not mentioned in the provided documents"
  new RegExp(`\\b(?:is|are|was|were)${NOT_EN}\\s+(?:\\w+\\s+)?(?:mentioned|specified|provided|given|stated|available|covered|included|discussed|described|found|addressed|listed)\\s+(?:\\w+\\s+){0,2}?(?:in|by|within)\\s+${SRC_EN}`, 'i'),
  // "There is no information about X in the provided context"
  new RegExp(`\\bno\\s+(?:\\w+\\s+){0,2}?(?:information|details?|data|mention|indication|references?)\\b.*\\b${SRC_EN}`, 'i'),
  // "I could not find any information about X in the documents"
  new RegExp(`\\bI\\s+(?:could|can|did|was|am)${NOT_EN}\\s+(?:be able to\\s+|able to\\s+)?(?:find|locate|see|identify|determine)\\b.*\\b${SRC_EN}`, 'i'),
];
const SRC_CS = '(?:(?:poskytnut|dostupn|dodan|uveden|přiložen)\\p{L}*\\s+(?:dokument|zdroj|text|materiál|podklad|pasáž|úryvk|informac)\\p{L}*|dokument(?:y|ech|u|ů|ace|aci)|zdroj(?:e|ích|ů)|kontext(?:u|em)?|podklad(?:y|ech|ů))';
const ABSENCE_CS: RegExp[] = [
  // "dokumenty neuvádějí", "kontext neobsahuje", "zdroje o tom nic neříkají"
  new RegExp(`(?:^|[^\\p{L}])${SRC_CS}\\s+(?:\\p{L}+\\s+){0,3}?(?:neuvád|neobsah|nezmi|nezmí|neřík|nepopis|nespecifik|neposkyt|nepojedn|neřeš)\\p{L}*`, 'iu'),
  // "v kontextu nejsou informace", "v dokumentech není uvedeno"
  new RegExp(`(?:^|[^\\p{L}])(?:nejsou|není|nebyl\\p{L}*)\\s+(?:\\p{L}+\\s+){0,2}?(?:uveden|zmíněn|popsán|specifikován|k dispozici|informac|údaj|zmínk)\\p{L}*`, 'iu'),
  // "žádné informace o …"
  new RegExp(`(?:^|[^\\p{L}])(?:žádn\\p{L}*|nic)\\s+(?:\\p{L}+\\s+)?(?:informac|údaj|zmínk|uveden)\\p{L}*`, 'iu'),
  // "nepodařilo se mi najít", "se mi nepodařilo nalézt", "nenašel jsem"
  new RegExp(`(?:^|[^\\p{L}])(?:nepodařilo se (?:mi )?(?:najít|nalézt|dohledat|zjistit|vyhledat)|(?:se )?(?:mi )?nepodařilo (?:se )?(?:najít|nalézt|dohledat|zjistit|vyhledat)|nenaš(?:el|la|li)|nenalezl\\p{L}*)`, 'iu'),
];
const SRC_CS_RE = new RegExp(`(?:^|[^\\p{L}])${SRC_CS}(?![\\p{L}])`, 'iu');
/** A word every source pattern above needs (a cheap first test: most claims have none). */
const ABSENCE_NAMES_SOURCES = /document|context|source|result|excerpt|passage|snippet|text|material|information|data|zdroj|podklad|pasáž|úryvk|informac|kontext|dokument|materiál/i;
/** A denial every pattern needs: not / no / nothing / n't / lack, Czech ne…, žádn…, nic. */
const ABSENCE_DENIES = /\bno(?:t|thing)?\b|n['’]t\b|\blacks?\b|(?:^|[\s(„"'])(?:ne|žádn|nic)/i;
const ABSENCE_GOES_ON = /,\s*(?:but|however|though|yet|ale|avšak|však|přesto|nicméně)(?![\p{L}])|;\s*\S|\b(?:however|nevertheless)\b/iu;

// A lead-in to a list of what the answer could not find: "Nenašel jsem:", "Bohužel se mi
// nepodařilo dohledat tyto údaje:", "I could not find:", "Not found in the sources:".
const ABSENCE_INTRO =
  /^(?:(?:unfortunately|bohužel)\s*,?\s*)?(?:i\s+(?:could\s+not|couldn['’]t|did\s+not|didn['’]t|was\s+unable\s+to|cannot|can['’]t)\s+find|not\s+found|missing|(?:nenaš(?:el|la|li)|nenalez(?:l|la|li))\s+jsem|(?:se\s+)?(?:mi\s+)?nepodařilo\s+(?:se\s+)?(?:mi\s+)?(?:najít|nalézt|dohledat|zjistit)|nenalezen\p{L}*|chybí)(?![\p{L}])[^:.!?]{0,80}[:：]\s*$/iu;

// The answer's words about its own search, naming no source: "I couldn't find any mention of the
// fee.", "Nenašel jsem zmínku o poplatku.", "Nepodařilo se mi dohledat lhůtu." (first person, at
// the sentence's start: "Researchers could not find a link" is a claim).
const SEARCH_FAILED =
  /^(?:(?:unfortunately|however|bohužel|ale|však)\s*,?\s*)?(?:i\s+(?:could\s+not|couldn['’]t|cannot|can['’]t|did\s+not|didn['’]t|was\s+(?:not\s+)?unable\s+to|wasn['’]t\s+able\s+to|am\s+unable\s+to)\s+(?:find|locate|identify|see)|(?:nenaš(?:el|la|li)|nenalez(?:l|la|li))\s+jsem|(?:se\s+)?mi\s+(?:se\s+)?nepodařilo\s+(?:najít|nalézt|dohledat|zjistit|vyhledat)|nepodařilo\s+se\s+mi\s+(?:najít|nalézt|dohledat|zjistit|vyhledat))(?![\p{L}])/iu;
// What the provided sources are about, as a whole: "The provided documents discuss connection
// conditions.", "Dokumenty se zabývají hlavně technickými podmínkami." A verb of topic only, no
// "that" / "že" clause: "The documents state that the fee is 20 euros" reports a fact.
const SOURCES_TOPIC_EN =
  /^(?:the|these|those|your)\s+(?:(?:provided|given|retrieved|available|supplied|attached|above|cited)\s+)?(?:documents?|documentation|sources?|search results|passages?|excerpts?|snippets?|texts?|materials?|context)\s+(?:\p{L}+ly\s+)?(?:discuss(?:es)?|cover|covers|deals?\s+with|focus(?:es)?\s+on|(?:is|are)\s+(?:\p{L}+ly\s+)?about|concerns?|relates?\s+to|talks?\s+about|address(?:es)?)(?![\p{L}])/iu;
const SOURCES_TOPIC_CS =
  /^(?:(?:poskytnut|dostupn|dodan|uveden|přiložen|citovan)\p{L}*\s+)?(?:dokumenty|dokument|zdroje|texty|podklady|materiály|pasáže|úryvky|kontext)\s+(?:se\s+)?(?:\p{L}+\s+)?(?:zabýv\p{L}*|týk\p{L}*|pojednáv\p{L}*|věnuj\p{L}*|zaměřuj\p{L}*|soustřeďuj\p{L}*)/iu;
const REPORTS_FACT = /(?<![\p{L}])(?:that|že)(?![\p{L}])/iu;

/**
 * True when a sentence speaks of the retrieval itself: a search that found nothing ("I couldn't
 * find any mention of …", "Nenašel jsem …") or what the sources are about as a whole ("The
 * provided documents discuss …", "Dokumenty se zabývají …"). No number, nothing it goes on to
 * state ("…, but it costs 20 euros"), no reported fact ("The documents say that …").
 */
export function isRetrievalNote(text: string): 'search' | 'topic' | undefined {
  const t = text.trim();
  if (t === '' || t.length > 220 || /\d/.test(t)) return undefined;
  // The patterns held to the sentence's start first: most sentences fail them at once, and only
  // a sentence that passes is read whole for what it goes on to state.
  const kind = SEARCH_FAILED.test(t) ? 'search' : (SOURCES_TOPIC_EN.test(t) || SOURCES_TOPIC_CS.test(t)) && !REPORTS_FACT.test(t) ? 'topic' : undefined;
  return kind && !ABSENCE_GOES_ON.test(t) ? kind : undefined;
}

/** Whether a lead-in announces a list of things the answer could not find. */
export function isAbsenceIntro(text: string): boolean {
  return ABSENCE_INTRO.test(text.trim());
}

/** True when a sentence only says that the provided sources do not contain something. */
export function isAbsence(text: string): boolean {
  const t = text.trim();
  if (t === '' || t.length > 220 || /\d/.test(t) || !ABSENCE_NAMES_SOURCES.test(t) || !ABSENCE_DENIES.test(t) || ABSENCE_GOES_ON.test(t)) return false;
  if (ABSENCE_EN.some((re) => re.test(t))) return true;
  return SRC_CS_RE.test(t) && ABSENCE_CS.some((re) => re.test(t));
}
