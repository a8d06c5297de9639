// OpenAI answers with annotations (Responses API, Chat Completions, Assistants) and Azure OpenAI
// "On Your Data" responses. Read from structured.ts.
import { parseJson, type JsonPath } from './json';
import type { StructuredCitation, StructuredInput } from '../types';
import { normalizeChunkList } from './chunks';
import { describeType, isRecord } from './issues';
import { placeSpan } from './structuredSpans';
import { isInt, issue, refOf, str, type Ctx } from './structuredCommon';

// ---------------------------------------------------------------------------------------------
// OpenAI: answer text with annotations
//
// - Responses API: output[] items of type 'message', content parts {type: 'output_text', text,
//   annotations}: file_citation {index, file_id, filename} (a point in the text after the cited
//   words), url_citation {start_index, end_index, url, title}.
// - Chat Completions: choices[0].message {content, annotations: [{type: 'url_citation',
//   url_citation: {start_index, end_index, url, title}}]}.
// - Assistants: content [{type: 'text', text: {value, annotations: [{type: 'file_citation', text:
//   '【4:0†source】', start_index, end_index, file_citation: {file_id, quote?}}]}}].

interface OpenAiPart {
  text: string;
  annotations: unknown[];
  path: JsonPath;
}

function openAiPart(part: unknown, path: JsonPath): OpenAiPart | undefined {
  if (!isRecord(part)) return undefined;
  // Assistants: text is {value, annotations}.
  if (isRecord(part.text) && typeof part.text.value === 'string') {
    return { text: part.text.value, annotations: Array.isArray(part.text.annotations) ? part.text.annotations : [], path: [...path, 'text', 'annotations'] };
  }
  if ((part.type === 'output_text' || part.type === 'text' || part.type === undefined) && typeof part.text === 'string' && Array.isArray(part.annotations)) {
    return { text: part.text, annotations: part.annotations, path: [...path, 'annotations'] };
  }
  return undefined;
}

/** The text parts of an OpenAI response, in order; undefined when o is not one. */
export function findOpenAiParts(o: Record<string, unknown>, path: JsonPath): OpenAiPart[] | undefined {
  const fromContent = (content: unknown, at: JsonPath): OpenAiPart[] => {
    if (!Array.isArray(content)) return [];
    return content.map((p, k) => openAiPart(p, [...at, k])).filter((p): p is OpenAiPart => p !== undefined);
  };
  const single = openAiPart(o, path);
  if (single && o.type === 'output_text') return [single];
  if (Array.isArray(o.output)) {
    const parts: OpenAiPart[] = [];
    o.output.forEach((item, k) => {
      if (isRecord(item) && item.type === 'message') parts.push(...fromContent(item.content, [...path, 'output', k, 'content']));
    });
    if (parts.length > 0) return parts;
  }
  const choices = o.choices;
  const message = Array.isArray(choices) && isRecord(choices[0]) && isRecord(choices[0].message) ? choices[0].message : o.role === 'assistant' ? o : undefined;
  if (message && typeof message.content === 'string' && Array.isArray(message.annotations)) {
    const at = message === o ? path : [...path, 'choices', 0, 'message'];
    return [{ text: message.content, annotations: message.annotations, path: [...at, 'annotations'] }];
  }
  // Assistants message: content parts whose text is {value, annotations}.
  if (Array.isArray(o.content) && o.content.some((p) => isRecord(p) && isRecord(p.text) && typeof p.text.value === 'string')) {
    return fromContent(o.content, [...path, 'content']);
  }
  return undefined;
}

/**
 * Start of the words a point citation follows: after the previous sentence end or line break
 * (the spaces and sentence punctuation just before the point are skipped first). Read from
 * tables of the whole text built once, so that n points in one endless sentence do not each walk
 * back to its start.
 */
function sentenceStarts(text: string): (index: number) => number {
  const n = text.length;
  const space = (i: number): boolean => /\s/.test(text[i] ?? '');
  // back[i]: i, less the spaces and sentence punctuation right before it.
  const back = new Int32Array(n + 1);
  // start[i]: the last sentence start at or before i (a line break or ". " ends a sentence).
  const start = new Int32Array(n + 1);
  // words[i]: the first position at or after i that is not a space.
  const words = new Int32Array(n + 1);
  for (let i = 1; i <= n; i++) {
    back[i] = /[\s.!?]/.test(text[i - 1]!) ? back[i - 1]! : i;
    const c = text[i - 1]!;
    start[i] = c === '\n' || ((c === '.' || c === '!' || c === '?') && space(i)) ? i : start[i - 1]!;
  }
  words[n] = n;
  for (let i = n - 1; i >= 0; i--) words[i] = space(i) ? words[i + 1]! : i;
  return (index) => {
    const k = start[back[Math.min(index, n)]!]!;
    return Math.min(words[k]!, Math.max(k, index));
  };
}

