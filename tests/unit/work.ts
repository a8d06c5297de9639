// Counts the work a call does, deterministically, so that tests can assert how it grows without
// timing anything: V8's block coverage counts every function call and loop iteration in our
// code, and wrappers around the string, regex and array built-ins count the characters or
// elements each call can walk over (an indexOf that scans to the end costs the rest of the
// string, not one step). A search restarted from each of n positions shows up as n² here even
// when each restart is a single built-in call.
import { Session } from 'node:inspector/promises';

export interface Work {
  /** Function calls and block executions (loop iterations) in the measured files. */
  blocks: number;
  /** Characters or elements the built-ins were given to walk. */
  builtin: number;
  total: number;
}

let builtin = 0;
let counting = false;

type AnyFn = (this: unknown, ...args: unknown[]) => unknown;

function wrap<T extends object>(proto: T, name: string, cost: (self: never, args: unknown[], result: unknown) => number): () => void {
  const original = (proto as Record<string, AnyFn>)[name]!;
  const wrapped = function (this: unknown, ...args: unknown[]): unknown {
    const result = original.apply(this, args);
    if (counting) {
      counting = false; // the cost functions call built-ins too
      try {
        builtin += cost(this as never, args, result);
      } finally {
        counting = true;
      }
    }
    return result;
  };
  Object.defineProperty(proto, name, { value: wrapped, writable: true, configurable: true, enumerable: false });
  return () => Object.defineProperty(proto, name, { value: original, writable: true, configurable: true, enumerable: false });
}

const len = (s: unknown): number => (typeof s === 'string' ? s.length : 0);
const int = (v: unknown, d: number): number => (typeof v === 'number' && Number.isFinite(v) ? Math.trunc(v) : d);

