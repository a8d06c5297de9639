// English and Czech texts of every local finding. Each says what is wrong and where (the marker
// or the start of the claim), in one short sentence.
import type { CitationStyle, Language, RequiredStyle } from './types';
import { excerpt } from './text';

export interface FindingMessages {
  // EXISTS
  unknownChunk(p: { marker: string; ref: string }): string;
  refOutOfRange(p: { marker: string; ref: string; count: number; base: 0 | 1 }): string;
  emptyChunk(p: { marker: string; chunkId: string }): string;
  noChunks(p: { marker: string }): string;
  locationMissing(p: { marker: string }): string;
  inputUnreadable(p: { input: 'chunks' | 'answer' | 'structured_citations'; message: string; line?: number; column?: number }): string;
  // FORMATTED
  malformedMarker(p: { marker: string; reason: string }): string;
  mixedStyles(p: { marker: string; style: CitationStyle; majority: CitationStyle }): string;
  wrongStyle(p: { marker: string; style: CitationStyle; required: RequiredStyle }): string;
  // COMPLETE
  uncitedClaim(p: { claim: string }): string;
  noCitations(p: { claims: number }): string;
  exemptClaim(p: { claim: string; rule: string; reason: string }): string;
  uncitedLeadIn(p: { claim: string; rule: string }): string;
  // Quotes and offsets
  offsetsOutOfBounds(p: { marker: string; chunkId: string; start: number; end: number; length: number }): string;
  offsetsInverted(p: { marker: string; chunkId: string; start: number; end: number }): string;
  offsetsWrong(p: { marker: string; chunkId: string; start: number; end: number; foundStart: number; foundEnd: number }): string;
  quoteUncertain(p: { marker: string; chunkId: string; quote: string; similarity: number }): string;
  quoteNotFound(p: { marker: string; chunkId: string | null; quote: string; similarity: number; sourceMissing: boolean }): string;
  quoteInOtherChunk(p: { marker: string; chunkId: string | null; quote: string; otherChunkId: string }): string;
  // Numbers
  numberAbsent(p: { number: string; claim: string; chunkIds: string[] }): string;
  // Relevance
  betterChunk(p: { marker: string; claim: string; chunkId: string; suggested: string }): string;
  lowOverlap(p: { marker: string; claim: string; chunkId: string }): string;
  // Content signals
  entityAbsent(p: { name: string; claim: string; chunkIds: string[] }): string;
  negationMismatch(p: { word: string; inClaim: boolean; claim: string; chunkIds: string[] }): string;
  oppositeMismatch(p: { word: string; claim: string; chunkIds: string[] }): string;
  qualifierMismatch(p: { word: string; claim: string; chunkIds: string[] }): string;
}

const STYLE_SHAPE: Record<CitationStyle | RequiredStyle, string> = {
  latex_cite: '\\cite{…}',
  bracket_number: '[1]',
  bracket_id: '[id]',
  fullwidth: '【1】',
  footnote: '[^1]',
  longcite: '<cite>[s-e]</cite>',
  structured: 'structured',
  auto: 'auto',
};

const pct = (x: number) => `${Math.round(x * 100)} %`;
const q = (s: string, max = 60) => excerpt(s, max);
/** Text ending in exactly one full stop (reasons are written as sentences; some callers' are not). */
const sentence = (s: string) => (/[.!?…]$/.test(s.trimEnd()) ? s.trimEnd() : `${s.trimEnd()}.`);
const list = (ids: string[]) => ids.join(', ');

