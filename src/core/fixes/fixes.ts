// Mechanical fixes for findings (issue 13 §4): what the Answer editor offers as quick fixes and
// the report as one-click buttons. Pure: a finding and the inputs in, a list of edits out.
//
// A fix is offered only when it is mechanical and provably right:
// - a citation of an unknown, out-of-range or empty chunk → the same marker naming another chunk
//   (the suggested one, the claim's best match, then any chunk with text, best first);
// - a "better chunk" hint → the marker naming the suggested chunk;
// - an uncited claim → a citation of the chunk that covers it, written in the answer's style;
//   none when no chunk covers the claim (enough of its weighted words, every name and number);
// - a marker in the wrong (or a minority) style → the marker in the required style, this one
//   or all of them;
// - a number no cited chunk has → each of the nearest figures of the same kind the cited chunks
//   do have (none when they have no such figure);
// - a retrieval artefact ("Passage ID 4", "[doc 3]", <document>) → the answer without it;
// - a quote that is only similar (structured answers) → the chunk's exact text at the best span,
//   and offsets that do not point at the quote → the corrected ones.
//
// Every marker a fix writes is checked before it is offered: the text must scan as one marker of
// the intended style with the intended references, and with the edit made every marker of the
// answer must still resolve to the chunk it resolved to before, and the new references to the
// chunks meant (the numeric policy of the mapping can change with one more number).
import type { Citation, CitationMarker, CitationStyle, Claim, Finding } from '../types';
import { chunkCount, hasPosting, BETTER_FLOOR, BETTER_MIN_SHARED } from '../checks/relevance';
import { entityRuns } from '../checks/entities';
import { extractNumbers, type NumberMention } from '../checks/numberText';
import { parseJson, type JsonPath } from '../parse/json';
import { contextOf, hasText, previewOf, FixContext, type Fix, type FixInput, type TextEdit } from './context';
import { changeOf, definitionInsert, refCandidates, scanExactly, verify, writeFor, writeMarker, type Written } from './markers';
import { acceptsEdit, intoStructured, structuredRefFixes, type Target } from './structured';
import { structuredInsertFixes } from './structuredInsert';
import { artefactFixes } from './artefacts';

export type { Fix, FixInput, FixKind, TextEdit } from './context';

/** Chunks offered for a hallucinated id, at most. */
export const MAX_CHUNK_CHOICES = 20;
/** Nearest figures offered for an absent number, at most. */
export const MAX_NUMBER_CHOICES = 3;
/** Chunks offered for an uncited claim, at most (each must cover it). */
const MAX_COVERING = 3;
/** Markers a convert-all rewrites, at most (beyond, each marker is converted on its own). */
const MAX_CONVERT_ALL = 10_000;

const INLINE_STYLES: readonly CitationStyle[] = ['bracket_number', 'bracket_id', 'latex_cite', 'fullwidth', 'footnote', 'longcite'];

/** The fixes for one finding of `input.report` (none when nothing mechanical is right). */
export function fixesFor(input: FixInput, finding: Finding, limit = Infinity): Fix[] {
  const fx = contextOf(input);
  // A structured answer's fixes cost an audit each: only as many as asked for are checked.
  if (fx.structuredText !== undefined) {
    // Asked again for the same report (the editor asks at every caret move over a finding): the same answer.
    const memo = (fx.structuredMemo ??= new WeakMap());
    const known = memo.get(finding)?.get(limit);
    if (known) return known;
    const fixes = structuredFixes(fx, finding, limit);
    memo.set(finding, (memo.get(finding) ?? new Map()).set(limit, fixes));
    return fixes;
  }
  return answerFixes(fx, finding).slice(0, limit);
}

/**
 * What makes two fixes the same entry: the same kind of fix making the same edits. Several findings
 * of one citation (an unknown chunk whose quote is in another chunk, a better chunk) each offer
 * "cite chunk 0 instead"; a list of fixes for a place shows it once.
 */
export function fixKey(fix: Fix): string {
  return `${fix.kind}\u0000${fix.target}\u0000${JSON.stringify(sortEdits(fix.edits).map((e) => [e.start, e.end, e.text]))}`;
}

/** Codes whose fix names another chunk. */
const REF_CODES = new Set(['unknown_chunk', 'ref_out_of_range', 'empty_chunk', 'better_chunk', 'quote_in_other_chunk']);

