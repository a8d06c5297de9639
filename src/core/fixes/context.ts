// What the quick fixes (fixes.ts) share: their types, and the context built once per report
// (footnote definitions, the audit's resolver, chunk statistics).
// chunks meant (the numeric policy of the mapping can change with one more number).
import type { AuditCase, AuditOptions, Chunk, Citation, CitationMarker, CitationStyle, Claim, Language, Report } from '../types';
import { findMarkers, type FootnoteDefinition } from '../markers/markers';
import { createResolver, type RefResolver } from '../citations/mapping';
import { buildChunkStats, type ChunkStats } from '../checks/relevance';

/** Replace [start, end) by text (offsets into the text the fix is for, end exclusive). */
export interface TextEdit {
  start: number;
  end: number;
  text: string;
}

export type FixKind = 'replace_ref' | 'insert_citation' | 'convert_style' | 'convert_all_styles' | 'exact_quote' | 'correct_offsets' | 'replace_number' | 'remove_artefact';

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
  /**
   * The case and options the report was made with: a fix of a structured answer is offered only
   * when the case, audited again with the fix made, has no error the report did not have.
   */
  recheck?: { case: AuditCase; options: AuditOptions };
  /**
   * The answer's footnote and link definitions, when the audit's scan of this answer found them
   * already (else scanned here on first need).
   */
  footnoteDefinitions?: readonly FootnoteDefinition[];
}

// ---------------------------------------------------------------------------------------------
// What the fixes share for one report: the footnote definitions, the resolver the audit used,
// chunk statistics. Built on first need and kept with the report.

/** Words of a chunk shown in a title. */
export const PREVIEW_WORDS = 8;

export const DIGITS = /^\d{1,9}$/;

export class FixContext {
  readonly answer: string;
  readonly chunks: readonly Chunk[];
  readonly report: Report;
  readonly structuredText: string | undefined;
  readonly language: Language;
  readonly plain: boolean;
  /** Fixes of the answer's own text are computed (plain answers; structured ones translate them into the JSON). */
  readonly inline: boolean;
  readonly recheck: FixInput['recheck'];
  /** What the structured fixes (fixStructured.ts) derive once per report. */
  structuredCache?: unknown;
  /** The structured fixes of each finding already computed, by how many were asked for. */
  structuredMemo?: WeakMap<object, Map<number, Fix[]>>;
  #defs?: readonly FootnoteDefinition[];
  #resolution?: Resolution;
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
    this.recheck = input.recheck;
    this.inline = this.plain || (input.structuredText !== undefined && input.recheck !== undefined);
    if (input.footnoteDefinitions) this.#defs = input.footnoteDefinitions;
  }
  get chunkIds(): string[] {
    return (this.#chunkIds ??= this.chunks.map((c) => String(c.id)));
  }
  get defs(): readonly FootnoteDefinition[] {
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
    return this.resolution.baseline;
  }
  /**
   * What the markers mean, shared with the previous report's context when both have the same
   * chunks (the same list), the same (style, ref) pairs with the same counts in the same order and
   * the same definitions: then every reference resolves alike and every change verifies alike.
   * Typing in the answer away from its markers keeps all three, so a new report's fixes do not
   * build the resolvers and verify their changes again (a plain answer's fix verifies each
   * candidate against every distinct reference: tens of ms per keystroke at 500 citations).
   */
  get resolution(): Resolution {
    if (!this.#resolution) {
      const key = resolutionKey(this.refCounts, this.defs);
      const last = lastResolution;
      if (last && last.chunks === this.chunks && last.key === key) this.#resolution = last;
      else {
        const markers: CitationMarker[] = [];
        for (const k of this.refCounts.keys()) markers.push(refMarker(k, markers.length));
        const baseline = createResolver(markers, this.chunks, { footnoteDefinitions: this.defs });
        this.#resolution = lastResolution = { chunks: this.chunks, key, baseline, verdicts: new Map() };
      }
    }
    return this.#resolution;
  }
  get stats(): ChunkStats {
    if (!this.#stats) {
      const kept = statsByChunks.get(this.chunks);
      if (kept?.language === this.language) this.#stats = kept.stats;
      else {
        this.#stats = buildChunkStats(this.chunks, this.language);
        statsByChunks.set(this.chunks, { language: this.language, stats: this.#stats });
      }
    }
    return this.#stats;
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

/** The resolution environment of a report's markers (FixContext.resolution). */
export interface Resolution {
  chunks: readonly Chunk[];
  /** The (style, ref) pairs with their counts, in order, and the definitions. */
  key: string;
  baseline: RefResolver;
  /** verify's answer for each change already verified here, by changeKey (markers.ts). */
  verdicts: Map<string, boolean>;
}

/** The latest environment only: a report whose markers differ starts a new one. */
let lastResolution: Resolution | null = null;

function resolutionKey(refCounts: ReadonlyMap<string, number>, defs: readonly FootnoteDefinition[]): string {
  const pairs: (string | number)[] = [];
  for (const [k, n] of refCounts) pairs.push(k, n);
  return JSON.stringify([pairs, defs]);
}

const contexts = new WeakMap<Report, FixContext>();
/**
 * The statistics of a list of chunks, by the list: typing in the answer keeps the parsed chunks
 * (the page's audit runner hands the same list back), so a new report does not index them again.
 */
const statsByChunks = new WeakMap<readonly Chunk[], { language: Language; stats: ChunkStats }>();

export function contextOf(input: FixInput): FixContext {
  const hit = contexts.get(input.report);
  if (hit && hit.answer === input.answer && hit.chunks === input.chunks && hit.structuredText === input.structuredText && hit.recheck?.case === input.recheck?.case && hit.recheck?.options === input.recheck?.options) return hit;
  const fx = new FixContext(input);
  contexts.set(input.report, fx);
  return fx;
}

export const hasText = (c: Chunk | undefined): c is Chunk => !!c && typeof c.text === 'string' && c.text.trim() !== '';

/** The first words of a text, for a title. */
export function previewOf(text: string, words = PREVIEW_WORDS): string {
  const parts = text.trim().split(/\s+/).filter(Boolean);
  const head = parts.slice(0, words).join(' ');
  return parts.length > words ? `${head}…` : head;
}

export const refKey = (style: CitationStyle, ref: string) => `${style}\u0000${ref}`;

/** A stand-in marker for one distinct (style, ref) pair. */
export function refMarker(key: string, index: number): CitationMarker {
  const cut = key.indexOf('\u0000');
  const ref = key.slice(cut + 1);
  return { index, text: ref, start: 0, end: 0, style: key.slice(0, cut) as CitationStyle, refs: [ref] };
}
