import { describe, expect, it } from 'vitest';
import { parseChunks } from '../../core/parse/chunks';
import { screenWords } from '../../core/report/localize';
import { analyze, type AnalysisRequest } from './analysis';

const CHUNKS = JSON.stringify([
  { id: 'a', text: 'The bridge opened in 1932 and is 503 metres long.' },
  { id: 'b', text: 'It carries eight lanes of traffic.' },
]);

const request = (seq: number, answerText: string, chunksText = CHUNKS): AnalysisRequest => ({
  seq,
  revision: seq,
  inputs: { query: 'Tell me about the bridge.', answerText, chunksText, goldText: '' },
  attached: {},
  settings: { requiredStyle: 'auto', language: 'auto' },
});

describe('analyze', () => {
  it('reuses the Chunks parse while only other editors change, and parses again when it changes', () => {
    const first = analyze(request(1, 'The bridge opened in 1932 [a].'));
    const second = analyze(request(2, 'The bridge opened in 1932 [a]. It has eight lanes [b].'));
    expect(second.chunks.chunks).toBe(first.chunks.chunks);
    expect(second.report?.citations.map((c) => c.chunk_id)).toEqual(['a', 'b']);

    const edited = CHUNKS.replace('eight lanes', 'six lanes');
    const third = analyze(request(3, 'It has eight lanes [b].', edited));
    expect(third.chunks.chunks).not.toBe(first.chunks.chunks);
    expect(third.chunks.chunks).toEqual(parseChunks(edited).chunks);
    expect(third.chunks.chunks[1]?.text).toBe('It carries six lanes of traffic.');
  });

  it('gives the same report as a fresh parse would', () => {
    analyze(request(4, 'Other text [a].'));
    const reused = analyze(request(5, 'The bridge is 503 metres long [a] and has eight lanes [b].'));
    const fresh = analyze(request(6, 'The bridge is 503 metres long [a] and has eight lanes [b].', `${CHUNKS}\n`));
    const strip = (r: typeof reused.report) => ({ ...r, meta: { ...r!.meta, generated_at: '' } });
    expect(strip(reused.report)).toEqual(strip(fresh.report));
  });

  it('words the findings and issues in the interface language beside a report in another language', () => {
    const czech = { ...request(7, 'Most byl otevřen v roce 1932 a je dlouhý 503 metrů [x]. Nese osm jízdních pruhů, které slouží dopravě ve městě.'), settings: { requiredStyle: 'auto', language: 'auto', uiLanguage: 'en' } } satisfies AnalysisRequest;
    const a = analyze(czech);
    expect(a.report!.meta.language).toBe('cs');
    expect(a.report!.findings.length).toBeGreaterThan(0);
    expect(a.screenWords).toEqual({ language: 'en', ...screenWords(a.report!, 'en') });
    expect(a.screenWords!.messages).not.toEqual(a.report!.findings.map((f) => f.message));
    expect(a.screenWords!.words!.summary).not.toBe(a.report!.summary);
    // Nothing to word again when the report is in the interface language already (or none is given).
    expect(analyze({ ...czech, settings: { ...czech.settings, uiLanguage: 'cs' } }).screenWords).toBeUndefined();
    expect(analyze(request(8, 'The bridge opened in 1932 [a].')).screenWords).toBeUndefined();
  });
});

describe('a structured answer with a faulty citation', () => {
  it('keeps every citation: the faulty one is reported, the others still count', () => {
    const answerText = JSON.stringify({
      answer: 'The bridge opened in 1932. It carries eight lanes.',
      citations: [
        { chunk_id: 'a', start: 0, end: 26, quote: 'The bridge opened in 1932' },
        { chunk_id: 'b', start: 60, end: 10, quote: 'Ferries crossed the strait until 1990' },
      ],
    });
    const a = analyze(request(9, answerText));
    expect(a.answer.format).toBe('offset-citations');
    // The form's own problem is still a positioned error in the Answer editor …
    expect(a.answer.errors.map((e) => e.message).join(' ')).toMatch(/do not make a span/);
    // … but the audit is the form's: both citations, the bad quote found out.
    expect(a.report!.citations.map((c) => c.chunk_id)).toEqual(['a', 'b']);
    expect(a.report!.dimensions.complete.issues.join(' ')).not.toMatch(/cites nothing|No citation for the claim "The bridge/);
    expect(a.report!.citations[1]!.source_verification?.status).toBe('LIKELY_FABRICATED');
  });
});
