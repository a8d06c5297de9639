// The CLI's entry into the model audit (`citation-audit --model`): the same run as in the page,
// with the provider, key and base URL the CLI read (src/cli/provider.ts). No DOM.
import type { AuditCase, ModelResults, RepeatRule, Report } from '../core/types';
import { runModelAudit, type RunProgress } from './run';
import type { Provider } from './providers';

export interface NodeModelOptions {
  apiKey: string;
  provider?: Provider;
  baseURL?: string;
  model?: string;
  strict?: boolean;
  /** K judgements per claim and the rule that keeps one (repeat.ts). */
  repeat?: number;
  repeatRule?: RepeatRule;
  /** The deadline of each request, in milliseconds (default REQUEST_TIMEOUT_MS). */
  timeoutMs?: number;
  signal?: AbortSignal;
  onProgress?: (p: RunProgress) => void;
  /** Multi-case runs: one nonce for all cases and the instructions marked for prompt caching. */
  nonce?: string;
  cacheInstructions?: boolean;
  /** Token usage of the run (also of a failed run, as far as it got). */
  onUsage?: (u: NonNullable<ModelResults['usage']>) => void;
}

/**
 * Runs the model audit and returns the merged report. On failure it throws a ModelError whose
 * message says what happened and what to do, and whose `partial` keeps what was judged.
 */
export async function runModelAuditNode(c: AuditCase, report: Report, opts: NodeModelOptions): Promise<Report> {
  try {
    const run = await runModelAudit(c, report, {
      apiKey: opts.apiKey,
      provider: opts.provider,
      baseURL: opts.baseURL,
      model: opts.model,
      strict: opts.strict ?? false,
      repeat: opts.repeat,
      repeatRule: opts.repeatRule,
      timeoutMs: opts.timeoutMs,
      signal: opts.signal,
      onProgress: opts.onProgress,
      nonce: opts.nonce,
      cacheInstructions: opts.cacheInstructions,
    });
    if (run.results.usage) opts.onUsage?.(run.results.usage);
    return run.report;
  } catch (err) {
    const usage = (err as { usage?: ModelResults['usage'] }).usage ?? (err as { partial?: ModelResults }).partial?.usage;
    if (usage) opts.onUsage?.(usage);
    throw err;
  }
}
