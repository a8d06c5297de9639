// The CLI as a CI gate: --fail-under over dataset means, JUnit and Markdown output, progress only on a terminal.
import { describe, expect, it, beforeAll } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli } from './cli-harness';
import { tempDir } from '../factories/tempDir';

const dir = tempDir('citation-audit-ci-');
const chunks = [{ id: '1', text: 'Paris is the capital of France.' }];
const good = { id: 'g', query: 'Where?', answer: 'Paris is the capital of France [1].', chunks };
const half = { id: 'h', query: 'Where?', answer: 'Paris is the capital of France. It is in Europe [1].', chunks };

const run = runCli;

beforeAll(() => {
  writeFileSync(join(dir, 'good.jsonl'), `${JSON.stringify(good)}\n${JSON.stringify({ ...good, id: 'g2' })}\n`);
  writeFileSync(join(dir, 'mixed.jsonl'), `${JSON.stringify(good)}\n${JSON.stringify(half)}\n`);
});

describe('--fail-under', () => {
  it('passes when every mean reaches its threshold', async () => {
    const r = await run([join(dir, 'good.jsonl'), '--format', 'json', '--fail-under', 'citation_coverage=1,citation_existence=0.95']);
    expect(r.code).toBe(0);
    expect(r.err).toBe('');
  });

  it('exits 1 naming each missed threshold with the measured mean', async () => {
    const r = await run([join(dir, 'good.jsonl'), '--format', 'json', '--fail-under', 'citation_coverage=1,citation_recall=0.8']);
    expect(r.code).toBe(1);
    expect(r.err).toContain('citation_recall: not measured on any case (needs --model)');
    expect(r.err).not.toContain('citation_coverage');
    const mixed = await run([join(dir, 'mixed.jsonl'), '--format', 'json', '--fail-under', 'citation_coverage=0.8']);
    expect(mixed.err).toMatch(/citation_coverage: mean 0\.75 over 2 cases < required 0\.8/);
    expect(mixed.code).toBe(1);
  });

  it('rejects an unknown score with exit 2 and the list of known ones', async () => {
    const r = await run([join(dir, 'good.jsonl'), '--fail-under', 'recall=0.8']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/unknown score "recall"; known scores: citation_recall/);
  });

  it('refuses a score given twice and values that are not plain decimals', async () => {
    const good = join(dir, 'good.jsonl');
    for (const args of [
      ['--fail-under', 'citation_coverage=0.9,citation_coverage=0.1'],
      ['--fail-under', 'citation_coverage=0.9', '--fail-under', 'citation_coverage=0.1'],
    ]) {
      const r = await run([good, ...args]);
      expect(r.code).toBe(2);
      expect(r.err).toContain('citation_coverage is given twice');
    }
    for (const v of ['0x1', '0b1', '1e0']) {
      const r = await run([good, '--fail-under', `citation_coverage=${v}`]);
      expect(r.code, v).toBe(2);
      expect(r.err).toContain(`not "${v}"`);
    }
    expect((await run([good, '--format', 'json', '--fail-under', 'citation_coverage=.5,citation_existence=95%'])).code).toBe(0);
  });
});

