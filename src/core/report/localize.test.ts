// A report written again in the other language: the core's own words follow, the model's stay.
import { describe, expect, it } from 'vitest';
import { auditCase } from '../audit';
import { applyModelResults } from './report';
import { localizeReport, screenWords, withoutTexts } from './localize';
import type { AuditCase, ModelResults, Report } from '../types';

// A Czech answer with an unknown chunk, an empty chunk, an uncited claim, a heading and a number
// the cited chunk lacks: findings of several checks, recommendations and a mapping description.
const czech: AuditCase = {
  query: 'Kolik obyvatel má město a kdy bylo založeno?',
  answer:
    '# Město\n\nMěsto má podle sčítání 12 717 obyvatel [1]. Bylo založeno ve 13. století a je to okresní město [9]. ' +
    'Leží na řece, která je v létě velmi teplá a v zimě zamrzá. Jaké je tam počasí?\n\nNáměstí je známé svou kašnou [2].',
  chunks: [
    { id: '1', text: 'Město má podle posledního sčítání 12 500 obyvatel a leží na řece.' },
    { id: '2', text: '' },
  ],
};

// Words of the page's English and of its Czech; quoted parts (the case's own words) are dropped.
const unquoted = (s: string) => s.replace(/"[^"]*"|„[^“]*“/g, ' ');
const CZECH_WORDS = /(?:^|[^\p{L}])(?:úryvek|úryvku|úryvků|citaci|citace|tvrzení|Tvrzení|Lokální|Doplňte|Citujte|Spusťte|Ověřte|neověřeno|Výjimka|Nadpis|Pojmenované|Mezi)(?![\p{L}])/u;
const ENGLISH_WORDS = /\b(?:chunk|chunks|claim|claims|citation|Local checks|Add|Cite|Run|Verify|Not checked|Exempt|Named|Not found)\b/;

function ownWords(r: Report): string[] {
  return [
    r.summary,
    ...r.recommendations,
    ...Object.values(r.dimensions).flatMap((d) => d.issues),
    ...r.findings.map((f) => f.message),
    r.mapping.description,
    ...r.claims.flatMap((c) => (c.exemption ? [c.exemption.reason] : [])),
  ].map(unquoted);
}

describe('localizeReport', () => {
  const report = auditCase(czech);

  it('writes a Czech report in English: summary, issues, findings, recommendations, mapping, exemptions', () => {
    expect(report.meta.language).toBe('cs');
    expect(report.meta.language_source).toBe('detected');
    // The audit found something of each kind, so the test looks at all of them.
    expect(report.findings.length).toBeGreaterThan(3);
    expect(report.recommendations.length).toBeGreaterThan(1);
    expect(report.claims.some((c) => c.exemption)).toBe(true);
    for (const w of ownWords(report)) expect(w, w).not.toMatch(ENGLISH_WORDS);

    const en = localizeReport(report, 'en');
    const words = ownWords(en);
    for (const w of words) expect(w, w).not.toMatch(CZECH_WORDS);
    expect(words.join(' ')).toMatch(ENGLISH_WORDS);
    expect(en.summary).toMatch(/^Local checks fail on /);
    // Only the words change: the same findings at the same places, the same verdict and scores.
    expect(en.findings.map((f) => [f.code, f.start, f.end])).toEqual(report.findings.map((f) => [f.code, f.start, f.end]));
    expect(en.verdict).toBe(report.verdict);
    expect(en.scores).toEqual(report.scores);
    expect(en.meta).toEqual(report.meta);
  });

  it('takes the words worked out ahead (in the worker) instead of wording them again', () => {
    const ahead = screenWords(report, 'en');
    const plain = localizeReport(report, 'en');
    expect(ahead.messages).toEqual(plain.findings.map((f) => f.message));
    expect(ahead.words!.summary).toBe(plain.summary);
    expect(localizeReport(report, 'en', ahead)).toEqual(plain);
    // The given words are the ones used: marked ones show that nothing wrote them again.
    const marked = { messages: ahead.messages.map((m, i) => `#${i} ${m}`), words: { ...ahead.words!, summary: 'Marked summary.' } };
    const used = localizeReport(report, 'en', marked);
    expect(used.findings.map((f) => f.message)).toEqual(marked.messages);
    expect(used.summary).toBe('Marked summary.');
    // Words for another report (another number of findings) are not used.
    expect(localizeReport(report, 'en', { ...marked, messages: marked.messages.slice(1) })).toEqual(plain);
  });

  it('gives back the same report in its own language, and back again the same words', () => {
    expect(localizeReport(report, 'cs')).toBe(report);
    const en = localizeReport(auditCase({ ...czech, language: 'en' }), 'cs');
    expect(en.summary).toBe(report.summary);
  });

  it('keeps the model\'s words as written and writes ours after a model run', () => {
    const results: ModelResults = {
      model: 'm',
      judgements: [{ claim_index: 1, support: [{ chunk_id: '1', verdict: 'partially_supported', supporting_phrase: '12 500 obyvatel', missing_or_extra: '', decision_basis: 'Číslo nesouhlasí.' }] }],
      recommendations: ['Opravte počet obyvatel.'],
    };
    const merged = applyModelResults(report, results, czech);
    const en = localizeReport(merged, 'en');
    expect(en.summary).toMatch(/^Verdict FAIL; /);
    // The model's recommendations are kept apart, as written.
    expect(en.model_recommendations).toEqual(['Opravte počet obyvatel.']);
    expect(en.recommendations).not.toContain('Opravte počet obyvatel.');
    expect(en.dimensions.accurate.issues.join(' ')).toMatch(/Claim 2 is only partially supported/);
    expect(en.dimensions.accurate.issues.join(' ')).not.toMatch(/Not checked without a model run/);
    expect(merged.dimensions.accurate.issues.join(' ')).toMatch(/Tvrzení 2 je citacemi podpořeno jen částečně/);
    // Claim 3 cites only chunk 9, which does not exist: judged by the tool, in its own words.
    const basis = (r: Report) => r.claims.flatMap((c) => c.support ?? []).map((j) => j.decision_basis);
    expect(basis(merged)).toContain('Citovaný úryvek chybí nebo nemá text.');
    expect(basis(en)).toContain('The cited chunk is missing or has no text.');
    expect(basis(en)).toContain('Číslo nesouhlasí.');
  });

  it('leaves a report made before texts existed as it is', () => {
    const { texts: _t, ...old } = withoutTexts(report);
    expect(localizeReport(old as Report, 'en')).toBe(old);
  });

  it('exports the words only', () => {
    const out = withoutTexts(report);
    expect(out.texts).toBeUndefined();
    expect(out.mapping.texts).toBeUndefined();
    expect(out.findings.every((f) => f.text === undefined)).toBe(true);
    expect(out.summary).toBe(report.summary);
    expect(JSON.stringify(out)).not.toContain('"key"');
  });
});
