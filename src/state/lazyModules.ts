// Modules the page needs only for some actions (the store, share links), imported with import()
// together the first time one of them is needed, so the shell's first paint never waits for them.

type Loaders = Record<string, () => Promise<unknown>>;
/** The loaded modules, by the names their loaders were given. */
export type Loaded<L extends Loaders> = { [K in keyof L]: Awaited<ReturnType<L[K]>> };

/** A function that imports all of `loaders` on its first call and gives every caller the same modules. */
export function lazyModules<L extends Loaders>(loaders: L): () => Promise<Loaded<L>> {
  let loaded: Promise<Loaded<L>> | undefined;
  return () => {
    loaded ??= Promise.all(Object.entries(loaders).map(async ([name, load]) => [name, await load()] as const)).then((entries) => Object.fromEntries(entries) as Loaded<L>);
    return loaded;
  };
}
