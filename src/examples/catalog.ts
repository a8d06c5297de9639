// The list the Examples menu shows, in menu order, and the example the app opens with.
import { czechExamples } from './czech';
import { englishExamples, heatPumps } from './english';
import type { Example } from './types';

export const examples: Example[] = [...englishExamples, ...czechExamples];

/** The audit a first visit opens with (README: "npm start" shows an example already checked). */
/** @public read through the lazily loaded module (state/workbench/app.ts). */
export const defaultExample: Example = heatPumps;
