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
// - a quote that is only similar (structured answers) → the chunk's exact text at the best span,
//   and offsets that do not point at the quote → the corrected ones.
//
// Every marker a fix writes is checked before it is offered: the text must scan as one marker of
// the intended style with the intended references, and with the edit made every marker of the
// answer must still resolve to the chunk it resolved to before, and the new references to the
// chunks meant (the numeric policy of the mapping can change with one more number).
import type { Chunk, Citation, CitationMarker, CitationStyle, Claim, Finding, Language, Report } from './types';
import { findMarkers, type FootnoteDefinition } from './markers';
import { createResolver, type RefResolver } from './mapping';
import { buildChunkStats, sortedHas, BETTER_FLOOR, BETTER_MIN_SHARED, type ChunkStats } from './checks/relevance';
import { entityRuns } from './checks/entities';
import { extractNumbers, type NumberMention } from './checks/numberText';
import { parseJson, type JsonPath } from './json';

/** Replace [start, end) by text (offsets into the text the fix is for, end exclusive). */
export interface TextEdit {
  start: number;
  end: number;
  text: string;
}

export type FixKind = 'replace_ref' | 'insert_citation' | 'convert_style' | 'convert_all_styles' | 'exact_quote' | 'correct_offsets' | 'replace_number';

export interface Fix {
  kind: FixKind;
  /** 'answer': edits in the audited answer's offsets; 'editor': in the structured text (JSON) of the Answer editor. */
  target: 'answer' | 'editor';
  /** Non-overlapping, in ascending order. */
  edits: TextEdit[];
  /** What the fix writes that a title shows: the marker, the number, the quote. */
  text: string;
  /** The chunk the fix cites or takes its text from. */
  chunkId?: string;
  /** The first words of that chunk (or, for a number, the words around it in the chunk). */
  preview?: string;
  /** The style markers are converted to. */
  style?: CitationStyle;
  /** Markers a convert-all changes. */
  count?: number;
  /** Corrected offsets in the chunk (correct_offsets, exact_quote). */
  offsets?: [number, number];
  /** The fix to apply first (Monaco's preferred quick fix). */
  preferred?: boolean;
}

export interface FixInput {
  /** The audited answer; finding offsets are into it. */
  answer: string;
  chunks: readonly Chunk[];
  /** The local report of this answer and these chunks. */
  report: Report;
  /** The Answer editor's text when it holds a structured response (JSON); quote and offset fixes edit it. */
  structuredText?: string;
}

/** Chunks offered for a hallucinated id, at most. */
export const MAX_CHUNK_CHOICES = 20;
/** Nearest figures offered for an absent number, at most. */
export const MAX_NUMBER_CHOICES = 3;
/** Chunks offered for an uncited claim, at most (each must cover it). */
const MAX_COVERING = 3;
/** Markers a convert-all rewrites, at most (beyond, each marker is converted on its own). */
const MAX_CONVERT_ALL = 10_000;
/** Words of a chunk shown in a title. */
const PREVIEW_WORDS = 8;

const INLINE_STYLES: readonly CitationStyle[] = ['bracket_number', 'bracket_id', 'latex_cite', 'fullwidth', 'footnote', 'longcite'];
const DIGITS = /^\d{1,9}$/;

/** The fixes for one finding of `input.report` (none when nothing mechanical is right). */
export function fixesFor(input: FixInput, finding: Finding): Fix[] {
  const fx = contextOf(input);
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
    default:
      return [];
  }
}

/** Applies non-overlapping edits to a text. */
/** @testSeam only tests import this directly (tests/unit/unused-exports.test.ts). */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  const sorted = [...edits].sort((a, b) => b.start - a.start);
  let out = text;
  for (const e of sorted) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out;
}

// ---------------------------------------------------------------------------------------------
// What the fixes share for one report: the footnote definitions, the resolver the audit used,
// chunk statistics. Built on first need and kept with the report.

class FixContext {
  readonly answer: string;
  readonly chunks: readonly Chunk[];
  readonly report: Report;
  readonly structuredText: string | undefined;
  readonly language: Language;
  readonly plain: boolean;
  #defs?: FootnoteDefinition[];
  #baseline?: RefResolver;
  #stats?: ChunkStats;
  #chunkIds?: string[];
  #byId?: Map<string, number>;
  #names?: Map<string, string[]>;
  #refCounts?: Map<string, number>;

