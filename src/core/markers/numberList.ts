// Number lists inside citation markers (markers.ts).
/** Ranges spanning more refs than this are reported as malformed instead of expanded. */
const MAX_RANGE = 200;
/** Longest number read as a reference. */
const MAX_DIGITS = 6;

// ---------------------------------------------------------------------------------------------
// Number lists: "1", "1, 2", "1-3", "1–3; 5". Returns null when the content is not such a list.

export interface NumberList {
  refs: string[];
  malformed?: string;
}

function isDash(c: string | undefined): boolean {
  return c === '-' || c === '–' || c === '—' || c === '‐' || c === '‑';
}

function isDigit(c: string | undefined): boolean {
  return c !== undefined && c >= '0' && c <= '9';
}

const PLAIN_NUMBER = /^\d{1,6}$/;

export function parseNumberList(content: string): NumberList | null {
  if (PLAIN_NUMBER.test(content)) return { refs: [String(Number(content))] };
  const refs: string[] = [];
  const problems: string[] = [];
  const n = content.length;
  let k = 0;
  let sawNumber = false;
  let expectItem = true;
  const skipSpace = (): void => {
    while (k < n && (content[k] === ' ' || content[k] === '\t' || content[k] === '\u00a0')) k++;
  };
  const readNumber = (): string | null => {
    const from = k;
    while (k < n && isDigit(content[k])) k++;
    if (k === from || k - from > MAX_DIGITS) return k === from ? null : '';
    return String(Number(content.slice(from, k)));
  };

  skipSpace();
  while (k < n) {
    if (!expectItem) {
      if (content[k] === ',' || content[k] === ';') {
        k++;
        expectItem = true;
        skipSpace();
        continue;
      }
      return null;
    }
    if (content[k] === ',' || content[k] === ';') {
      problems.push('empty item in a list');
      k++;
      skipSpace();
      continue;
    }
    const lo = readNumber();
    if (lo === null || lo === '') return null;
    sawNumber = true;
    skipSpace();
    if (isDash(content[k])) {
      k++;
      skipSpace();
      if (k >= n || content[k] === ',' || content[k] === ';') {
        problems.push(`incomplete range ${lo}-`);
        refs.push(lo);
      } else {
        const from = k;
        const hi = readNumber();
        if (hi === null) return null;
        const a = Number(lo);
        const b = Number(hi);
        if (hi === '') {
          // More digits than a reference has: a range far too large, not a non-marker.
          const digits = content.slice(from, k).replace(/^0+(?=\d)/, '');
          problems.push(`range ${lo}-${digits} is too large to be a citation`);
          refs.push(lo, digits);
        } else if (b < a) {
          problems.push(`reversed range ${lo}-${hi}`);
          refs.push(lo, hi);
        } else if (b - a + 1 > MAX_RANGE) {
          problems.push(`range ${lo}-${hi} is too large to be a citation`);
          refs.push(lo, hi);
        } else {
          for (let v = a; v <= b; v++) refs.push(String(v));
        }
      }
      skipSpace();
    } else {
      refs.push(lo);
    }
    expectItem = false;
  }
  if (!sawNumber) return null;
  if (expectItem) problems.push('empty item in a list');
  const out: NumberList = { refs };
  if (problems.length) out.malformed = problems.join('; ');
  return out;
}

