import { describe, expect, it } from 'vitest';
import { auditCase } from '../core/audit';
import { CaseSchema } from '../core/types';
import { examples, defaultExample } from './catalog';

describe('built-in examples', () => {
  it('cover every citation style of SPEC §3 in English and Czech', () => {
    const styles = new Set(examples.map((e) => e.style.replace(/ \(.*\)$/, '')));
    for (const s of ['\\cite{}', '[n]', '[doc1]', '【1】', '[^1]', 'LongCite <cite>[s-e]</cite>', 'Anthropic char_location', 'offset citations', 'id list', 'Cohere spans']) {
      expect(styles, s).toContain(s);
    }
    expect(examples.some((e) => e.language === 'cs')).toBe(true);
    expect(new Set(examples.map((e) => e.id)).size).toBe(examples.length);
    expect(examples.find((e) => e.id === defaultExample.id)).toBe(defaultExample);
  });

  it.each(examples.map((e) => [e.id, e] as const))('%s is a valid case whose local verdict is as planted', (_id, e) => {
    expect(CaseSchema.safeParse(e.case).success).toBe(true);
    const report = auditCase(e.case);
    expect(report.verdict).toBe(e.expect);
    expect(report.meta.language).toBe(e.language);
  });

  it('plant each kind of failure somewhere', () => {
    const codes = new Set(examples.flatMap((e) => auditCase(e.case).findings.map((f) => f.code)));
    for (const code of ['unknown_chunk', 'malformed_marker', 'uncited_claim', 'quote_not_found', 'number_absent', 'better_chunk']) {
      expect(codes, code).toContain(code);
    }
  });
});
