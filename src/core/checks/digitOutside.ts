// Whether a text has a digit outside some spans: extractNumbers asks it first, so a text whose
// digits are all inside ignored spans (citation markers) is not scanned for numbers at all.

/**
 * An ASCII digit (what `\d` matches) at an index no span covers.
 * One sweep: the spans by start, `reach` the furthest end of those started so far, so a text
 * whose digits are all under many markers costs digits + spans, not digits × spans.
 */
export function hasDigitOutside(s: string, spans: readonly { start: number; end: number }[]): boolean {
  // Only spans with start < end cover anything (NaN or reversed offsets cover nothing); the
  // spans are copied only when some are not of that kind or they are out of order.
  let ready = true;
  for (let j = 0; j < spans.length && ready; j++) {
    ready = spans[j]!.start < spans[j]!.end && (j === 0 || spans[j - 1]!.start <= spans[j]!.start);
  }
  const live = ready ? spans : spans.filter((sp) => sp.start < sp.end).sort((a, b) => a.start - b.start);
  let k = 0;
  let reach = -Infinity;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x30 || c > 0x39) continue;
    while (k < live.length && live[k]!.start <= i) reach = Math.max(reach, live[k++]!.end);
    if (i >= reach) return true;
  }
  return false;
}