describe('hostile input in the text and Markdown outputs', () => {
  const ESC = '\u001b';
  // An id and an answer with terminal escapes, NUL, right-to-left override and Markdown that acts.
  const id = `x${ESC}[2J${ESC}]0;pwned\u0007 ![i](http://beacon.example/img) [x](javascript:alert(1)) **bold** \u202Eevil`;
  const hostile = { id, query: 'Where?', answer: `Paris is the capital of France${ESC}[31m\u0000 \u202Egnp.exe [9].`, chunks };

  it('--format text shows control and bidi characters as escapes, never raw', async () => {
    writeFileSync(join(dir, 'hostile.jsonl'), `${JSON.stringify(hostile)}\n`);
    const r = await run([join(dir, 'hostile.jsonl'), '--format', 'text']);
    expect(r.out).toContain('FAIL');
    expect(r.out).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
    expect(r.out).toContain('\\u001B[2J');
    expect(r.out).toContain('\\u202E');
  });

  it('--format markdown and diff --format markdown escape what would act in a case cell', async () => {
    writeFileSync(join(dir, 'hostile.jsonl'), `${JSON.stringify(hostile)}\n${JSON.stringify({ ...hostile, id: `${id}2` })}\n`);
    const m = await run([join(dir, 'hostile.jsonl'), '--format', 'markdown']);
    const json = await run([join(dir, 'hostile.jsonl'), '--format', 'json']);
    writeFileSync(join(dir, 'hostile.after.jsonl'), json.out);
    const fixed = json.out.replace(/"verdict":"FAIL"/g, '"verdict":"PASS"');
    writeFileSync(join(dir, 'hostile.before.jsonl'), fixed);
    const d = await run(['diff', join(dir, 'hostile.before.jsonl'), join(dir, 'hostile.after.jsonl'), '--format', 'markdown']);
    expect(d.out).toContain('regressed');
    for (const out of [m.out, d.out]) {
      expect(out).toContain('x');
      expect(out).not.toContain('![i](');
      expect(out).not.toContain('[x](');
      expect(out).not.toContain('**bold**');
      expect(out).toContain('\\!\\[i\\]\\(http://beacon.example/img\\)');
      expect(out).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u202a-\u202e]/);
    }
  });
});

