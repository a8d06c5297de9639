// Quick fixes of structured answers on the real public cases (../shared/cases): each case with
// structured citations is pasted into the Answer editor as JSON (with its answer when the form
// lacks one), as it is and with faults put in the way models make them — a chunk id or document
// index that is not there, a quote with a letter gone, a figure changed in the answer, a required
// style the inline markers do not use. Every fix offered is applied; the fixed JSON must parse
// as the same form, the finding must go, and no error may come that was not there before.
// FIX_STATS=1 prints the figures. Skipped when the folder is absent.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCaseText } from '../../src/core/parse/case';
import { parseAnswerInput } from '../../src/core/parse/answer';
import type { AuditCase, Report, RequiredStyle } from '../../src/core/types';
import { analyze, type Analysis } from '../../src/state/engine/analysis';
import { quickFixesFor } from '../../src/state/engine/quickFixes';

const dir = process.env.SHARED_CASES_DIR ?? path.resolve(process.cwd(), '../shared/cases');
const present = existsSync(dir);
const files = present ? readdirSync(dir).filter((f) => f.endsWith('.json')).sort() : [];

/** Fixes applied per variant, at most (the first ones of each finding). */
const PER_VARIANT = 30;

const stats = { variants: 0, findings: 0, withFix: 0, offered: 0, applied: 0, newErrors: 0, kinds: {} as Record<string, number> };

const apply = (text: string, edits: readonly { start: number; end: number; text: string }[]) =>
  [...edits].sort((a, b) => b.start - a.start).reduce((t, e) => t.slice(0, e.start) + e.text + t.slice(e.end), text);

/** The structured citations as the Answer editor would hold them: with the answer when the form has none. */
function editorJson(c: AuditCase): string | undefined {
  const chunks = c.chunks;
  const reads = (v: unknown) => {
    const text = JSON.stringify(v, null, 2);
    const p = parseAnswerInput(text, chunks);
    return p.format !== 'json-unknown' && p.format !== 'plain' ? text : undefined;
  };
  const sc = c.structured_citations;
  if (sc === undefined || sc === null) return undefined;
  const as = reads(sc);
  if (as) return as;
  if (Array.isArray(sc)) return reads({ answer: c.answer, citations: sc });
  if (sc && typeof sc === 'object' && Array.isArray((sc as { messages?: unknown }).messages)) {
    const o = sc as { messages: unknown[] };
    return reads({ ...o, messages: [...o.messages, { role: 'assistant', content: c.answer }] });
  }
  return undefined;
}

const REF_KEYS = new Set(['chunk_id', 'source_id', 'id', 'doc_id', 'document_id', 'document_index', 'search_result_index', 'file_id']);
const QUOTE_KEYS = new Set(['quote', 'cited_text']);

/** Variants with one fault each, derived from the value: refs that are not there, a damaged quote, a changed figure. */
function variants(text: string, chunkCount: number): string[] {
  const value = JSON.parse(text) as unknown;
  const out: string[] = [];
  let figure = false;
  const edits: { undo: () => void; make: () => void }[] = [];
  const walk = (v: unknown) => {
    if (!v || typeof v !== 'object') return;
    const rec = v as Record<string | number, unknown>;
    for (const k of Object.keys(rec)) {
      const x = rec[k];
      if (REF_KEYS.has(k) && (typeof x === 'string' || typeof x === 'number')) {
        const missing = typeof x === 'number' ? chunkCount + 4 : `${x}-x9`;
        edits.push({ make: () => (rec[k] = missing), undo: () => (rec[k] = x) });
      } else if (k === 'citations' && Array.isArray(x) && x.every((e) => typeof e === 'number')) {
        edits.push({ make: () => (rec[k] = [...x.slice(0, -1), chunkCount + 3]), undo: () => (rec[k] = x) });
      } else if (QUOTE_KEYS.has(k) && typeof x === 'string' && x.length > 24) {
        const at = x.indexOf(' ', 10);
        if (at > 0) edits.push({ make: () => (rec[k] = x.slice(0, at - 1) + x.slice(at)), undo: () => (rec[k] = x) });
      } else if ((k === 'answer' || k === 'text' || k === 'content') && typeof x === 'string' && /\d/.test(x) && !figure) {
        const m = /\d+/.exec(x)!;
        const changed = String(Number(m[0]) + 7);
        figure = true;
        edits.push({ make: () => (rec[k] = x.slice(0, m.index) + changed + x.slice(m.index + m[0].length)), undo: () => (rec[k] = x) });
      }
      walk(x);
    }
  };
  walk(value);
  // One fault at a time, at most three of each case's first faults plus every third after.
  edits.forEach((e, i) => {
    if (i >= 3 && i % 3 !== 0) return;
    e.make();
    out.push(JSON.stringify(value, null, 2));
    e.undo();
  });
  return out;
}