/**
 * Fixes of a structured answer (the JSON in the Answer editor): a structured citation names
 * another chunk; fixes of the answer's own text are made inside the JSON string that holds it.
 * Each is audited again before it is offered (fixStructured.ts); none without the case to do so.
 */
function structuredFixes(fx: FixContext, f: Finding, limit: number): Fix[] {
  const c = fx.citation(f.citation_index);
  if (REF_CODES.has(f.code) && c?.style === 'structured') {
    if (f.code === 'quote_in_other_chunk' && !f.suggested_chunk_id) return [];
    return structuredRefFixes(fx, f, refTargets(fx, f, c, f.code === 'better_chunk' || f.code === 'quote_in_other_chunk'), limit);
  }
  if (f.code === 'quote_uncertain' || f.code === 'offsets_wrong') {
    // Checked like the others when the case is at hand.
    return quoteFixes(fx, f).filter((x) => !fx.recheck || acceptsEdit(fx, f, x.edits, fx.answer));
  }
  if (f.code === 'uncited_claim' || f.code === 'uncited_lead_in') {
    const claim = fx.claim(f.claim_index);
    if (!claim || !fx.recheck) return [];
    const fits = rankChunks(fx, claim.text || fx.answer.slice(claim.start, claim.end)).filter(covers).slice(0, MAX_COVERING);
    return structuredInsertFixes(fx, f, claim, fits.map((x) => x.id)).slice(0, limit);
  }
  if (!fx.inline) return [];
  const out: Fix[] = [];
  let tries = 0;
  for (const fix of answerFixes(fx, f)) {
    if (tries++ >= MAX_CHUNK_CHOICES || out.length >= limit) break;
    const moved = intoStructured(fx, f, fix);
    if (moved) out.push(moved);
  }
  if (out.length && !out.some((x) => x.preferred)) out[0] = { ...out[0]!, preferred: true };
  return out;
}

/** The chunks a citation could name instead, best first: the suggested one, the claim's best match, then any with text. */
function refTargets(fx: FixContext, f: Finding, c: Citation, suggestedOnly: boolean): Target[] {
  const out: Target[] = [];
  const push = (id: string | undefined, preferred: boolean) => {
    if (id === undefined || id === c.chunk_id || out.some((t) => t.id === id) || !hasText(fx.chunk(id))) return;
    out.push({ id, preferred });
  };
  push(f.suggested_chunk_id, true);
  if (suggestedOnly) return out;
  const claim = fx.claim(c.claim_index);
  const claimText = claim ? claim.text || fx.answer.slice(claim.start, claim.end) : '';
  const ranked = claimText ? rankChunks(fx, claimText) : [];
  const best = ranked[0];
  if (best && covers(best)) push(best.id, out.length === 0);
  for (const r of ranked) push(r.id, false);
  fx.chunks.forEach((ch) => push(String(ch.id), false));
  return out;
}

function answerFixes(fx: FixContext, finding: Finding): Fix[] {
  switch (finding.code) {
    case 'unknown_chunk':
    case 'ref_out_of_range':
    case 'empty_chunk':
      return replaceRefFixes(fx, finding, false);
    case 'better_chunk':
      return replaceRefFixes(fx, finding, true);
    case 'uncited_claim':
    case 'uncited_lead_in':
      return insertCitationFixes(fx, finding);
    case 'wrong_style':
    case 'mixed_styles':
      return styleFixes(fx, finding);
    case 'number_absent':
      return numberFixes(fx, finding);
    case 'quote_uncertain':
    case 'offsets_wrong':
      return quoteFixes(fx, finding);
    case 'retrieval_artefact':
      return artefactFixes(fx, finding);
    default:
      return [];
  }
}

// ---------------------------------------------------------------------------------------------
// Which chunk fits a claim

interface ChunkFit {
  id: string;
  position: number;
  coverage: number;
  shared: number;
  /** Every name of the claim that some chunk has is in this chunk. */
  names: boolean;
  /** Every number of the claim is in this chunk. */
  numbers: boolean;
}

