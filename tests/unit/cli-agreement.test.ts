// `citation-audit agreement`: α and κ over label files, the --min-alpha gate, consensus into gold,
// and `calibrate` measuring the model (fake Messages API) against that gold.
import { beforeAll, describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli, succeededJson, useCliEnv } from './cli-harness';
import { tempDir } from '../factories/tempDir';
import { testKey, useFakeAnthropic } from '../server/harness';
import type { FakeAnthropic } from '../server/fake-anthropic';
import { BACKUP_FORMAT_NAME } from '../../src/core/eval/labelFiles';
import { BACKUP_FORMAT } from '../../src/store/constants';

let server: FakeAnthropic;
useFakeAnthropic((s) => (server = s));
useCliEnv(() => ({ ANTHROPIC_API_KEY: testKey('agreement'), ANTHROPIC_BASE_URL: server.url }));

const dir = tempDir('citation-audit-agree-');
const path = (name: string) => join(dir, name);
type V = 'fully_supported' | 'partially_supported' | 'not_supported';
const F: V = 'fully_supported';
const P: V = 'partially_supported';
const N: V = 'not_supported';

// The four cases of cli-calibrate: the fake judge says a, c, d fully supported and b not.
const base = [
  { id: 'a', answer: 'Paris is the capital of France [1].', chunk: 'Paris is the capital of France.' },
  { id: 'b', answer: 'Berlin hosts seventeen purple elephants [1].', chunk: 'Paris is the capital of France.' },
  { id: 'c', answer: 'The Eiffel Tower stands in Paris [1].', chunk: 'The Eiffel Tower stands in Paris, near the Seine.' },
  { id: 'd', answer: 'Rome is the capital of Italy [1].', chunk: 'Rome is the capital of Italy.' },
];
const row = (i: number, labels: Record<string, V>, at = '2026-01-01T00:00:00.000Z') => ({
  case_id: base[i]!.id,
  case_key: `id:${base[i]!.id}`,
  claim_index: 0,
  claim: base[i]!.answer,
  chunk_id: '1',
  labels: Object.fromEntries(Object.entries(labels).map(([name, label]) => [name, { label, note: null, updated: at }])),
  model_verdict: null,
});
const jsonl = (rows: unknown[]) => rows.map((r) => JSON.stringify(r)).join('\n') + '\n';

// alice, bob and carol over the four cases: a unanimous, b a majority, c a three-way tie, d a
// majority; carol's labels come as the view's CSV (no times), the others as JSONL.
const alice = [F, N, N, F];
const bob = [F, N, P, F];
const carol = [F, P, F, N];

beforeAll(() => {
  writeFileSync(path('alice.jsonl'), jsonl(alice.map((l, i) => row(i, { alice: l }))));
  writeFileSync(path('bob.jsonl'), jsonl(bob.map((l, i) => row(i, { bob: l }, '2026-01-02T00:00:00.000Z'))));
  const csv = ['case_id,claim_index,claim,chunk_id,cited_text,model_verdict,label:carol,note:carol', ...carol.map((l, i) => `${base[i]!.id},0,"${base[i]!.answer}",1,,,${l},`)];
  writeFileSync(path('carol.csv'), csv.join('\r\n') + '\r\n');
  writeFileSync(path('cases.jsonl'), jsonl(base.map((b) => ({ id: b.id, query: 'Which city?', answer: b.answer, chunks: [{ id: '1', text: b.chunk }] }))));
});

const files = () => [path('alice.jsonl'), path('bob.jsonl'), path('carol.csv')];

/** Nominal α of the three raters above, computed here from the coincidence matrix by hand. */
function expectedAlpha(): number {
  // Per pair (m = 3, weight 1/2 per ordered pair): a F,F,F → o_FF 3; b N,N,P → o_NN 1, o_NP = o_PN 1;
  // c N,P,F → o_NP, o_PN, o_NF, o_FN, o_PF, o_FP ½ each; d F,F,N → o_FF 1, o_FN = o_NF 1.
  // Marginals N 4, P 2, F 6, n 12; observed disagreement Σ o (off-diagonal) = 2 + 3 + 2 = 7.
  const n = 12;
  const expected = 2 * (4 * 2 + 4 * 6 + 2 * 6);
  return 1 - ((n - 1) * 7) / expected;
}

