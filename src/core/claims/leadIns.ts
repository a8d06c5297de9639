// Sentences that introduce what follows, and advice to the reader: when they assert nothing a
// source could support (issue 10, items 1 and 7).
//
// One rule by content, for English and Czech alike:
// - A lead-in is a sentence ending with ':' that something follows. Its words are sorted into
//   announcement words ("here", "the following", "include", "are", "key", "main"), list nouns
//   ("steps", "strategies", "aspects", "outcomes", "resources"), words about the answer and the
//   documents (isMetaWord in claims.ts), function words, topic words already in the user's
//   question — and the rest, its own content. A number or a count word ("three actions", "two
//   main stages") is a specific assertion: the lead-in is a claim. Otherwise at most
//   LEAD_IN_FREE content words ⇒ exempt (rule `lead_in`); up to LEAD_IN_DOUBT ⇒ a warning
//   (rule `lead_in_unsure`: listed as uncited, but COMPLETE does not fail on it); more ⇒ a claim.
// - Advice is a recommendation to check elsewhere ("I recommend verifying the current terms with
//   X directly.", "Please contact the support team for details.") or an announcement of the
//   explanation itself ("Let me explain X's loyalty program:"). It must hold no number and no
//   clause that could carry a fact ("…, because fees changed", "… that the fee is waived").
import { STOPWORDS } from '../text/wordLists';
import { foldWord } from '../text/text';

/** Content words a lead-in may hold and still be exempt, and up to which it is only doubtful. */
export const LEAD_IN_FREE = 2;
export const LEAD_IN_DOUBT = 5;

export type LeadInClass = 'lead_in' | 'lead_in_unsure' | 'claim';

// Words that announce a list or frame it, English (as written) and Czech (folded, by stem below).
const ANNOUNCE_EN = new Set(
  (
    'here following follows below these this those some several various different common commonly key main major primary ' +
    'important notable basic general essential typical typically possible potential useful helpful relevant other additional ' +
    'include includes including included involve involves involved consist consists comprise comprises contain contains cover ' +
    'covers encompass encompasses feature outline outlined summarize summarized highlight highlighted list listed ' +
    'are is be being can could may might would should there as such like them follow get started start consider considered ' +
    'know keep mind worth noting note understand related regarding concerning relating pertaining available overall specific ' +
    'way broadly certain particular few number range variety kind sort paper study article report research author authors survey'
  ).split(' '),
);
const LIST_NOUNS_EN = new Set(
  (
    'step steps way ways strategy strategies tip tips aspect aspects factor factors point points option options example examples ' +
    'resource resources reason reasons method methods approach approaches outcome outcomes feature features benefit benefits ' +
    'thing things consideration considerations type types kind kinds category categories element elements component components ' +
    'stage stages phase phases area areas idea ideas practice practices recommendation recommendations suggestion suggestions ' +
    'highlight highlights finding findings takeaway takeaways advantage advantages disadvantage disadvantages challenge ' +
    'challenges difference differences similarity similarities requirement requirements criterion criteria measure measures ' +
    'action actions item items part parts insight insights fact facts detail details guideline guidelines rule rules principle ' +
    'principles characteristic characteristics property properties technique techniques tool tools concept concepts topic topics ' +
    'consequence consequences effect effects cause causes risk risks issue issues problem problems solution solutions ' +
    'alternative alternatives question questions service services product products source sources work works'
  ).split(' '),
);
/** Czech announcement words and list nouns by stem (diacritics folded). */
const LEAD_STEMS_CS = [
  'nasleduj', 'patri', 'zahrnuj', 'zahrnu', 'obsahuj', 'tvori', 'sestava', 'zde', 'tady', 'mezi', 'hlavn', 'klicov', 'zakladn',
  'dulezit', 'bezn', 'nektere', 'nekter', 'ruzn', 'dalsi', 'jinych', 'jine', 'moznost', 'krok', 'zpusob', 'strategi', 'faktor',
  'aspekt', 'bod', 'tip', 'priklad', 'metod', 'pristup', 'vyhod', 'nevyhod', 'typ', 'druh', 'oblast', 'prvk', 'prvek', 'soucast',
  'faze', 'etap', 'doporucen', 'opatreni', 'zasad', 'pravid', 'vlastnost', 'rys', 'duvod', 'vysled', 'zdroj', 'podminek',
  'podminky', 'pozadav', 'pricin', 'kriteri', 'problem', 'reseni', 'dusled', 'rizik', 'sluzb', 'produkt', 'vec', 'veci', 'patrit', 'lze',
  'muzeme', 'muzete', 'nejdulezitejsi', 'uvest', 'jsou', 'je', 'jde', 'tyto', 'tyka', 'souvisej',
];
const LEAD_STEM_RE = new RegExp(`^(?:${LEAD_STEMS_CS.join('|')})`);

