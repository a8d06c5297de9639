// The connect-src policy for the configured API origin. index.html's policy has to allow any API
// origin (the Base URL is a setting), so at start-up main.ts adds a second policy naming only the
// one in use (platform/connectPolicy.ts writes it); a page enforces every policy at once, so
// connections are limited to their intersection. A changed Base URL takes effect after a reload,
// which the settings say.
import { providerSpec } from './providers';

/** Anthropic's API, when the Base URL says nothing usable. */
const DEFAULT_BASE_URL = providerSpec(undefined).defaultBaseURL;

export function apiOrigin(baseURL: string | undefined): string {
  try {
    const u = new URL((baseURL ?? '').trim() || DEFAULT_BASE_URL);
    if (u.protocol !== 'https:' && u.protocol !== 'http:') throw new Error('not http(s)');
    return u.origin;
  } catch {
    return new URL(DEFAULT_BASE_URL).origin;
  }
}

/**
 * Whether `baseURL` is an http(s) address. Anything else (typed without its https://, say) is
 * not what the page is allowed to connect to: apiOrigin falls back to the default for it.
 */
export function isWebAddress(baseURL: string): boolean {
  try {
    const u = new URL(baseURL.trim());
    return u.protocol === 'https:' || u.protocol === 'http:';
  } catch {
    return false;
  }
}

export function connectPolicy(baseURL: string | undefined): string {
  return `connect-src 'self' ${apiOrigin(baseURL)}`;
}