const en: FindingMessages = {
  unknownChunk: ({ marker, ref }) => `${marker} cites "${ref}", which is not among the chunks.`,
  refOutOfRange: ({ marker, ref, count, base }) =>
    `${marker} points to chunk number ${ref} (${base === 0 ? '0-based' : '1-based'}), but there ${count === 1 ? 'is only 1 chunk' : `are only ${count} chunks`}.`,
  emptyChunk: ({ marker, chunkId }) => `${marker} cites chunk "${chunkId}", which has no text.`,
  noChunks: ({ marker }) => `${marker} cites a source, but the case has no chunks at all.`,
  locationMissing: ({ marker }) => `${marker}: no chunk holds that part of the document.`,
  inputUnreadable: ({ input, message, line, column }) =>
    `${input === 'chunks' ? 'The Chunks input does not parse' : input === 'answer' ? 'The Answer input could not be read' : 'The structured citations could not be read'}${line !== undefined ? ` (line ${line}, column ${column ?? 1})` : ''}: ${sentence(message)}`,
  malformedMarker: ({ marker, reason }) => `Malformed citation marker ${marker}: ${reason}.`,
  mixedStyles: ({ marker, style, majority }) =>
    `${marker} uses the ${STYLE_SHAPE[style]} style while the rest of the answer uses ${STYLE_SHAPE[majority]}.`,
  wrongStyle: ({ marker, required }) => `${marker} does not use the required ${STYLE_SHAPE[required]} style.`,
  uncitedClaim: ({ claim }) => `No citation for the claim "${q(claim)}".`,
  noCitations: ({ claims }) => `The answer cites nothing, although ${claims === 1 ? '1 claim needs' : `${claims} claims need`} a citation.`,
  exemptClaim: ({ claim, rule, reason }) => `Exempt (${rule}): "${q(claim, 40)}" — ${sentence(reason)}`,
  uncitedLeadIn: ({ claim, rule }) =>
    `No citation for the introduction "${q(claim)}" (${rule}): it may state a fact of its own; cite it or check that the items below support it.`,
  offsetsOutOfBounds: ({ marker, chunkId, start, end, length }) =>
    `${marker}: offsets ${start}–${end} lie outside chunk "${chunkId}" (length ${length}).`,
  offsetsInverted: ({ marker, chunkId, start, end }) =>
    `${marker}: offsets ${start}–${end} into chunk "${chunkId}" do not form a span (start must be before end).`,
  offsetsWrong: ({ marker, chunkId, start, end, foundStart, foundEnd }) =>
    `${marker}: the quote is not at ${start}–${end} in chunk "${chunkId}" but at ${foundStart}–${foundEnd}.`,
  quoteUncertain: ({ marker, chunkId, quote, similarity }) =>
    `${marker}: the quote "${q(quote, 40)}" is not verbatim in chunk "${chunkId}"; the closest passage is ${pct(similarity)} similar.`,
  quoteNotFound: ({ marker, chunkId, quote, similarity, sourceMissing }) =>
    sourceMissing
      ? `${marker}: the quote "${q(quote, 40)}" cannot be found: the cited chunk${chunkId ? ` "${chunkId}"` : ''} has no text, and no other chunk contains it.`
      : `${marker}: the quote "${q(quote, 40)}" is not in chunk "${chunkId}" (best match ${pct(similarity)} similar); likely fabricated.`,
  quoteInOtherChunk: ({ marker, chunkId, quote, otherChunkId }) =>
    `${marker}: the quote "${q(quote, 40)}" is in chunk "${otherChunkId}", not in the cited ${chunkId ? `chunk "${chunkId}"` : 'source'}.`,
  numberAbsent: ({ number, claim, chunkIds }) =>
    `"${number}" in "${q(claim, 40)}" appears in none of the cited chunks (${list(chunkIds)}); the claim is at most partially supported.`,
  betterChunk: ({ marker, claim, chunkId, suggested }) =>
    `${marker}: chunk "${suggested}" matches "${q(claim, 40)}" much better than the cited chunk "${chunkId}"; cite chunk "${suggested}" instead?`,
  lowOverlap: ({ marker, claim, chunkId }) => `${marker}: cited chunk "${chunkId}" shares almost no words with "${q(claim, 40)}".`,
  entityAbsent: ({ name, claim, chunkIds }) =>
    `"${name}" in "${q(claim, 40)}" is named in none of the cited chunks (${list(chunkIds)}); check that they are about it.`,
  negationMismatch: ({ word, inClaim, claim, chunkIds }) =>
    inClaim
      ? `"${q(claim, 40)}" says "${word}", but the passage of the cited chunks (${list(chunkIds)}) that states it is not negated.`
      : `The passage of the cited chunks (${list(chunkIds)}) that states "${q(claim, 40)}" is negated ("${word}"); the claim is not.`,
  oppositeMismatch: ({ word, claim, chunkIds }) =>
    `"${q(claim, 40)}" says "${word}", but the passage of the cited chunks (${list(chunkIds)}) that states it says the opposite.`,
  qualifierMismatch: ({ word, claim, chunkIds }) =>
    `"${word}" in "${q(claim, 40)}" has no counterpart in the cited chunks (${list(chunkIds)}); the claim may be broader than its source.`,
};

