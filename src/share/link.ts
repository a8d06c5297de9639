// Share links live in the URL fragment (`#a=…`): browsers never send the fragment to a server.
import { SHARE_PARAM } from './constants';

/** The link for a payload, on the page the app runs at (any static host, any sub-path). */
export function shareUrl(pageUrl: string, payload: string): string {
  const u = new URL(pageUrl);
  u.hash = '';
  return `${u.toString()}#${SHARE_PARAM}=${payload}`;
}

/**
 * The payload in a fragment (`#a=…`, possibly among other `&`-separated parameters), or null
 * when the fragment carries none. Chat apps and mail clients may percent-encode the fragment
 * (`#a%3D…`, `%26`); the payload's own alphabet has no `%`, so the escapes are decoded.
 */
export function payloadFromHash(hash: string): string | null {
  const h = (hash.startsWith('#') ? hash.slice(1) : hash).replace(/%3d/gi, '=').replace(/%26/g, '&');
  for (const part of h.split('&')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq) === SHARE_PARAM) return part.slice(eq + 1);
  }
  return null;
}

