// COMPLETE (SPEC §4): every claim that asserts a fact has at least one citation. Exempt claims
// are listed as info with the rule that exempted them, so the user can see why.
import type { CheckContext, CheckFinding } from '../types';
import { messagesFor, msg } from '../report/messages';
import { clampSpan, finding } from './util';
import { claimFacts } from '../report/facts';

export function checkComplete(ctx: CheckContext): CheckFinding[] {
  const m = messagesFor(ctx.language);
  const out: CheckFinding[] = [];
  // Which claims are uncited is decided once, in facts.ts, for this check and every view.
  const facts = claimFacts(ctx.claims, ctx.citations);
  let needing = 0;
  for (const [k, claim] of ctx.claims.entries()) {
    if (!claim.needs_citation) {
      const span = clampSpan(ctx, claim.start, claim.end);
      const rule = claim.exemption?.rule ?? claim.kind;
      // The reason as a text, so that it follows the report into the other language.
      const reason = claim.exemption ? msg('exemptionReason', { rule }) : rule;
      // A doubtful exemption never passes silently: uncited, it is a warning (COMPLETE still passes).
      if (claim.exemption?.doubtful && (claim.chunk_ids?.length ?? 0) === 0 && facts.citationsOf[k]!.length === 0) {
        out.push(finding(ctx, { severity: 'warning', code: 'uncited_lead_in', claim_index: claim.index, ...span, ...m.uncitedLeadIn({ claim: claim.text, rule }) }));
        continue;
      }
      out.push(finding(ctx, { severity: 'info', code: 'exempt_claim', claim_index: claim.index, ...span, ...m.exemptClaim({ claim: claim.text, rule, reason }) }));
      continue;
    }
    needing++;
    if (facts.status[k] === 'uncited') {
      const span = clampSpan(ctx, claim.start, claim.end);
      out.push(finding(ctx, { severity: 'error', code: 'uncited_claim', claim_index: claim.index, ...span, ...m.uncitedClaim({ claim: claim.text }) }));
    }
  }
  // Said once, as information: each of those claims is already an error of its own, and one
  // uncited claim must count as one problem in every view (facts.ts), not two.
  if (ctx.citations.length === 0 && needing > 0) {
    out.unshift(finding(ctx, { severity: 'info', code: 'no_citations', start: 0, end: ctx.answer.length, ...m.noCitations({ claims: needing }) }));
  }
  return out;
}
