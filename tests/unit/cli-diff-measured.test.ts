// `citation-audit diff` tells a score measured for the first time from an improvement (issue 31):
// a FAIL case whose recall went from "—" to 0 is newly measured, in every format.
import { beforeAll, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli } from './cli-harness';
import { tempDir } from '../factories/tempDir';

const dir = tempDir('citation-audit-measured-');

const run = runCli;

beforeAll(async () => {
  const chunks = [{ id: '1', text: 'Paris is the capital of France.' }];
  const cases = [
    { id: 'fails', query: 'Where?', answer: 'Paris is the capital of France [9].', chunks },
    { id: 'fine', query: 'Which city?', answer: 'Paris is the capital of France [1].', chunks },
  ];
  writeFileSync(join(dir, 'cases.jsonl'), cases.map((c) => JSON.stringify(c)).join('\n') + '\n');
  const local = (await run([join(dir, 'cases.jsonl'), '--format', 'json'])).out;
  writeFileSync(join(dir, 'local.jsonl'), local);
  // The same cases after a model run that judged nothing supported: recall and precision now 0.
  const judged = local
    .trim()
    .split('\n')
    .map((line) => {
      const r = JSON.parse(line) as { meta: { case_id: string }; scores: Record<string, number | null> };
      if (r.meta.case_id === 'fails') r.scores = { ...r.scores, citation_recall: 0, citation_precision: 0 };
      return JSON.stringify(r);
    });
  writeFileSync(join(dir, 'judged.jsonl'), judged.join('\n') + '\n');
});

describe('citation-audit diff and scores measured for the first time', () => {
  it('calls the case newly measured, not improved (text, markdown, json), and exits 0', async () => {
    const args = ['diff', join(dir, 'local.jsonl'), join(dir, 'judged.jsonl')];
    const text = await run(args);
    expect(text.code).toBe(0);
    expect(text.out).toContain('0 improved, 1 newly measured');
    expect(text.out).toMatch(/^NEWLY MEASURED {2}fails/m);
    expect(text.out).not.toMatch(/^IMPROVED/m);
    const md = await run([...args, '--format', 'markdown']);
    expect(md.out).toMatch(/\| fails \| newly measured \|/);
    const json = JSON.parse((await run([...args, '--format', 'json'])).out) as { counts: Record<string, number>; perCase: { name: string; kind: string }[] };
    expect(json.counts).toMatchObject({ improved: 0, newly_measured: 1, unchanged: 1 });
    expect(json.perCase.find((c) => c.name === 'fails')?.kind).toBe('newly_measured');
  });
});
