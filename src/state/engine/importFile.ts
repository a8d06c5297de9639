// Reading a case file or a dataset the user opened or dropped. Every path goes through the
// core's one restore step (parseCaseText / parseDataset); problems come back positioned.
import { parseCaseText, parseDataset } from '../../core/parse/case';
import type { AuditCase, ParseError } from '../../core/types';

export type ImportResult =
  | { kind: 'case'; name: string; case: AuditCase; warnings: ParseError[] }
  | { kind: 'dataset'; name: string; cases: AuditCase[]; lines: number[]; errors: ParseError[] }
  | { kind: 'error'; name: string; message: string; errors: ParseError[] };

/** "name:line:column: message" — how a positioned problem is named to the user. */
export function describeError(name: string, e: Pick<ParseError, 'line' | 'column' | 'message'>): string {
  return `${name}:${e.line}:${e.column}: ${e.message}`;
}

function looksLikeDataset(name: string, text: string): boolean {
  if (/\.jsonl$|\.ndjson$/i.test(name)) return true;
  const lines = text.split(/\r?\n/).filter((l) => l.trim());
  return lines.length > 1 && lines.every((l) => /^\s*\{.*\}\s*$/.test(l));
}

/**
 * Control characters other than tab and line breaks, or undecodable bytes (read as U+FFFD), near
 * the start: an image, archive or other binary file, not JSON or JSONL.
 */
function looksBinary(text: string): boolean {
  const head = text.slice(0, 4096);
  if (/[\u0000-\u0008\u000E-\u001A\u001C-\u001F]/.test(head)) return true;
  let bad = 0;
  for (const ch of head) if (ch === '\uFFFD') bad++;
  return bad > 0 && bad >= Math.min(8, head.length / 20);
}

export function importText(name: string, text: string): ImportResult {
  if (looksBinary(text)) {
    return {
      kind: 'error',
      name,
      message: `${name} is not a text file. A case is a JSON file (query, answer, chunks); a dataset is JSONL, one case per line.`,
      errors: [],
    };
  }
  if (!looksLikeDataset(name, text)) {
    const r = parseCaseText(text);
    if (r.value) return { kind: 'case', name, case: r.value, warnings: r.warnings };
    // A JSON list of cases is a dataset too.
    if (!/^\s*\[/.test(text)) {
      return { kind: 'error', name, message: r.errors[0] ? describeError(name, r.errors[0]) : name, errors: r.errors };
    }
  }
  const d = parseDataset(text);
  if (d.cases.length === 0) {
    const first = d.errors[0];
    return { kind: 'error', name, message: first ? describeError(name, first) : name, errors: d.errors };
  }
  if (d.cases.length === 1 && d.errors.length === 0) return { kind: 'case', name, case: d.cases[0]!, warnings: d.warnings };
  return { kind: 'dataset', name, cases: d.cases, lines: d.lines, errors: d.errors };
}

