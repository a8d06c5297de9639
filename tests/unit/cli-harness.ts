// What the CLI test files share: the CLI's main with its output captured, and the environment
// variables a file sets for the CLI put back as they were when the file ends.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { main } from '../../src/cli';
import { tempDir } from '../factories/tempDir';

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

/** Before each test, a new temporary folder with `cases` in it as cases.jsonl; `use` gets both paths. */
export function useCasesFile(prefix: string, cases: readonly object[], use: (dir: string, data: string) => void): void {
  beforeEach(() => {
    const dir = tempDir(prefix);
    const data = join(dir, 'cases.jsonl');
    writeFileSync(data, cases.map((c) => JSON.stringify(c)).join('\n') + '\n');
    use(dir, data);
  });
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
