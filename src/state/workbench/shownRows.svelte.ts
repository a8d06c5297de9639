// How many rows of each of the report's long lists are shown (rowLimit.ts): ROWS_SHOWN, and a
// page more per "Show more". Kept here rather than in the components that show the lists, so that
// the count belongs to the case being audited and not to a component: a re-render or re-mount of
// the report, another audit of the same case (a keystroke, a model's verdicts, the same report
// again) keeps it; another case (loaded, restored, cleared, undone) starts again from the first
// page, so that nothing is built that the user did not ask to see for it.
import { ROWS_SHOWN } from './rowLimit';

export class ShownRows {
  readonly #key: () => unknown;
  #state = $state.raw<{ key: unknown; counts: Readonly<Record<string, number>> }>({ key: undefined, counts: {} });

  /** `key`: what the counts are kept for (the workbench's case, workbench.caseLoads). */
  constructor(key: () => unknown) {
    this.#key = key;
  }

  /** Rows of the list named `list` to show. */
  shown(list: string): number {
    const s = this.#state;
    return s.key === this.#key() ? (s.counts[list] ?? ROWS_SHOWN) : ROWS_SHOWN;
  }

  /** One page more of `list`. */
  more(list: string): void {
    const key = this.#key();
    const counts = this.#state.key === key ? this.#state.counts : {};
    this.#state = { key, counts: { ...counts, [list]: (counts[list] ?? ROWS_SHOWN) + ROWS_SHOWN } };
  }
}
