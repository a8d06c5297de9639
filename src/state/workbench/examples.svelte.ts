// The built-in examples, fetched on first use (the menu, or a first visit without a draft).
import type { Example } from '../../examples/types';

type Catalog = typeof import('../../examples/catalog');

export class ExampleLibrary {
  list = $state.raw<Example[] | null>(null);
  #pending: Promise<Catalog> | undefined;

  load(): Promise<Catalog> {
    this.#pending ??= import('../../examples/catalog').then((m) => {
      this.list = m.examples;
      return m;
    });
    return this.#pending;
  }

  find(id: string): Example | undefined {
    return this.list?.find((e) => e.id === id);
  }
}
