// Where a test's seconds go: with E2E_STEP_TIMES=file.jsonl, playwright.config.ts adds this
// reporter, which writes one line per test: its spec, title, duration, and every step of the first
// two levels (each page.goto, click and expect; in the hooks, each fixture and its calls) with its
// duration. Off by default; `node tests/e2e/step-times.mjs file.jsonl` sums the lines by kind.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, TestCase, TestResult, TestStep } from '@playwright/test/reporter';

interface Line {
  file: string;
  title: string;
  worker: number;
  ms: number;
  /** Loads of the app in the worker's context during the test (fixtures.ts notes them). */
  loads: number | null;
  steps: { cat: string; title: string; ms: number; depth: number }[];
}

function flatten(steps: TestStep[], depth: number, out: Line['steps']): void {
  for (const s of steps) {
    out.push({ cat: s.category, title: s.title.slice(0, 120), ms: s.duration, depth });
    // A hook's steps two levels down: the fixtures, and what each of them did.
    if (depth < 1 || (depth < 3 && s.category === 'fixture') || (depth === 1 && s.category === 'hook')) flatten(s.steps, depth + 1, out);
  }
}

export default class StepTimes implements Reporter {
  private lines: Line[] = [];

  onTestEnd(test: TestCase, result: TestResult): void {
    const steps: Line['steps'] = [];
    flatten(result.steps, 0, steps);
    const loads = result.annotations.find((a) => a.type === 'page-loads')?.description;
    this.lines.push({ file: path.basename(test.location.file), title: test.title, worker: result.workerIndex, ms: result.duration, loads: loads === undefined ? null : Number(loads), steps });
  }

  onEnd(): void {
    const file = process.env.E2E_STEP_TIMES;
    if (file) writeFileSync(file, this.lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
  }
}
