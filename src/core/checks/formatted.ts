// FORMATTED (SPEC §4): markers are well formed, one style throughout, and the required style
// when the user set one. Structured citations have no inline syntax and are exempt.
import type { CheckContext, CitationMarker, CitationStyle, CheckFinding } from '../types';
import { messagesFor } from '../report/messages';
import { finding } from './util';
import { checkArtefacts } from './artefacts';
import { checkRepeats } from './repeats';

export function checkFormatted(ctx: CheckContext): CheckFinding[] {
  const m = messagesFor(ctx.language);
  const out: CheckFinding[] = [];
  const inline = ctx.markers.filter((mk) => mk.style !== 'structured');
  const base = (mk: CitationMarker) => ({ severity: 'error', start: mk.start, end: mk.end }) as const;

  for (const mk of inline) {
    if (mk.malformed) out.push(finding(ctx, { ...base(mk), code: 'malformed_marker', ...m.malformedMarker({ marker: mk.text, reason: mk.malformed }) }));
  }

  if (ctx.requiredStyle !== 'auto') {
    const required = ctx.requiredStyle;
    // A malformed marker already fails; saying its style is wrong too would only repeat it.
    for (const mk of inline) {
      if (!mk.malformed && mk.style !== required) {
        out.push(finding(ctx, { ...base(mk), code: 'wrong_style', ...m.wrongStyle({ marker: mk.text, style: mk.style, required }) }));
      }
    }
  } else {
    const counts = new Map<CitationStyle, number>();
    for (const mk of inline) counts.set(mk.style, (counts.get(mk.style) ?? 0) + 1);
    if (counts.size > 1) {
      // The majority style is the answer's style; a tie goes to the style used first.
      let majority: CitationStyle = inline[0]!.style;
      for (const [style, n] of counts) if (n > (counts.get(majority) ?? 0)) majority = style;
      for (const mk of inline) {
        if (mk.style !== majority) {
          out.push(finding(ctx, { ...base(mk), code: 'mixed_styles', ...m.mixedStyles({ marker: mk.text, style: mk.style, majority }) }));
        }
      }
    }
  }
  // Plumbing left in the text (warnings; they do not fail the dimension).
  for (const f of checkArtefacts(ctx)) out.push(f);
  // A sentence said again word for word (warnings).
  for (const f of checkRepeats(ctx)) out.push(f);
  out.sort((a, b) => a.start - b.start);
  return out;
}