/** Every chunk with text scored against a claim, best first. */
function rankChunks(fx: FixContext, claimText: string): ChunkFit[] {
  const stats = fx.stats;
  const terms = [...new Set(stats.vocab.termIds(claimText))].filter((t) => chunkCount(stats, t) > 0);
  const weight = (t: number) => {
    const df = chunkCount(stats, t);
    return Math.log(1 + (stats.n - df + 0.5) / (df + 0.5));
  };
  const total = terms.reduce((s, t) => s + weight(t), 0);
  const nameTerms: number[] = [];
  for (const run of entityRuns(claimText)) for (const w of run.words) for (const t of stats.vocab.termIds(w.text)) if (chunkCount(stats, t) > 0 && !nameTerms.includes(t)) nameTerms.push(t);
  const claimNumbers = extractNumbers(claimText, fx.language);
  const out: ChunkFit[] = [];
  fx.chunks.forEach((ch, p) => {
    if (!hasText(ch)) return;
    let sum = 0;
    let shared = 0;
    for (const t of terms) {
      if (hasPosting(stats, t, p)) {
        sum += weight(t);
        shared++;
      }
    }
    const numbers = claimNumbers.length === 0 || numbersIn(claimNumbers, extractNumbers(ch.text, fx.language));
    out.push({ id: String(ch.id), position: p, coverage: total > 0 ? sum / total : 0, shared, names: nameTerms.every((t) => hasPosting(stats, t, p)), numbers });
  });
  return out.sort((a, b) => b.coverage - a.coverage || b.shared - a.shared || a.position - b.position);
}

function numbersIn(claim: readonly NumberMention[], source: readonly NumberMention[]): boolean {
  const values = new Set<number>();
  for (const s of source) {
    values.add(Math.abs(s.value));
    for (const a of s.alternatives ?? []) values.add(Math.abs(a));
  }
  return claim.every((n) => values.has(Math.abs(n.value)) || (n.alternatives ?? []).some((a) => values.has(Math.abs(a))));
}

/** Whether a chunk covers a claim well enough to be cited for it without a model. */
const covers = (f: ChunkFit) => f.coverage >= BETTER_FLOOR && f.shared >= BETTER_MIN_SHARED && f.names && f.numbers;

// ---------------------------------------------------------------------------------------------
// Style of the answer

/** The style new markers are written in: the required one, else the answer's majority style. */
function answerStyle(fx: FixContext): CitationStyle {
  const required = fx.report.meta.required_style;
  if (required !== 'auto') return required;
  const counts = new Map<CitationStyle, number>();
  let first: CitationStyle | undefined;
  for (const m of fx.report.markers) {
    if (m.style === 'structured' || m.malformed) continue;
    first ??= m.style;
    counts.set(m.style, (counts.get(m.style) ?? 0) + 1);
  }
  let best: CitationStyle | undefined = first;
  for (const [s, n] of counts) if (best === undefined || n > (counts.get(best) ?? 0)) best = s;
  return best ?? 'bracket_number';
}

// ---------------------------------------------------------------------------------------------
// Replace the chunk a marker names

function replaceRefFixes(fx: FixContext, f: Finding, suggestedOnly: boolean): Fix[] {
  if (!fx.inline) return [];
  const c = fx.citation(f.citation_index);
  const mk = fx.markerAt(c?.marker_index);
  if (!c || !mk || mk.style === 'structured' || mk.malformed || !INLINE_STYLES.includes(mk.style)) return [];
  const refAt = mk.refs.indexOf(c.ref);
  if (refAt < 0) return [];
  // The other refs of the marker keep what they name.
  const others = mk.refs.map((r) => ({ ref: r, chunkId: fx.baseline.resolveRef(r, mk.style) }));
  const claim = fx.claim(c.claim_index);
  const claimText = claim ? claim.text || fx.answer.slice(claim.start, claim.end) : '';
  const targets: { id: string; preferred: boolean }[] = [];
  const push = (id: string | undefined, preferred: boolean) => {
    if (id === undefined || targets.some((t) => t.id === id) || others.some((o, k) => k !== refAt && o.chunkId === id)) return;
    if (!hasText(fx.chunk(id))) return;
    targets.push({ id, preferred });
  };
  push(f.suggested_chunk_id, true);
  if (!suggestedOnly) {
    const ranked = claimText ? rankChunks(fx, claimText) : fx.chunks.flatMap((ch, p) => (hasText(ch) ? [{ id: String(ch.id), position: p, coverage: 0, shared: 0, names: true, numbers: true }] : []));
    const best = ranked[0];
    if (best && covers(best)) push(best.id, targets.length === 0);
    for (const r of ranked) if (targets.length < MAX_CHUNK_CHOICES) push(r.id, false);
  }
  const out: Fix[] = [];
  // The marker is rewritten whole: its other references are kept, in place where the text allows.
  const wrapped = mk.style === 'longcite';
  for (const t of targets) {
    const written = rewriteRef(fx, mk, refAt, t.id, others, wrapped);
    if (!written) continue;
    const chunk = fx.chunk(t.id)!;
    out.push({
      kind: 'replace_ref',
      target: 'answer',
      edits: written.edits,
      text: written.text,
      chunkId: t.id,
      preview: previewOf(chunk.text),
      ...(t.preferred ? { preferred: true } : {}),
    });
  }
  return out;
}

