// Deterministic generator of a large audit case for benchmarks (no randomness across runs).
import type { AuditCase } from '../src/core/types';

/** A small seeded PRNG (mulberry32), so generated data is the same in every run. */
export function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = (
  'the river basin rainfall station recorded annual average between years official record held town ' +
  'district survey measured millimetres monsoon season highest lowest climate data source report ' +
  'government agency published study region population census growth economy export import trade ' +
  'energy production capacity plant reactor safety licence regulation article section paragraph law'
).split(' ');

export function generateLargeCase(opts: { answerChars?: number; citations?: number; chunks?: number; chunkChars?: number; seed?: number } = {}): AuditCase {
  const { answerChars = 50_000, citations = 500, chunks = 300, chunkChars = 2_000, seed = 42 } = opts;
  const r = rng(seed);
  const word = () => WORDS[Math.floor(r() * WORDS.length)]!;
  const sentence = (n: number) => {
    const ws = Array.from({ length: n }, word);
    ws[0] = ws[0]!.charAt(0).toUpperCase() + ws[0]!.slice(1);
    if (r() < 0.3) ws.splice(Math.floor(r() * n), 0, String(Math.floor(r() * 20000)));
    return ws.join(' ');
  };
  const chunkList = Array.from({ length: chunks }, (_, i) => {
    let text = '';
    while (text.length < chunkChars) text += `${sentence(12 + Math.floor(r() * 10))}. `;
    return { id: String(i + 1), title: `Document ${i + 1}`, text: text.slice(0, chunkChars) };
  });
  const parts: string[] = [];
  let length = 0;
  const perSentence = Math.max(1, Math.round(answerChars / citations));
  let cited = 0;
  while (length < answerChars) {
    let s = sentence(Math.max(6, Math.round(perSentence / 9)));
    if (cited < citations) {
      s += ` [${1 + Math.floor(r() * chunks)}]`;
      cited++;
    }
    s += '. ';
    parts.push(s);
    length += s.length;
  }
  return { id: 'generated-large', query: 'What do the documents say about annual rainfall?', answer: parts.join('').slice(0, answerChars), chunks: chunkList };
}

const CS_WORDS = (
  'řeka povodí srážky stanice průměr záznam město okres průzkum období klima zpráva úřad obyvatel ' +
  'sčítání růst hospodářství vývoz obchod energie výroba kapacita elektrárna bezpečnost zákon článek'
).split(' ');

/** The citation styles the varied cases mix: one is picked per case, and sometimes a second. */
const STYLES = ['bracket', 'bracket', 'bracket', 'ids', 'footnote', 'latex', 'fullwidth', 'longcite', 'multi'] as const;

/**
 * `n` small cases that reach more of the audit than the large case: English and Czech text,
 * every marker style, several refs per marker, quotes copied from a chunk or altered, numbers
 * taken from a chunk or changed, markers to chunks that do not exist, uncited claims, paragraphs
 * and list items. Deterministic for a seed (the golden check depends on it).
 */
export function generateVariedCases(n: number, seed = 2201): AuditCase[] {
  const r = rng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  const cases: AuditCase[] = [];
  for (let i = 0; i < n; i++) {
    const czech = r() < 0.3;
    const words = czech ? CS_WORDS : WORDS;
    const sentence = (k: number) => {
      const ws = Array.from({ length: k }, () => pick(words));
      ws[0] = ws[0]!.charAt(0).toUpperCase() + ws[0]!.slice(1);
      if (r() < 0.4) ws.splice(1 + Math.floor(r() * (k - 1)), 0, String(1000 + Math.floor(r() * 9000)));
      return ws.join(' ');
    };
    const style = pick(STYLES);
    const chunkCount = 1 + Math.floor(r() * 5);
    const chunks = Array.from({ length: chunkCount }, (_, j) => {
      let text = '';
      const target = 150 + Math.floor(r() * 600);
      while (text.length < target) text += `${sentence(6 + Math.floor(r() * 8))}. `;
      const id = style === 'ids' ? `doc${j + 1}` : String(j + 1);
      return r() < 0.2 ? { id, text: text.trim() } : { id, title: `${czech ? 'Zdroj' : 'Source'} ${j + 1}`, text: text.trim() };
    });
    const marker = (refs: number[]): string => {
      const ids = refs.map((k) => chunks[k - 1]?.id ?? String(k));
      switch (style) {
        case 'ids':
          return ids.map((id) => `[${id}]`).join('');
        case 'footnote':
          return `[^${refs[0]}]`;
        case 'latex':
          return `\\cite{${ids.join(',')}}`;
        case 'fullwidth':
          return `【${refs[0]}】`;
        case 'longcite':
          return `<cite>[${refs[0]}-${refs[refs.length - 1]}]</cite>`;
        case 'multi':
          return refs.length > 1 && r() < 0.5 ? `[${refs[0]}-${refs[refs.length - 1]}]` : `[${refs.join(', ')}]`;
        default:
          return refs.map((k) => `[${k}]`).join(r() < 0.5 ? '' : ' ');
      }
    };
    const claims: string[] = [];
    const claimCount = 1 + Math.floor(r() * 6);
    for (let k = 0; k < claimCount; k++) {
      // A missing chunk now and then (a marker past the last chunk), else one or two real ones.
      const cite = r() < 0.08 ? chunkCount + 1 + Math.floor(r() * 3) : 1 + Math.floor(r() * chunkCount);
      const refs = r() < 0.2 && chunkCount > 1 ? [cite, Math.min(chunkCount, cite + 1)].filter((x, j, a) => a.indexOf(x) === j) : [cite];
      const source = chunks[cite - 1]?.text.split('. ') ?? [];
      let body = source[Math.floor(r() * source.length)] ?? sentence(8);
      const roll = r();
      if (roll < 0.15) body = `${sentence(4)} "${body.split(' ').slice(0, 5).join(' ')}"`;
      else if (roll < 0.22) body = `${sentence(4)} "${body.split(' ').slice(0, 4).join(' ')} ${pick(words)}"`;
      else if (roll < 0.32) body = body.replace(/\d+/, (d) => String(Number(d) + 7));
      else if (roll < 0.45) body = sentence(9);
      const uncited = r() < 0.15;
      const claim = uncited ? `${body}.` : r() < 0.5 ? `${body} ${marker(refs)}.` : `${body}. ${marker(refs)}`;
      claims.push(claim);
    }
    const layout = r();
    let answer = layout < 0.2 ? claims.map((c) => `- ${c}`).join('\n') : layout < 0.45 ? claims.join('\n\n') : claims.join(' ');
    if (style === 'footnote') answer += `\n\n${chunks.map((c, j) => `[^${j + 1}]: ${c.title ?? c.id}`).join('\n')}`;
    const c: AuditCase = { id: `varied-${i}`, query: `${sentence(6)}?`, answer, chunks };
    if (r() < 0.1) c.language = czech ? 'cs' : 'en';
    cases.push(c);
  }
  return cases;
}