  constructor(input: FixInput) {
    this.answer = input.answer;
    this.chunks = input.chunks;
    this.report = input.report;
    this.structuredText = input.structuredText;
    this.language = input.report.meta.language;
    this.plain = input.report.meta.answer_format === 'plain' && input.structuredText === undefined;
  }
  get chunkIds(): string[] {
    return (this.#chunkIds ??= this.chunks.map((c) => String(c.id)));
  }
  get defs(): FootnoteDefinition[] {
    return (this.#defs ??= findMarkers(this.answer, { chunkIds: this.chunkIds }).footnoteDefinitions);
  }
  /** How often each (style, ref) pair occurs among the answer's markers. */
  get refCounts(): ReadonlyMap<string, number> {
    if (!this.#refCounts) {
      const counts = new Map<string, number>();
      for (const m of this.report.markers) for (const r of m.refs) counts.set(refKey(m.style, r), (counts.get(refKey(m.style, r)) ?? 0) + 1);
      this.#refCounts = counts;
    }
    return this.#refCounts;
  }
  /** The resolver as the audit built it: what every marker means now (over the distinct refs, see verify). */
  get baseline(): RefResolver {
    if (!this.#baseline) {
      const markers: CitationMarker[] = [];
      for (const key of this.refCounts.keys()) markers.push(refMarker(key, markers.length));
      this.#baseline = createResolver(markers, this.chunks, { footnoteDefinitions: this.defs });
    }
    return this.#baseline;
  }
  get stats(): ChunkStats {
    return (this.#stats ??= buildChunkStats(this.chunks, this.language));
  }
  markerAt(index: number | null | undefined): CitationMarker | undefined {
    if (index === null || index === undefined) return undefined;
    const direct = this.report.markers[index];
    return direct?.index === index ? direct : this.report.markers.find((m) => m.index === index);
  }
  citation(index: number | undefined): Citation | undefined {
    if (index === undefined) return undefined;
    const direct = this.report.citations[index];
    return direct?.index === index ? direct : this.report.citations.find((c) => c.index === index);
  }
  claim(index: number | undefined): Claim | undefined {
    if (index === undefined) return undefined;
    const direct = this.report.claims[index];
    return direct?.index === index ? direct : this.report.claims.find((c) => c.index === index);
  }
  position(id: string): number {
    if (!this.#byId) {
      this.#byId = new Map();
      this.chunks.forEach((c, p) => {
        if (!this.#byId!.has(String(c.id))) this.#byId!.set(String(c.id), p);
      });
    }
    return this.#byId.get(id) ?? -1;
  }
  chunk(id: string): Chunk | undefined {
    const p = this.position(id);
    return p >= 0 ? this.chunks[p] : undefined;
  }
  /** The references (of inline, non-footnote markers) the answer already names each chunk by, in order. */
  namesOf(chunkId: string): readonly string[] {
    if (!this.#names) {
      const names = new Map<string, string[]>();
      for (const m of this.report.markers) {
        if (m.style === 'footnote' || m.style === 'structured' || m.malformed) continue;
        for (const r of m.refs) {
          const id = this.baseline.resolveRef(r, m.style);
          if (id === null) continue;
          const list = names.get(id);
          if (!list) names.set(id, [r]);
          else if (list.length < 3 && !list.includes(r)) list.push(r);
        }
      }
      this.#names = names;
    }
    return this.#names.get(chunkId) ?? [];
  }
}

const contexts = new WeakMap<Report, FixContext>();

function contextOf(input: FixInput): FixContext {
  const hit = contexts.get(input.report);
  if (hit && hit.answer === input.answer && hit.chunks === input.chunks && hit.structuredText === input.structuredText) return hit;
  const fx = new FixContext(input);
  contexts.set(input.report, fx);
  return fx;
}

const hasText = (c: Chunk | undefined): c is Chunk => !!c && typeof c.text === 'string' && c.text.trim() !== '';

/** The first words of a text, for a title. */
export function previewOf(text: string, words = PREVIEW_WORDS): string {
  const parts = text.trim().split(/\s+/).filter(Boolean);
  const head = parts.slice(0, words).join(' ');
  return parts.length > words ? `${head}…` : head;
}

// ---------------------------------------------------------------------------------------------
// Writing markers, and checking what was written

/** Marker text for refs in a style; for LongCite, with its <cite> wrapper when `wrap`. */
function writeMarker(style: CitationStyle, refs: readonly string[], wrap = true): string | undefined {
  if (refs.length === 0) return undefined;
  switch (style) {
    case 'bracket_number':
      return refs.every((r) => DIGITS.test(r)) ? `[${refs.join(', ')}]` : undefined;
    case 'bracket_id':
      return refs.some((r) => DIGITS.test(r) || /[[\]\n]/.test(r)) ? undefined : refs.map((r) => `[${r}]`).join('');
    case 'fullwidth':
      return refs.some((r) => /[【】\n]/.test(r)) ? undefined : refs.map((r) => `【${r}】`).join('');
    case 'latex_cite':
      return refs.some((r) => /[{},\n\\]/.test(r) || r.trim() !== r || r === '') ? undefined : `\\cite{${refs.join(',')}}`;
    case 'footnote':
      return refs.some((r) => /[\s[\]^]/.test(r)) ? undefined : refs.map((r) => `[^${r}]`).join('');
    case 'longcite': {
      if (!refs.every((r) => DIGITS.test(r))) return undefined;
      const ranges = refs.map((r) => `[${r}-${r}]`).join('');
      return wrap ? `<cite>${ranges}</cite>` : ranges;
    }
    default:
      return undefined;
  }
}

/** The markers `text` scans to, when they are all of `style`, well formed, with exactly `refs` in order. */
function scanExactly(fx: FixContext, text: string, style: CitationStyle, refs: readonly string[]): CitationMarker[] | undefined {
  // Footnote markers are read with a stand-in definition, bare LongCite ranges inside <cite>.
  const bare = style === 'longcite' && !text.startsWith('<cite>');
  const probe = style === 'footnote' ? `${text}\n\n${refs.map((r) => `[^${r}]: x`).join('\n')}` : bare ? `<cite>${text}</cite>` : text;
  const shift = bare ? 6 : 0;
  // Known ids make brackets markers whatever their shape; only the refs written can be in the probe.
  const found = findMarkers(probe, { chunkIds: refs.filter((r) => fx.position(r) >= 0) }).markers.map((m) => ({ ...m, start: m.start - shift, end: m.end - shift }));
  if (found.length === 0 || found.some((m) => m.style !== style || m.malformed)) return undefined;
  const got = found.flatMap((m) => m.refs);
  if (got.length !== refs.length || got.some((r, i) => r !== refs[i])) return undefined;
  // Every character of the text is a marker (or LongCite's wrapper): nothing else was written.
  const covered = found.reduce((n, m) => n + (m.end - m.start), 0);
  const wrapper = style === 'longcite' && !bare ? text.length - text.replace(/<\/?cite>/g, '').length : 0;
  if (covered + wrapper !== text.length) return undefined;
  return found;
}

interface Change {
  /** Old markers replaced, each with the new markers at its place. */
  replaced: Map<CitationMarker, CitationMarker[]>;
  added: CitationMarker[];
  defs: FootnoteDefinition[];
  /** Chunk ids the new markers' refs must resolve to, in order of their refs. */
  expect: Map<CitationMarker, (string | null)[]>;
}

/**
 * Whether, with the change made, every old marker means what it meant and every new one what it
 * should. A reference's meaning depends only on its style and text and on which (style, text)
 * pairs occur at all (the mapping's numeric policy asks "is any ref 0", "is every ref an id"):
 * so the check runs over the distinct pairs, with counts, not over every marker of the answer.
 */
function verify(fx: FixContext, change: Change): boolean {
  const counts = new Map(fx.refCounts);
  const bump = (m: CitationMarker, by: number) => {
    for (const r of m.refs) {
      const key = refKey(m.style, r);
      counts.set(key, (counts.get(key) ?? 0) + by);
    }
  };
  for (const [old, repl] of change.replaced) {
    bump(old, -1);
    for (const m of repl) bump(m, 1);
  }
  for (const m of change.added) bump(m, 1);
  const markers: CitationMarker[] = [];
  for (const [key, n] of counts) if (n > 0) markers.push(refMarker(key, markers.length));
  const after = createResolver(markers, fx.chunks, { footnoteDefinitions: [...fx.defs, ...change.defs] });
  const before = fx.baseline;
  // Every pair that stays means what it meant (unless only new markers hold it)…
  const kept = new Map(fx.refCounts);
  for (const old of change.replaced.keys()) for (const r of old.refs) kept.set(refKey(old.style, r), (kept.get(refKey(old.style, r)) ?? 0) - 1);
  for (const m of markers) {
    if ((kept.get(refKey(m.style, m.refs[0]!)) ?? 0) <= 0) continue;
    if (after.resolveRef(m.refs[0]!, m.style) !== before.resolveRef(m.refs[0]!, m.style)) return false;
  }
  // …and every new marker means what it should.
  for (const [m, want] of change.expect) {
    for (let k = 0; k < m.refs.length; k++) if (after.resolveRef(m.refs[k]!, m.style) !== want[k]) return false;
  }
  return true;
}

const refKey = (style: CitationStyle, ref: string) => `${style}\u0000${ref}`;

/** A stand-in marker for one distinct (style, ref) pair. */
function refMarker(key: string, index: number): CitationMarker {
  const cut = key.indexOf('\u0000');
  const ref = key.slice(cut + 1);
  return { index, text: ref, start: 0, end: 0, style: key.slice(0, cut) as CitationStyle, refs: [ref] };
}

/** References a chunk could be named by in a style, most natural first. */
function refCandidates(fx: FixContext, chunkId: string, style: CitationStyle): string[] {
  const out: string[] = [];
  const add = (r: string | undefined) => {
    if (r !== undefined && r !== '' && !out.includes(r)) out.push(r);
  };
  if (style === 'footnote') {
    for (const d of fx.defs) if (d.kind === 'footnote' && fx.baseline.resolveRef(d.label, 'footnote') === chunkId) add(d.label);
    return out;
  }
  // Styles that name chunks by id take the id first; numbered styles the number the answer
  // already uses for the chunk (writeMarker refuses what a style cannot hold).
  if (style === 'latex_cite' || style === 'bracket_id') add(chunkId);
  for (const r of fx.namesOf(chunkId)) add(r);
  const pos = fx.position(chunkId);
  add(chunkId);
  if (pos >= 0) {
    add(String(pos + 1));
    add(String(pos));
  }
  return out;
}

/** A footnote label no definition or marker uses yet. */
function freshLabel(fx: FixContext, taken: Set<string>): string {
  for (const d of fx.defs) taken.add(d.label);
  for (const m of fx.report.markers) if (m.style === 'footnote') for (const r of m.refs) taken.add(r);
  let n = 1;
  while (taken.has(String(n))) n++;
  taken.add(String(n));
  return String(n);
}

/** Where a new footnote definition goes: after the last definition, else after the answer's text. */
function definitionInsert(fx: FixContext, lines: string[]): TextEdit {
  const last = fx.defs.filter((d) => d.kind === 'footnote').at(-1);
  if (last) return { start: last.end, end: last.end, text: lines.map((l) => `\n${l}`).join('') };
  const end = fx.answer.replace(/\s+$/, '').length;
  return { start: end, end, text: `\n\n${lines.join('\n')}` };
}

interface Written {
  /** Text replacing the marker (or inserted). */
  text: string;
  markers: CitationMarker[];
  /** What each new marker's refs must resolve to. */
  expect: Map<CitationMarker, (string | null)[]>;
  /** Definitions the text needs (footnotes), and their lines. */
  defs: FootnoteDefinition[];
  defLines: string[];
}

interface WriteAt {
  start: number;
  /** The old markers the text replaces (none: it is inserted). */
  replacing?: readonly CitationMarker[];
  /** LongCite: write the <cite> wrapper too (default). */
  wrap?: boolean;
  /** Check the change against the whole answer (default); off when the caller checks several at once. */
  check?: boolean;
}

/**
 * The text naming `chunkIds` in `style`, placed at `at.start`: the first candidate reference per
 * chunk whose text scans as intended and, with the change made, resolves as intended.
 */
function writeFor(fx: FixContext, chunkIds: readonly string[], style: CitationStyle, at: WriteAt, labels = new Set<string>()): Written | undefined {
  const wrap = at.wrap ?? true;
  const options = chunkIds.map((id) => {
    const c = refCandidates(fx, id, style);
    if (style === 'footnote' && c.length === 0) c.push(`${NEW_LABEL}${id}`);
    return c;
  });
  if (options.some((o) => o.length === 0)) return undefined;
  const chosen = options.map((o) => o[0]!);
  const tryWith = (refs: string[]): Written | undefined => {
    const defs: FootnoteDefinition[] = [];
    const defLines: string[] = [];
    const used = new Set(labels);
    const real = refs.map((r, k) => {
      if (!r.startsWith(NEW_LABEL)) return r;
      const label = freshLabel(fx, used);
      defs.push({ label, target: chunkIds[k]!, start: -1, end: -1, kind: 'footnote' });
      defLines.push(`[^${label}]: ${chunkIds[k]!}`);
      return label;
    });
    const text = writeMarker(style, real, wrap);
    if (text === undefined) return undefined;
    const scanned = scanExactly(fx, text, style, real);
    if (!scanned) return undefined;
    const markers = scanned.map((m) => ({ ...m, start: m.start + at.start, end: m.end + at.start }));
    const expect = new Map<CitationMarker, (string | null)[]>();
    let k = 0;
    for (const m of markers) {
      expect.set(m, chunkIds.slice(k, k + m.refs.length));
      k += m.refs.length;
    }
    const written: Written = { text, markers, expect, defs, defLines };
    if (at.check !== false && !verify(fx, changeOf([{ old: at.replacing ?? [], written }]))) return undefined;
    for (const d of defs) labels.add(d.label);
    return written;
  };
  const first = tryWith(chosen);
  if (first) return first;
  for (let i = 0; i < options.length; i++) {
    for (const alt of options[i]!.slice(1)) {
      const refs = [...chosen];
      refs[i] = alt;
      const w = tryWith(refs);
      if (w) return w;
    }
  }
  return undefined;
}

/** A stand-in reference for a footnote label still to be chosen. */
const NEW_LABEL = '\u0000new:';

/** The change several writes make together. */
function changeOf(parts: readonly { old: readonly CitationMarker[]; written: Written }[]): Change {
  const replaced = new Map<CitationMarker, CitationMarker[]>();
  const added: CitationMarker[] = [];
  const defs: FootnoteDefinition[] = [];
  const expect = new Map<CitationMarker, (string | null)[]>();
  for (const { old, written } of parts) {
    if (old.length) old.forEach((m, i) => replaced.set(m, i === 0 ? written.markers : []));
    else added.push(...written.markers);
    defs.push(...written.defs);
    for (const [m, ids] of written.expect) expect.set(m, ids);
  }
  return { replaced, added, defs, expect };
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
  const terms = [...new Set(stats.vocab.termIds(claimText))].filter((t) => stats.postings[t]);
  const weight = (t: number) => {
    const df = stats.postings[t]!.length;
    return Math.log(1 + (stats.n - df + 0.5) / (df + 0.5));
  };
  const total = terms.reduce((s, t) => s + weight(t), 0);
  const nameTerms: number[] = [];
  for (const run of entityRuns(claimText)) for (const w of run.words) for (const t of stats.vocab.termIds(w.text)) if (stats.postings[t] && !nameTerms.includes(t)) nameTerms.push(t);
  const claimNumbers = extractNumbers(claimText, fx.language);
  const out: ChunkFit[] = [];
  fx.chunks.forEach((ch, p) => {
    if (!hasText(ch)) return;
    let sum = 0;
    let shared = 0;
    for (const t of terms) {
      if (sortedHas(stats.postings[t]!, p)) {
        sum += weight(t);
        shared++;
      }
    }
    const numbers = claimNumbers.length === 0 || numbersIn(claimNumbers, extractNumbers(ch.text, fx.language));
    out.push({ id: String(ch.id), position: p, coverage: total > 0 ? sum / total : 0, shared, names: nameTerms.every((t) => sortedHas(stats.postings[t]!, p)), numbers });
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
  if (!fx.plain) return [];
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
  if (!fx.plain) return [];
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
  if (!fx.plain) return [];
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