/** The marker with its ref at `refAt` naming `chunkId` instead. */
function rewriteRef(
  fx: FixContext,
  mk: CitationMarker,
  refAt: number,
  chunkId: string,
  others: { ref: string; chunkId: string | null }[],
  longcite: boolean,
): { text: string; edits: TextEdit[] } | undefined {
  const edits: TextEdit[] = [];
  if (mk.refs.length === 1) {
    const w = writeFor(fx, [chunkId], mk.style, { start: mk.start, replacing: [mk], wrap: !longcite });
    if (!w) return undefined;
    edits.push({ start: mk.start, end: mk.end, text: w.text });
    if (w.defLines.length) edits.push(definitionInsert(fx, w.defLines));
    return { text: w.text, edits: sortEdits(edits) };
  }
  // Several refs: the one reference is replaced inside the marker's text when it occurs there once.
  const old = mk.refs[refAt]!;
  const hits = occurrences(mk.text, old);
  const candidates = mk.style === 'footnote' ? [] : refCandidates(fx, chunkId, mk.style);
  for (const ref of candidates) {
    const text = hits.length === 1 ? mk.text.slice(0, hits[0]) + ref + mk.text.slice(hits[0]! + old.length) : writeMarker(mk.style, mk.refs.map((r, k) => (k === refAt ? ref : r)), false);
    if (text === undefined) continue;
    const refs = mk.refs.map((r, k) => (k === refAt ? ref : r));
    const scanned = scanExactly(fx, text, mk.style, refs);
    if (!scanned || scanned.length !== 1) continue;
    const placed = { ...scanned[0]!, start: mk.start, end: mk.start + text.length, index: mk.index };
    const expect = new Map([[placed as CitationMarker, others.map((o, k) => (k === refAt ? chunkId : o.chunkId))]]);
    if (!verify(fx, { replaced: new Map([[mk, [placed]]]), added: [], defs: [], expect })) continue;
    return { text, edits: [{ start: mk.start, end: mk.end, text }] };
  }
  return undefined;
}

/** Where `needle` occurs in `text` not glued to other letters or digits. */
function occurrences(text: string, needle: string): number[] {
  const out: number[] = [];
  if (!needle) return out;
  for (let i = text.indexOf(needle); i >= 0; i = text.indexOf(needle, i + 1)) {
    const before = text[i - 1] ?? '';
    const after = text[i + needle.length] ?? '';
    if (!/[\p{L}\p{N}]/u.test(before) && !/[\p{L}\p{N}]/u.test(after)) out.push(i);
  }
  return out;
}

function sortEdits(edits: TextEdit[]): TextEdit[] {
  return edits.sort((a, b) => a.start - b.start || a.end - b.end);
}

// ---------------------------------------------------------------------------------------------
// Cite an uncited claim

function insertCitationFixes(fx: FixContext, f: Finding): Fix[] {
  if (!fx.plain) return [];
  const claim = fx.claim(f.claim_index);
  if (!claim) return [];
  const claimText = claim.text || fx.answer.slice(claim.start, claim.end);
  const fits = rankChunks(fx, claimText).filter(covers).slice(0, MAX_COVERING);
  if (fits.length === 0) return [];
  const style = answerStyle(fx);
  const place = insertionPoint(fx, claim, style);
  if (!place) return [];
  const out: Fix[] = [];
  for (const [k, fit] of fits.entries()) {
    const w = writeFor(fx, [fit.id], style, { start: place.at + place.before.length, wrap: !place.insideCite });
    if (!w) continue;
    const text = `${place.before}${w.text}${place.after}`;
    const edits: TextEdit[] = [{ start: place.at, end: place.end ?? place.at, text }];
    if (w.defLines.length) edits.push(definitionInsert(fx, w.defLines));
    out.push({ kind: 'insert_citation', target: 'answer', edits: sortEdits(edits), text: w.text, chunkId: fit.id, preview: previewOf(fx.chunk(fit.id)!.text), style, ...(k === 0 ? { preferred: true } : {}) });
  }
  return out;
}

