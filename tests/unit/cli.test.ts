import { describe, expect, it, beforeAll } from 'vitest';
import { writeFileSync, existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { runCli } from './cli-harness';
import { tempDir } from '../factories/tempDir';

const SHARED = join(process.cwd(), '..', 'shared', 'cases');
const dir = tempDir('citation-audit-');

const run = runCli;

const good = { id: 'g', query: 'Where?', answer: 'Paris is in France [1].', chunks: [{ id: '1', text: 'Paris is the capital of France.' }] };
const bad = { id: 'b', query: 'Where?', answer: 'Paris is in France [7].', chunks: [{ id: '1', text: 'Paris is the capital of France.' }] };

beforeAll(() => {
  writeFileSync(join(dir, 'good.json'), JSON.stringify(good));
  writeFileSync(join(dir, 'bad.json'), JSON.stringify(bad));
  writeFileSync(join(dir, 'set.jsonl'), `${JSON.stringify(good)}\n${JSON.stringify(bad)}\n`);
  writeFileSync(join(dir, 'broken.json'), '{\n  "query": "q",\n  "answer": "a" "chunks": []\n}');
  writeFileSync(join(dir, 'broken.jsonl'), `${JSON.stringify(good)}\n{"query": 1}\n`);
});

describe('citation-audit CLI', () => {
  it('prints exactly one report JSON for one case and exits 0 when it does not fail', async () => {
    const r = await run([join(dir, 'good.json'), '--format', 'json']);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.out);
    expect(report.verdict).toBe('INCOMPLETE');
    expect(report.dimensions.accurate.status).toBe('NOT_CHECKED');
    expect(report.citations).toHaveLength(1);
  });

  it('exits 1 when a case fails (hallucinated id) and names the id', async () => {
    const r = await run([join(dir, 'bad.json'), '--format', 'json']);
    expect(r.code).toBe(1);
    const report = JSON.parse(r.out);
    expect(report.verdict).toBe('FAIL');
    expect(report.dimensions.exists.status).toBe('FAIL');
    expect(report.dimensions.exists.issues.join(' ')).toContain('7');
  });

  it('prints one JSON line per case for a dataset', async () => {
    const r = await run([join(dir, 'set.jsonl'), '--format', 'json']);
    const lines = r.out.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines.map((l) => JSON.parse(l).verdict)).toEqual(['INCOMPLETE', 'FAIL']);
    expect(r.code).toBe(1);
  });

  it('--citation-scope paragraph lets a paragraph-closing citation cover its sentences; the default does not', async () => {
    const para = {
      query: 'Where is Paris?',
      answer: 'Paris is the capital of France. It lies on the Seine [1].\n\nLyon is a French city. It lies on the Rhône.',
      chunks: [{ id: '1', text: 'Paris, the capital of France, lies on the Seine.' }],
    };
    writeFileSync(join(dir, 'para.json'), JSON.stringify(para));
    const strict = JSON.parse((await run([join(dir, 'para.json'), '--format', 'json'])).out);
    expect(strict.meta.citation_scope).toBe('sentence');
    expect(strict.claims.filter((c: { needs_citation: boolean; citation_indexes: number[] }) => c.needs_citation && c.citation_indexes.length === 0)).toHaveLength(3);
    const r = await run([join(dir, 'para.json'), '--format', 'json', '--citation-scope', 'paragraph']);
    const report = JSON.parse(r.out);
    expect(report.meta.citation_scope).toBe('paragraph');
    expect(report.claims[0].credited_by).toBe('paragraph');
    expect(report.claims[0].chunk_ids).toEqual(['1']);
    // The second paragraph ends without a citation: both of its sentences stay uncited.
    expect(report.claims.filter((c: { needs_citation: boolean; citation_indexes: number[] }) => c.needs_citation && c.citation_indexes.length === 0).map((c: { index: number }) => c.index)).toEqual([2, 3]);
    expect(report.dimensions.complete.status).toBe('FAIL');
    expect((await run([join(dir, 'para.json'), '--citation-scope', 'chapter'])).code).toBe(2);
    expect((await run([join(dir, 'para.json'), '--citation-scope=paragraph'])).out).toContain('citation scope: paragraph (1 claim credited by the citation closing their paragraph)');
  });

  it('exits 2 with file:line:column for broken JSON', async () => {
    const r = await run([join(dir, 'broken.json')]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/broken\.json:3:\d+: /);
  });

  it('exits 2 naming the dataset line of an invalid case, still auditing the valid ones', async () => {
    const r = await run([join(dir, 'broken.jsonl'), '--format', 'json']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/broken\.jsonl:2:\d+: /);
    expect(r.out.trim().split('\n')).toHaveLength(1);
  });

  it('enforces a required style and rejects unknown options', async () => {
    const r = await run([join(dir, 'good.json'), '--format', 'json', '--require-style', 'cite']);
    expect(JSON.parse(r.out).dimensions.formatted.status).toBe('FAIL');
    expect(r.code).toBe(1);
    const u = await run([join(dir, 'good.json'), '--frobnicate']);
    expect(u.code).toBe(2);
    expect(u.err).toContain('unknown option --frobnicate');
  });

  it('says what is wrong with the command line, the first problem first', async () => {
    const g = join(dir, 'good.json');
    const said = async (args: string[]) => {
      const r = await run(args);
      expect(r.code).toBe(2);
      return r.err.split('\n')[0];
    };
    expect(await said([g, '--jobs', '0'])).toBe('citation-audit: --jobs takes a whole number from 1 to 64, not "0"');
    expect(await said([g, '--lang', 'de', '--format', 'xml'])).toBe('citation-audit: --lang takes en or cs, not "de"');
    expect(await said([g, '--format', 'xml', '--lang', 'de'])).toBe('citation-audit: --format takes json, text, junit, markdown; not "xml"');
    expect(await said([g, '--format'])).toBe('citation-audit: --format needs a value');
    expect(await said(['--format', 'json'])).toBe('citation-audit: no input file given (use - for standard input)');
    expect(await said([g, '--detach'])).toBe('citation-audit: --batch, --state, --detach and --cancel-batch need --model');
    expect(await said([g, '--strict=yes'])).toBe('citation-audit: --strict takes no value');
    expect(await said([g, '--fail-under', 'recall=1'])).toMatch(/^citation-audit: --fail-under: unknown score "recall"/);
    expect((await run([g, '--help', '--frobnicate'])).out).toMatch(/^Usage: citation-audit FILE/);
  });

  it('writes Czech messages with --lang cs', async () => {
    const r = await run([join(dir, 'bad.json'), '--lang', 'cs']);
    expect(r.out).toMatch(/[ěščřžýáíéůú]/);
  });

  it('audits every shared case without an unusable-input error', async () => {
    if (!existsSync(SHARED)) {
      if (process.env.CI === 'true') throw new Error(`missing ${SHARED}`);
      return;
    }
    const files = readdirSync(SHARED).filter((f) => f.endsWith('.json')).map((f) => join(SHARED, f));
    const r = await run([...files, '--format', 'json']);
    expect(r.err).toBe('');
    expect(r.code).toBeLessThan(2);
    expect(r.out.trim().split('\n')).toHaveLength(files.length);
  });

  it('runs as the installed bin (npx citation-audit) with the same exit codes', () => {
    const bin = join(process.cwd(), 'cli', 'citation-audit.mjs');
    if (!existsSync(join(process.cwd(), 'cli', 'dist', 'cli.mjs'))) throw new Error('cli/dist/cli.mjs is missing: run npm run build:cli');
    const ok = spawnSync(process.execPath, [bin, join(dir, 'good.json'), '--format', 'json'], { encoding: 'utf8' });
    expect(ok.status).toBe(0);
    expect(JSON.parse(ok.stdout).verdict).toBe('INCOMPLETE');
    const stdin = spawnSync(process.execPath, [bin, '-'], { input: JSON.stringify(bad), encoding: 'utf8' });
    expect(stdin.status).toBe(1);
    expect(stdin.stdout).toMatch(/^FAIL/);
  });
});
