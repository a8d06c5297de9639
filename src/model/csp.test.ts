import { describe, expect, test } from 'vitest';
import { apiOrigin, connectPolicy } from './csp';

describe('connect policy', () => {
  test('allows self and the API origin only', () => {
    expect(connectPolicy('https://proxy.example.com/anthropic/')).toBe("connect-src 'self' https://proxy.example.com");
    expect(apiOrigin('not a url')).toBe('https://api.anthropic.com');
    expect(apiOrigin('javascript:alert(1)')).toBe('https://api.anthropic.com');
    expect(apiOrigin('http://127.0.0.1:4402')).toBe('http://127.0.0.1:4402');
  });
});
