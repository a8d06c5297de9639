// Maps the references written in an answer (and in structured citations) to chunk ids, and says
// in plain words how it did so (SPEC §3: "the mapping used is always shown, never guessed
// silently").
//
// Rules, in order:
// - Numeric inline refs ([1], 【1】, \cite{1}, LongCite [6-7]) are chunk ids when every such ref
//   is the id of a chunk, or when all chunk ids are numbers (missing ones then stay unresolved:
//   a hallucinated [7] must fail EXISTS). The one exception: chunk ids 0…n-1 while the answer
//   cites 1…n and never 0 — then [n] is the n-th chunk counting from 1. When chunk ids are not
//   numbers, [n] is a position: counting from 1, unless the answer cites [0].
// - A `[1]: target` reference line in the answer, whose target names a chunk, wins over that.
// - Footnotes [^x] resolve through their definition line `[^x]: target`; the target may be a chunk
//   id, a number (resolved like a numeric ref), a title or a URL. Without a definition the label
//   itself is tried.
// - Other refs resolve by exact chunk id, then ignoring case and surrounding/inner spaces, then
//   also ignoring separators (_ - : . /) — each forgiving match must be unique and is mentioned in
//   the description — then by URL and by title. If none of the id-shaped refs (doc1, doc2, …)
//   matches any chunk, their trailing number is read as a position (Azure "On Your Data" writes
//   [doc1] for the first citation).
// - Structured refs follow their refKind: 'id', 'index0', 'index1', 'title' (chunk.title, else
//   a title in the chunk's metadata).
// Anything else stays unresolved (chunk_id null), which EXISTS reports.
import type { Chunk, CitationMarker, CitationStyle, IdMapping, Language, Msg, RefKind, StructuredInput } from '../types';
import type { FootnoteDefinition } from '../markers/markers';
import { describe, displayRef, noteText, P, quoteList } from './mappingNotes';

export interface ResolveOptions {
  structured?: StructuredInput;
  footnoteDefinitions?: readonly FootnoteDefinition[];
  /** Language of the description (default English). */
  language?: Language;
  /** The chunks input could not be read: say so rather than "there are no chunks". */
  chunksUnreadable?: boolean;
}

export interface RefResolver {
  mapping: IdMapping;
  /**
   * Chunk id for a reference. kind: the marker style for inline refs ('footnote' for [^x]; any
   * other style or none for plain refs), or a RefKind for structured refs.
   */
  resolveRef(ref: string, kind?: RefKind | CitationStyle): string | null;
}

type Method = 'id' | 'index1' | 'index0' | 'footnote' | 'title';
type NumericPolicy = 'id' | 'index1' | 'index0';

/**
 * The key of a mapping entry: inline refs as written, footnotes as "^label", structured refs as
 * "<refKind>:<ref>" — so one table can hold all of them without collisions.
 */
export function mappingKey(ref: string, kind?: RefKind | CitationStyle): string {
  if (kind === 'footnote') return `^${ref}`;
  if (kind === 'id' || kind === 'index0' || kind === 'index1' || kind === 'title') return `${kind}:${ref}`;
  return ref;
}

export function resolveMapping(
  markers: readonly CitationMarker[],
  chunks: readonly Chunk[],
  opts: ResolveOptions = {},
): IdMapping {
  return createResolver(markers, chunks, opts).mapping;
}

