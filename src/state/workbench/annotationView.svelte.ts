// Which view the page shows: the workbench, the annotation view or the dataset view. Tiny on
// purpose: it is part of the shell, while the two views themselves load on first use.
import { STORAGE_PREFIX } from '../constants';
import { localStore, type KeyValueStore } from '../storage';

export type AppView = 'workbench' | 'annotate' | 'dataset';

export const VIEW_KEY = `${STORAGE_PREFIX}view`;
const VIEWS: readonly AppView[] = ['workbench', 'annotate', 'dataset'];

export class ViewSwitch {
  #current = $state<AppView>('workbench');
  readonly #store: KeyValueStore;

  constructor(store: KeyValueStore = localStore) {
    this.#store = store;
    const saved = store.get(VIEW_KEY);
    if (saved && (VIEWS as readonly string[]).includes(saved)) this.#current = saved as AppView;
  }

  get current(): AppView {
    return this.#current;
  }

  /** Show a view (kept across reloads, so a labelling session comes back where it was). */
  go(view: AppView): void {
    this.#current = view;
    this.#store.set(VIEW_KEY, view);
  }
}

export const appView = new ViewSwitch();
