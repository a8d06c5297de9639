import { describe, expect, test } from 'vitest';
import { connectPolicy } from '../model/csp';
import { allowedApiOrigin, installConnectPolicy } from './connectPolicy';

// Just enough of a Document for the policy installer.
function fakeDocument() {
  const children: { attrs: Map<string, string>; httpEquiv: string; content: string }[] = [];
  const head = {
    children,
    prepend(el: (typeof children)[number]) {
      children.unshift(el);
    },
    querySelector(sel: string) {
      const attr = /\[([\w-]+)\]/.exec(sel)?.[1];
      const el = children.find((c) => attr && c.attrs.has(attr));
      return el ? { getAttribute: (n: string) => el.attrs.get(n) ?? null } : null;
    },
  };
  return {
    head,
    createElement: () => {
      const attrs = new Map<string, string>();
      return { attrs, httpEquiv: '', content: '', setAttribute: (k: string, v: string) => attrs.set(k, v) };
    },
  } as unknown as Document & { head: typeof head };
}

describe('connect policy element', () => {
  test('is installed first in <head>, once', () => {
    const doc = fakeDocument();
    expect(allowedApiOrigin(doc)).toBeNull();
    expect(installConnectPolicy(connectPolicy('http://127.0.0.1:4402'), 'http://127.0.0.1:4402', doc)).toBe('http://127.0.0.1:4402');
    installConnectPolicy(connectPolicy('https://other.example'), 'https://other.example', doc);
    const head = (doc as unknown as { head: { children: { httpEquiv: string; content: string }[] } }).head;
    expect(head.children).toHaveLength(1);
    expect(head.children[0]!.httpEquiv).toBe('Content-Security-Policy');
    expect(head.children[0]!.content).toBe("connect-src 'self' http://127.0.0.1:4402");
    expect(allowedApiOrigin(doc)).toBe('http://127.0.0.1:4402');
  });
});
