// Writing citation markers for the quick fixes (fixes.ts), and checking every marker a fix writes:
// it must scan as one marker of the intended style with the intended references, and with the
// edit made every marker of the answer must still resolve to the chunk it resolved to before.
// chunks meant (the numeric policy of the mapping can change with one more number).
import type { CitationMarker, CitationStyle } from '../types';
import { findMarkers, type FootnoteDefinition } from '../markers/markers';
import { createResolver } from '../citations/mapping';
import { DIGITS, FixContext, refKey, refMarker, type TextEdit } from './context';

// ---------------------------------------------------------------------------------------------
// Writing markers, and checking what was written

/** Marker text for refs in a style; for LongCite, with its <cite> wrapper when `wrap`. */
export function writeMarker(style: CitationStyle, refs: readonly string[], wrap = true): string | undefined {
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
export function scanExactly(fx: FixContext, text: string, style: CitationStyle, refs: readonly string[]): CitationMarker[] | undefined {
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

export interface Change {
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
export function verify(fx: FixContext, change: Change): boolean {
  // The answer depends only on the change and on the resolution environment (context.ts), which
  // the next report shares while the markers stay as they are.
  const { verdicts } = fx.resolution;
  const key = changeKey(change);
  let ok = verdicts.get(key);
  if (ok === undefined) verdicts.set(key, (ok = verifyNow(fx, change)));
  return ok;
}

/** Everything of a change that verify reads. */
function changeKey(change: Change): string {
  const refs = (m: CitationMarker) => [m.style, m.refs];
  return JSON.stringify([
    [...change.replaced].map(([old, repl]) => [refs(old), repl.map(refs)]),
    change.added.map(refs),
    change.defs,
    [...change.expect].map(([m, want]) => [refs(m), want]),
  ]);
}

function verifyNow(fx: FixContext, change: Change): boolean {
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

/** References a chunk could be named by in a style, most natural first. */
export function refCandidates(fx: FixContext, chunkId: string, style: CitationStyle): string[] {
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
export function definitionInsert(fx: FixContext, lines: string[]): TextEdit {
  const last = fx.defs.filter((d) => d.kind === 'footnote').at(-1);
  if (last) return { start: last.end, end: last.end, text: lines.map((l) => `\n${l}`).join('') };
  const end = fx.answer.replace(/\s+$/, '').length;
  return { start: end, end, text: `\n\n${lines.join('\n')}` };
}

export interface Written {
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
export function writeFor(fx: FixContext, chunkIds: readonly string[], style: CitationStyle, at: WriteAt, labels = new Set<string>()): Written | undefined {
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
export function changeOf(parts: readonly { old: readonly CitationMarker[]; written: Written }[]): Change {
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

