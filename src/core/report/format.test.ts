import { describe, expect, test } from 'vitest';
import { formatUSD } from './format';

describe('formatUSD', () => {
  test('more decimals for smaller amounts', () => {
    expect(formatUSD(0)).toBe('$0');
    expect(formatUSD(0.0042)).toBe('$0.0042');
    expect(formatUSD(0.42)).toBe('$0.420');
    expect(formatUSD(4.2)).toBe('$4.20');
  });
});
