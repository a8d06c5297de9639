// The zod shape of the part of a report the page shows (verdict, dimensions, summary, lists),
// loose everywhere so reports of newer versions still pass. A stored report (store/schemas.ts) and
// a draft's judged report (state/workbench/draft.ts) both check against it and add their own
// rules for the rest. Its own file, with zod alone, so the draft keeps the shell's bundle small.
import { z } from './zod';

const StatusSchema = z.enum(['PASS', 'FAIL', 'NOT_CHECKED']);
const DimensionSchema = z.looseObject({ status: StatusSchema, issues: z.array(z.string()) });

export const SHOWN_REPORT_FIELDS = {
  verdict: z.enum(['PASS', 'FAIL', 'INCOMPLETE']),
  dimensions: z.looseObject({ exists: DimensionSchema, accurate: DimensionSchema, complete: DimensionSchema, formatted: DimensionSchema }),
  summary: z.string(),
  recommendations: z.array(z.string()),
  citations: z.array(z.looseObject({})),
  claims: z.array(z.looseObject({})),
  scores: z.looseObject({}),
};