// Czech words for the exemption rules and malformation reasons other modules write in English.
const CS_RULES: Record<string, string> = {
  question: 'otázka',
  heading: 'nadpis',
  meta: 'meta-věta',
  meta_intro: 'úvodní meta-věta',
  lead_in: 'uvozovací věta',
  lead_in_unsure: 'možná jen uvozovací věta',
  advice: 'rada čtenáři',
  no_information: 'zdroje to neuvádějí',
  list_item: 'položka seznamu',
  sentence: 'věta',
  greeting: 'pozdrav',
  empty: 'prázdné',
  too_short: 'příliš krátké',
};
function csReason(reason: string): string {
  const r = reason.toLowerCase();
  if (r.includes('unclosed')) return 'neuzavřená značka';
  if (r.includes('empty')) return 'prázdná značka';
  if (r.includes('range')) return 'neplatný rozsah';
  return reason;
}
const csChunks = (n: number) => (n === 1 ? '1 úryvek' : n >= 2 && n <= 4 ? `${n} úryvky` : `${n} úryvků`);
const csClaims = (n: number) => (n === 1 ? '1 tvrzení potřebuje' : `${n} tvrzení potřebují`);

const cs: FindingMessages = {
  unknownChunk: ({ marker, ref }) => `${marker} cituje „${ref}“, který mezi úryvky není.`,
  refOutOfRange: ({ marker, ref, count, base }) =>
    `${marker} odkazuje na úryvek číslo ${ref} (číslováno od ${base}), ale k dispozici ${count === 1 ? 'je' : 'jsou'} jen ${csChunks(count)}.`,
  emptyChunk: ({ marker, chunkId }) => `${marker} cituje úryvek „${chunkId}“, který nemá žádný text.`,
  noChunks: ({ marker }) => `${marker} cituje zdroj, ale případ neobsahuje žádné úryvky.`,
  locationMissing: ({ marker }) => `${marker}: tuto část dokumentu žádný úryvek neobsahuje.`,
  inputUnreadable: ({ input, message, line, column }) =>
    `${input === 'chunks' ? 'Vstup Úryvky nejde zpracovat' : input === 'answer' ? 'Vstup Odpověď nejde přečíst' : 'Strukturované citace nejde přečíst'}${line !== undefined ? ` (řádek ${line}, sloupec ${column ?? 1})` : ''}: ${sentence(message)}`,
  malformedMarker: ({ marker, reason }) => `Chybně zapsaná citace ${marker}: ${csReason(reason)}.`,
  mixedStyles: ({ marker, style, majority }) =>
    `${marker} používá styl ${STYLE_SHAPE[style]}, zbytek odpovědi ale ${STYLE_SHAPE[majority]}.`,
  wrongStyle: ({ marker, required }) => `${marker} nepoužívá požadovaný styl ${STYLE_SHAPE[required]}.`,
  uncitedClaim: ({ claim }) => `Tvrzení „${q(claim)}“ nemá citaci.`,
  noCitations: ({ claims }) => `Odpověď necituje nic, přestože ${csClaims(claims)} citaci.`,
  // The rule id stays visible beside its Czech name: it is what the README and the report JSON call it.
  exemptClaim: ({ claim, rule, reason }) => `Výjimka (${CS_RULES[rule] ? `${CS_RULES[rule]}, ${rule}` : rule}): „${q(claim, 40)}“ — ${sentence(reason)}`,
  uncitedLeadIn: ({ claim, rule }) =>
    `Úvod „${q(claim)}“ nemá citaci (${CS_RULES[rule] ?? rule}): může tvrdit vlastní fakt; ocitujte ho nebo ověřte, že ho podkládají položky pod ním.`,
  offsetsOutOfBounds: ({ marker, chunkId, start, end, length }) =>
    `${marker}: pozice ${start}–${end} leží mimo úryvek „${chunkId}“ (délka ${length}).`,
  offsetsInverted: ({ marker, chunkId, start, end }) =>
    `${marker}: pozice ${start}–${end} v úryvku „${chunkId}“ netvoří rozsah (začátek musí být před koncem).`,
  offsetsWrong: ({ marker, chunkId, start, end, foundStart, foundEnd }) =>
    `${marker}: citát v úryvku „${chunkId}“ není na pozici ${start}–${end}, ale na ${foundStart}–${foundEnd}.`,
  quoteUncertain: ({ marker, chunkId, quote, similarity }) =>
    `${marker}: citát „${q(quote, 40)}“ není v úryvku „${chunkId}“ doslovně; nejbližší pasáž je podobná z ${pct(similarity)}.`,
  quoteNotFound: ({ marker, chunkId, quote, similarity, sourceMissing }) =>
    sourceMissing
      ? `${marker}: citát „${q(quote, 40)}“ nelze ověřit: citovaný úryvek${chunkId ? ` „${chunkId}“` : ''} nemá text a žádný jiný úryvek citát neobsahuje.`
      : `${marker}: citát „${q(quote, 40)}“ v úryvku „${chunkId}“ není (nejbližší shoda ${pct(similarity)}); pravděpodobně je vymyšlený.`,
  quoteInOtherChunk: ({ marker, chunkId, quote, otherChunkId }) =>
    `${marker}: citát „${q(quote, 40)}“ je v úryvku „${otherChunkId}“, ne v citovaném ${chunkId ? `úryvku „${chunkId}“` : 'zdroji'}.`,
  numberAbsent: ({ number, claim, chunkIds }) =>
    `„${number}“ v „${q(claim, 40)}“ není v žádném citovaném úryvku (${list(chunkIds)}); tvrzení je nanejvýš částečně podložené.`,
  betterChunk: ({ marker, claim, chunkId, suggested }) =>
    `${marker}: úryvek „${suggested}“ odpovídá „${q(claim, 40)}“ mnohem lépe než citovaný „${chunkId}“; necitovat raději „${suggested}“?`,
  lowOverlap: ({ marker, claim, chunkId }) => `${marker}: citovaný úryvek „${chunkId}“ nemá s „${q(claim, 40)}“ téměř žádná společná slova.`,
  entityAbsent: ({ name, claim, chunkIds }) =>
    `„${name}“ z „${q(claim, 40)}“ se v žádném citovaném úryvku (${list(chunkIds)}) nezmiňuje; ověřte, že jde o totéž.`,
  negationMismatch: ({ word, inClaim, claim, chunkIds }) =>
    inClaim
      ? `„${q(claim, 40)}“ obsahuje zápor „${word}“, ale pasáž citovaných úryvků (${list(chunkIds)}), která totéž uvádí, zápor nemá.`
      : `Pasáž citovaných úryvků (${list(chunkIds)}), která uvádí „${q(claim, 40)}“, je záporná („${word}“); tvrzení ne.`,
  oppositeMismatch: ({ word, claim, chunkIds }) =>
    `„${q(claim, 40)}“ uvádí „${word}“, ale pasáž citovaných úryvků (${list(chunkIds)}), která totéž uvádí, říká opak.`,
  qualifierMismatch: ({ word, claim, chunkIds }) =>
    `„${word}“ z „${q(claim, 40)}“ nemá v citovaných úryvcích (${list(chunkIds)}) protějšek; tvrzení může být širší než zdroj.`,
};

