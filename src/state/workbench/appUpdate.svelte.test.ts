import { describe, expect, test } from 'vitest';
import { AppUpdate } from './appUpdate.svelte';

describe('AppUpdate', () => {
  test('nothing is shown until a new build waits', async () => {
    const u = new AppUpdate();
    expect(u.shown).toBe(false);
    await u.reload(); // nothing to hand over to: a no-op
    expect(u.reloading).toBe(false);
  });

  test('Reload hands over once, however often it is pressed', async () => {
    const u = new AppUpdate();
    let handovers = 0;
    let finish!: () => void;
    u.offer(() => {
      handovers++;
      return new Promise<void>((r) => (finish = r));
    });
    expect(u.shown).toBe(true);
    const first = u.reload();
    const second = u.reload();
    expect(u.reloading).toBe(true);
    finish();
    await Promise.all([first, second]);
    expect(handovers).toBe(1);
    // The page reloads from here; until it does, the notice says it is reloading.
    expect(u.reloading).toBe(true);
  });

  test('a failed hand-over leaves the notice up to try again', async () => {
    const u = new AppUpdate();
    let tries = 0;
    u.offer(async () => {
      if (++tries === 1) throw new Error('no waiting worker');
    });
    await expect(u.reload()).rejects.toThrow('no waiting worker');
    expect(u.reloading).toBe(false);
    expect(u.shown).toBe(true);
    await u.reload();
    expect(tries).toBe(2);
  });

  test('dismissed, it stays closed until a newer build waits', () => {
    const u = new AppUpdate();
    u.offer(async () => {});
    u.dismiss();
    expect(u.shown).toBe(false);
    u.offer(async () => {});
    expect(u.shown).toBe(true);
  });
});
