// What the CLI test files share: the CLI's main with its output captured, and the environment
// variables a file sets for the CLI put back as they were when the file ends.
import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, expect } from 'vitest';
import { main } from '../../src/cli';

export async function runCli(args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(args, { out: (s) => (out += s), err: (s) => (err += s) });
  return { code, out, err };
}

/** The JSON a run printed, once it is checked that the run succeeded and said nothing on stderr. */
export function succeededJson(r: { code: number; out: string; err: string }): any {
  expect(r.err).toBe('');
  expect(r.code).toBe(0);
  return JSON.parse(r.out);
}

/** Two cases against one chunk, the first supported by it and the second not. */
export const CITY_CASES = [
  { id: 'a', query: 'Which city?', answer: 'Paris is the capital of France [1].', chunks: [{ id: '1', text: 'Paris is the capital of France.' }] },
  { id: 'b', query: 'Which city?', answer: 'Berlin hosts seventeen purple elephants [1].', chunks: [{ id: '1', text: 'Paris is the capital of France.' }] },
];

/** Writes cases as JSON Lines to `file`; returns its path. */
export function writeCases(file: string, cases: readonly object[]): string {
  writeFileSync(file, cases.map((c) => JSON.stringify(c)).join('\n') + '\n');
  return file;
}

/** Sets these variables (a function is read when the file's tests start) and restores them after the file. */
export function useCliEnv(vars: () => Record<string, string>): void {
  const saved = new Map<string, string | undefined>();
  beforeAll(() => {
    for (const [k, v] of Object.entries(vars())) {
      if (!saved.has(k)) saved.set(k, process.env[k]);
      process.env[k] = v;
    }
  });
  afterAll(() => {
    for (const [k, v] of saved) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  });
}
