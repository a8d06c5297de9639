// A JSON Lines dataset is known by its shape, not by its first line (issue 31): a damaged first
// line costs that line only. Every good line is audited, each bad one is reported with its own
// line number, and the run exits 2 (unusable input) — in the CLI, the library and the page's
// loader (core's parseDataset, which the page uses too).
import { describe, expect, test } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli } from './cli-harness';
import { tempDir } from '../factories/tempDir';
import { parseDataset } from '../../src/lib';

const good = (i: number) => JSON.stringify({ id: `c${i}`, query: `q${i}`, answer: `Paris is the capital of France [1].`, chunks: [{ id: '1', text: 'Paris is the capital of France.' }] });
const DAMAGE = ['{"query":"q0","answer":', '{', 'garbage', '{"query":"q0","answer":"trunc'];

describe.each(DAMAGE)('first line %j, then 19 good cases', (first) => {
  const text = [first, ...Array.from({ length: 19 }, (_, i) => good(i + 1))].join('\n') + '\n';

  test('the CLI audits the 19 and names line 1', async () => {
    const file = join(tempDir('citation-audit-t31-'), 'cases.jsonl');
    writeFileSync(file, text);
    const r = await runCli([file, '--format', 'json']);
    expect(r.code).toBe(2);
    const reports = r.out.trim().split('\n').map((l) => JSON.parse(l) as { verdict: string });
    expect(reports).toHaveLength(19);
    expect(r.err).toMatch(/cases\.jsonl:1:\d+: /);
    expect(r.err).not.toMatch(/cases\.jsonl:[2-9]:|cases\.jsonl:1\d:/);
  });

  test('parseDataset keeps the 19 and places the error on line 1', () => {
    const d = parseDataset(text);
    expect(d.cases).toHaveLength(19);
    expect(d.lines[0]).toBe(2);
    expect(d.errors.map((e) => e.line)).toEqual([1]);
  });
});

test('damage on two lines is reported on each, the rest audited', async () => {
  const lines = Array.from({ length: 10 }, (_, i) => good(i));
  lines[0] = '{';
  lines[6] = 'not json';
  const d = parseDataset(lines.join('\n'));
  expect(d.cases).toHaveLength(8);
  expect(d.errors.map((e) => e.line)).toEqual([1, 7]);
});

test('a pretty-printed case with a mistake is still read as one document', () => {
  const text = '{\n  "query": "q",\n  "answer": "a [1]."\n  "chunks": [{"id": "1", "text": "t"}]\n}\n';
  const d = parseDataset(text);
  expect(d.cases).toHaveLength(0);
  expect(d.errors).toHaveLength(1);
  expect(d.errors[0]!.line).toBe(4);
});

test('a line cut short names its own line as where the object opened, not line 1', async () => {
  const lines = [good(1), good(2), good(3), '  {"id": "c4", "chunks": [{"id": "1", "text": "t"}, ', good(5)];
  const text = `${lines.join('\n')}\n`;
  const note = '(the array opened at line 4, column 26 is not closed)';
  const d = parseDataset(text);
  expect(d.errors.map((e) => `${e.line}: ${e.message}`)).toEqual([`4: Unexpected end of input: expected a JSON value ${note}`]);
  const file = join(tempDir('citation-audit-open-line-'), 'cases.jsonl');
  writeFileSync(file, text);
  const r = await runCli([file, '--format', 'json']);
  expect(r.code).toBe(2);
  expect(r.err).toContain(`cases.jsonl:4:53: Unexpected end of input: expected a JSON value ${note}`);
});
