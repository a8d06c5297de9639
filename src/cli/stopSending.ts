// When a model run stops sending (the audit run and calibrate alike): after a failure of the run's
// settings, which every later case would meet too, or after a server that answers nothing for
// SILENT_CASES_MAX cases in a row.

/**
 * Failures of the run's settings, not of one case: every later case would meet them too (a refused
 * key, no access or credit, an unknown model, an address that is not the API, a redirect).
 */
export const SETTINGS_FAILURES: ReadonlySet<string> = new Set(['auth', 'permission', 'billing', 'spend_limit', 'model_not_found', 'not_found', 'redirect']);

/**
 * A server that cannot be reached, or that takes requests and never answers, fails every case
 * after its retries or its whole deadline. After this many cases in a row so failed, the run stops
 * sending: a server that is down would otherwise hold a large run for hours.
 */
export const SILENT_CASES_MAX = 3;

/** Counts a run's case outcomes and says when it should stop sending. */
export class StopSending {
  #silent = 0;

  /** A case was judged: the server answers. */
  answered(): void {
    this.#silent = 0;
  }

  /** A case failed with this kind of model error: why the run should stop sending now, if it should. */
  failed(kind: string, noReply: boolean | undefined): 'settings' | 'silent' | undefined {
    if (SETTINGS_FAILURES.has(kind)) return 'settings';
    const silent = kind === 'network' || kind === 'offline' || (kind === 'timeout' && noReply === true);
    this.#silent = silent ? this.#silent + 1 : 0;
    return this.#silent >= SILENT_CASES_MAX ? 'silent' : undefined;
  }
}
