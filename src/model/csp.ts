// Narrows connect-src at runtime to 'self' plus the configured API origin. index.html's policy
// has to allow any API origin (the Base URL is a setting), so at start-up we add a second policy
// naming only the one in use; a page enforces every policy at once, so connections are limited
// to their intersection. A changed Base URL takes effect after a reload, which the settings say.
import { DEFAULT_BASE_URL } from './constants';
import { browserStore, loadModelSettings } from './settings';

const MARKER = 'data-connect-policy';

export function apiOrigin(baseURL: string | undefined): string {
  try {
    const u = new URL((baseURL ?? '').trim() || DEFAULT_BASE_URL);
    if (u.protocol !== 'https:' && u.protocol !== 'http:') throw new Error('not http(s)');
    return u.origin;
  } catch {
    return new URL(DEFAULT_BASE_URL).origin;
  }
}

export function connectPolicy(baseURL: string | undefined): string {
  return `connect-src 'self' ${apiOrigin(baseURL)}`;
}

/**
 * Adds the narrowing policy as the first element of <head>; call it before anything connects
 * (main.ts does, first thing). Returns the allowed API origin. Idempotent.
 */
export function installConnectPolicy(baseURL?: string, doc: Document = document): string {
  const url = baseURL ?? loadModelSettings(browserStore()).baseURL;
  const origin = apiOrigin(url);
  if (!doc.head.querySelector(`meta[${MARKER}]`)) {
    const meta = doc.createElement('meta');
    meta.httpEquiv = 'Content-Security-Policy';
    meta.content = connectPolicy(url);
    meta.setAttribute(MARKER, origin);
    doc.head.prepend(meta);
  }
  return origin;
}

/** The origin the running page may connect to (what installConnectPolicy allowed). */
export function allowedApiOrigin(doc: Document = document): string | null {
  return doc.head.querySelector(`meta[${MARKER}]`)?.getAttribute(MARKER) ?? null;
}
