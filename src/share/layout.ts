// Wire layout 1 of a share envelope: the long texts as separated fields instead of JSON strings.
// JSON would spend bytes on keys and on escaping every quote and newline, and those bytes are a
// measurable share of a short link. Everything that is not one of the long texts stays JSON in a
// small header, so no field of the case is lost.
//
//   header RS id RS query RS answer [RS gold_answer] (RS chunk)*      chunk = [title US] text
//
// RS (U+001E), US (U+001F) and ESC (U+001B) inside a field are written as ESC + the character.
// An empty id field means the case has no id (header `ie: 1` marks an id that is the empty text).
// The header's keys are short because they are in every link:
//   g: 1 when a gold answer field follows   o: 0 when chunk ids are 0-based positions
//   ids: chunk ids when they are not positions            cx: { chunk index: other chunk fields }
//   x: other case fields   s: settings   m: model results   l: labels
import { z } from '../core/zod';
import type { AuditCase } from '../core/types';
import type { ShareEnvelope } from './envelope';

const RS = '\u001e';
const US = '\u001f';
const ESC = '\u001b';
const NEEDS_ESCAPE = /[\u001b\u001e\u001f]/g;

const CASE_FIELDS = new Set(['id', 'query', 'answer', 'chunks', 'gold_answer']);
const CHUNK_FIELDS = new Set(['id', 'title', 'text']);

const escapeField = (s: string): string => s.replace(NEEDS_ESCAPE, (c) => ESC + c);

export function envelopeToWire(e: ShareEnvelope): string {
  const c = e.case;
  const header: Record<string, unknown> = {};
  if (c.id === '') header.ie = 1;
  if (c.gold_answer !== undefined) header.g = 1;
  const ids = c.chunks.map((ch) => String(ch.id));
  if (!ids.every((id, i) => id === String(i + 1))) {
    if (ids.every((id, i) => id === String(i))) header.o = 0;
    else header.ids = ids;
  }
  const cx: Record<string, Record<string, unknown>> = {};
  c.chunks.forEach((ch, i) => {
    const extra: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(ch)) if (!CHUNK_FIELDS.has(k) && v !== undefined) extra[k] = v;
    if (ch.title !== undefined && typeof ch.title !== 'string') extra.title = ch.title;
    if (Object.keys(extra).length) cx[i] = extra;
  });
  if (Object.keys(cx).length) header.cx = cx;
  const x: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(c)) if (!CASE_FIELDS.has(k) && v !== undefined) x[k] = v;
  if (Object.keys(x).length) header.x = x;
  if (e.settings && Object.keys(e.settings).length) header.s = e.settings;
  if (e.model) header.m = e.model;
  if (e.labels && e.labels.length) header.l = e.labels;

  // JSON escapes every control character, so the header never contains a separator.
  const fields = [
    Object.keys(header).length ? JSON.stringify(header) : '',
    escapeField(c.id === undefined ? '' : String(c.id)),
    escapeField(c.query),
    escapeField(c.answer),
  ];
  if (c.gold_answer !== undefined) fields.push(escapeField(c.gold_answer));
  for (const ch of c.chunks) {
    fields.push(typeof ch.title === 'string' ? escapeField(ch.title) + US + escapeField(ch.text) : escapeField(ch.text));
  }
  return fields.join(RS);
}

export class LayoutError extends Error {}

// Strict: a key this layout does not know means a damaged or foreign link (new keys get a new codec).
const HeaderSchema = z.strictObject({
  ie: z.literal(1).optional(),
  g: z.literal(1).optional(),
  o: z.literal(0).optional(),
  ids: z.array(z.string()).optional(),
  cx: z.record(z.string().regex(/^\d+$/), z.record(z.string(), z.unknown())).optional(),
  x: z.record(z.string(), z.unknown()).optional(),
  s: z.unknown().optional(),
  m: z.unknown().optional(),
  l: z.unknown().optional(),
});

/**
 * Splits on unescaped `sep`. With `keepEscapes` the parts keep their escapes (for a second split
 * on another separator); without, they are unescaped.
 */
function splitFields(text: string, sep: string, keepEscapes: boolean): string[] {
  const out: string[] = [];
  let cur = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === ESC) {
      const next = text[i + 1];
      if (next !== ESC && next !== RS && next !== US) throw new LayoutError('a stray escape character');
      cur += keepEscapes ? ch + next : next;
      i++;
    } else if (ch === sep) {
      out.push(cur);
      cur = '';
    } else cur += ch;
  }
  out.push(cur);
  return out;
}

/** One field's text without escapes; a bare separator inside it is an error. */
function unescape(field: string): string {
  const parts = splitFields(field, US, false);
  if (parts.length > 1) throw new LayoutError('a text field contains a bare separator');
  return parts[0]!;
}

/** The plain envelope value of a wire text (not yet validated: restoreEnvelope does that). */
export function wireToEnvelopeValue(text: string): unknown {
  const fields = splitFields(text, RS, true);
  if (fields.length < 4) throw new LayoutError('it has too few fields');
  let header: z.output<typeof HeaderSchema> = {};
  if (fields[0] !== '') {
    let json: unknown;
    try {
      json = JSON.parse(fields[0]!);
    } catch {
      throw new LayoutError('its header is not valid JSON');
    }
    const parsed = HeaderSchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new LayoutError(`its header is not understood (${issue.path.join('.') || 'header'}: ${issue.message})`);
    }
    header = parsed.data;
  }
  let next = 1;
  const id = unescape(fields[next++]!);
  const query = unescape(fields[next++]!);
  const answer = unescape(fields[next++]!);
  const hasGold = header.g === 1;
  if (hasGold && fields.length < 5) throw new LayoutError('the gold answer is missing');
  const gold = hasGold ? unescape(fields[next++]!) : undefined;
  const chunkFields = fields.slice(next);
  const ids = header.ids ?? null;
  if (ids && ids.length !== chunkFields.length) throw new LayoutError('the number of chunk ids does not match the chunks');
  const cx = header.cx ?? {};
  const chunks = chunkFields.map((f, i) => {
    const parts = splitFields(f, US, false);
    if (parts.length > 2) throw new LayoutError('a chunk has more than one title separator');
    const extra = cx[String(i)];
    const chunk: Record<string, unknown> = { ...extra };
    chunk.id = ids ? ids[i] : String(header.o === 0 ? i : i + 1);
    if (parts.length === 2) {
      chunk.title = parts[0];
      chunk.text = parts[1];
    } else chunk.text = parts[0];
    return chunk;
  });
  const c: Record<string, unknown> = {
    ...header.x,
    ...(id !== '' || header.ie === 1 ? { id } : {}),
    query,
    answer,
    chunks,
    ...(gold !== undefined ? { gold_answer: gold } : {}),
  };
  return {
    v: 1,
    case: c as AuditCase,
    ...(header.s !== undefined ? { settings: header.s } : {}),
    ...(header.m !== undefined ? { model: header.m } : {}),
    ...(header.l !== undefined ? { labels: header.l } : {}),
  };
}
