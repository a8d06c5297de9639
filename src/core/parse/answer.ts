// The answer editor takes either plain text with inline markers or a pasted structured response
// (any form of SPEC §3). The rule, so that prose is never mistaken for JSON:
//
//  1. Text is only read as JSON when it looks like JSON (see looksLikeJson): it starts, after
//     whitespace, with '{' followed by a property name or '}', or with '[' followed by '{', '[',
//     '"' or ']'. "[1] Paris is ..." and "[Note] ..." are plain text, as is "[1, 3]" (a bare id
//     list carries no answer).
//  2. Looks like JSON but does not parse: the format is 'json-unknown' and the syntax error is
//     reported at its line and column; the text is kept as it is, and the audit says the answer
//     could not be read instead of auditing the JSON text as if it were prose.
//  3. Parses, but is not a known structured form, or is one that carries no answer text (a bare
//     Cohere span list, marker spans): as in 2, with an error saying what was expected.
//  4. Parses as a known form with an answer: the answer is the form's answer text and the
//     normalised citations come with it; problems inside the form (a citation without a
//     document, a span outside the answer) are positioned errors, and the rest is still used.
import { parseJson } from './json';
import { LineIndex, makeParseError } from '../text/positions';
import type { AnswerFormat, Chunk, ParseError, StructuredInput } from '../types';
import { isRecord, looksLikeJson, positionIssue } from './issues';
import { normalizeStructuredDetailed } from './structured';

export interface AnswerParseResult {
  answer: string;
  structured?: StructuredInput;
  format: AnswerFormat;
  errors: ParseError[];
}

const PLAIN_NOTE = 'nothing is audited until it reads as an answer (plain text, or a known structured form)';

export function parseAnswerInput(text: string, chunks: readonly Chunk[]): AnswerParseResult {
  if (!looksLikeJson(text)) return { answer: text, format: 'plain', errors: [] };
  const index = new LineIndex(text);
  const parsed = parseJson(text);
  if (parsed.error) {
    const e = parsed.error;
    return {
      answer: text,
      format: 'json-unknown',
      errors: [makeParseError(text, `${e.message} (the answer looks like JSON but is not valid; ${PLAIN_NOTE})`, e.offset, e.endOffset, 'answer', index)],
    };
  }
  const value = parsed.value;
  const root = parsed.locate([]) ?? { offset: 0, endOffset: text.length };
  const rootError = (message: string): AnswerParseResult => ({
    answer: text,
    format: 'json-unknown',
    // The marker sits on the opening bracket only; a whole-text squiggle would hide the answer.
    errors: [makeParseError(text, message, root.offset, root.offset + 1, 'answer', index)],
  });

  if (isRecord(value) && typeof value.query === 'string' && typeof value.answer === 'string' && 'chunks' in value) {
    return rootError(`This is a whole audit case (query, answer, chunks); open it as a case file. Here ${PLAIN_NOTE}`);
  }
  if (Array.isArray(value) && value.every((v) => typeof v === 'string' || typeof v === 'number')) {
    return rootError(`A bare list of ids carries no answer text; paste {"answer": "...", "citations": [...]}. Here ${PLAIN_NOTE}`);
  }

  const r = normalizeStructuredDetailed(value, '', chunks);
  if (!r.structured) {
    const first = r.issues[0];
    return rootError(`Not a known structured answer: ${first?.message ?? 'unknown shape'}. Here ${PLAIN_NOTE}`);
  }
  if (r.structured.answer === undefined) {
    return rootError(`This ${describeFormat(r.structured.format)} carries no answer text; paste the whole response (with its answer) or the answer alone. Here ${PLAIN_NOTE}`);
  }
  const errors = r.issues.map((i) => positionIssue(i, text, parsed, 'answer', index));
  return { answer: r.structured.answer, structured: r.structured, format: r.structured.format, errors };
}

function describeFormat(format: AnswerFormat): string {
  switch (format) {
    case 'cohere-spans':
      return 'list of answer spans';
    case 'offset-citations':
      return 'list of offset citations';
    case 'id-list':
      return 'list of ids';
    case 'openai-annotations':
      return 'OpenAI response';
    case 'azure-on-your-data':
      return 'Azure On Your Data context';
    default:
      return 'structured form';
  }
}
