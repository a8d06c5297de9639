// The CLI's entry into the model audit (`citation-audit --model`): the same run as in the page,
// with the key and base URL the CLI read from ANTHROPIC_API_KEY / ANTHROPIC_BASE_URL. No DOM.
import type { AuditCase, Report } from '../core/types';
import { runModelAudit, type RunProgress } from './run';

export interface NodeModelOptions {
  apiKey: string;
  baseURL?: string;
  model?: string;
  strict?: boolean;
  signal?: AbortSignal;
  onProgress?: (p: RunProgress) => void;
}

/**
 * Runs the model audit and returns the merged report. On failure it throws a ModelError whose
 * message says what happened and what to do, and whose `partial` keeps what was judged.
 */
export async function runModelAuditNode(c: AuditCase, report: Report, opts: NodeModelOptions): Promise<Report> {
  const run = await runModelAudit(c, report, {
    apiKey: opts.apiKey,
    baseURL: opts.baseURL,
    model: opts.model,
    strict: opts.strict ?? false,
    signal: opts.signal,
    onProgress: opts.onProgress,
  });
  return run.report;
}
