// The English texts the core writes: every finding (what is wrong and where — the marker or the
// start of the claim — in one short sentence), the report's summary, its recommendations and the
// issues the model step adds. Each entry takes one object of parameters, so a text can be stored
// as a key and its parameters (core/report/messages.ts) and written again in the other language.
import type { CitationStyle, RequiredStyle, SupportVerdict, UnreadableInput, Verdict } from '../../types';
import { plural } from '../plural';
import { ruleName } from './ruleNames';
import { STYLE_SHAPE, list, nth, pct, q, sentence } from './format';

type Input = UnreadableInput['input'];
const VERDICT_EN: Record<SupportVerdict, string> = { fully_supported: 'fully supported', partially_supported: 'partially supported', not_supported: 'not supported' };
// How a name was found in a chunk without its own words (checks/names.ts).
const NAME_RULE_EN: Record<string, string> = { alias: 'another name of the same thing', acronym: 'an acronym and its expansion', spelling: 'a close spelling or another form of the word', head: 'its distinctive word as a name of its own' };
const INPUT_NAME: Record<Input, string> = { chunks: 'The Chunks input', answer: 'The Answer input', structured_citations: 'The structured citations' };
// Why a claim needs no citation, by exemption rule (claims.ts).
const EXEMPTION_REASON: Record<string, string> = {
  lead_in: 'It only announces the list or text that follows (no count, number or fact of its own); what follows carries the claims.',
  lead_in_unsure: 'It introduces what follows, but names more than a generic announcement would: check whether it states a fact that needs a citation.',
  advice: 'Advice to the reader or an announcement of the explanation itself: it states no fact from a source.',
  no_information: 'It says that the provided sources do not contain something: there is nothing to cite for it.',
  heading: 'A heading only structures the answer; it asserts nothing.',
  question: 'A question asserts nothing, so it needs no citation.',
  meta: 'A sentence about the answer or the conversation itself: no names, numbers or facts to support.',
  meta_intro: 'An introduction to what follows; it states no fact of its own.',
  longcite_empty_cite: 'The answer marks this statement as needing no citation (empty <cite></cite>).',
  no_content: 'There are no words here to support.',
};
// A rule by name, the id beside it (what docs/checks.md and the report JSON call it).
const ruleWithName = (rule: string) => {
  const name = ruleName('en', rule);
  return name ? `${name}, ${rule}` : rule;
};
const claims = (n: number) => plural('en', n, { one: '# claim', other: '# claims' });