const errorsByCode = (r: Report) => {
  const m = new Map<string, number>();
  for (const f of r.findings) if (f.severity === 'error') m.set(f.code, (m.get(f.code) ?? 0) + 1);
  return m;
};

function run(text: string, chunksText: string, query: string, requiredStyle: RequiredStyle): Analysis {
  return analyze({ seq: 1, revision: 1, inputs: { query, answerText: text, chunksText, goldText: '' }, attached: {}, settings: { requiredStyle, language: 'auto' } });
}

describe.skipIf(!present)('structured quick fixes on the shared cases', () => {
  it.each(files)('%s: every fix offered removes its finding and adds no error', (file) => {
    const parsed = parseCaseText(readFileSync(path.join(dir, file), 'utf8'));
    const c = parsed.value;
    if (!c) return;
    const json = editorJson(c);
    if (!json) return;
    const chunksText = JSON.stringify(c.chunks, null, 2);
    const tried: [string, RequiredStyle][] = [[json, 'auto'], [json, 'latex_cite'], ...variants(json, c.chunks.length).map((v): [string, RequiredStyle] => [v, 'auto'])];
    for (const [text, style] of tried) {
      const a = run(text, chunksText, c.query, style);
      const report = a.report;
      if (!report || !a.answer.structuredInEditor) continue;
      stats.variants++;
      let here = 0;
      report.findings.forEach((f, i) => {
        stats.findings++;
        const fixes = quickFixesFor(a, i);
        if (fixes.length) stats.withFix++;
        stats.offered += fixes.length;
        for (const x of fixes) {
          if (here++ >= PER_VARIANT) return;
          stats.applied++;
          stats.kinds[x.fix.kind] = (stats.kinds[x.fix.kind] ?? 0) + 1;
          expect(x.fix.target).toBe('editor');
          const fixed = apply(text, x.edits);
          expect(() => JSON.parse(fixed) as unknown, `${file} ${f.code} → ${x.fix.kind}`).not.toThrow();
          const after = run(fixed, chunksText, c.query, style);
          expect(after.answer.format, `${file} ${f.code} → ${x.fix.kind}`).toBe(a.answer.format);
          const was = errorsByCode(report);
          let added = 0;
          for (const [code, n] of errorsByCode(after.report!)) if (n > (was.get(code) ?? 0)) added++;
          if (after.report!.findings.filter((g) => g.code === f.code).length >= report.findings.filter((g) => g.code === f.code).length) added++;
          stats.newErrors += added;
          expect(added, `${file} ${f.code} → ${x.fix.kind} ${JSON.stringify(x.edits)}`).toBe(0);
        }
      });
    }
  });

  it('found structured findings with fixes of several kinds (the faults are fixable)', () => {
    if (process.env.FIX_STATS) console.log(JSON.stringify(stats));
    expect(stats.variants).toBeGreaterThan(10);
    expect(stats.applied).toBeGreaterThan(10);
    expect(Object.keys(stats.kinds)).toEqual(expect.arrayContaining(['replace_ref', 'exact_quote']));
    expect(stats.newErrors).toBe(0);
  });
});
