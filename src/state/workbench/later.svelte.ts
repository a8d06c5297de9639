// A view that takes a large new report one task later. After a large paste the worker's reply
// changes the report, the markers and the highlights at once, and Svelte rendered all of it in
// one task (over 100 ms of CPU at 800k characters: wording the report, building its views and
// rows, Monaco's markers and decorations). A view that reads through `later` renders a large
// new report in a task of its own, so the page paints and takes input in between; an ordinary
// report (every edit of a usual case) is taken in the same update as before. Once that task has
// run, the view shows exactly what it would have shown at once, and follows `source` live until
// the next large report.
import { untrack } from 'svelte';
import type { Report } from '../../core/types';

/**
 * A report this large is shown a task later (findings + claims; a usual case has a few dozen).
 * Each item costs its editor marker and, up to the rows shown, a row of the panel: about 40 µs
 * of the page's CPU together. A 5 MB paste with no spaces has some 700 claims and as many
 * findings, rendered with the reply in one task of 45–57 ms at the earlier bound of 2,000.
 */
const LARGE_REPORT = 500;

export const largeReport = (r: Report | null): boolean => r !== null && r.findings.length + r.claims.length > LARGE_REPORT;

/**
 * `source()` as a view shows it. When `probe()` (cheap: the report it is made from) becomes a new
 * value for which `large` holds, the view keeps the value it showed before until a task later,
 * and `source` (which may cost work in proportion to the report) is not read until then. Must be
 * called while a component is set up (it uses an effect, removed with the component).
 */
export function later<P, T>(probe: () => P, large: (p: P) => boolean, source: () => T): { readonly value: T; pending(): boolean } {
  let takenFor = $state.raw(untrack(probe));
  // Nothing shown yet (a view set up before the first report, which is large after the reload of
  // a large draft): there is no earlier value to keep, so the first is taken at once.
  let shownAny = false;
  let last: T;
  const value = $derived.by(() => {
    const p = probe();
    if (shownAny && large(p) && p !== takenFor) return last;
    shownAny = true;
    return (last = source());
  });
  $effect(() => {
    const p = probe();
    if (!large(p) || p === takenFor) return;
    const timer = setTimeout(() => (takenFor = p), 0);
    return () => clearTimeout(timer);
  });
  return {
    get value() {
      return value;
    },
    pending: () => {
      const p = probe();
      return large(p) && p !== takenFor;
    },
  };
}
