import { describe, expect, it } from 'vitest';
import { DatasetGuard, type AtStake, type DatasetAction } from './datasetGuard.svelte';

function setup(stake: AtStake | null) {
  const done: DatasetAction[] = [];
  const guard = new DatasetGuard({ atStake: () => stake, perform: (a) => void done.push(a) });
  return { guard, done };
}

const file = new File(['{}'], 'next.jsonl');

describe('DatasetGuard', () => {
  it('opens and closes at once when nothing paid for would be lost', async () => {
    for (const stake of [null, { name: 'a.jsonl', judged: 0, modelRunning: false }]) {
      const { guard, done } = setup(stake);
      await guard.request({ kind: 'open', file });
      await guard.request({ kind: 'close' });
      expect(done.map((a) => a.kind)).toEqual(['open', 'close']);
      expect(guard.pending).toBeNull();
    }
  });

  it('asks first when the model has judged cases or is running, and does only what was confirmed', async () => {
    const judged = setup({ name: 'a.jsonl', judged: 3, modelRunning: false });
    await judged.guard.request({ kind: 'open', file });
    expect(judged.done).toEqual([]);
    expect(judged.guard.pending).toEqual({ action: { kind: 'open', file }, stake: { name: 'a.jsonl', judged: 3, modelRunning: false } });
    judged.guard.cancel();
    expect(judged.guard.pending).toBeNull();
    await judged.guard.confirm();
    expect(judged.done).toEqual([]);

    const running = setup({ name: 'a.jsonl', judged: 0, modelRunning: true });
    await running.guard.request({ kind: 'close' });
    expect(running.done).toEqual([]);
    await running.guard.confirm();
    expect(running.done).toEqual([{ kind: 'close' }]);
    expect(running.guard.pending).toBeNull();
  });

  it('asks first when another tab runs the model over this dataset, though this tab counts nothing judged', async () => {
    const done: DatasetAction[] = [];
    let elsewhere = true;
    const guard = new DatasetGuard({ atStake: () => ({ name: 'a.jsonl', judged: 0, modelRunning: false }), perform: (a) => void done.push(a), runningElsewhere: async () => elsewhere });
    await guard.request({ kind: 'open', file });
    expect(done).toEqual([]);
    expect(guard.pending?.stake).toEqual({ name: 'a.jsonl', judged: 0, modelRunning: true });
    guard.cancel();
    elsewhere = false;
    await guard.request({ kind: 'close' });
    expect(done).toEqual([{ kind: 'close' }]);
  });
});