const DIGITS = /^\d{1,9}$/;
const PREFIXED_NUMBER = /^(\p{L}{1,24})(?: ?[:#.] ?|[ _-])?(\d{1,7})$/u;

const NON_ASCII = /[^\x00-\x7f]/;

function nfc(s: string): string {
  return NON_ASCII.test(s) ? s.normalize('NFC') : s;
}

function foldForgiving(s: string): string {
  return nfc(s).trim().replace(/\s+/g, ' ').toLowerCase();
}

function foldLoose(s: string): string {
  return nfc(s).toLowerCase().replace(/[\s_\-:./]+/g, '');
}

function chunkIdOf(c: Chunk): string {
  return String((c as { id?: unknown }).id ?? '');
}

function pushUnique(map: Map<string, string[]>, k: string, id: string): void {
  const list = map.get(k);
  if (!list) map.set(k, [id]);
  else if (!list.includes(id)) list.push(id);
}

function metaString(c: Chunk, keys: readonly string[]): string[] {
  const out: string[] = [];
  const rec = c as Record<string, unknown>;
  for (const k of keys) {
    const v = rec[k];
    if (typeof v === 'string' && v.trim() !== '') out.push(v);
  }
  for (const holder of ['metadata', 'meta']) {
    const m = rec[holder];
    if (m && typeof m === 'object' && !Array.isArray(m)) {
      const mr = m as Record<string, unknown>;
      for (const k of keys) {
        const v = mr[k];
        if (typeof v === 'string' && v.trim() !== '') out.push(v);
      }
    }
  }
  return out;
}

class ChunkIndex {
  readonly ids: string[] = [];
  private exact = new Map<string, string>();
  private numeric = new Map<number, string>();
  /** The first chunk of each id, in order; the forgiving, title and URL tables are built from them on first use. */
  private unique: Chunk[] = [];
  private forgivingMap?: Map<string, string[]>;
  private looseMap?: Map<string, string[]>;
  private titlesMap?: Map<string, string[]>;
  private urlsMap?: Map<string, string>;
  readonly allNumeric: boolean;
  /** Chunks positions refer to. */
  readonly positional: string[];

  constructor(chunks: readonly Chunk[], extra: readonly Chunk[]) {
    const add = (c: Chunk): void => {
      if (!c || typeof c !== 'object') return;
      const id = chunkIdOf(c);
      if (this.exact.has(id)) return;
      this.exact.set(id, id);
      this.ids.push(id);
      this.unique.push(c);
      if (DIGITS.test(id.trim()) && !this.numeric.has(Number(id))) this.numeric.set(Number(id), id);
    };
    for (const c of chunks) add(c);
    for (const c of extra) add(c);
    const base = chunks.length > 0 ? chunks : extra;
    this.positional = [];
    let allNumeric = base.length > 0;
    for (const c of base) {
      if (!c || typeof c !== 'object') continue;
      const id = chunkIdOf(c);
      this.positional.push(id);
      if (allNumeric && !DIGITS.test(id.trim())) allNumeric = false;
    }
    this.allNumeric = allNumeric;
  }

  private get forgiving(): Map<string, string[]> {
    if (!this.forgivingMap) {
      this.forgivingMap = new Map();
      for (const id of this.ids) pushUnique(this.forgivingMap, foldForgiving(id), id);
    }
    return this.forgivingMap;
  }
  private get loose(): Map<string, string[]> {
    if (!this.looseMap) {
      this.looseMap = new Map();
      for (const id of this.ids) pushUnique(this.looseMap, foldLoose(id), id);
    }
    return this.looseMap;
  }
  private get titles(): Map<string, string[]> {
    if (!this.titlesMap) {
      this.titlesMap = new Map();
      this.unique.forEach((c, k) => {
        for (const t of metaString(c, ['title', 'document_title', 'doc_title', 'name', 'filename', 'file_name'])) pushUnique(this.titlesMap!, foldForgiving(t), this.ids[k]!);
      });
    }
    return this.titlesMap;
  }
  private get urls(): Map<string, string> {
    if (!this.urlsMap) {
      this.urlsMap = new Map();
      this.unique.forEach((c, k) => {
        for (const u of metaString(c, ['url', 'source', 'link', 'filepath', 'file_id'])) {
          const key = u.trim();
          if (!this.urlsMap!.has(key)) this.urlsMap!.set(key, this.ids[k]!);
        }
      });
    }
    return this.urlsMap;
  }

  get size(): number {
    return this.ids.length;
  }
  byId(ref: string): string | null {
    return this.exact.get(ref) ?? null;
  }
  byNumber(ref: string): string | null {
    if (!DIGITS.test(ref)) return null;
    return this.exact.get(ref) ?? this.numeric.get(Number(ref)) ?? null;
  }
  byForgiving(ref: string): string | null {
    const l = this.forgiving.get(foldForgiving(ref));
    return l && l.length === 1 ? (l[0] ?? null) : null;
  }
  byLoose(ref: string): string | null {
    const k = foldLoose(ref);
    if (k === '') return null;
    const l = this.loose.get(k);
    return l && l.length === 1 ? (l[0] ?? null) : null;
  }
  byTitle(ref: string): { id: string; count: number } | null {
    const l = this.titles.get(foldForgiving(ref));
    return l && l.length > 0 ? { id: l[0] ?? '', count: l.length } : null;
  }
  byUrl(ref: string): string | null {
    return this.urls.get(ref.trim()) ?? null;
  }
  byPosition(n: number, base: 0 | 1): string | null {
    const p = n - base;
    return p >= 0 && p < this.positional.length ? (this.positional[p] ?? null) : null;
  }
  /** True when the positional ids are exactly "0", "1", … "n-1". */
  zeroBasedIds(): boolean {
    return this.positional.length > 0 && this.positional.every((id, k) => id.trim() === String(k));
  }
}

/** Strips quotes, brackets and trailing punctuation around a reference: "`doc-a`." → "doc-a". */
function unwrap(s: string): string {
  return s.replace(/^[<"'`“„([]+/, '').replace(/[>"'`”“)\].,;]+$/, '').trim();
}

const NUMERIC_STYLES: ReadonlySet<CitationStyle> = new Set(['bracket_number', 'bracket_id', 'fullwidth', 'longcite', 'latex_cite']);

export function createResolver(
  markers: readonly CitationMarker[],
  chunks: readonly Chunk[],
  opts: ResolveOptions = {},
): RefResolver {
  const lang: Language = opts.language === 'cs' ? 'cs' : 'en';
  const safeMarkers = Array.isArray(markers) ? markers.filter((m) => m && Array.isArray(m.refs)) : [];
  const structured = opts.structured && Array.isArray(opts.structured.citations) ? opts.structured : undefined;
  const index = new ChunkIndex(Array.isArray(chunks) ? chunks : [], structured?.chunks ?? []);
  const defs = Array.isArray(opts.footnoteDefinitions) ? opts.footnoteDefinitions : [];
  const footnoteDefs = new Map<string, string>();
  const linkDefs = new Map<string, string>();
  for (const d of defs) {
    if (!d || typeof d.label !== 'string') continue;
    const target = typeof d.target === 'string' ? d.target : '';
    if (d.kind === 'link') {
      if (!linkDefs.has(d.label)) linkDefs.set(d.label, target);
    } else if (!footnoteDefs.has(d.label)) footnoteDefs.set(d.label, target);
  }

  const methods = new Set<Method>();
  const notes: string[] = [];
  const noteOnce = (s: string): void => {
    if (!notes.includes(s)) notes.push(s);
  };
  const forgivingPairs: string[] = [];
  const loosePairs: string[] = [];
  const titlePairs: string[] = [];
  let usedUrl = false;
  let usedLinkDefs = false;
  let usedNames = false;

  // --- the numeric policy, decided once from all plain numeric refs --------------------------
  const numericRefs: string[] = [];
  const namedRefs: string[] = [];
  for (const m of safeMarkers) {
    if (m.style === 'footnote' || !NUMERIC_STYLES.has(m.style)) continue;
    for (const r of m.refs) {
      if (typeof r !== 'string') continue;
      if (DIGITS.test(r)) numericRefs.push(r);
      else namedRefs.push(r);
    }
  }
  // "[chunk_7]" naming no chunk while chunk ids are numbers: 7 is read like a plain [7].
  const namesNothing = (r: string): boolean =>
    index.byId(r) === null && index.byForgiving(r) === null && index.byLoose(r) === null && index.byUrl(r) === null && index.byTitle(r) === null;
  const prefixedNumbers = index.allNumeric
    ? namedRefs.filter((r) => PREFIXED_NUMBER.test(r) && namesNothing(r)).map((r) => String(Number(PREFIXED_NUMBER.exec(r)?.[2])))
    : [];
  numericRefs.push(...prefixedNumbers);
  let policy: NumericPolicy;
  let policyNote: string;
  if (numericRefs.length > 0 && numericRefs.every((r) => index.byNumber(r) !== null)) {
    policy = 'id';
    policyNote = P.numericId;
  } else if (index.allNumeric) {
    const n = index.positional.length;
    const refsAsNumbers = numericRefs.map(Number);
    if (
      index.zeroBasedIds() &&
      refsAsNumbers.length > 0 &&
      !refsAsNumbers.includes(0) &&
      refsAsNumbers.every((v) => v >= 1 && v <= n) &&
      refsAsNumbers.includes(n)
    ) {
      policy = 'index1';
      policyNote = P.numericIndex1ZeroIds(n);
    } else {
      policy = 'id';
      policyNote = P.numericId;
    }
  } else if (numericRefs.some((r) => Number(r) === 0)) {
    policy = 'index0';
    policyNote = P.numericIndex0;
  } else {
    policy = 'index1';
    policyNote = P.numericIndex1;
  }

  const resolveNumber = (ref: string, note: boolean): string | null => {
    if (note) {
      methods.add(policy);
      noteOnce(policyNote);
    }
    if (policy === 'id') return index.byNumber(ref);
    return index.byPosition(Number(ref), policy === 'index0' ? 0 : 1);
  };

  /** Exact id, then forgiving, then loose, then URL. */
  const resolveName = (ref: string, note: boolean): string | null => {
    const exact = index.byId(ref);
    if (exact !== null) return exact;
    const f = index.byForgiving(ref);
    if (f !== null) {
      if (note) forgivingPairs.push(`“${ref}” → ${f}`);
      return f;
    }
    const l = index.byLoose(ref);
    if (l !== null) {
      if (note) loosePairs.push(`“${ref}” → ${l}`);
      return l;
    }
    const u = index.byUrl(ref);
    if (u !== null) {
      if (note) usedUrl = true;
      return u;
    }
    return null;
  };

  const resolveTitle = (ref: string, note: boolean): string | null => {
    const t = index.byTitle(ref);
    if (!t) return null;
    if (note && t.count > 1) noteOnce(P.ambiguousTitle(ref.trim(), t.count));
    return t.id;
  };

  // Id-shaped refs are read as positions only when none of them names a chunk.
  const prefixed = namedRefs.filter((r) => PREFIXED_NUMBER.test(r));
  const prefixedAsPositions =
    prefixed.length > 0 &&
    index.size > 0 &&
    prefixed.every((r) => resolveName(r, false) === null && index.byTitle(r) === null);
  const prefixedBase: 0 | 1 = prefixed.some((r) => Number(PREFIXED_NUMBER.exec(r)?.[2]) === 0) ? 0 : 1;

  /** A definition target: an id, a URL, a title, a number, or a line starting with one of them. */
  const resolveTarget = (target: string, note: boolean): string | null => {
    const t = target.trim();
    // A Markdown link "[Title](url)": its URL, then its text.
    const link = /^\[([^\]]+)\]\(<?([^)\s>]+)>?[^)]*\)/.exec(t);
    if (link) {
      const viaLink = resolveName(link[2] ?? '', note) ?? resolveTarget(link[1] ?? '', note);
      if (viaLink !== null) return viaLink;
    }
    const unwrapped = unwrap(t);
    for (const cand of [t, unwrapped]) {
      if (cand === '') continue;
      const byName = resolveName(cand, note);
      if (byName !== null) return byName;
      const byTitle = resolveTitle(cand, note);
      if (byTitle !== null) return byTitle;
      if (DIGITS.test(cand)) return resolveNumber(cand, note);
    }
    const first = unwrap(unwrapped.split(/[\s,;]+/)[0] ?? '');
    if (first !== '' && first !== unwrapped) {
      const byName = resolveName(first, note);
      if (byName !== null) return byName;
      if (DIGITS.test(first)) return resolveNumber(first, note);
    }
    // "Source 2", "Document 3, page 4", "doc1": a label and a number, read like an inline [Source 2].
    const labelled = /^(\p{L}{1,24})[ _\-:#.]?(\d{1,7})(?![\p{L}\p{N}])/u.exec(unwrapped);
    if (labelled) {
      const ref = labelled[0];
      const byName = resolveName(ref, note) ?? resolveTitle(ref, note);
      if (byName !== null) return byName;
      return resolveNumber(String(Number(labelled[2])), note);
    }
    return null;
  };

  const resolvePlain = (ref: string, note: boolean): string | null => {
    const def = linkDefs.get(ref);
    // A title several chunks share does not say which of them [n] is: the number decides then.
    const shared = def !== undefined && resolveName(def.trim(), false) === null && (index.byTitle(def.trim())?.count ?? 0) > 1;
    if (def !== undefined && !shared) {
      const viaDef = resolveTarget(def, false);
      if (viaDef !== null) {
        if (note) {
          usedLinkDefs = true;
          methods.add('id');
        }
        return viaDef;
      }
    }
    if (DIGITS.test(ref)) return resolveNumber(ref, note);
    if (prefixedAsPositions) {
      const m = PREFIXED_NUMBER.exec(ref);
      if (m && index.allNumeric) return resolveNumber(String(Number(m[2])), note);
      if (m) {
        if (note) {
          methods.add(prefixedBase === 0 ? 'index0' : 'index1');
          noteOnce(P.prefixedPositional(prefixedBase));
        }
        return index.byPosition(Number(m[2]), prefixedBase);
      }
    }
    if (note) {
      methods.add('id');
      usedNames = true;
    }
    const byName = resolveName(ref, note);
    if (byName !== null) return byName;
    const byTitle = resolveTitle(ref, note);
    if (byTitle !== null) {
      if (note) titlePairs.push(`“${ref}” → ${byTitle}`);
      return byTitle;
    }
    return null;
  };

  const footnotesWithoutDef: string[] = [];
  const resolveFootnote = (label: string, note: boolean): string | null => {
    if (note) {
      methods.add('footnote');
      noteOnce(P.footnote);
    }
    const def = footnoteDefs.get(label);
    if (def !== undefined) return resolveTarget(def, note);
    if (note && !footnotesWithoutDef.includes(`[^${label}]`)) footnotesWithoutDef.push(`[^${label}]`);
    return resolveTarget(label, note);
  };

  const resolveStructured = (ref: string, kind: RefKind, note: boolean): string | null => {
    if (note) {
      methods.add(kind);
      noteOnce(P.structured[kind]);
    }
    const r = ref.trim();
    switch (kind) {
      case 'index0':
      case 'index1':
        return DIGITS.test(r) ? index.byPosition(Number(r), kind === 'index0' ? 0 : 1) : null;
      case 'title':
        return resolveTitle(r, note) ?? index.byId(ref) ?? index.byForgiving(r);
      case 'id':
      default:
        return resolveName(ref, note) ?? index.byNumber(r);
    }
  };

  const resolve = (ref: string, kind: RefKind | CitationStyle | undefined, note: boolean): string | null => {
    if (typeof ref !== 'string') return null;
    if (kind === 'footnote') return resolveFootnote(ref, note);
    if (kind === 'id' || kind === 'index0' || kind === 'index1' || kind === 'title') return resolveStructured(ref, kind, note);
    return resolvePlain(ref, note);
  };

  // --- entries, in answer order, then structured ----------------------------------------------
  const entries: IdMapping['entries'] = [];
  const seen = new Set<string>();
  const unresolved: string[] = [];
  const record = (ref: string, kind: RefKind | CitationStyle | undefined): void => {
    const key = mappingKey(ref, kind);
    if (seen.has(key)) return;
    seen.add(key);
    const chunkId = resolve(ref, kind, true);
    entries.push({ ref: key, chunk_id: chunkId });
    if (chunkId === null) unresolved.push(displayRef(ref, kind));
  };
  for (const m of safeMarkers) {
    for (const r of m.refs) if (typeof r === 'string') record(r, m.style === 'footnote' ? 'footnote' : undefined);
  }
  for (const c of structured?.citations ?? []) {
    if (!c || typeof c.ref !== 'string') continue;
    const kind: RefKind = c.refKind === 'index0' || c.refKind === 'index1' || c.refKind === 'title' ? c.refKind : 'id';
    record(c.ref, kind);
  }

  // --- description ------------------------------------------------------------------------------
  if (usedNames) notes.unshift(P.exactIds);
  if (usedLinkDefs) noteOnce(P.linkDefs);
  if (forgivingPairs.length) noteOnce(P.forgiving(quoteList(forgivingPairs)));
  if (loosePairs.length) noteOnce(P.loose(quoteList(loosePairs)));
  if (titlePairs.length) noteOnce(P.titleFallback(quoteList(titlePairs)));
  if (usedUrl) noteOnce(P.urlFallback);
  if (footnotesWithoutDef.length) noteOnce(P.footnoteNoDef(quoteList(footnotesWithoutDef)));
  if (entries.length > 0 && index.size === 0) noteOnce(opts.chunksUnreadable ? P.chunksUnreadable : P.noChunks);
  else if (unresolved.length) noteOnce(P.unresolved(quoteList(unresolved, 6)));

  let kind: IdMapping['kind'];
  if (entries.length === 0 || methods.size === 0) kind = 'none';
  else if (methods.size === 1) kind = [...methods][0] ?? 'none';
  else kind = 'mixed';
  const shown = entries.length === 0 ? [P.nothing] : notes;
  const texts: Msg[] = shown.map(noteText);
  const description = describe(shown, texts, lang);

  return {
    mapping: { kind, description, texts, entries },
    resolveRef: (ref, kind) => resolve(ref, kind, false),
  };
}
