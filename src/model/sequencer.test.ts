import { expect, test } from 'vitest';
import { RunSequencer } from './sequencer';

test('a newer run aborts the older one and makes its answer stale', () => {
  const seq = new RunSequencer();
  const a = seq.start();
  const b = seq.start();
  expect(a.signal.aborted).toBe(true);
  expect(a.isCurrent()).toBe(false);
  expect(a.isLatest()).toBe(false);
  expect(b.isCurrent()).toBe(true);
  seq.cancel();
  expect(b.isCurrent()).toBe(false);
  expect(b.isLatest()).toBe(true);
  expect(seq.running).toBe(false);
});

test('finishing keeps the answer current', () => {
  const seq = new RunSequencer();
  const a = seq.start();
  seq.finish(a);
  expect(a.isCurrent()).toBe(true);
  expect(seq.running).toBe(false);
});

test('a dropped run is stale and aborted; a run that stops itself stays the latest', () => {
  const seq = new RunSequencer();
  const a = seq.start();
  a.abort();
  expect(a.signal.aborted).toBe(true);
  expect(a.isLatest()).toBe(true);
  const b = seq.start();
  seq.drop();
  expect(b.signal.aborted).toBe(true);
  expect(b.isLatest()).toBe(false);
  expect(seq.running).toBe(false);
});
