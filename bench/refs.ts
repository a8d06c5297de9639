// The page of another commit, for the Chromium benchmarks' BENCH_REF (issue 34): each ref is
// either a directory that already holds a build (its index.html) or a commit, which is checked
// out with `git worktree add` into a temp dir, given this checkout's node_modules (the same
// lockfile is assumed, as bench/cpu.ts does) and built there with its own vite.config.ts.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface RefBuild {
  /** What the figures call it: the ref as given. */
  name: string;
  dist: string;
}

/** BENCH_REF's entries (comma-separated), or none. */
export function benchRefs(): string[] {
  return (process.env.BENCH_REF ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Builds (or finds) each ref's page; `cleanup` removes the worktrees and builds it made. */
export function buildRefPages(refs: string[]): { builds: RefBuild[]; cleanup: () => void } {
  const made: string[] = [];
  const trees: string[] = [];
  const cleanup = () => {
    for (const t of trees) spawnSync('git', ['worktree', 'remove', '--force', t]);
    for (const d of made) rmSync(d, { recursive: true, force: true });
  };
  const builds: RefBuild[] = [];
  try {
    for (const ref of refs) {
      if (existsSync(path.join(ref, 'index.html'))) {
        builds.push({ name: ref, dist: path.resolve(ref) });
        continue;
      }
      const dir = mkdtempSync(path.join(tmpdir(), 'bench-ref-'));
      made.push(dir);
      const tree = path.join(dir, 'tree');
      const add = spawnSync('git', ['worktree', 'add', '--detach', tree, ref], { encoding: 'utf8' });
      if (add.status !== 0) throw new Error(`git worktree add ${ref}: ${add.stderr}`);
      trees.push(tree);
      symlinkSync(path.resolve('node_modules'), path.join(tree, 'node_modules'));
      const dist = path.join(dir, 'dist');
      const vite = path.resolve('node_modules/vite/bin/vite.js');
      const b = spawnSync(process.execPath, [vite, 'build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'warn'], { cwd: tree, encoding: 'utf8', timeout: 600_000 });
      if (b.status !== 0) throw new Error(`building ${ref}: exit ${b.status}: ${(b.stderr || String(b.error ?? '')).slice(-800)}`);
      builds.push({ name: ref, dist });
    }
  } catch (e) {
    cleanup();
    throw e;
  }
  return { builds, cleanup };
}