const SENTENCE_END = /[.!?。！？]/;

/**
 * Where a marker for a claim goes: before its closing punctuation when the answer puts markers
 * there ("… fact [1]."), after it when the answer does ("… fact.[1]"); in a LongCite answer, into
 * the statement's empty <cite></cite> when it has one.
 */
function insertionPoint(fx: FixContext, claim: Claim, style: CitationStyle): { at: number; end?: number; before: string; after: string; insideCite?: boolean } | undefined {
  const a = fx.answer;
  const start = Math.max(0, Math.min(claim.start, a.length));
  let end = Math.max(start, Math.min(claim.end, a.length));
  if (style === 'longcite') {
    const span = a.slice(start, end);
    const empty = span.indexOf('<cite></cite>');
    if (empty >= 0) return { at: start + empty + 6, end: start + empty + 6, before: '', after: '', insideCite: true };
    const after = a.slice(end, end + 40);
    const m = /^\s*<cite><\/cite>/.exec(after);
    if (m) {
      const at = end + m[0].length - 7;
      return { at, before: '', after: '', insideCite: true };
    }
  }
  while (end > start && /\s/.test(a[end - 1]!)) end--;
  if (end <= start) return undefined;
  let before = 0;
  let after = 0;
  let spaced = 0;
  for (const m of fx.report.markers) {
    if (m.style === 'structured' || m.malformed) continue;
    if (SENTENCE_END.test(a[m.end] ?? '')) before++;
    const prev = a.slice(Math.max(0, m.start - 2), m.start);
    if (SENTENCE_END.test(prev.at(-1) ?? '') || (prev.at(-1) === ' ' && SENTENCE_END.test(prev[0] ?? ''))) after++;
    if (a[m.start - 1] === ' ') spaced++;
  }
  const markerCount = fx.report.markers.filter((m) => m.style !== 'structured' && !m.malformed).length;
  const space = style === 'fullwidth' || style === 'footnote' ? spaced * 2 > markerCount : markerCount === 0 || spaced * 2 >= markerCount;
  const last = a[end - 1]!;
  if (SENTENCE_END.test(last) && !(after > before)) {
    let at = end - 1;
    // "…fact…" ends in several marks ("?!", "...") : before all of them.
    while (at > start && SENTENCE_END.test(a[at - 1]!)) at--;
    const glued = at > start && /\s/.test(a[at - 1]!);
    return { at, before: space && !glued ? ' ' : '', after: '' };
  }
  return { at: end, before: space ? ' ' : '', after: '' };
}

// ---------------------------------------------------------------------------------------------
// Convert markers to the required style

function styleFixes(fx: FixContext, f: Finding): Fix[] {
  if (!fx.inline) return [];
  const mk = fx.report.markers.find((m) => m.start === f.start && m.end === f.end && m.style !== 'structured');
  if (!mk || mk.malformed) return [];
  const target = f.code === 'wrong_style' ? fx.report.meta.required_style : majorityStyle(fx);
  if (target === 'auto' || target === undefined || target === mk.style) return [];
  const out: Fix[] = [];
  const one = convertMarkers(fx, [mk], target);
  if (one) out.push({ kind: 'convert_style', target: 'answer', edits: one.edits, text: one.texts[0]!, style: target, count: 1, preferred: true });
  const all = fx.report.markers.filter((m) => m.style !== 'structured' && !m.malformed && m.style !== target);
  if (all.length > 1 && all.length <= MAX_CONVERT_ALL) {
    const every = convertMarkers(fx, all, target);
    if (every) out.push({ kind: 'convert_all_styles', target: 'answer', edits: every.edits, text: every.texts[0]!, style: target, count: all.length });
  }
  return out;
}

