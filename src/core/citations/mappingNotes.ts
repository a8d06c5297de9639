// The words of a mapping's description (mapping.ts): each note a text of the core's catalogues,
// the lists it quotes, and the description they make in the report's language.
import type { CitationStyle, Language, Msg, RefKind } from '../types';
import { msg, render, type MessageKey } from '../report/messages';

interface Phrases {
  numericId: string;
  numericIndex1: string;
  numericIndex1ZeroIds: (n: number) => string;
  numericIndex0: string;
  exactIds: string;
  forgiving: (pairs: string) => string;
  loose: (pairs: string) => string;
  prefixedPositional: (base: number) => string;
  titleFallback: (pairs: string) => string;
  urlFallback: string;
  footnote: string;
  footnoteNoDef: (labels: string) => string;
  linkDefs: string;
  structured: Record<RefKind, string>;
  ambiguousTitle: (t: string, n: number) => string;
  unresolved: (refs: string) => string;
  noChunks: string;
  chunksUnreadable: string;
  nothing: string;
}

// The notes of the description are texts of the core's catalogues (core/report/catalogue/), written in
// the report's language at the end and kept as texts for the other. While they are collected each
// is its text as JSON, so equal notes compare equal as before.
const note = <K extends MessageKey>(key: K, params: Parameters<typeof msg<K>>[1]): string => JSON.stringify(msg(key, params));
export const P: Phrases = {
  numericId: note('mapNumericId', {}),
  numericIndex1: note('mapNumericIndex1', {}),
  numericIndex1ZeroIds: (n) => note('mapNumericIndex1ZeroIds', { n }),
  numericIndex0: note('mapNumericIndex0', {}),
  exactIds: note('mapExactIds', {}),
  forgiving: (pairs) => note('mapForgiving', { pairs }),
  loose: (pairs) => note('mapLoose', { pairs }),
  prefixedPositional: (base) => note('mapPrefixedPositional', { base }),
  titleFallback: (pairs) => note('mapTitleFallback', { pairs }),
  urlFallback: note('mapUrlFallback', {}),
  footnote: note('mapFootnote', {}),
  footnoteNoDef: (labels) => note('mapFootnoteNoDef', { labels }),
  linkDefs: note('mapLinkDefs', {}),
  structured: {
    id: note('mapStructured', { kind: 'id' }),
    index0: note('mapStructured', { kind: 'index0' }),
    index1: note('mapStructured', { kind: 'index1' }),
    title: note('mapStructured', { kind: 'title' }),
  },
  ambiguousTitle: (title, count) => note('mapAmbiguousTitle', { title, count }),
  unresolved: (refs) => note('mapUnresolved', { refs }),
  noChunks: note('mapNoChunks', {}),
  chunksUnreadable: note('mapChunksUnreadable', {}),
  nothing: note('mapNothing', {}),
};

export function quoteList(items: readonly string[], max = 3): string {
  const shown = items.slice(0, max).join(', ');
  return items.length > max ? `${shown}, … (+${items.length - max})` : shown;
}

export function displayRef(ref: string, kind?: RefKind | CitationStyle): string {
  switch (kind) {
    case 'footnote':
      return `[^${ref}]`;
    case 'latex_cite':
      return `\\cite{${ref}}`;
    case 'id':
    case 'index0':
    case 'index1':
    case 'title':
      return `${kind} ${ref}`;
    default:
      return `[${ref}]`;
  }
}

// The description of a list of notes, rendered once: most cases of a dataset map the same way
// ("numbers are chunk ids"), and a note's words depend only on the note and the language.
const DESCRIPTIONS = new Map<string, string>();
const DESCRIPTIONS_MAX = 512;

export function describe(notes: readonly string[], texts: readonly Msg[], lang: Language): string {
  const key = `${lang}\u0000${notes.join('\u0000')}`;
  let description = DESCRIPTIONS.get(key);
  if (description === undefined) {
    description = texts.map((t) => render(t, lang) ?? '').join(' ');
    if (DESCRIPTIONS.size >= DESCRIPTIONS_MAX) DESCRIPTIONS.clear();
    DESCRIPTIONS.set(key, description);
  }
  return description;
}

// Each note's text, read from its JSON once: a dataset's cases write the same few notes again and
// again. A note's parameters are numbers and strings, so a copy of the object and of its
// parameters is a text of the caller's own.
const NOTE_TEXTS = new Map<string, Msg>();

/** The text a note (one of P's) is the JSON of, as a new object. */
export function noteText(note: string): Msg {
  let t = NOTE_TEXTS.get(note);
  if (t === undefined) {
    t = JSON.parse(note) as Msg;
    if (NOTE_TEXTS.size >= DESCRIPTIONS_MAX) NOTE_TEXTS.clear();
    NOTE_TEXTS.set(note, t);
  }
  return { key: t.key, params: { ...t.params } };
}