export function openAiAnnotations(parts: OpenAiPart[], ctx: Ctx): StructuredInput {
  let answer = '';
  const citations: StructuredCitation[] = [];
  for (const part of parts) {
    const offset = answer.length;
    answer += part.text;
    let sentenceStartBefore: ((index: number) => number) | undefined;
    part.annotations.forEach((a, j) => {
      const cp = [...part.path, j];
      if (!isRecord(a)) {
        issue(ctx, cp, `expected an annotation object, found ${describeType(a)}`);
        return;
      }
      const inner = isRecord(a.url_citation) ? a.url_citation : isRecord(a.file_citation) ? a.file_citation : undefined;
      const field = (k: string): unknown => a[k] ?? inner?.[k];
      const type = str(a.type) ?? (isRecord(a.url_citation) ? 'url_citation' : isRecord(a.file_citation) ? 'file_citation' : undefined);
      if (type !== 'file_citation' && type !== 'url_citation') return; // file paths, container files: not citations
      const ref = type === 'url_citation' ? str(field('url')) : refOf(field('file_id'));
      if (ref === undefined || ref === '') {
        issue(ctx, cp, type === 'url_citation' ? 'the url_citation has no url' : 'the file_citation has no file_id');
        return;
      }
      const out: StructuredCitation = { ref, refKind: 'id', location: type, raw: a };
      const s = field('start_index');
      const e = field('end_index');
      const index = field('index');
      if (isInt(s) && isInt(e)) {
        // Assistants annotations carry the marker text they replace: the span is checked against it.
        const span = placeSpan(part.text, s, e, str(a.text), ctx, cp);
        if (span) {
          out.answerStart = offset + span.answerStart;
          out.answerEnd = offset + span.answerEnd;
        }
      } else if (isInt(index) && index >= 0 && index <= part.text.length) {
        out.answerStart = offset + (sentenceStartBefore ??= sentenceStarts(part.text))(index);
        out.answerEnd = offset + index;
      } else if (index !== undefined) {
        issue(ctx, cp, `the annotation's index ${String(index)} is outside its text (${part.text.length} characters)`);
      }
      const quote = str(field('quote'));
      if (quote !== undefined && quote !== '') out.quote = quote;
      citations.push(out);
    });
  }
  return { format: 'openai-annotations', answer, citations };
}

// ---------------------------------------------------------------------------------------------
// Azure OpenAI "On Your Data"

/** One citation of an On Your Data response: the chunk's text in `content`, no answer offsets. */
export const isAzureCitation = (e: unknown): boolean => isRecord(e) && typeof e.content === 'string' && !('start' in e);

interface AzureFound {
  citations: Record<string, unknown>[];
  citationsPath: JsonPath;
  answer?: string;
}

/** Looks in the places the On Your Data API versions put the tool message / citations. */
export function findAzure(o: Record<string, unknown>, path: JsonPath): AzureFound | undefined {
  const candidates: { holder: unknown; at: JsonPath }[] = [
    { holder: o, at: path },
    { holder: o.context, at: [...path, 'context'] },
  ];
  const choices = o.choices;
  if (Array.isArray(choices) && isRecord(choices[0])) {
    const c0 = choices[0];
    candidates.push({ holder: c0, at: [...path, 'choices', 0] });
    if (isRecord(c0.message)) {
      candidates.push({ holder: c0.message, at: [...path, 'choices', 0, 'message'] });
      candidates.push({ holder: c0.message.context, at: [...path, 'choices', 0, 'message', 'context'] });
    }
  }
  let answer: string | undefined;
  for (const { holder } of candidates) {
    if (!isRecord(holder)) continue;
    if (holder.role === 'assistant' && typeof holder.content === 'string' && answer === undefined) {
      answer = holder.content;
    }
    const messages = holder.messages;
    if (!Array.isArray(messages)) continue;
    messages.forEach((m) => {
      if (isRecord(m) && m.role === 'assistant' && typeof m.content === 'string' && answer === undefined) {
        answer = m.content;
      }
    });
  }
  for (const { holder, at } of candidates) {
    if (!isRecord(holder)) continue;
    const messages = holder.messages;
    if (Array.isArray(messages)) {
      for (let k = 0; k < messages.length; k++) {
        const m = messages[k];
        if (!isRecord(m) || (m.role !== undefined && m.role !== 'tool')) continue;
        let content: unknown = m.content;
        if (typeof content === 'string') {
          const parsed = parseJson(content.trim());
          if (parsed.error) continue;
          content = parsed.value;
        }
        if (isRecord(content) && Array.isArray(content.citations) && content.citations.every(isAzureCitation)) {
          return { citations: content.citations as Record<string, unknown>[], citationsPath: [...at, 'messages', k, 'content'], ...(answer !== undefined ? { answer } : {}) };
        }
      }
    }
    // Newer API versions: context.citations is a list of objects, not a string.
    if (holder !== o && Array.isArray(holder.citations) && holder.citations.length > 0 && holder.citations.every(isAzureCitation)) {
      return { citations: holder.citations as Record<string, unknown>[], citationsPath: [...at, 'citations'], ...(answer !== undefined ? { answer } : {}) };
    }
  }
  return undefined;
}

export function azure(list: Record<string, unknown>[], ctx: Ctx, path: JsonPath, ownAnswer: string | undefined): StructuredInput {
  // Citations are cited as [docN] by their 1-based position; their own chunk_id is not an id.
  const docs = list.map((c, i) => {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(c)) if (v !== null && k !== 'content' && k !== 'id') out[k] = v;
    return { ...out, id: `doc${i + 1}`, text: c.content as string };
  });
  const chunks = normalizeChunkList(docs).chunks;
  const answer = ownAnswer ?? ctx.answer;
  const useIds = ctx.chunks.length === 0 || ctx.chunks.some((c) => /^doc\d+$/.test(c.id));
  const citations: StructuredCitation[] = [];
  const re = /\[doc(\d+)\]/g;
  for (let m = re.exec(answer); m; m = re.exec(answer)) {
    const n = Number(m[1]);
    const raw = list[n - 1];
    const out: StructuredCitation = useIds
      ? { ref: `doc${m[1]}`, refKind: 'id' }
      : { ref: String(n), refKind: 'index1' };
    out.answerStart = m.index;
    out.answerEnd = m.index + m[0].length;
    out.location = 'doc_marker';
    if (raw !== undefined) out.raw = raw;
    else issue(ctx, path, `the answer cites [doc${m[1]}] but there are only ${list.length} citations`);
    citations.push(out);
  }
  return { format: 'azure-on-your-data', ...(ownAnswer !== undefined ? { answer: ownAnswer } : {}), citations, chunks };
}
