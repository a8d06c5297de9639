// One shared import() of the audit engine, and synchronous access once it is there.
export type Engine = typeof import('./engine');

let loaded: Engine | null = null;
let pending: Promise<Engine> | undefined;

export function loadEngine(): Promise<Engine> {
  pending ??= import('./engine').then((m) => (loaded = m));
  return pending;
}

/** The engine if it has loaded (it has whenever a report exists). */
export function engineNow(): Engine | null {
  return loaded;
}
