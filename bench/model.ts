// Model-audit request economy, without network: the requests our design sends per audit (one
// batched request; cited chunks in full, the rest as previews) against the naive design (one
// request per claim, every chunk in full), measured by building both sets of request bodies.
// Tokens are estimated as UTF-8 bytes / 4 (no tokenizer offline); bytes are exact.
import type { AuditCase, Report } from '../src/core/types';

export interface ModelBenchOptions {
  /** The local audit that yields the claims (default: the core's auditCase). */
  audit?: (c: AuditCase) => Report;
  model?: string;
}

// Under Node + tsx (npm run bench) `?raw` imports of the prompt files need a loader hook; Vite
// and Vitest handle them natively.
const RAW_HOOKS = `
export async function resolve(specifier, context, next) {
  if (specifier.endsWith('?raw')) return { url: new URL(specifier, context.parentURL).href, shortCircuit: true };
  return next(specifier, context);
}
export async function load(url, context, next) {
  if (url.endsWith('?raw')) {
    const { readFile } = await import('node:fs/promises');
    const file = new URL(url);
    file.search = '';
    return { format: 'module', source: 'export default ' + JSON.stringify(await readFile(file, 'utf8')) + ';', shortCircuit: true };
  }
  return next(url, context);
}`;

let hooksInstalled = false;
export async function ensureRawImports(): Promise<void> {
  if (hooksInstalled || typeof import.meta.env !== 'undefined') return;
  const { register } = await import('node:module');
  register(`data:text/javascript,${encodeURIComponent(RAW_HOOKS)}`, import.meta.url);
  hooksInstalled = true;
}

const bytes = (body: unknown) => Buffer.byteLength(JSON.stringify(body), 'utf8');

export async function benchModelRequests(cases: AuditCase[], opts: ModelBenchOptions = {}): Promise<Record<string, number | string>> {
  await ensureRawImports();
  const { buildRequest, planAudit, renderSharedBlock } = await import('../src/model/plan');
  const DEFAULT_MODEL = (await import('../src/model/providers')).providerSpec(undefined).defaultModel;
  const audit = opts.audit ?? (await import('../src/core/audit')).auditCase;
  const model = opts.model ?? DEFAULT_MODEL;

  let oursRequests = 0;
  let oursBytes = 0;
  let naiveRequests = 0;
  let naiveBytes = 0;
  let claims = 0;
  for (const c of cases) {
    const report = audit(c);
    const plan = planAudit(c, report, { model, nonce: '000000000000' });
    for (const batch of plan.batches) {
      oursRequests++;
      oursBytes += bytes(buildRequest(plan, batch, { mode: 'output_config', pass: 0, stream: true }));
    }
    // Naive: the same prompts, but every chunk in full and one claim per request.
    const allFull = new Set(c.chunks.map((ch) => String(ch.id)));
    const naivePlan = { ...plan, split: false, sharedBlock: renderSharedBlock(c, plan.nonce, allFull) };
    for (const batch of plan.batches) {
      for (const t of batch.claims) {
        claims++;
        const single = { index: 0, claims: [t], uncited: [], wantsCorrectness: batch.wantsCorrectness, wantsSummary: false };
        naiveRequests++;
        naiveBytes += bytes(buildRequest({ ...naivePlan, batches: [single] }, single, { mode: 'output_config', pass: 0, stream: true }));
      }
    }
  }
  const n = Math.max(1, cases.length);
  const ratio = (a: number, b: number) => (b === 0 ? 'n/a' : (a / b).toFixed(3));
  return {
    cases: cases.length,
    'judged claims': claims,
    'requests / audit (ours)': (oursRequests / n).toFixed(2),
    'requests / audit (naive)': (naiveRequests / n).toFixed(2),
    'request ratio ours/naive': ratio(oursRequests, naiveRequests),
    'input KB / audit (ours)': (oursBytes / n / 1024).toFixed(1),
    'input KB / audit (naive)': (naiveBytes / n / 1024).toFixed(1),
    '≈ input tokens / audit (ours)': Math.round(oursBytes / n / 4),
    '≈ input tokens / audit (naive)': Math.round(naiveBytes / n / 4),
    'input ratio ours/naive (target ≤ 0.6)': ratio(oursBytes, naiveBytes),
  };
}

/**
 * Input tokens per case through the batch path (model/batch.ts) against the interactive path,
 * both against the local fake API (its own token count; no network): the batch must send the
 * very requests the interactive run sends, so the two figures are equal.
 */
export async function benchBatchTokens(cases: AuditCase[]): Promise<Record<string, number | string>> {
  await ensureRawImports();
  const { startFakeAnthropic } = await import('../tests/server/fake-anthropic');
  const { runModelAudit } = await import('../src/model/run');
  const { createBatches, mergeBatchCase, prepareBatch, readBatchResults, waitForBatches } = await import('../src/model/batch');
  const { auditCase } = await import('../src/core/audit');
  const DEFAULT_MODEL = (await import('../src/model/providers')).providerSpec(undefined).defaultModel;
  const server = await startFakeAnthropic();
  try {
    const conn = { apiKey: ['sk', 'ant', 'bench-0123456789'].join('-'), baseURL: server.url, sleep: async () => {} };
    const nonce = '0123456789ab';
    const runs = cases.map((c, key) => ({ key, c, report: auditCase(c) }));
    const inputOf = (u: { input_tokens: number; cache_read_input_tokens?: number } | undefined) => (u ? u.input_tokens + (u.cache_read_input_tokens ?? 0) : 0);
    const interactive: number[] = [];
    for (const r of runs) {
      const run = await runModelAudit(r.c, r.report, { ...conn, model: DEFAULT_MODEL, nonce, cacheInstructions: true });
      interactive.push(inputOf(run.results.usage));
    }
    server.reset();
    const state = await createBatches(prepareBatch(runs, { model: DEFAULT_MODEL, strict: false, nonce }), conn);
    await waitForBatches(state, conn);
    const results = await readBatchResults(state, conn);
    const batch: number[] = [];
    for (const r of runs) batch.push(inputOf((await mergeBatchCase(r, results, state, conn)).batchUsage));
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    const n = Math.max(1, cases.length);
    return {
      cases: cases.length,
      'input tokens / case, interactive': Math.round(sum(interactive) / n),
      'input tokens / case, batch': Math.round(sum(batch) / n),
      'cases with equal input tokens (target all)': `${batch.filter((b, i) => b === interactive[i]).length}/${cases.length}`,
      'batch requests': state.requests,
      'interactive requests after the batch': server.calls('/v1/messages').length,
    };
  } finally {
    await server.close();
  }
}