describe('citation-audit agreement', () => {
  it('prints raters, pairs, α and pairwise κ as one JSON object', async () => {
    const r = await runCli(['agreement', ...files(), '--format', 'json']);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    expect(j.raters).toEqual(['alice', 'bob', 'carol']);
    expect(j.items).toBe(4);
    expect(j.alpha_nominal).toBeCloseTo(expectedAlpha(), 10);
    expect(typeof j.alpha_ordinal).toBe('number');
    // alice–bob agree on a, b, d and differ on c: p_o = 3/4, p_e = (2·2 + 2·1 + 0·1)/16 → κ = 0.6.
    expect(j.pairwise).toHaveLength(3);
    expect(j.pairwise[0]).toMatchObject({ a: 'alice', b: 'bob', n: 4 });
    expect(j.pairwise[0].kappa).toBeCloseTo((0.75 - 6 / 16) / (1 - 6 / 16), 10);
    expect(j.disagreements.map((d: { case_key: string }) => d.case_key)).toEqual(['id:b', 'id:c', 'id:d']);
  });

  it('prints the same as text', async () => {
    const r = await runCli(['agreement', ...files()]);
    expect(r.out).toContain('raters: alice, bob, carol');
    expect(r.out).toContain('pairs: 4 labelled, 4 by two raters or more');
    expect(r.out).toMatch(new RegExp(`nominal ${expectedAlpha().toFixed(3)}`));
    expect(r.out).toMatch(/alice – bob +n +4 +κ 0\.600/);
  });

  it('--min-alpha exits 1 below, 0 at or above, 2 when α is undefined or the value is not a number', async () => {
    const alpha = expectedAlpha();
    expect((await runCli(['agreement', ...files(), '--min-alpha', (alpha - 0.01).toFixed(3)])).code).toBe(0);
    const below = await runCli(['agreement', ...files(), '--min-alpha', (alpha + 0.01).toFixed(3)]);
    expect(below.code).toBe(1);
    expect(below.err).toMatch(/nominal α -?0\.\d+ is below --min-alpha/);
    expect((await runCli(['agreement', ...files(), '--min-alpha', 'high'])).code).toBe(2);
    // Two raters who never labelled the same pair: α is undefined.
    writeFileSync(path('apart.jsonl'), jsonl([row(0, { x: F }), row(1, { y: N })]));
    const undef = await runCli(['agreement', path('apart.jsonl'), '--min-alpha', '0.5']);
    expect(undef.code).toBe(2);
    expect(undef.err).toMatch(/undefined/);
  });

  it('exits 2 for unusable input, naming the file and line', async () => {
    writeFileSync(path('bad.jsonl'), `${JSON.stringify(row(0, { alice: F }))}\n{"claim_index": 0}\n`);
    const bad = await runCli(['agreement', path('bad.jsonl'), path('bob.jsonl')]);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain(`${path('bad.jsonl')}:2:`);
    const one = await runCli(['agreement', path('alice.jsonl')]);
    expect(one.code).toBe(2);
    expect(one.err).toMatch(/two raters or more/);
    expect((await runCli(['agreement', path('missing.jsonl')])).code).toBe(2);
  });

  it('asks about a name two people share, and --rename keeps them apart', async () => {
    writeFileSync(path('alice2.jsonl'), jsonl([row(0, { alice: N }, '2026-03-01T00:00:00.000Z'), row(1, { alice: N }, '2026-03-01T00:00:01.000Z')]));
    const r = await runCli(['agreement', path('alice.jsonl'), path('alice2.jsonl'), path('bob.jsonl')]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/"alice" in .*alice2\.jsonl .* looks like two people/);
    const renamed = await runCli(['agreement', path('alice.jsonl'), path('alice2.jsonl'), path('bob.jsonl'), '--rename', `${path('alice2.jsonl')}:alice=alice2`, '--format', 'json']);
    expect(renamed.code).toBe(0);
    expect(JSON.parse(renamed.out).raters).toEqual(['alice', 'alice2', 'bob']);
    // The same file spelled another way (./, or relative where it was given whole) is the file.
    const spelled = await runCli(['agreement', path('alice.jsonl'), path('alice2.jsonl'), path('bob.jsonl'), '--rename', `${path('.')}/./alice2.jsonl:alice=alice2`, '--format', 'json']);
    expect(spelled.err).toBe('');
    expect(JSON.parse(spelled.out).raters).toEqual(['alice', 'alice2', 'bob']);
    // A --rename or --same that meets nothing is said, not ignored (the clash was asked again).
    const typo = await runCli(['agreement', path('alice.jsonl'), path('alice2.jsonl'), path('bob.jsonl'), '--rename', `${path('alice2.jsonl')}:alcie=alice2`]);
    expect(typo.code).toBe(2);
    expect(typo.err).toContain(`--rename ${path('alice2.jsonl')}:alcie=alice2: ${path('alice2.jsonl')} has no labels by "alcie" (its annotators: alice)`);
    const otherFile = await runCli(['agreement', path('alice.jsonl'), path('bob.jsonl'), '--rename', `${path('alice2.jsonl')}:alice=alice2`]);
    expect(otherFile.code).toBe(2);
    expect(otherFile.err).toMatch(/--rename .*alice2\.jsonl:alice=alice2: .*alice2\.jsonl is not one of the files given/);
    const same = await runCli(['agreement', path('alice.jsonl'), path('bob.jsonl'), '--same', 'alcie']);
    expect(same.code).toBe(2);
    expect(same.err).toContain('--same alcie: no file has labels by "alcie" (annotators: alice, bob)');
  });

  it('--consensus majority --out writes gold for strict majorities and lists the ties', async () => {
    const r = await runCli(['agreement', ...files(), '--consensus', 'majority', '--out', path('gold.jsonl'), '--format', 'json']);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    expect(j.consensus.gold).toBe(3);
    expect(j.consensus.ties).toEqual([{ case_key: 'id:c', claim_index: 0, chunk_id: '1', labels: { alice: N, bob: P, carol: F } }]);
    const rows = readFileSync(path('gold.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(rows.map((x) => [x.case_id, x.labels.gold?.label ?? null, x.labels.gold?.settled_how ?? null])).toEqual([
      ['a', F, 'unanimous'],
      ['b', N, 'majority'],
      ['c', null, null],
      ['d', F, 'majority'],
    ]);
    expect(rows[0].labels.gold.settled_by).toBe('citation-audit');
    expect(Object.keys(rows[2].labels)).toEqual(['alice', 'bob', 'carol']);
    // The file reads back: gold is left out of the raters unless asked for.
    const back = await runCli(['agreement', path('gold.jsonl'), '--format', 'json', '--raters', 'alice,gold']);
    expect(JSON.parse(back.out).pairwise[0]).toMatchObject({ a: 'alice', b: 'gold', n: 3 });
    const text = await runCli(['agreement', ...files(), '--consensus', 'majority', '--out', path('gold2.jsonl')]);
    expect(text.out).toMatch(/gold: 3 pairs settled; 1 tie left to settle by hand\n {2}case c, claim 1, chunk 1: alice not, bob partially, carol fully/);
  });

  it('--consensus needs --out', async () => {
    const r = await runCli(['agreement', ...files(), '--consensus', 'majority']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--consensus and --out go together/);
  });

  it('calibrate takes the gold rater as the truth without --annotator', async () => {
    await runCli(['agreement', ...files(), '--consensus', 'majority', '--out', path('gold.jsonl')]);
    const j = succeededJson(await runCli(['calibrate', path('gold.jsonl'), '--cases', path('cases.jsonl'), '--format', 'json']));
    expect(j.annotator).toBe('gold');
    // Gold for a, b, d (c is a tie): the judge agrees on all three.
    expect(j.labelled).toBe(3);
    expect(j.judged).toBe(3);
    expect(j.binary).toEqual({ truePositive: 2, falseNegative: 0, falsePositive: 0, trueNegative: 1 });
    expect(server.calls('/v1/messages')).toHaveLength(3);
    const text = await runCli(['calibrate', path('gold.jsonl'), '--cases', path('cases.jsonl')]);
    expect(text.out).toMatch(/against the gold labels/);
  });

  it('knows the backup format by the name the history writes', () => {
    expect(BACKUP_FORMAT_NAME).toBe(BACKUP_FORMAT);
  });
});
