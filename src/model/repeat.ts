// Repeated judgements (docs/model.md#repeats-and-stability): how many times each (claim, chunk)
// pair is judged and which rule picks the verdict that stands. One zod shape for every place a
// user gives them (the CLI's --repeat and --repeat-rule, the library's options, the page's
// settings), so each refuses the same values with the same reason.
import type { RepeatRule } from '../core/types';
import { z } from '../core/zod';

/** The most judgements per pair a run may ask for: each one is a full request. */
export const MAX_REPEAT = 10;

export const REPEAT_RULES = ['stricter', 'majority'] as const satisfies readonly RepeatRule[];

/** K: a whole number from 1 (the default: one judgement) to MAX_REPEAT. */
export const repeatSchema = z.number().int().min(1).max(MAX_REPEAT);

export const repeatRuleSchema = z.enum(REPEAT_RULES);

/** Why `value` is not a K the given minimum allows, in words; undefined when it is one. */
export function repeatProblem(value: unknown, min = 1): string | undefined {
  const n = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
  const r = repeatSchema.min(min).safeParse(n);
  return r.success ? undefined : `takes a whole number of judgements per claim from ${min} to ${MAX_REPEAT}, not ${JSON.stringify(value)}`;
}

export interface RepeatOptions {
  repeat?: number | undefined;
  repeatRule?: RepeatRule | undefined;
  /** Strict mode: K = 2 under the stricter rule, unless `repeat` says otherwise. */
  strict?: boolean | undefined;
}

/**
 * What a run is asked for from the page's settings: K = "Judge each claim K times", at least 2 in
 * strict mode; strict mode alone is two judgements under the stricter rule.
 */
export function settingsRepeat(s: { strict?: boolean | undefined; repeat?: number | undefined; repeatRule?: RepeatRule | undefined }): { repeat: number; repeatRule: RepeatRule } {
  const k = Math.max(s.repeat ?? 1, s.strict ? 2 : 1);
  return { repeat: k, repeatRule: s.strict && (s.repeat ?? 1) <= 1 ? 'stricter' : (s.repeatRule ?? 'stricter') };
}

/** K and the rule a run uses: `repeat` when given, else 2 in strict mode, else 1; the rule defaults to stricter. */
export function resolveRepeat(o: RepeatOptions): { k: number; rule: RepeatRule } {
  const k = o.repeat !== undefined && o.repeat >= 1 ? Math.min(MAX_REPEAT, Math.floor(o.repeat)) : o.strict ? 2 : 1;
  return { k, rule: o.repeatRule ?? 'stricter' };
}
