// The page's narrowing Content-Security-Policy element: written once at start-up (main.ts, before
// anything connects), read back by the model settings to tell whether a changed Base URL needs a
// reload. The policy text itself is model/csp.ts's.

const MARKER = 'data-connect-policy';

/** Adds the policy as the first element of <head>, marked with the allowed origin. Idempotent. */
export function installConnectPolicy(policy: string, origin: string, doc: Document = document): string {
  if (allowedApiOrigin(doc) !== null) return origin;
  const meta = doc.createElement('meta');
  meta.httpEquiv = 'Content-Security-Policy';
  meta.content = policy;
  meta.setAttribute(MARKER, origin);
  doc.head.prepend(meta);
  return origin;
}

/** The origin the running page may connect to (what installConnectPolicy allowed). */
export function allowedApiOrigin(doc: Document = document): string | null {
  return doc.head.querySelector(`meta[${MARKER}]`)?.getAttribute(MARKER) ?? null;
}