export const en = {
  // EXISTS
  unknownChunk: ({ marker, ref }: { marker: string; ref: string }) => `${marker} cites "${ref}", which is not among the chunks.`,
  refOutOfRange: ({ marker, ref, count, base }: { marker: string; ref: string; count: number; base: 0 | 1 }) =>
    `${marker} points to chunk number ${ref} (${base === 0 ? '0-based' : '1-based'}), but there ${plural('en', count, { one: 'is only # chunk', other: 'are only # chunks' })}.`,
  emptyChunk: ({ marker, chunkId }: { marker: string; chunkId: string }) => `${marker} cites chunk "${chunkId}", which has no text.`,
  noChunks: ({ marker }: { marker: string }) => `${marker} cites a source, but the case has no chunks at all.`,
  locationMissing: ({ marker }: { marker: string }) => `${marker}: no chunk holds that part of the document.`,
  inputUnreadable: ({ input, message, line, column }: { input: Input; message: string; line?: number; column?: number }) =>
    `${input === 'chunks' ? 'The Chunks input does not parse' : input === 'answer' ? 'The Answer input could not be read' : 'The structured citations could not be read'}${line !== undefined ? ` (line ${line}, column ${column ?? 1})` : ''}: ${sentence(message)}`,
  // The parser's own words say what was repaired and where (the path); kept as they are in English.
  structuredRepaired: ({ message }: { message: string }) => message,
  // FORMATTED
  malformedMarker: ({ marker, reason }: { marker: string; reason: string }) => `Malformed citation marker ${marker}: ${reason}.`,
  mixedStyles: ({ marker, style, majority }: { marker: string; style: CitationStyle; majority: CitationStyle }) =>
    `${marker} uses the ${STYLE_SHAPE[style]} style while the rest of the answer uses ${STYLE_SHAPE[majority]}.`,
  wrongStyle: ({ marker, required }: { marker: string; style: CitationStyle; required: RequiredStyle }) => `${marker} does not use the required ${STYLE_SHAPE[required]} style.`,
  retrievalArtefact: ({ text }: { text: string }) => `"${q(text)}" is the retrieval pipeline's wording, not the answer's: remove it (a reader cannot see passages, chunks or their ids).`,
  repeatedSentence: ({ claim, first }: { claim: string; first: number }) => `"${q(claim)}" says claim ${nth(first)} again, word for word: say it once.`,
  // COMPLETE
  uncitedClaim: ({ claim }: { claim: string }) => `No citation for the claim "${q(claim)}".`,
  noCitations: ({ claims: n }: { claims: number }) =>
    `The answer cites nothing, although ${plural('en', n, { one: '# claim needs', other: '# claims need' })} a citation.`,
  exemptClaim: ({ claim, rule, reason }: { claim: string; rule: string; reason: string }) => `Exempt (${ruleWithName(rule)}): "${q(claim, 40)}" — ${sentence(reason)}`,
  uncitedLeadIn: ({ claim, rule }: { claim: string; rule: string }) =>
    `No citation for the introduction "${q(claim)}" (${ruleWithName(rule)}): it may state a fact of its own; cite it or check that the items below support it.`,
  // Quotes and offsets
  offsetsOutOfBounds: ({ marker, chunkId, start, end, length }: { marker: string; chunkId: string; start: number; end: number; length: number }) =>
    `${marker}: offsets ${start}–${end} lie outside chunk "${chunkId}" (length ${length}).`,
  offsetsInverted: ({ marker, chunkId, start, end }: { marker: string; chunkId: string; start: number; end: number }) =>
    `${marker}: offsets ${start}–${end} into chunk "${chunkId}" do not form a span (start must be before end).`,
  offsetsWrong: ({ marker, chunkId, start, end, foundStart, foundEnd }: { marker: string; chunkId: string; start: number; end: number; foundStart: number; foundEnd: number }) =>
    `${marker}: the quote is not at ${start}–${end} in chunk "${chunkId}" but at ${foundStart}–${foundEnd}.`,
  quoteUncertain: ({ marker, chunkId, quote, similarity }: { marker: string; chunkId: string; quote: string; similarity: number }) =>
    `${marker}: the quote "${q(quote, 40)}" is not verbatim in chunk "${chunkId}"; the closest passage is ${pct(similarity)} similar.`,
  quoteNotFound: ({ marker, chunkId, quote, similarity, sourceMissing }: { marker: string; chunkId: string | null; quote: string; similarity: number; sourceMissing: boolean }) =>
    sourceMissing
      ? `${marker}: the quote "${q(quote, 40)}" cannot be found: the cited chunk${chunkId ? ` "${chunkId}"` : ''} has no text, and no other chunk contains it.`
      : `${marker}: the quote "${q(quote, 40)}" is not in chunk "${chunkId}" (best match ${pct(similarity)} similar); likely fabricated.`,
  quoteInOtherChunk: ({ marker, chunkId, quote, otherChunkId }: { marker: string; chunkId: string | null; quote: string; otherChunkId: string }) =>
    `${marker}: the quote "${q(quote, 40)}" is in chunk "${otherChunkId}", not in the cited ${chunkId ? `chunk "${chunkId}"` : 'source'}.`,
  // Numbers
  numberAbsent: ({ number, claim, chunkIds }: { number: string; claim: string; chunkIds: string[] }) =>
    `"${number}" in "${q(claim, 40)}" appears in none of the cited chunks (${list(chunkIds)}); the claim is at most partially supported.`,
  // Relevance
  betterChunk: ({ marker, claim, chunkId, suggested }: { marker: string; claim: string; chunkId: string; suggested: string }) =>
    `${marker}: chunk "${suggested}" matches "${q(claim, 40)}" much better than the cited chunk "${chunkId}"; cite chunk "${suggested}" instead?`,
  lowOverlap: ({ marker, claim, chunkId }: { marker: string; claim: string; chunkId: string }) => `${marker}: cited chunk "${chunkId}" shares almost no words with "${q(claim, 40)}".`,
  // Content signals
  entityAbsent: ({ name, claim, chunkIds }: { name: string; claim: string; chunkIds: string[] }) =>
    `"${name}" in "${q(claim, 40)}" is named in none of the cited chunks (${list(chunkIds)}); check that they are about it.`,
  nameEquivalent: ({ name, found, rule, chunkIds }: { name: string; found: string; rule: string; chunkIds: string[] }) =>
    `"${name}" is taken as named in the cited chunks (${list(chunkIds)}) as "${q(found, 40)}" (${NAME_RULE_EN[rule] ?? rule}); check that they are the same.`,
  wordsApart: ({ claim, chunkId, from, to, window, missing }: { claim: string; chunkId: string; from: number; to: number; window: string; missing: string[] }) =>
    `The words of "${q(claim, 40)}" are nowhere together in chunk "${chunkId}": its closest passage (sentences ${from}–${to}, "${q(window, 60)}") lacks ${list(missing.slice(0, 8))}.`,
  negationMismatch: ({ word, inClaim, claim, chunkIds }: { word: string; inClaim: boolean; claim: string; chunkIds: string[] }) =>
    inClaim
      ? `"${q(claim, 40)}" says "${word}", but the passage of the cited chunks (${list(chunkIds)}) that states it is not negated.`
      : `The passage of the cited chunks (${list(chunkIds)}) that states "${q(claim, 40)}" is negated ("${word}"); the claim is not.`,
  oppositeMismatch: ({ word, claim, chunkIds }: { word: string; claim: string; chunkIds: string[] }) =>
    `"${q(claim, 40)}" says "${word}", but the passage of the cited chunks (${list(chunkIds)}) that states it says the opposite.`,
  contradictsPassage: ({ claim, chunkId, passage, word, side }: { claim: string; chunkId: string; passage: string; word: string; side: 'claim' | 'passage' | 'pair' }) =>
    `"${q(claim, 60)}" says the opposite of chunk "${chunkId}": "${q(passage, 90)}" (${side === 'pair' ? `"${word.replace(' / ', '" against "')}"` : side === 'claim' ? `"${word}" in the claim, not in the chunk` : `"${word}" in the chunk, not in the claim`}).`,
  qualifierMismatch: ({ word, claim, chunkIds }: { word: string; claim: string; chunkIds: string[] }) =>
    `"${word}" in "${q(claim, 40)}" has no counterpart in the cited chunks (${list(chunkIds)}); the claim may be broader than its source.`,

  // How a structured citation is named when it has no marker (core/report/messages.ts citationLabel).
  citationLabel: ({ ids, title, pages, ref }: { ids: string[]; title?: string; pages?: [number, number]; ref: string }) => {
    const where = [
      title !== undefined ? `"${title}"` : '',
      pages ? (pages[1] - pages[0] <= 1 ? `page ${pages[0]}` : `pages ${pages[0]}–${pages[1] - 1}`) : '',
    ].filter(Boolean).join(', ');
    if (ids.length > 0) {
      const what = `${plural('en', ids.length, { one: 'Citation of chunk', other: 'Citation of chunks' })} ${ids.map((id) => `"${id}"`).join(', ')}`;
      return where ? `${what} (${where})` : what;
    }
    return where ? `Citation of ${where}` : `Citation of source "${ref || '?'}"`;
  },

  exemptionReason: ({ rule }: { rule: string }) => EXEMPTION_REASON[rule] ?? rule,

  // How the answer's references were matched to chunks (mapping.ts), sentence by sentence.
  mapNumericId: () => '[n] → the chunk whose id is n (chunk ids are numbers).',
  mapNumericIndex1: () => '[n] → the n-th chunk, counting from 1 (chunk ids are not numbers).',
  mapNumericIndex1ZeroIds: ({ n }: { n: number }) => `[n] → the n-th chunk, counting from 1: chunk ids run 0–${n - 1} but the answer cites ${n} and never 0.`,
  mapNumericIndex0: () => '[n] → the chunk at position n, counting from 0: the answer cites [0].',
  mapExactIds: () => 'Named references → the chunk with exactly that id.',
  mapForgiving: ({ pairs }: { pairs: string }) => `Matched only when ignoring letter case and spaces: ${pairs}.`,
  mapLoose: ({ pairs }: { pairs: string }) => `Matched only when ignoring case, spaces and separators (_ - : . /): ${pairs}.`,
  mapPrefixedPositional: ({ base }: { base: number }) =>
    `No chunk has ids like the answer's (e.g. doc1), so their number is read as a position counting from ${base}.`,
  mapTitleFallback: ({ pairs }: { pairs: string }) => `Matched by chunk title: ${pairs}.`,
  mapUrlFallback: () => 'Some references matched a chunk by its URL.',
  mapFootnote: () => '[^x] → the chunk named in its definition line [^x]: …',
  mapFootnoteNoDef: ({ labels }: { labels: string }) => `No definition line for ${labels}; the label itself was used as the reference.`,
  mapLinkDefs: () => '[n] → the chunk named in the answer’s reference line [n]: …',
  mapStructured: ({ kind }: { kind: 'id' | 'index0' | 'index1' | 'title' }) =>
    ({
      id: 'Structured citations → the chunk with that id.',
      index0: 'Structured citations → the chunk at that position, counting from 0 (e.g. Anthropic document_index).',
      index1: 'Structured citations → the chunk at that position, counting from 1.',
      title: 'Structured citations → the chunk with that document title.',
    })[kind],
  mapAmbiguousTitle: ({ title, count }: { title: string; count: number }) => `${count} chunks are titled “${title}”; the first was used.`,
  mapUnresolved: ({ refs }: { refs: string }) => `Not found among the chunks: ${refs}.`,
  mapNoChunks: () => 'There are no chunks, so no reference can be resolved.',
  mapChunksUnreadable: () => 'The chunks could not be read, so no reference was resolved.',
  mapNothing: () => 'The answer cites nothing.',

  // The report: summary beside the verdict.
  summaryPass: ({ claims: n }: { claims: number }) =>
    `Local checks found no problem in ${claims(n)}; whether the chunks support the claims is not checked yet.`,
  summaryFail: ({ dims }: { dims: string[] }) => `Local checks fail on ${list(dims)}.`,
  summaryEmpty: () => 'The answer is empty: there is nothing to audit.',
  summaryUnreadable: ({ input, line, column, message, dims }: { input: Input; line?: number; column?: number; message: string; dims: string[] }) =>
    `${INPUT_NAME[input]} could not be read${line !== undefined ? ` at line ${line}, column ${column ?? 1}` : ''} (${message.replace(/\.$/, '')}); ${list(dims)} not checked until it is fixed.`,
  summaryModel: ({ verdict, recall }: { verdict: Verdict; recall: number | null }) =>
    `Verdict ${verdict}; ${recall === null ? '—' : pct(recall)} of the claims are fully supported by their citations.`,
  // Issues of a dimension that no finding states.
  notChecked: () => 'Not checked without a model run.',
  notCheckedUnreadable: ({ inputs }: { inputs: Input[] }) => `Not checked: ${list(inputs.map((i) => INPUT_NAME[i]))} could not be read.`,
  partial: ({ claim }: { claim: number }) => `Claim ${nth(claim)} is only partially supported by its citations.`,
  notSupported: ({ claim }: { claim: number }) => `Claim ${nth(claim)} is not supported by its citations.`,
  unverifiedPhrase: ({ claim, chunk }: { claim: number; chunk: string }) =>
    `Claim ${nth(claim)}: the supporting phrase given for chunk ${chunk} is not in that chunk; the judgement is unverified.`,
  numbersCap: ({ claim, numbers }: { claim: number; numbers: string[] }) =>
    `Claim ${nth(claim)}: ${list(numbers)} ${numbers.length === 1 ? 'appears' : 'appear'} in no cited chunk, so it is at most partially supported.`,
  notJudged: ({ claims: n }: { claims: number }) =>
    `${plural('en', n, { one: '# cited claim was', other: '# cited claims were' })} not judged by the model.`,
  unstablePair: ({ claim, chunk, verdicts, kept }: { claim: number; chunk: string; verdicts: SupportVerdict[]; kept: SupportVerdict }) =>
    `Claim ${nth(claim)}: the model's ${verdicts.length} judgements of chunk ${chunk} differ (${verdicts.map((v) => VERDICT_EN[v]).join(', ')}); ${VERDICT_EN[kept]} stands.`,
  confirmedFactual: ({ claim }: { claim: number }) => `The model confirms that claim ${nth(claim)} states a fact and needs a citation.`,
  incorrect: ({ verdict }: { verdict: string }) => `Answer correctness against the gold answer: ${verdict}.`,
  missingSource: () => 'The cited chunk is missing or has no text.',
  // Recommendations.
  recFixIds: ({ ids }: { ids: string[] }) => `Cite only chunks that were retrieved and have text (unknown or empty: ${list(ids)}).`,
  recAddCitations: ({ claims: n }: { claims: number }) =>
    `Add a citation to ${plural('en', n, { one: '# uncited factual claim', other: '# uncited factual claims' })}.`,
  recBetterChunk: ({ claim, chunk, cited }: { claim: number; chunk: string; cited: string }) => `Claim ${nth(claim)}: cite chunk ${chunk} instead of ${cited}.`,
  recFormat: ({ style }: { style: string }) => `Use one citation style throughout (${style}) and fix malformed markers.`,
  recQuotes: ({ quotes }: { quotes: number }) =>
    `Check ${plural('en', quotes, { one: '# quote that', other: '# quotes that' })} could not be found in their cited source.`,
  recQuotesSimilar: ({ quotes }: { quotes: number }) =>
    `Check ${plural('en', quotes, { one: '# quote that matches', other: '# quotes that match' })} the cited source only approximately.`,
  recOffsets: ({ quotes }: { quotes: number }) =>
    `Correct the character offsets of ${plural('en', quotes, { one: '# quote', other: '# quotes' })} in the cited source.`,
  recNumbers: ({ numbers }: { numbers: number }) =>
    `Verify ${plural('en', numbers, { one: '# number that appears', other: '# numbers that appear' })} in no cited chunk.`,
  recUnstable: ({ pairs }: { pairs: number }) =>
    `Check ${plural('en', pairs, { one: 'the # citation', other: 'the # citations' })} whose repeated judgements differ yourself: the model is not sure of them.`,
  recRunModel: () => 'Run the model audit to check whether each cited chunk supports its claim.',
};

export type Catalogue = typeof en;
