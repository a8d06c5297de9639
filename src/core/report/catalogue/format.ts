// Small wording helpers both catalogues share.
import type { CitationStyle, RequiredStyle } from '../../types';
import { excerpt } from '../../text/text';

export const STYLE_SHAPE: Record<CitationStyle | RequiredStyle, string> = {
  latex_cite: '\\cite{…}',
  bracket_number: '[1]',
  bracket_id: '[id]',
  fullwidth: '【1】',
  footnote: '[^1]',
  longcite: '<cite>[s-e]</cite>',
  structured: 'structured',
  auto: 'auto',
};

/** The marker a citation style writes, as a recommendation or a quick fix names it (structured citations write none). */
export const STYLE_EXAMPLE: Record<CitationStyle, string> = {
  latex_cite: '\\cite{id}',
  bracket_number: '[n]',
  bracket_id: '[id]',
  fullwidth: '【n】',
  footnote: '[^n]',
  longcite: '<cite>[s-e]</cite>',
  structured: '',
};

export const pct = (x: number) => `${Math.round(x * 100)} %`;
export const q = (s: string, max = 60) => excerpt(s, max);
/** Text ending in exactly one full stop (reasons are written as sentences; some callers' are not). */
export const sentence = (s: string) => (/[.!?…]$/.test(s.trimEnd()) ? s.trimEnd() : `${s.trimEnd()}.`);
export const list = (ids: readonly string[]) => ids.join(', ');
/** 1-based claim number from a claim index. */
export const nth = (i: number) => i + 1;