function majorityStyle(fx: FixContext): CitationStyle | undefined {
  const counts = new Map<CitationStyle, number>();
  const inline = fx.report.markers.filter((m) => m.style !== 'structured');
  for (const m of inline) counts.set(m.style, (counts.get(m.style) ?? 0) + 1);
  let best = inline[0]?.style;
  for (const [s, n] of counts) if (best === undefined || n > (counts.get(best) ?? 0)) best = s;
  return best;
}

/** The edits converting `markers` to `style`, checked together; undefined when one cannot be. */
function convertMarkers(fx: FixContext, markers: readonly CitationMarker[], style: CitationStyle): { edits: TextEdit[]; texts: string[] } | undefined {
  const a = fx.answer;
  const edits: TextEdit[] = [];
  const texts: string[] = [];
  const parts: { old: readonly CitationMarker[]; written: Written }[] = [];
  const labels = new Set<string>();
  const alone = markers.length === 1;
  for (const mk of markers) {
    const ids = mk.refs.map((r) => fx.baseline.resolveRef(r, mk.style));
    if (ids.some((id) => id === null)) return undefined;
    // A LongCite range sits inside <cite>…</cite>: converting it away replaces the wrapper too,
    // when the wrapper holds this range only.
    let start = mk.start;
    let end = mk.end;
    if (mk.style === 'longcite') {
      if (a.slice(start - 6, start) !== '<cite>' || a.slice(end, end + 7) !== '</cite>') return undefined;
      start -= 6;
      end += 7;
    }
    // One marker is checked with each candidate; many are checked once, together (a check per
    // marker would cost the whole answer each time).
    const written = writeFor(fx, ids as string[], style, { start, replacing: [mk], check: alone }, labels);
    if (!written) return undefined;
    edits.push({ start, end, text: written.text });
    texts.push(written.text);
    parts.push({ old: [mk], written });
  }
  if (!alone && !verify(fx, changeOf(parts))) return undefined;
  const defLines = parts.flatMap((p) => p.written.defLines);
  if (defLines.length) edits.push(definitionInsert(fx, defLines));
  return { edits: sortEdits(edits), texts };
}

// ---------------------------------------------------------------------------------------------
// Numbers: the cited chunks' nearest figures

function numberFixes(fx: FixContext, f: Finding): Fix[] {
  if (!fx.inline) return [];
  const claim = fx.claim(f.claim_index);
  if (!claim) return [];
  const absent = extractNumbers(fx.answer.slice(f.start, f.end), fx.language)[0];
  if (!absent) return [];
  const ids = new Set<string>(claim.chunk_ids ?? []);
  for (const i of claim.citation_indexes ?? []) {
    const id = fx.citation(i)?.chunk_id;
    if (id) ids.add(id);
  }
  const seen = new Set<string>();
  const options: { text: string; distance: number; chunkId: string; context: string }[] = [];
  for (const id of ids) {
    const ch = fx.chunk(id);
    if (!hasText(ch)) continue;
    for (const n of extractNumbers(ch.text, fx.language)) {
      if (n.kind !== absent.kind || n.text.includes('\n') || seen.has(n.text)) continue;
      if (Math.abs(n.value) === Math.abs(absent.value)) continue;
      seen.add(n.text);
      const scale = Math.max(Math.abs(absent.value), 1);
      options.push({ text: n.text, distance: Math.abs(n.value - absent.value) / scale, chunkId: id, context: around(ch.text, n.start, n.end) });
    }
  }
  options.sort((x, y) => x.distance - y.distance);
  return options.slice(0, MAX_NUMBER_CHOICES).map((o, k) => ({
    kind: 'replace_number' as const,
    target: 'answer' as const,
    edits: [{ start: f.start, end: f.end, text: o.text }],
    text: o.text,
    chunkId: o.chunkId,
    preview: o.context,
    ...(k === 0 ? { preferred: true } : {}),
  }));
}

/** A few words either side of [start, end) of a text. */
function around(text: string, start: number, end: number): string {
  const left = text.slice(0, start).split(/\s+/).slice(-4).join(' ');
  const right = text.slice(end).split(/\s+/).slice(0, 5).join(' ');
  return `${left.trimStart()}${text.slice(start, end)}${right.trimEnd()}`.replace(/\s+/g, ' ').trim();
}

// ---------------------------------------------------------------------------------------------
// Quotes and offsets of structured citations: edits in the Answer editor's JSON