const CATALOG: Record<Language, FindingMessages> = { en, cs };

/** The finding texts in `lang` (English for anything unknown). */
export function messagesFor(lang: Language): FindingMessages {
  return CATALOG[lang] ?? en;
}

/**
 * How a citation is named in messages: its marker, or for a structured one what the user can
 * see — the chunk id(s) it resolved to and the document's title and pages — never a bare
 * position such as the Anthropic API's document_index.
 */
export function citationLabel(
  c: { marker: string; ref: string; style: string; chunk_id?: string | null; source_chunk_ids?: string[]; source_document?: { title?: string; pages?: [number, number] } },
  lang: Language,
): string {
  if (c.marker && c.style !== 'structured') return c.marker;
  const cs = lang === 'cs';
  const doc = c.source_document;
  const pages = doc?.pages
    ? doc.pages[1] - doc.pages[0] <= 1
      ? cs ? `str. ${doc.pages[0]}` : `page ${doc.pages[0]}`
      : cs ? `str. ${doc.pages[0]}–${doc.pages[1] - 1}` : `pages ${doc.pages[0]}–${doc.pages[1] - 1}`
    : '';
  const where = [doc?.title !== undefined ? (cs ? `„${doc.title}“` : `"${doc.title}"`) : '', pages].filter(Boolean).join(', ');
  const ids = c.source_chunk_ids && c.source_chunk_ids.length > 1 ? c.source_chunk_ids : c.chunk_id ? [c.chunk_id] : [];
  if (ids.length > 0) {
    const named = ids.map((id) => (cs ? `„${id}“` : `"${id}"`)).join(', ');
    const what = cs ? (ids.length > 1 ? `Citace úryvků ${named}` : `Citace úryvku ${named}`) : ids.length > 1 ? `Citation of chunks ${named}` : `Citation of chunk ${named}`;
    return where ? `${what} (${where})` : what;
  }
  if (where) return cs ? `Citace ${where}` : `Citation of ${where}`;
  const ref = c.ref || '?';
  return cs ? `Citace zdroje „${ref}“` : `Citation of source "${ref}"`;
}
