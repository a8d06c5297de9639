// What every request on either wire (messages.ts through the SDK, openai.ts with plain fetch)
// obeys, in one place: a deadline for the whole request — the wait for the reply's headers and the
// reading of its body alike, so that keep-alive comments (`: ping`) cannot hold a dead stream open
// for ever — and no redirect to another origin, since following one would send the user's case to
// a host they never named.
import { ModelError } from './errors';

/** A request's deadline: its signal (the caller's, or the deadline passing) and what passed when. */
export interface Deadline {
  signal: AbortSignal;
  /** Whether the deadline (not the caller) ended the request. */
  expired(): boolean;
  /** The reply's headers arrived: a deadline passing from now on cuts a reply, not a silence. */
  answered(): void;
  /** The error to throw once expired(): a server that never replied, or a reply cut at the deadline. */
  error(facts: { model?: string | undefined; baseURL?: string | undefined; rawOutput?: string }): ModelError;
  /** Stops the timer (always call it, in a finally). */
  dispose(): void;
}

export function startDeadline(ms: number, parent?: AbortSignal): Deadline {
  const controller = new AbortController();
  let expired = false;
  let answered = false;
  const onAbort = () => controller.abort(parent?.reason);
  if (parent?.aborted) controller.abort(parent.reason);
  else parent?.addEventListener('abort', onAbort, { once: true });
  const timer = setTimeout(() => {
    expired = true;
    controller.abort(new DOMException('The request passed its deadline.', 'TimeoutError'));
  }, ms);
  return {
    signal: controller.signal,
    expired: () => expired,
    answered: () => {
      answered = true;
    },
    error: (facts) =>
      new ModelError({
        kind: 'timeout',
        timeoutSeconds: Math.round(ms / 100) / 10,
        ...(answered ? {} : { noReply: true }),
        ...(facts.model ? { model: facts.model } : {}),
        ...(facts.baseURL ? { baseURL: facts.baseURL } : {}),
        ...(facts.rawOutput ? { rawOutput: facts.rawOutput } : {}),
      }),
    dispose: () => {
      clearTimeout(timer);
      parent?.removeEventListener('abort', onAbort);
    },
  };
}

/** Thrown by guardedFetch for a redirect it will not follow; client.ts words it as kind 'redirect'. */
export class RedirectRefused extends Error {
  constructor(
    readonly status: number,
    /** The origin the server pointed to; undefined where the browser hides it (an opaque redirect). */
    readonly to: string | undefined,
  ) {
    super(`The server redirected the request${to ? ` to ${to}` : ''} (${status || 'opaque'}).`);
    this.name = 'RedirectRefused';
  }
}

const MAX_SAME_ORIGIN_HOPS = 5;

/**
 * fetch that never follows a redirect to another origin. A 307 or 308 to the same origin (a
 * trailing-slash fix) is followed with the same method and body; any other redirect stops with
 * RedirectRefused naming where it pointed. In the browser a manual redirect is an opaque response
 * (type 'opaqueredirect', status 0) whose target cannot be read: it stops too, unnamed.
 */
export async function guardedFetch(input: string | URL | Request, init: RequestInit = {}): Promise<Response> {
  let url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const from = new URL(url).origin;
  for (let hop = 0; ; hop++) {
    const res = await fetch(url, { ...init, redirect: 'manual' });
    if (res.type === 'opaqueredirect') throw new RedirectRefused(0, undefined);
    if (res.status < 300 || res.status >= 400 || res.status === 304) return res;
    const location = res.headers.get('location');
    // A 3xx without a place to go is no redirect: the caller reads it as an error status.
    if (!location) return res;
    await res.body?.cancel().catch(() => undefined);
    let target: URL;
    try {
      target = new URL(location, url);
    } catch {
      throw new RedirectRefused(res.status, location);
    }
    if (target.origin !== from || (res.status !== 307 && res.status !== 308) || hop >= MAX_SAME_ORIGIN_HOPS) throw new RedirectRefused(res.status, target.origin);
    url = target.href;
  }
}
