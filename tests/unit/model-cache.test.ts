// Prompt caching of the fixed instructions over runs of many cases, against the fake server's
// accounting of cache writes and reads.
import { describe, expect, test } from 'vitest';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cacheUsage, CACHE_TTL_MS, type FakeAnthropic } from '../server/fake-anthropic';
import { bodyOf, runOptions, testKey, useFakeAnthropic } from '../server/harness';
import { threeClaimCase } from '../server/factories';
import { runModelAudit } from '../../src/model/run';
import { makeNonce } from '../../src/model/wrap';
import { addUsage, emptyUsage, usageCost, usageLine } from '../../src/model/usage';
import { auditCase } from '../../src/core/audit';
import { restoreCase } from '../../src/core/parse/case';
import type { AuditCase } from '../../src/core/types';

let server: FakeAnthropic;
useFakeAnthropic((s) => (server = s));
const KEY = testKey('cache');

describe('the fake server accounts for the prompt cache as the API does', () => {
  const body = (system: string, marked: boolean) => ({
    model: 'm',
    system: [{ type: 'text', text: system, ...(marked ? { cache_control: { type: 'ephemeral' } } : {}) }],
    messages: [{ role: 'user', content: 'case text' }],
  });
  const long = 'instruction '.repeat(600);

  test('writes once, reads after, until the entry expires', () => {
    const cache = new Map<string, number>();
    const first = cacheUsage(body(long, true), cache, 1024, 0);
    expect(first.cache_creation_input_tokens).toBeGreaterThan(1024);
    expect(first.cache_read_input_tokens).toBe(0);
    const second = cacheUsage(body(long, true), cache, 1024, 1000);
    expect(second.cache_read_input_tokens).toBe(first.cache_creation_input_tokens);
    expect(second.cache_creation_input_tokens).toBe(0);
    expect(second.input_tokens).toBe(first.input_tokens);
    // A hit refreshes the entry; five minutes after the last use it is gone.
    expect(cacheUsage(body(long, true), cache, 1024, 1000 + CACHE_TTL_MS - 1).cache_read_input_tokens).toBeGreaterThan(0);
    expect(cacheUsage(body(long, true), cache, 1024, 1000 + 2 * CACHE_TTL_MS).cache_read_input_tokens).toBe(0);
  });

  test('caches nothing under the minimum, nothing unmarked, and nothing for other instructions', () => {
    const cache = new Map<string, number>();
    expect(cacheUsage(body('short', true), cache, 1024, 0)).toMatchObject({ cache_creation_input_tokens: 0, cache_read_input_tokens: 0 });
    expect(cacheUsage(body(long, false), cache, 1024, 0)).toMatchObject({ cache_creation_input_tokens: 0, cache_read_input_tokens: 0 });
    cacheUsage(body(long, true), cache, 1024, 0);
    expect(cacheUsage(body(`${long}!`, true), cache, 1024, 0).cache_read_input_tokens).toBe(0);
  });
});

function realCases(): AuditCase[] {
  const dir = join(process.cwd(), '..', 'shared', 'cases');
  if (!existsSync(dir)) {
    if (process.env.CI === 'true') throw new Error(`missing ${dir}`);
    return [threeClaimCase().c];
  }
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => restoreCase(JSON.parse(readFileSync(join(dir, f), 'utf8'))).value)
    .filter((c): c is AuditCase => !!c && auditCase(c).claims.some((cl) => cl.chunk_ids.length > 0));
}

describe('a run over many cases', () => {
  test('marks the instructions in every request, writes them once and reads them after', async () => {
    const cases = [threeClaimCase().c, threeClaimCase().c, threeClaimCase().c];
    const nonce = makeNonce();
    const usages = [];
    for (const c of cases) usages.push((await runModelAudit(c, auditCase(c), runOptions(server, KEY, { nonce, cacheInstructions: true }))).results.usage!);
    const calls = server.calls('/v1/messages').map(bodyOf);
    expect(calls).toHaveLength(3);
    for (const b of calls) expect(b.system[0].cache_control).toEqual({ type: 'ephemeral' });
    expect(new Set(calls.map((b) => b.system[0].text)).size).toBe(1);
    expect(usages[0]!.cache_creation_input_tokens).toBeGreaterThan(1024);
    expect(usages[0]!.cache_read_input_tokens).toBe(0);
    expect(usages[1]!.cache_read_input_tokens).toBe(usages[0]!.cache_creation_input_tokens);
    expect(usages[2]!.cache_creation_input_tokens).toBe(0);
  });

  test('a single audit does not pay the cache-write premium', async () => {
    const { c, report } = threeClaimCase();
    await runModelAudit(c, report, runOptions(server, KEY));
    expect(bodyOf(server.calls('/v1/messages')[0]!).system[0].cache_control).toBeUndefined();
  });

  test('a 100-case run over real cases costs under 0.77× the same run without the cache', async () => {
    const real = realCases();
    const nonce = makeNonce();
    const total = emptyUsage();
    for (let i = 0; i < 100; i++) {
      const c = real[i % real.length]!;
      addUsage(total, (await runModelAudit(c, auditCase(c), runOptions(server, KEY, { nonce, cacheInstructions: true }))).results.usage);
    }
    const { usd, uncachedUsd } = usageCost('claude-sonnet-5-5', total);
    const ratio = usd! / uncachedUsd!;
    console.info(`100 cases (${real.length} distinct real ones): ${usageLine('claude-sonnet-5-5', total)}; ratio ${ratio.toFixed(3)}`);
    expect(total.cache_read_input_tokens).toBeGreaterThan(0);
    expect(ratio).toBeLessThan(0.77);
  });
});

describe('the estimate of a case in a caching run', () => {
  test('counts the instructions and prices them as cache reads; without caching nothing is read', async () => {
    const { estimateAudit } = await import('../../src/model/estimate');
    const { c, report } = threeClaimCase();
    const plain = await estimateAudit(c, report, runOptions(server, KEY));
    expect(plain.cachedTokens).toBe(0);
    const cached = await estimateAudit(c, report, { ...runOptions(server, KEY), cacheInstructions: true });
    expect(cached.instructionTokens).toBeGreaterThan(1024);
    expect(cached.cachedTokens).toBe(cached.instructionTokens);
    // The same request (the marker itself is a few characters more for the fake's counter).
    expect(Math.abs(cached.inputTokens - plain.inputTokens)).toBeLessThan(plain.inputTokens * 0.01);
    expect(cached.usd!).toBeLessThan(plain.usd!);
    const counted = server.calls('/v1/messages/count_tokens').map(bodyOf);
    expect(counted.at(-1)!.messages).toEqual([{ role: 'user', content: '.' }]);
  });
});
