import { describe, expect, it } from 'vitest';
import { retryLine, startProgress } from './progress';

describe('startProgress', () => {
  it('draws nothing during the first second, then at most every 200 ms, and always the last case', () => {
    let t = 0;
    const drawn: string[] = [];
    const p = startProgress(10, (s) => drawn.push(s), () => t);
    t = 500;
    p.tick(1);
    expect(drawn).toHaveLength(0);
    t = 1000;
    p.tick(2);
    t = 1100;
    p.tick(3);
    expect(drawn).toHaveLength(1);
    expect(drawn[0]).toContain('2/10 cases');
    t = 1150;
    p.tick(10);
    expect(drawn.at(-1)).toContain('10/10 cases');
    p.clear();
    expect(drawn.at(-1)).toBe('\r\x1b[2K');
  });
  it('is silent without a sink', () => {
    const p = startProgress(10, undefined);
    expect(() => (p.tick(5), p.clear())).not.toThrow();
  });
});

describe('retryLine', () => {
  it('names the reason (with its status when there is one), the try of how many, and the wait', () => {
    expect(retryLine({ attempt: 2, attempts: 3, waitMs: 1200, kind: 'network' })).toBe('network unreachable \u2014 trying again (2 of 3) in 2 s\u2026');
    expect(retryLine({ attempt: 3, attempts: 3, waitMs: 7000, kind: 'rate_limit', status: 429 })).toBe('rate limit reached (429) \u2014 trying again (3 of 3) in 7 s\u2026');
    expect(retryLine({ attempt: 2, attempts: 3, waitMs: 900, kind: 'unexpected' })).toBe('request failed \u2014 trying again (2 of 3) in 1 s\u2026');
  });
});
