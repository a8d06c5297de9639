// The CLI's streamed run: worker threads give the same output, in input order, as one thread;
// unreadable lines are named by their line in the file whichever thread read them; inputs that
// are not JSON Lines (a pretty-printed case, a JSON list) are still read whole.
import { describe, expect, it, beforeAll } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli } from './cli-harness';
import { startProgress, streamedLine } from '../../src/cli/progress';
import { tempDir } from '../factories/tempDir';

const dir = tempDir('citation-audit-stream-');
const chunks = [
  { id: '1', text: 'Paris is the capital of France.' },
  { id: '2', text: 'The Seine flows through Paris.' },
];

/** 150 cases (more than two batches), every fifth with a citation to a missing source. */
const cases = Array.from({ length: 150 }, (_, i) => ({
  id: `c${i}`,
  query: `Question ${i}?`,
  answer: i % 5 === 0 ? `Paris is the capital of France [9]. Case ${i}.` : `Paris is the capital of France [1]. The Seine flows through Paris [2].`,
  chunks,
}));

const run = runCli;

beforeAll(() => {
  writeFileSync(join(dir, 'many.jsonl'), cases.map((c) => JSON.stringify(c)).join('\n') + '\n');
  const lines = cases.slice(0, 100).map((c) => JSON.stringify(c));
  lines[69] = '{"query": "q", "answer": 5, "chunks": []}';
  lines[80] = '{"query": "q",';
  writeFileSync(join(dir, 'broken.jsonl'), lines.join('\r\n') + '\r\n');
});

// Each test starts worker threads that load the CLI afresh: 10-20 s on a loaded two-core machine.
describe('streamed run over worker threads', { timeout: 60_000 }, () => {
  it('prints the same JSON lines, in input order, with 2 workers as with 1 thread', async () => {
    const one = await run([join(dir, 'many.jsonl'), '--format', 'json', '--jobs', '1']);
    const two = await run([join(dir, 'many.jsonl'), '--format', 'json', '--jobs', '2']);
    expect(one.code).toBe(1);
    expect(two.code).toBe(1);
    expect(two.err).toBe('');
    const ids = two.out.trim().split('\n').map((l) => JSON.parse(l).meta.case_id);
    expect(ids).toEqual(cases.map((c) => c.id));
    expect(two.out).toBe(one.out);
    expect(JSON.parse(two.out.split('\n')[5]!).verdict).toBe('FAIL');
  });

  it('gives the same JUnit, Markdown and --fail-under verdict from the merged tallies', async () => {
    const args = [join(dir, 'many.jsonl'), '--fail-under', 'citation_existence=0.95', '--markdown', join(dir, 'one.md')];
    const one = await run([...args, '--format', 'junit', '--jobs', '1']);
    const two = await run([...args.slice(0, -1), join(dir, 'two.md'), '--format', 'junit', '--jobs', '2']);
    expect(two.out).toBe(one.out);
    expect(two.out.match(/<testcase /g)).toHaveLength(151);
    expect(two.out).toContain('tests="151" failures="31"');
    expect(two.code).toBe(1);
    expect(two.err).toMatch(/--fail-under citation_existence: mean 0\.8 over 150 cases < required 0\.95/);
    const md = readFileSync(join(dir, 'two.md'), 'utf8');
    expect(md).toBe(readFileSync(join(dir, 'one.md'), 'utf8'));
    // The worst cases are the first failing ones in input order (ties keep the earlier case).
    expect(md).toMatch(/\| c0 \| FAIL \|[\s\S]*\| c5 \| FAIL \|/);
    expect(md).toContain('| FAIL | 30 |');
  });

  it('names unreadable lines by their line in the file, and audits the rest', async () => {
    for (const jobs of ['1', '2']) {
      const r = await run([join(dir, 'broken.jsonl'), '--format', 'json', '--jobs', jobs]);
      expect(r.code).toBe(2);
      expect(r.err).toMatch(/broken\.jsonl:70:\d+: /);
      expect(r.err).toMatch(/broken\.jsonl:81:\d+: /);
      expect(r.out.trim().split('\n')).toHaveLength(98);
    }
  });

  it('reads a pretty-printed case and a JSON list whole, and prints one case as one JSON document', async () => {
    writeFileSync(join(dir, 'pretty.jsonl'), JSON.stringify(cases[1], null, 2));
    const one = await run([join(dir, 'pretty.jsonl'), '--format', 'json']);
    expect(one.code).toBe(0);
    expect(one.out.startsWith('{\n  "verdict"')).toBe(true);
    writeFileSync(join(dir, 'list.jsonl'), JSON.stringify(cases.slice(0, 3)));
    const list = await run([join(dir, 'list.jsonl'), '--format', 'json']);
    expect(list.out.trim().split('\n').map((l) => JSON.parse(l).meta.case_id)).toEqual(['c0', 'c1', 'c2']);
    writeFileSync(join(dir, 'empty.jsonl'), '\n  \n');
    const empty = await run([join(dir, 'empty.jsonl')]);
    expect(empty.code).toBe(2);
    expect(empty.err).toContain('empty');
  });
});

describe('input that is not UTF-8', () => {
  it('names a UTF-16 file (what PowerShell writes) as such, and still audits the other inputs', async () => {
    const text = cases.slice(0, 3).map((c) => JSON.stringify(c)).join('\r\n') + '\r\n';
    writeFileSync(join(dir, 'le.jsonl'), Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]));
    writeFileSync(join(dir, 'be-nobom.json'), Buffer.from(text, 'utf16le').swap16());
    writeFileSync(join(dir, 'ok.jsonl'), text);
    const r = await run([join(dir, 'le.jsonl'), join(dir, 'ok.jsonl'), join(dir, 'be-nobom.json'), '--format', 'json']);
    expect(r.code).toBe(2);
    expect(r.out.trim().split('\n')).toHaveLength(3);
    expect(r.err).toContain(`${join(dir, 'le.jsonl')}:1:1: the file is UTF-16 (little-endian) text, and cases are read as UTF-8: save it as UTF-8`);
    expect(r.err).toContain(`${join(dir, 'be-nobom.json')}:1:1: the file is UTF-16 (big-endian) text`);
    expect(r.err.split('\n').filter(Boolean)).toHaveLength(2);
  });
});

describe('progress of a streamed run', () => {
  it('shows cases, rate, share done and ETA when the input size is known; cases and rate otherwise', () => {
    expect(streamedLine(12_345, 0.25, 10_000)).toBe('12,345 cases · 1,235/s · 25 % · ETA 30s');
    expect(streamedLine(40, null, 8_000)).toBe('40 cases · 5.0/s');
    let t = 0;
    const drawn: string[] = [];
    const p = startProgress(null, (s) => drawn.push(s), () => t);
    p.tick(10, 0.1);
    t = 2_000;
    p.tick(500, 0.5);
    expect(drawn).toEqual(['\r\x1b[2K500 cases · 250/s · 50 % · ETA 2s']);
  });
});
