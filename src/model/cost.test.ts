import { describe, expect, test } from 'vitest';
import { costUSD, priceFor } from './cost';

describe('prices', () => {
  test('known, dated and unknown models', () => {
    expect(priceFor('claude-sonnet-5-5')?.[0]?.input).toBe(2);
    expect(priceFor('claude-sonnet-4-5-20250929')?.[0]?.input).toBe(3);
    expect(priceFor('my-proxy-model')).toBeNull();
    expect(costUSD('my-proxy-model', [{ input: 1, cacheWrite: 0, cacheRead: 0, output: 1 }])).toBeNull();
  });

  test('input, cache and output are priced separately', () => {
    const usd = costUSD('claude-sonnet-5-5', [{ input: 1_000_000, cacheWrite: 1_000_000, cacheRead: 1_000_000, output: 1_000_000 }]);
    expect(usd).toBeCloseTo(2 + 2.5 + 0.2 + 10, 6);
  });

  test('tiered prices follow the prompt size', () => {
    const small = costUSD('claude-haiku-5-5', [{ input: 100_000, cacheWrite: 0, cacheRead: 0, output: 0 }]);
    const large = costUSD('claude-haiku-5-5', [{ input: 100_001, cacheWrite: 0, cacheRead: 0, output: 0 }]);
    expect(small).toBeCloseTo(0.01, 6);
    expect(large).toBeCloseTo(0.0500005, 6);
  });
});
