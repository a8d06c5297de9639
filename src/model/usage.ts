// A run's token usage in words: how much input was paid in full, written to the prompt cache or
// read from it, and what that cost next to the same tokens without caching.
import type { ModelResults } from '../core/types';
import { costUSD } from './cost';
import { formatUSD } from '../core/report/format';
import { plural } from '../core/report/plural';

export type Usage = NonNullable<ModelResults['usage']>;

export function emptyUsage(): Required<Usage> {
  return { input_tokens: 0, output_tokens: 0, cache_read_input_tokens: 0, cache_creation_input_tokens: 0, requests: 0 };
}

export function addUsage(total: Required<Usage>, u: Usage | undefined): void {
  if (!u) return;
  total.input_tokens += u.input_tokens;
  total.output_tokens += u.output_tokens;
  total.cache_read_input_tokens += u.cache_read_input_tokens ?? 0;
  total.cache_creation_input_tokens += u.cache_creation_input_tokens ?? 0;
  total.requests += u.requests;
}

/** Cost of a usage total, and of the same tokens all paid as plain input (null: unknown price). */
export function usageCost(model: string, u: Usage): { usd: number | null; uncachedUsd: number | null } {
  const write = u.cache_creation_input_tokens ?? 0;
  const read = u.cache_read_input_tokens ?? 0;
  // Usage.input_tokens counts cache writes too (see run.ts); the plain part is the rest.
  const plain = Math.max(0, u.input_tokens - write);
  return {
    usd: costUSD(model, [{ input: plain, cacheWrite: write, cacheRead: read, output: u.output_tokens }]),
    uncachedUsd: costUSD(model, [{ input: plain + write + read, cacheWrite: 0, cacheRead: 0, output: u.output_tokens }]),
  };
}

export function usageLine(model: string, u: Usage): string {
  const write = u.cache_creation_input_tokens ?? 0;
  const read = u.cache_read_input_tokens ?? 0;
  const plain = Math.max(0, u.input_tokens - write);
  const { usd, uncachedUsd } = usageCost(model, u);
  const cost = usd === null ? 'cost unknown (no price for this model)' : `cost ${formatUSD(usd)}${read > 0 && uncachedUsd !== null ? ` (without the prompt cache ${formatUSD(uncachedUsd)})` : ''}`;
  return `${model}: ${plural('en', u.requests, { one: '# request', other: '# requests' })}; input ${plain + write + read} tokens (${plain} uncached, ${write} written to the cache, ${read} read from it); output ${u.output_tokens}; ${cost}`;
}
