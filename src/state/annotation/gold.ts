// The reserved rater names of the annotation view: labels under them are not anyone's own work,
// so nobody labels under them by hand.
import { GOLD_ANNOTATOR } from '../../core/eval/consensus';
import { REFERENCE_ANNOTATOR } from '../../core/eval/labels';

/** The settled labels of a team (see resolve.svelte.ts). */
export const GOLD_RATER = GOLD_ANNOTATOR;

export const RESERVED_RATERS: ReadonlySet<string> = new Set([REFERENCE_ANNOTATOR, GOLD_RATER]);
