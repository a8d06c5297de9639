import { describe, expect, it } from 'vitest';
import type { Fix, FixKind } from '../../core/fixes/fixes';
import { FIX_STRINGS } from './fixStrings';

const KINDS: FixKind[] = ['replace_ref', 'insert_citation', 'convert_style', 'convert_all_styles', 'exact_quote', 'correct_offsets', 'replace_number', 'remove_artefact'];

describe('FIX_STRINGS', () => {
  it('titles every kind of fix in English and Czech, naming what it writes and the chunk', () => {
    const base: Omit<Fix, 'kind'> = { target: 'answer', edits: [], text: '[2]', chunkId: 'doc-7', preview: 'Returns: items can be returned', style: 'latex_cite', count: 4 };
    for (const lang of ['en', 'cs'] as const) {
      const titles = KINDS.map((kind) => FIX_STRINGS[lang].title({ ...base, kind }));
      expect(new Set(titles).size, lang).toBe(KINDS.length);
      for (const t of titles) expect(t, lang).not.toMatch(/undefined|NaN/);
      expect(titles[0]).toContain('doc-7');
      expect(titles[0]).toContain('Returns: items can be returned');
      expect(titles[3]).toContain('4');
      expect(titles[3]).toContain('\\cite{id}');
    }
    expect(FIX_STRINGS.cs.title({ ...base, kind: 'replace_ref' })).not.toBe(FIX_STRINGS.en.title({ ...base, kind: 'replace_ref' }));
  });
});
