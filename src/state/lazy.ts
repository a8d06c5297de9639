// Code the page loads after the shell, so that its first paint never waits for it: the audit
// engine (one shared import(), and synchronous access once it is there), and the modules needed
// only for some actions (the store, share links), imported together the first time one is needed.

export type Engine = typeof import('./engine/engine');

let loaded: Engine | null = null;
let pending: Promise<Engine> | undefined;

export function loadEngine(): Promise<Engine> {
  pending ??= import('./engine/engine').then((m) => (loaded = m));
  return pending;
}

/** The engine if it has loaded (it has whenever a report exists). */
export function engineNow(): Engine | null {
  return loaded;
}

type Loaders = Record<string, () => Promise<unknown>>;
/** The loaded modules, by the names their loaders were given. */
export type Loaded<L extends Loaders> = { [K in keyof L]: Awaited<ReturnType<L[K]>> };

/** A function that imports all of `loaders` on its first call and gives every caller the same modules. */
export function lazyModules<L extends Loaders>(loaders: L): () => Promise<Loaded<L>> {
  let modules: Promise<Loaded<L>> | undefined;
  return () => {
    modules ??= Promise.all(Object.entries(loaders).map(async ([name, load]) => [name, await load()] as const)).then((entries) => Object.fromEntries(entries) as Loaded<L>);
    return modules;
  };
}
