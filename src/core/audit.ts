// One local audit: parse → find citations → split claims → run every local check → report.
// Pure and synchronous, so the page, a worker, the CLI and the tests all call the same thing.
import type { AuditCase, AuditOptions, CheckContext, Finding, Language, ParseError, Report, UnreadableInput } from './types';
import { prepareCase, type PreparedCase } from './parse/case';
import { findMarkers, type FootnoteDefinition } from './markers/markers';
import { resolveMapping } from './citations/mapping';
import { splitClaims } from './claims/claims';
import { languageVote } from './text/language';
import { buildCitations } from './citations/citations';
import { runChecks } from './checks/runChecks';
import { buildLocalReport } from './report/report';
import { applyCitationScope } from './claims/scope';

const EXCERPT_MAX = 120;

export function auditCase(c: AuditCase, opts: AuditOptions = {}): Report {
  return auditCaseScanned(c, opts).report;
}

/**
 * The audit, with what its scan of the answer found beside the report: the answer it audited and
 * its footnote and link definitions (the quick fixes need them; the page takes them from the
 * worker's audit instead of scanning a large answer again).
 */
export function auditCaseScanned(c: AuditCase, opts: AuditOptions = {}): { report: Report; answer: string; footnoteDefinitions: FootnoteDefinition[] } {
  const prepared = prepareCase(c);
  const { chunks, structured } = prepared;
  const unreadable = unreadableInputs(c, prepared, opts);
  // An answer that could not be read is not audited as if its raw text were the answer.
  const answer = unreadable.some((u) => u.input === 'answer') ? '' : prepared.answer;
  // The words' vote is taken once: it gives the language (else the fallback) and where it came from.
  const setting = opts.language && opts.language !== 'auto' ? opts.language : undefined;
  const vote = setting || c.language ? undefined : languageVote(`${c.query}\n${answer}`);
  const language: Language = setting ?? (c.language ? c.language : (vote ?? (opts.fallbackLanguage === 'cs' ? 'cs' : 'en')));
  const requiredStyle = opts.requiredStyle ?? 'auto';

  const chunkIds: string[] = [];
  // The last chunk of an id wins, as the checks have always read them.
  const chunkById = new Map<string, (typeof chunks)[number]>();
  for (const ch of chunks) {
    chunkIds.push(ch.id);
    chunkById.set(ch.id, ch);
  }
  const { markers, footnoteDefinitions } = findMarkers(answer, { chunkIds });
  const chunksUnreadable = unreadable.some((u) => u.input === 'chunks');
  const mapping = resolveMapping(markers, chunks, { footnoteDefinitions, language, chunksUnreadable, ...(structured ? { structured } : {}) });
  const rawClaims = splitClaims(answer, markers, language, { footnoteDefinitions, query: c.query });
  const { citations, claims } = buildCitations({ answer, markers, mapping, claims: rawClaims, chunks, ...(structured ? { structured } : {}) });

  const citationScope = opts.citationScope === 'paragraph' ? 'paragraph' : 'sentence';
  applyCitationScope(claims, citations, citationScope);

  const ctx: CheckContext = {
    answer,
    query: c.query,
    chunks,
    chunkById,
    markers,
    citations,
    claims,
    mapping,
    language,
    requiredStyle,
    citationScope,
    ...(structured ? { structured } : {}),
  };

  // Checks that need an input that could not be read do not run (checks/registry.ts says which);
  // what could not be read, or had to be repaired, is a finding of its own.
  const findings: Finding[] = runChecks(ctx, { unreadable, repairs: prepared.errors });
  // Each finding with the text it points at, shortened (runChecks made every finding object).
  for (const f of findings) {
    const text = answer.slice(f.start, f.end);
    f.excerpt = text.length > EXCERPT_MAX ? `${text.slice(0, EXCERPT_MAX - 1)}…` : text;
  }
  findings.sort((a, b) => a.start - b.start || a.end - b.end);

  const report = buildLocalReport(ctx, findings, {
    answerFormat: unreadable.some((u) => u.input === 'answer') ? 'json-unknown' : (structured?.format ?? 'plain'),
    ...(c.id !== undefined ? { caseId: String(c.id) } : {}),
    ...(unreadable.length ? { unreadable } : {}),
  });
  // Where the report's language came from, so that the report can say so.
  report.meta.language_source = setting ? 'setting' : c.language ? 'case' : vote ? 'detected' : 'fallback';
  return { report, answer, footnoteDefinitions };
}

/**
 * What could not be read: inputs the caller says do not parse, and structured citations given
 * but of no known shape (the normaliser's message names the keys it saw).
 */
function unreadableInputs(c: AuditCase, prepared: PreparedCase, opts: AuditOptions): UnreadableInput[] {
  const out: UnreadableInput[] = [];
  const fromError = (input: UnreadableInput['input'], e: ParseError): UnreadableInput => ({ input, message: briefly(e.message), line: e.line, column: e.column });
  if (opts.unreadable?.answer) out.push(fromError('answer', opts.unreadable.answer));
  if (opts.unreadable?.chunks) out.push(fromError('chunks', opts.unreadable.chunks));
  if (c.structured_citations !== undefined && c.structured_citations !== null && !prepared.structured) {
    out.push({ input: 'structured_citations', message: briefly(prepared.errors[0] ?? 'an unknown shape') });
  }
  return out;
}

/** A parse message without the list of accepted forms and the note on what happens (the finding keeps them). */
function briefly(message: string): string {
  return message.replace(/;\s*expected [\s\S]*$/, '').replace(/\.?\s*\(the answer looks like JSON[\s\S]*$/, '').replace(/\.?\s*Here nothing is audited[\s\S]*$/, '').trim();
}
