// What the CLI test files share: the CLI's main with its output captured, and the environment
// variables a file sets for the CLI put back as they were when the file ends.
import { afterAll, beforeAll } from 'vitest';
import { main } from '../../src/cli';

export async function runCli(args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(args, { out: (s) => (out += s), err: (s) => (err += s) });
  return { code, out, err };
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
