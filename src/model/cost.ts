// Price lookup and cost arithmetic over the providers' price lists (providers.ts).
import { PROVIDERS, type PriceTier } from './providers';

/** Every provider's prices in one list: a model id names one model, whoever serves it. */
const PRICES: Readonly<Record<string, PriceTier[]>> = Object.assign({}, ...Object.values(PROVIDERS).map((p) => p.prices));

/** Prices for a model id; dated snapshots ("…-20250929") use their alias's price. */
export function priceFor(model: string): PriceTier[] | null {
  const id = model.trim().toLowerCase();
  return PRICES[id] ?? PRICES[id.replace(/-\d{8}$/, '')] ?? null;
}

export interface RequestTokens {
  /** Uncached input tokens. */
  input: number;
  cacheWrite: number;
  cacheRead: number;
  output: number;
}

function tierFor(tiers: PriceTier[], promptTokens: number): PriceTier {
  return tiers.find((t) => t.upToPromptTokens === undefined || promptTokens <= t.upToPromptTokens) ?? tiers[tiers.length - 1]!;
}

/** USD for a set of requests, or null when the model has no known price. */
export function costUSD(model: string, requests: RequestTokens[]): number | null {
  const tiers = priceFor(model);
  if (!tiers) return null;
  let usd = 0;
  for (const r of requests) {
    const t = tierFor(tiers, r.input + r.cacheWrite + r.cacheRead);
    usd += (r.input * t.input + r.cacheWrite * t.cacheWrite + r.cacheRead * t.cacheRead + r.output * t.output) / 1_000_000;
  }
  return usd;
}
