// The ledger of a model-judged report (issue 33): every claim says how it was decided, a claim
// the model gave no verdict for stays unjudged (never supported), and --fail-under judged=1 gates.
import { describe, expect, test } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FakeAnthropic } from '../server/fake-anthropic';
import { runOptions, testKey, useFakeAnthropic } from '../server/harness';
import { threeClaimCase } from '../server/factories';
import { runModelAudit } from '../../src/model/run';
import { runCli, useCliEnv } from './cli-harness';
import { tempDir } from '../factories/tempDir';

const KEY = testKey('TESTKEY');
let server: FakeAnthropic;
useFakeAnthropic((s) => (server = s));

useCliEnv(() => ({ ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: server.url }));

/** The CLI run on the three-claim case against the file's fake server. */
function cli(args: string[]): Promise<{ code: number; out: string; err: string }> {
  const file = join(tempDir('ledger-'), 'case.json');
  writeFileSync(file, JSON.stringify(threeClaimCase().c));
  return runCli([file, '--model', ...args]);
}

describe('the ledger', () => {
  test('a full run marks every claim as decided by the model, with nothing unjudged', async () => {
    const { c, report } = threeClaimCase();
    const run = await runModelAudit(c, report, runOptions(server, KEY));
    expect(run.report.claims.map((cl) => cl.decided_by)).toEqual(['model', 'model', 'model', 'model']);
    expect(run.report.meta.ledger).toMatchObject({ needing: 4, model: 4, unjudged: 0, judged_share: 1 });
  });

  test('a reply that leaves a claim out even after the repair round leaves it unjudged, never supported', async () => {
    const { c, report } = threeClaimCase();
    server.script({ kind: 'judge', verdict: 'fully_supported', omitClaims: [1] }, { kind: 'judge', verdict: 'fully_supported', omitClaims: [1] });
    const run = await runModelAudit(c, report, runOptions(server, KEY));
    expect(run.results.no_verdict).toEqual([1]);
    const claim = run.report.claims[1]!;
    expect(claim.decided_by).toBe('unjudged');
    expect(claim.unjudged_reason).toBe('no_verdict');
    expect(claim.support).toBeUndefined();
    expect(run.report.meta.ledger).toMatchObject({ unjudged: 1, reasons: { no_verdict: 1 } });
    expect(run.report.meta.ledger?.judged_share).toBeLessThan(1);
    // Labelled fully supported by the reply, the left-out claim could never pass unseen.
    expect(run.report.dimensions.accurate.status).not.toBe('PASS');
    expect(run.report.verdict).not.toBe('PASS');
  });

  test('the CLI names the unjudged claim in text, and --fail-under judged=1 fails the run', async () => {
    server.script({ kind: 'judge', omitClaims: [1] }, { kind: 'judge', omitClaims: [1] });
    const text = await cli(['--format', 'text', '--fail-under', 'judged=1']);
    expect(text.out).toContain('judged: 3 of 4 claims needing judgement');
    expect(text.out).toContain('claim 2 unjudged: no verdict');
    expect(text.err).toMatch(/--fail-under judged: 0\.75 of the claims needing judgement/);
    expect(text.code).toBe(1);
  });

  test('with every claim judged the judged gate passes (the exit status is the verdict\'s)', async () => {
    const without = await cli(['--format', 'json']);
    const r = await cli(['--format', 'json', '--fail-under', 'judged=1']);
    expect(r.err).not.toContain('--fail-under');
    const json = JSON.parse(r.out);
    expect(json.meta.ledger.judged_share).toBe(1);
    expect(r.code).toBe(without.code);
    expect(r.code).not.toBe(2);
  });

  test('a cut run marks the claims it never reached as cut, in the JSON, JUnit and Markdown', async () => {
    server.script({ kind: 'judge', cutAfterClaims: 2, delayMs: 5 });
    const json = await cli(['--format', 'json']);
    expect(json.code).toBe(2);
    const report = JSON.parse(json.out);
    expect(report.claims[2].unjudged_reason).toBe('cut');
    expect(report.meta.ledger).toMatchObject({ needing: 4, unjudged: 1, reasons: { cut: 1 } });
    server.script({ kind: 'judge', cutAfterClaims: 2, delayMs: 5 });
    const junit = await cli(['--format', 'junit']);
    expect(junit.out).toContain('<property name="claims_unjudged" value="1"/>');
    expect(junit.out).toContain('claims judged 3 of 4, unjudged 1 (run stopped 1)');
    server.script({ kind: 'judge', cutAfterClaims: 2, delayMs: 5 });
    const md = await cli(['--format', 'markdown']);
    expect(md.out).toContain('Claims needing judgement: 4; judged: 3; unjudged: 1 (run stopped 1).');
  });
});
