// Texts the core writes, as a catalogue key and its parameters (types.ts Msg), and their
// rendering in a language: one catalogue per language in core/report/catalogue/. A check builds its
// finding's words with messagesFor(ctx.language): the message in the case's language, plus the
// same words as a text, which core/report/localize.ts writes again in the interface language.
import type { Language, Msg, MsgParam } from '../types';
import { en, type Catalogue } from './catalogue/en';
import { cs } from './catalogue/cs';
import { excerpt } from '../text/text';

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
  for (const [name, v] of Object.entries(given)) {
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
// 61), so the excerpt comes out the same, and a finding per
// marker of a 5 MB one-line answer does not carry the whole line each. Other long strings (a
// parser's message, a reason) are shown whole and kept at most PARAM_MAX long.
const EXCERPTED = new Set(['claim', 'quote']);
const EXCERPT_READS = 62;
const PARAM_MAX = 400;
function compact(params: Record<string, unknown>, rawPrefix?: number): Msg['params'] {
  let out: Msg['params'] | undefined;
  for (const [name, v] of Object.entries(params)) {
    if (typeof v !== 'string') continue;
    let short: string | undefined;
    if (EXCERPTED.has(name) && v.length > EXCERPT_READS) {
      short = rawPrefix ? v.slice(0, rawPrefix) : v.slice(0, EXCERPT_READS * 4).replace(/\s+/g, ' ').trimStart().slice(0, EXCERPT_READS);
    } else if (v.length > PARAM_MAX) short = excerpt(v, PARAM_MAX - 10);
    if (short !== undefined) (out ??= { ...(params as Msg['params']) })[name] = short;
  }
  // Nothing to shorten: the parameters as given (the caller's object, not copied).
  return out ?? (params as Msg['params']);
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
      made[key] = (p) => {
        const words = render(msg(key, p as never), lang);
        const message = words ?? key;
        const text: Msg = { key, params: compact(p) };
        // Shortened parameters must give the same words; should they not, the text keeps more.
        if (text.params !== p && render(text, lang) !== message) text.params = compact(p, EXCERPT_READS * 4);
        else if (words !== undefined) WRITTEN.set(text, { lang, words });
        return { message, text };
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