describe('--format junit|markdown', () => {
  it('writes JUnit XML with one testcase per case and the gate', async () => {
    const r = await run([join(dir, 'mixed.jsonl'), '--format', 'junit', '--fail-under', 'citation_coverage=0.8']);
    expect(r.code).toBe(1);
    expect(r.out.startsWith('<?xml')).toBe(true);
    expect(r.out.match(/<testcase classname="[^"]*mixed\.jsonl" name="[gh]"/g)).toHaveLength(2);
    expect(r.out).toMatch(/name="h">\s*<failure message="COMPLETE failed/);
    expect(r.out).toMatch(/classname="fail-under" name="citation_coverage &gt;= 0.8">\s*<failure/);
  });

  it('writes a Markdown summary', async () => {
    const r = await run([join(dir, 'mixed.jsonl'), '--format', 'markdown']);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/\| FAIL \| 1 \|/);
    expect(r.out).toMatch(/\| `citation_coverage` \| 75\.0 % \| 2 \|/);
    expect(r.out).toMatch(/\| h \| FAIL \| 1 \| complete: /);
  });
});

describe('--junit FILE and --markdown FILE', () => {
  it('write the other reports from the same run next to the main output', async () => {
    const { readFileSync } = await import('node:fs');
    const r = await run([join(dir, 'mixed.jsonl'), '--format', 'json', '--junit', join(dir, 'out.xml'), '--markdown', join(dir, 'out.md')]);
    expect(r.code).toBe(1);
    expect(r.out.trim().split('\n')).toHaveLength(2);
    expect(readFileSync(join(dir, 'out.xml'), 'utf8')).toMatch(/<testcase classname="[^"]*" name="h">/);
    expect(readFileSync(join(dir, 'out.md'), 'utf8')).toMatch(/\| FAIL \| 1 \|/);
    const bad = await run([join(dir, 'mixed.jsonl'), '--junit', join(dir, 'no-such-dir', 'x.xml')]);
    expect(bad.code).toBe(2);
  });
});

describe('progress', () => {
  it('is silent without a terminal sink and never mixes into stdout', async () => {
    const r = await run([join(dir, 'mixed.jsonl'), '--format', 'json']);
    expect(r.err).toBe('');
    expect(r.out.trim().split('\n').every((l) => l.startsWith('{'))).toBe(true);
  });
});

describe('citation-audit diff', () => {
  const broken = { ...half, id: 'g2', answer: 'Paris is the capital of France [9].' };
  beforeAll(async () => {
    writeFileSync(join(dir, 'before-cases.jsonl'), `${JSON.stringify(good)}\n${JSON.stringify({ ...good, id: 'g2' })}\n`);
    writeFileSync(join(dir, 'after-cases.jsonl'), `${JSON.stringify(good)}\n${JSON.stringify(broken)}\n`);
    for (const which of ['before', 'after']) {
      const r = await run([join(dir, `${which}-cases.jsonl`), '--format', 'json']);
      writeFileSync(join(dir, `${which}.jsonl`), r.out);
    }
  });

  it('exits 1 on a planted regression and names it (text, markdown, json)', async () => {
    const r = await run(['diff', join(dir, 'before.jsonl'), join(dir, 'after.jsonl')]);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/^REGRESSED/);
    expect(r.out).toContain('EXISTS PASS → FAIL');
    const m = await run(['diff', join(dir, 'before.jsonl'), join(dir, 'after.jsonl'), '--format', 'markdown']);
    expect(m.out).toMatch(/\| g2 \| regressed \|/);
    const j = await run(['diff', join(dir, 'before.jsonl'), join(dir, 'after.jsonl'), '--format=json']);
    expect(JSON.parse(j.out).counts.regressed).toBe(1);
  });

  it('exits 0 for the same run twice and for an improvement', async () => {
    expect((await run(['diff', join(dir, 'before.jsonl'), join(dir, 'before.jsonl')])).code).toBe(0);
    expect((await run(['diff', join(dir, 'after.jsonl'), join(dir, 'before.jsonl')])).code).toBe(0);
  });

  it('pairs cases without ids by their query: an improved answer is one changed case, not added and removed', async () => {
    const q = (query: string, answer: string) => JSON.stringify({ query, answer, chunks });
    // Before, the answer cites a chunk that does not exist (FAIL); after, the right one (PASS).
    const before = [q('Where is Paris?', 'Paris is the capital of France [7].'), q('Which city?', 'Paris is the capital of France [1].')];
    const after = [q('Where is Paris?', 'Paris is the capital of France [1].'), q('Which city?', 'Paris is the capital of France [1].')];
    for (const [name, lines] of [['nb', before], ['na', after]] as const) {
      writeFileSync(join(dir, `${name}.cases.jsonl`), `${lines.join('\n')}\n`);
      const r = await run([join(dir, `${name}.cases.jsonl`), '--format', 'json']);
      writeFileSync(join(dir, `${name}.out.jsonl`), r.out);
      for (const line of r.out.trim().split('\n')) expect(JSON.parse(line).meta.query_hash).toMatch(/^[0-9a-f]{14}$/);
    }
    const j = await run(['diff', join(dir, 'nb.out.jsonl'), join(dir, 'na.out.jsonl'), '--format', 'json']);
    const d = JSON.parse(j.out) as { counts: Record<string, number>; perCase: { matchedBy: string | null }[] };
    expect(d.counts.added).toBe(0);
    expect(d.counts.removed).toBe(0);
    expect(d.counts.improved).toBe(1);
    expect(d.perCase.map((c) => c.matchedBy).sort()).toEqual(['input_hash', 'query']);
    expect(j.code).toBe(0);
  });

  it('exits 2 for a missing file, a wrong argument count or unreadable lines', async () => {
    expect((await run(['diff', join(dir, 'before.jsonl')])).code).toBe(2);
    expect((await run(['diff', join(dir, 'before.jsonl'), join(dir, 'nope.jsonl')])).code).toBe(2);
    const cases = await run(['diff', join(dir, 'before.jsonl'), join(dir, 'after-cases.jsonl')]);
    expect(cases.code).toBe(2);
    expect(cases.err).toMatch(/after-cases\.jsonl:1: neither a report/);
    expect((await run(['diff', join(dir, 'before.jsonl'), join(dir, 'after.jsonl'), '--tolerance', 'x'])).code).toBe(2);
  });
});
