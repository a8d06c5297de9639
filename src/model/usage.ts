// A run's token usage in words: how much input was paid in full, written to the prompt cache or
// read from it, and what that cost next to the same tokens without caching.
import type { ModelResults, Report, ReportUsage } from '../core/types';
import { costUSD } from './cost';
import { formatUSD } from '../core/report/format';
import { plural } from '../core/report/plural';

export type Usage = NonNullable<ModelResults['usage']>;

/** A running total: every count present; `estimated` once any input in it was guessed. */
export type UsageTotal = Required<Omit<Usage, 'estimated'>> & Pick<Usage, 'estimated'>;

export function emptyUsage(): UsageTotal {
  return { input_tokens: 0, output_tokens: 0, cache_read_input_tokens: 0, cache_creation_input_tokens: 0, requests: 0 };
}

export function addUsage(total: UsageTotal, u: Usage | undefined): void {
  if (!u) return;
  total.input_tokens += u.input_tokens;
  total.output_tokens += u.output_tokens;
  total.cache_read_input_tokens += u.cache_read_input_tokens ?? 0;
  total.cache_creation_input_tokens += u.cache_creation_input_tokens ?? 0;
  total.requests += u.requests;
  if (u.estimated) total.estimated = true;
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
  return `${model}: ${plural('en', u.requests, { one: '# request', other: '# requests' })}; input ${plain + write + read} tokens${u.estimated ? ' (partly estimated: a reply broke off before its usage came)' : ''} (${plain} uncached, ${write} written to the cache, ${read} read from it); output ${u.output_tokens}; ${cost}`;
}

/** A run's usage as a report states it (meta.usage): every input token in input_tokens, the cost or null. */
export function usageMeta(model: string, u: Usage): ReportUsage {
  const write = u.cache_creation_input_tokens ?? 0;
  const read = u.cache_read_input_tokens ?? 0;
  const usd = usageCost(model, u).usd;
  return {
    requests: u.requests,
    input_tokens: Math.max(0, u.input_tokens - write) + write + read,
    output_tokens: u.output_tokens,
    cache_read_input_tokens: read,
    cache_creation_input_tokens: write,
    cost: usd === null ? null : Math.round(usd * 1e6) / 1e6,
    ...(u.estimated ? { estimated: true as const } : {}),
  };
}

/** The report with the run's usage in its meta. */
export function withUsage(report: Report, model: string, u: Usage | undefined): Report {
  return u ? { ...report, meta: { ...report.meta, usage: usageMeta(model, u) } } : report;
}