// "three actions", "two main stages", "tři kroky": a count is a specific assertion.
const COUNT_WORDS = new Set(
  (
    'two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen twenty dozen dozens hundred hundreds thousand ' +
    'dva dve dvou dvema tri trech trem tremi ctyri ctyr ctyrech pet peti sest sesti sedm sedmi osm osmi devet deviti deset deseti'
  ).split(' '),
);

const WORD_RE = /\p{L}+(?:['’]\p{L}+)*/gu;

/** A digit or a count word: the sentence says how many, which a source must support. */
export function statesCount(text: string): boolean {
  if (/\d/.test(text)) return true;
  for (const tok of text.match(WORD_RE) ?? []) if (COUNT_WORDS.has(foldWord(tok, 'latin'))) return true;
  return false;
}

interface Words {
  tokens: string[];
  folded: string[];
}

function wordsOfText(text: string): Words {
  const tokens = text.match(WORD_RE) ?? [];
  return { tokens, folded: tokens.map((t) => foldWord(t.replace(/['’]s$/u, ''), 'latin')) };
}

/**
 * How a sentence ending with ':' that something follows reads: an exempt announcement, a doubtful
 * one (warning) or a claim. `isMetaWord` is claims.ts's test for words about the answer and the
 * documents; `topic` holds the folded words of the user's question (they assert nothing new).
 */
export function classifyLeadIn(text: string, isMetaWord: (folded: string) => boolean, topic: ReadonlySet<string>): LeadInClass {
  const t = text.trim();
  if (!/[:：]$/.test(t) || t.length > 240 || /\d/.test(t)) return 'claim';
  const { folded } = wordsOfText(t);
  let content = 0;
  for (const f of folded) {
    if (COUNT_WORDS.has(f)) return 'claim';
    if (ANNOUNCE_EN.has(f) || LIST_NOUNS_EN.has(f) || LEAD_STEM_RE.test(f) || isMetaWord(f) || STOPWORDS.has(f) || topicHas(topic, f)) continue;
    content++;
  }
  if (content <= LEAD_IN_FREE) return 'lead_in';
  return content <= LEAD_IN_DOUBT ? 'lead_in_unsure' : 'claim';
}

/** A question word matches its plural or possessive in the lead-in ("resource" / "resources"). */
function topicHas(topic: ReadonlySet<string>, f: string): boolean {
  if (topic.size === 0 || f.length < 3) return false;
  return topic.has(f) || (f.endsWith('s') && topic.has(f.slice(0, -1))) || topic.has(`${f}s`);
}

/** The folded content words of the user's question, for classifyLeadIn. */
export function topicWords(query: string | undefined): Set<string> {
  const out = new Set<string>();
  if (typeof query !== 'string' || query === '') return out;
  for (const tok of query.slice(0, 4000).match(WORD_RE) ?? []) {
    const f = foldWord(tok.replace(/['’]s$/u, ''), 'latin');
    if (f.length >= 3 && !STOPWORDS.has(f)) out.add(f);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Advice and announcements of the answer itself

const ADVICE_EN: RegExp[] = [
  // "I recommend verifying …", "We would suggest that you contact …", "I'd advise you to check …"
  /^(?:i|we)(?:\s+would|['’]d)?(?:\s+(?:strongly|also|always|highly))?\s+(?:recommend|suggest|advise|encourage|urge)\s+(?:that\s+)?(?:you\s+)?(?:to\s+)?(?:(?:also|always|first)\s+)?(?:verify|verifying|check|checking|double-check|double-checking|confirm|confirming|consult|consulting|contact|contacting|reach|reaching|visit|visiting|review|reviewing|read|reading|refer|referring|ask|asking|speak|speaking|talk|talking|look|looking|get|getting\s+in\s+touch)\b/i,
  // "Please contact …", "Be sure to verify …", "Feel free to ask …"
  /^(?:please\s+)?(?:be sure to|make sure to|remember to|do not hesitate to|don['’]t hesitate to|feel free to|you may want to|you might want to|you should|it is (?:always )?(?:a good idea|advisable|recommended|best|wise) to|it['’]s (?:always )?(?:a good idea|advisable|best|wise) to)\s+(?:verify|check|double-check|confirm|consult|contact|reach out|visit|review|read|refer|ask|speak|talk|look)\b/i,
  /^please\s+(?:verify|check|double-check|confirm|consult|contact|reach out|visit|review|refer|ask)\b/i,
  // "For more information, visit …", "For the latest details, please check …"
  /^for\s+(?:an?|the|more)\s+(?:\p{L}+\s+){0,3}?(?:answer|information|details)\b[^.]{0,60}?,?\s*(?:i|we)\s+(?:would\s+)?(?:recommend|suggest|advise)\s+(?:verifying|checking|consulting|contacting|searching|visiting|reviewing|reading|looking)\b/iu,
  /^for\s+(?:more|further|additional|the\s+(?:most\s+)?(?:latest|current|up-to-date|accurate|complete))\s+(?:\p{L}+\s+){0,2}?(?:information|details|guidance|help|updates?)\b.*?,\s*(?:please\s+)?(?:see|visit|check|contact|consult|refer|read|review|ask|reach)\b/iu,
];
// "Let me explain …", "I'll outline …", "Here's an overview of …"
const ANNOUNCE_SELF_EN =
  /^(?:let\s+me|let['’]s|i\s+will|i['’]ll|i\s+can|i\s+would\s+like\s+to|i['’]d\s+like\s+to|allow\s+me\s+to)\s+(?:now\s+|briefly\s+|first\s+)?(?:explain|summarize|summarise|outline|describe|walk\s+you\s+through|break\s+down|go\s+over|clarify|list|detail|review|look\s+at|take\s+a\s+look\s+at|share|present|highlight|cover)\b/i;
const ADVICE_CS: RegExp[] = [
  /^(?:doporučuji|doporučujeme|doporučil\p{L}*\s+bych|radím|radíme|navrhuji)\s+(?:vám\s+)?(?:si\s+)?(?:ověřit|zkontrolovat|kontaktovat|obrátit\s+se|navštívit|konzultovat|prověřit|přečíst|vyhledat|dohledat|prostudovat|zeptat\s+se|podívat\s+se|informovat\s+se)/iu,
  /^(?:prosím\s+)?(?:kontaktujte|obraťte\s+se|navštivte|ověřte\s+si|zkontrolujte|informujte\s+se|podívejte\s+se)\b/iu,
  // "Pro přesnou odpověď na tuto otázku doporučuji vyhledat …"
  /^pro\s+(?:\p{L}+\s+){1,6}?(?:doporučuji|doporučujeme|radím|radíme|navrhuji)\s+(?:vám\s+)?(?:si\s+)?(?:ověřit|zkontrolovat|kontaktovat|obrátit\s+se|navštívit|konzultovat|prověřit|přečíst|vyhledat|dohledat|najít|prostudovat|zeptat\s+se|podívat\s+se|informovat\s+se)/iu,
  /^pro\s+(?:více|další|podrobnější|aktuální|nejnovější)\s+(?:\p{L}+\s+){0,2}?(?:informac|podrobnost|údaj)\p{L}*.*?,\s*(?:prosím\s+)?(?:navštivte|kontaktujte|se\s+obraťte|obraťte\s+se|viz|podívejte|nahlédněte)/iu,
];
const ANNOUNCE_SELF_CS = /^(?:dovolte\s+mi|nyní|teď)?\s*(?:vysvětlím|shrnu|popíšu|uvedu|projdu|představím|nastíním|vysvětlit|shrnout|popsat)\b/iu;

/** Clauses that could carry a fact of their own ("…, because fees changed", "… that it is free"). */
const FACT_CLAUSE = /\b(?:that|which|because|since|although|though|but|while|whereas|unless|however|as\s+(?:it|they|the|this))\b|(?:^|[^\p{L}])(?:že|protože|který|která|které|kteří|ale|však|jelikož|neboť|přestože)(?![\p{L}])/iu;

/**
 * True for advice to the reader to check elsewhere, and for the answer announcing its own
 * explanation ("Let me explain X's loyalty program:"): no number, no clause with a fact of its own.
 */
export function isAdvice(text: string): boolean {
  const t = text.trim().replace(/^(?:however|additionally|also|finally|lastly|in any case|of course|therefore|so|nicméně|také|nakonec|proto)\s*,?\s+/iu, '');
  if (t === '' || t.length > 220) return false;
  // The anchored patterns first: they fail at the first word of almost every claim.
  const advice = ADVICE_EN.some((re) => re.test(t)) || ADVICE_CS.some((re) => re.test(t));
  // An announcement of the explanation is advice only while it is short: a longer one says what it explains.
  const announce = !advice && (ANNOUNCE_SELF_EN.test(t) || ANNOUNCE_SELF_CS.test(t)) && wordsOfText(t).tokens.length <= 12;
  if (!advice && !announce) return false;
  return !/\d/.test(t) && !FACT_CLAUSE.test(t) && !/[?？]$/.test(t);
}
