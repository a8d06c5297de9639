// Seeded pseudo-random numbers for generated test inputs: the same seed gives the same inputs on
// every run, so a failure names a trial that can be run again.

/** Numbers in [0, 1) from a linear congruential generator started at `seed`. */
export function random(seed: number): () => number {
  let s = seed;
  return () => ((s = (Math.imul(s, 1103515245) + 12345) >>> 0) / 2 ** 32);
}
