// Texts the core writes, as a catalogue key and its parameters (types.ts Msg), and their
// rendering in a language: one catalogue per language in core/report/catalogue/. A check builds its
// finding's words with messagesFor(ctx.language): the message in the case's language, plus the
// same words as a text, which core/report/localize.ts writes again in the interface language.
import type { Language, Msg, MsgParam } from '../types';
import { en, type Catalogue } from './catalogue/en';
import { cs } from './catalogue/cs';
import { excerpt, isJsSpace } from '../text/text';

export type MessageKey = keyof Catalogue;
type ParamsOf<K extends MessageKey> = Parameters<Catalogue[K]> extends [infer P] ? P : Record<string, never>;
/** Parameters as a caller gives them: any string may instead be a text (rendered first). */
type Raw<P> = { [N in keyof P]: P[N] extends string ? string | Msg : P[N] };

const CATALOGUES: Record<Language, Catalogue> = { en, cs };

/** Every key of the catalogues (both have the same; the type and messages.test.ts say so). */
export const MESSAGE_KEYS = Object.keys(en) as MessageKey[];

/** A text of `key` with `params`. */
export function msg<K extends MessageKey>(key: K, params: Raw<ParamsOf<K>>): Msg {
  return { key, params: params as Msg['params'] };
}

const isMsg = (v: MsgParam): v is Msg => typeof v === 'object' && v !== null && !Array.isArray(v) && typeof (v as Msg).key === 'string';

/**
 * `t` in `lang`: a plain string stays as it is. A text whose key is unknown or whose parameters do
 * not fit (a report stored by another version) gives undefined, so the caller keeps its old words.
 */
export function render(t: Msg | string, lang: Language): string | undefined {
  if (typeof t === 'string') return t;
  const known = WRITTEN.get(t);
  if (known?.lang === lang) return known.words;
  const catalogue = CATALOGUES[lang] ?? en;
  const given = t.params;
  if (!Object.hasOwn(catalogue, t.key) || typeof given !== 'object' || given === null) return undefined;
  // The wording reads the parameters' own values, with the texts among them written first.
  const params: Record<string, unknown> = {};
  for (const name in given) {
    if (!Object.hasOwn(given, name)) continue;
    const v = given[name];
    if (isMsg(v)) {
      const inner = render(v, lang);
      if (inner === undefined) return undefined;
      params[name] = inner;
    } else params[name] = v;
  }
  try {
    const out = (catalogue[t.key as MessageKey] as (p: unknown) => unknown)(params);
    return typeof out === 'string' ? out : undefined;
  } catch {
    return undefined;
  }
}

/** `t` in `lang`, or `fallback` when it cannot be written. */
export function renderOr(t: Msg | string, lang: Language, fallback: string): string {
  return render(t, lang) ?? fallback;
}

// A text keeps only what its words show of a long parameter. Claims and quotes are shown as an
// excerpt of at most 60 characters (catalogue/format.ts q()), which reads the first 61 characters
// with spaces collapsed and the ends trimmed: 62 are kept (a trailing space trimmed still leaves
// 61), so the excerpt comes out the same, and a finding per marker of a 5 MB one-line answer does
// not carry the whole line each (nor a copy of it: only the kept words are read). messages.test.ts holds every catalogue entry of both languages
// to this: its words from the kept part are its words from the whole. Other long strings (a
// parser's message, a reason) are shown whole and kept at most PARAM_MAX long.
const EXCERPTED = new Set(['claim', 'quote']);
const EXCERPT_KEPT = 62;
const PARAM_MAX = 400;
function compact(params: Record<string, unknown>): Msg['params'] {
  let out: Msg['params'] | undefined;
  for (const name in params) {
    const v = params[name];
    if (typeof v !== 'string') continue;
    let short: string | undefined;
    if (EXCERPTED.has(name) && v.length > EXCERPT_KEPT) short = collapsedStart(v, EXCERPT_KEPT);
    else if (v.length > PARAM_MAX) short = excerpt(v, PARAM_MAX - 10);
    if (short !== undefined) (out ??= { ...(params as Msg['params']) })[name] = short;
  }
  // Nothing to shorten: the parameters as given (the caller's object, not copied).
  return out ?? (params as Msg['params']);
}

/**
 * The first `keep` characters of s with white space runs collapsed to one space and the start
 * trimmed (what s.replace(/\s+/g, ' ').trimStart().slice(0, keep) gives), read no further than
 * they reach.
 */
function collapsedStart(s: string, keep: number): string {
  const n = s.length;
  let out = '';
  let i = 0;
  while (i < n && isJsSpace(s.charCodeAt(i))) i++;
  while (i < n) {
    let j = i;
    while (j < n && !isJsSpace(s.charCodeAt(j))) j++;
    out += s.slice(i, Math.min(j, i + keep - out.length));
    if (j === n || out.length === keep) break;
    out += ' ';
    if (out.length === keep) break;
    while (j < n && isJsSpace(s.charCodeAt(j))) j++;
    i = j;
  }
  return out;
}

// A finding's text as messagesFor made it, with the words it renders to in the finding's
// language (its message): the report words its issues from the same texts in that language.
const WRITTEN = new WeakMap<Msg, { lang: Language; words: string }>();

type Builders = { [K in MessageKey]: (p: Raw<ParamsOf<K>>) => { message: string; text: Msg } };
const builders = new Map<Language, Builders>();

/** For the checks: each text as `{ message, text }`, the message in `lang` (spread into a finding). */
export function messagesFor(lang: Language): Builders {
  let b = builders.get(lang);
  if (!b) {
    const made = {} as Record<string, (p: Record<string, unknown>) => { message: string; text: Msg }>;
    for (const key of MESSAGE_KEYS) {
      // Written once, from the kept parameters: they give the words the whole ones give.
      made[key] = (p) => {
        const text: Msg = { key, params: compact(p) };
        const words = render(text, lang);
        if (words !== undefined) WRITTEN.set(text, { lang, words });
        return { message: words ?? key, text };
      };
    }
    b = made as unknown as Builders;
    builders.set(lang, b);
  }
  return b;
}

/**
 * How a citation is named in messages: its marker, or for a structured one what the user can
 * see — the chunk id(s) it resolved to and the document's title and pages — never a bare
 * position such as the Anthropic API's document_index. A text, so it follows the language.
 */
export function citationLabel(c: {
  marker: string;
  ref: string;
  style: string;
  chunk_id?: string | null;
  source_chunk_ids?: string[];
  source_document?: { title?: string; pages?: [number, number] };
}): string | Msg {
  if (c.marker && c.style !== 'structured') return c.marker;
  const doc = c.source_document;
  const ids = c.source_chunk_ids && c.source_chunk_ids.length > 1 ? c.source_chunk_ids : c.chunk_id ? [c.chunk_id] : [];
  return msg('citationLabel', {
    ids,
    ref: c.ref,
    ...(doc?.title !== undefined ? { title: doc.title } : {}),
    ...(doc?.pages ? { pages: doc.pages } : {}),
  });
}
