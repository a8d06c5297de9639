import { describe, expect, test } from 'vitest';
import { apiOrigin, connectPolicy, isWebAddress } from './csp';

describe('connect policy', () => {
  test('allows self and the API origin only', () => {
    expect(connectPolicy('https://proxy.example.com/anthropic/')).toBe("connect-src 'self' https://proxy.example.com");
    expect(apiOrigin('not a url')).toBe('https://api.anthropic.com');
    expect(apiOrigin('javascript:alert(1)')).toBe('https://api.anthropic.com');
    expect(apiOrigin('http://127.0.0.1:4402')).toBe('http://127.0.0.1:4402');
  });

  test('tells a Base URL the page can connect to from one it would fall back from', () => {
    for (const ok of ['https://api.anthropic.com', ' http://127.0.0.1:4402/ ', 'https://proxy.example.com/anthropic']) expect(isWebAddress(ok)).toBe(true);
    // Typed without the scheme, or not a web address: requests would go nowhere (or to the page's own host).
    for (const bad of ['api.anthropic.com', '127.0.0.1:4402', 'localhost:11434/v1', 'ftp://x', 'javascript:alert(1)', 'not a url']) expect(isWebAddress(bad)).toBe(false);
  });
});