function patchBuiltins(): () => void {
  const undo: (() => void)[] = [];
  const S = String.prototype;
  // A forward search costs what it walks: up to the hit, or to the end.
  const forward = (self: string, args: unknown[], result: unknown): number => {
    const from = Math.max(0, int(args[1], 0));
    const at = typeof result === 'number' ? result : -1;
    return (at >= 0 ? at + len(args[0]) : self.length) - Math.min(from, self.length) + 1;
  };
  undo.push(wrap(S, 'indexOf', (self: string, a, r) => forward(self, a, r)));
  undo.push(
    wrap(S, 'includes', (self: string, a) => {
      const at = S.indexOf.call(self, a[0] as string, a[1] as number);
      return forward(self, a, at);
    }),
  );
  undo.push(
    wrap(S, 'lastIndexOf', (self: string, a, r) => {
      const from = Math.min(self.length, int(a[1], self.length));
      return from - (typeof r === 'number' && r >= 0 ? r : 0) + 1;
    }),
  );
  for (const m of ['startsWith', 'endsWith']) undo.push(wrap(S, m, (_self: string, a) => len(a[0]) + 1));
  for (const m of ['slice', 'substring', 'substr', 'repeat', 'padStart', 'padEnd', 'trim', 'trimStart', 'trimEnd', 'toLowerCase', 'toUpperCase', 'normalize'])
    undo.push(wrap(S, m, (self: string, _a, r) => len(r) + (m.startsWith('trim') || m.startsWith('to') || m === 'normalize' ? self.length : 0) + 1));
  for (const m of ['split', 'replace', 'replaceAll', 'match', 'matchAll', 'search', 'localeCompare'])
    undo.push(wrap(S, m, (self: string) => self.length + 1));

  // A regex costs what it walks from where it starts: to the end of its match, or to the end of
  // the text when it fails (a sticky one only tries its own position).
  undo.push(
    wrap(RegExp.prototype, 'exec', (self: RegExp, a, r) => {
      const text = String(a[0]);
      const from = self.global || self.sticky ? Math.min(self.lastIndex, text.length) : 0;
      if (r && typeof r === 'object') {
        const m = r as RegExpExecArray;
        return (self.sticky ? 0 : m.index - from) + m[0].length + 1;
      }
      return self.sticky ? 1 : text.length - from + 1;
    }),
  );

  // test() walks as exec() does (V8 does not route it through a patched exec).
  const exec = RegExp.prototype.exec;
  const test = RegExp.prototype.test;
  Object.defineProperty(RegExp.prototype, 'test', {
    value: function (this: RegExp, text: string): boolean {
      const from = this.global || this.sticky ? this.lastIndex : 0;
      const hit = test.call(this, text);
      if (counting) {
        const s = String(text);
        const start = Math.min(from, s.length);
        if (!hit) builtin += this.sticky ? 1 : s.length - start + 1;
        else if (this.global || this.sticky) builtin += Math.max(0, this.lastIndex - start) + 1;
        else {
          counting = false; // the exec below is ours, not the code's
          try {
            const m = exec.call(this, s);
            builtin += m ? m.index + m[0].length + 1 : 1;
          } finally {
            counting = true;
          }
        }
      }
      return hit;
    },
    writable: true,
    configurable: true,
    enumerable: false,
  });
  undo.push(() => Object.defineProperty(RegExp.prototype, 'test', { value: test, writable: true, configurable: true, enumerable: false }));

  const A = Array.prototype;
  for (const m of ['map', 'filter', 'forEach', 'reduce', 'reduceRight', 'slice', 'join', 'concat', 'flat', 'flatMap', 'splice', 'reverse', 'fill', 'toSorted', 'sort'])
    undo.push(wrap(A, m, (self: unknown[], _a, r) => self.length + (Array.isArray(r) && m !== 'sort' ? r.length : 0) + 1));
  for (const m of ['indexOf', 'includes', 'lastIndexOf']) undo.push(wrap(A, m, (self: unknown[], _a, r) => (typeof r === 'number' && r >= 0 ? r + 1 : self.length + 1)));
  // Early-exit searches cost the elements they looked at: their callback counts them.
  for (const m of ['find', 'findIndex', 'findLast', 'findLastIndex', 'some', 'every'] as const) {
    const original = A[m] as unknown as AnyFn;
    const counted = function (this: unknown, ...args: unknown[]): unknown {
      const f = args[0];
      if (!counting || typeof f !== 'function') return original.apply(this, args);
      builtin++;
      return original.call(
        this,
        function (this: unknown, ...x: unknown[]) {
          builtin++;
          return (f as AnyFn).apply(this, x);
        },
        args[1],
      );
    };
    Object.defineProperty(A, m, { value: counted, writable: true, configurable: true, enumerable: false });
    undo.push(() => Object.defineProperty(A, m, { value: original, writable: true, configurable: true, enumerable: false }));
  }
  const from = Array.from;
  Array.from = function (this: unknown, ...args: unknown[]) {
    const r = (from as AnyFn).apply(this, args) as unknown[];
    if (counting) builtin += r.length + 1;
    return r;
  } as typeof Array.from;
  undo.push(() => {
    Array.from = from;
  });
  const parse = JSON.parse;
  JSON.parse = function (text: string, reviver?: (this: unknown, key: string, value: unknown) => unknown) {
    if (counting) builtin += len(text) + 1;
    return parse(text, reviver);
  };
  const stringify = JSON.stringify;
  JSON.stringify = function (...args: Parameters<typeof JSON.stringify>) {
    const r = stringify(...args);
    if (counting) builtin += len(r) + 1;
    return r;
  } as typeof JSON.stringify;
  undo.push(() => {
    JSON.parse = parse;
    JSON.stringify = stringify;
  });
  if (typeof Intl.Segmenter === 'function') {
    undo.push(wrap(Intl.Segmenter.prototype, 'segment', (_self: Intl.Segmenter, a) => len(a[0]) + 1));
  }
  return () => {
    for (const u of undo.reverse()) u();
  };
}

interface Range {
  startOffset: number;
  endOffset: number;
  count: number;
}
interface Coverage {
  result: { url: string; functions: { functionName: string; ranges: Range[] }[] }[];
}

/**
 * One inspector session with precise coverage on for the life of the process: stopping it
 * between measurements lets V8 keep code compiled without counters (optimised loops then count
 * nothing the next time), so it is started once and only its counters are reset.
 */
let session: Session | undefined;
async function coverage(): Promise<Session> {
  if (session) return session;
  const s = new Session();
  s.connect();
  await s.post('Profiler.enable');
  await s.post('Profiler.startPreciseCoverage', { callCount: true, detailed: true });
  return (session = s);
}

/** Runs fn and counts its work in the files whose URL matches `files`. */
export async function measureWork(fn: () => void, files: RegExp = /\/(src|bench)\//): Promise<Work> {
  const s = await coverage();
  await s.post('Profiler.takePreciseCoverage'); // resets the counters
  const restore = patchBuiltins();
  builtin = 0;
  counting = true;
  try {
    fn();
  } finally {
    counting = false;
    restore();
  }
  const cov = (await s.post('Profiler.takePreciseCoverage')) as unknown as Coverage;
  let blocks = 0;
  for (const script of cov.result) {
    if (!files.test(script.url)) continue;
    for (const f of script.functions) for (const r of f.ranges) blocks += r.count;
  }
  return { blocks, builtin, total: blocks + builtin };
}