const QUOTE_KEYS = ['quote', 'cited_text', 'quoted_text', 'snippet'];
const OFFSET_KEYS: [string, string][] = [
  ['start', 'end'],
  ['start_index', 'end_index'],
  ['source_start', 'source_end'],
  // Anthropic's char_location: without it no quote of a Citations API answer could be fixed.
  ['start_char_index', 'end_char_index'],
];

function quoteFixes(fx: FixContext, f: Finding): Fix[] {
  const json = fx.structuredText;
  if (json === undefined) return [];
  const c = fx.citation(f.citation_index);
  if (!c || c.style !== 'structured' || f.chunk_start === undefined || f.chunk_end === undefined) return [];
  const chunk = c.chunk_id !== null ? fx.chunk(c.chunk_id) : undefined;
  if (!hasText(chunk) || f.chunk_end <= f.chunk_start || f.chunk_end > chunk.text.length) return [];
  const place = locateCitation(json, c);
  if (!place) return [];
  const [s, e] = [f.chunk_start, f.chunk_end];
  const edits: TextEdit[] = [];
  if (place.offsets) {
    edits.push({ ...place.offsets.start, text: String(s) }, { ...place.offsets.end, text: String(e) });
  }
  if (f.code === 'quote_uncertain') {
    if (!place.quote) return [];
    const exact = chunk.text.slice(s, e);
    edits.push({ ...place.quote, text: JSON.stringify(exact) });
    return [{ kind: 'exact_quote', target: 'editor', edits: sortEdits(edits), text: exact, chunkId: chunk.id, preview: previewOf(exact, 12), offsets: [s, e], preferred: true }];
  }
  if (!place.offsets) return [];
  return [{ kind: 'correct_offsets', target: 'editor', edits: sortEdits(edits), text: `${s}–${e}`, chunkId: chunk.id, offsets: [s, e], preferred: true }];
}

type Span = { start: number; end: number };

/**
 * The one object of the structured JSON that is this citation: it holds the citation's quote
 * (when it has one) and its offsets (when it has them). Undefined when none or several do.
 */
function locateCitation(json: string, c: Citation): { quote?: Span; offsets?: { start: Span; end: Span } } | undefined {
  const parsed = parseJson(json);
  if (parsed.error || parsed.value === undefined) return undefined;
  const found: { path: JsonPath; quoteKey?: string; offsetKeys?: [string, string] }[] = [];
  const stack: { value: unknown; path: JsonPath }[] = [{ value: parsed.value, path: [] }];
  let visited = 0;
  while (stack.length && visited < 200_000) {
    const { value, path } = stack.pop()!;
    visited++;
    if (Array.isArray(value)) {
      value.forEach((v, i) => stack.push({ value: v, path: [...path, i] }));
      continue;
    }
    if (!value || typeof value !== 'object') continue;
    const rec = value as Record<string, unknown>;
    const quoteKey = c.quote !== undefined ? QUOTE_KEYS.find((k) => rec[k] === c.quote) : undefined;
    const offsetKeys = c.source_start !== undefined && c.source_end !== undefined ? OFFSET_KEYS.find(([a, b]) => rec[a] === c.source_start && rec[b] === c.source_end) : undefined;
    const quoteOk = c.quote === undefined || quoteKey !== undefined;
    const offsetsOk = c.source_start === undefined || offsetKeys !== undefined;
    if (quoteOk && offsetsOk && (quoteKey || offsetKeys)) found.push({ path, ...(quoteKey ? { quoteKey } : {}), ...(offsetKeys ? { offsetKeys } : {}) });
    for (const [k, v] of Object.entries(rec)) if (v && typeof v === 'object') stack.push({ value: v, path: [...path, k] });
  }
  if (found.length !== 1) return undefined;
  const hit = found[0]!;
  const span = (key: string): Span | undefined => {
    const s = parsed.locate([...hit.path, key]);
    return s ? { start: s.offset, end: s.endOffset } : undefined;
  };
  const out: { quote?: Span; offsets?: { start: Span; end: Span } } = {};
  if (hit.quoteKey) {
    const q = span(hit.quoteKey);
    if (!q) return undefined;
    out.quote = q;
  }
  if (hit.offsetKeys) {
    const s = span(hit.offsetKeys[0]);
    const e = span(hit.offsetKeys[1]);
    if (!s || !e) return undefined;
    out.offsets = { start: s, end: e };
  }
  return out;
}
