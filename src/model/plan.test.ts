import { describe, expect, test } from 'vitest';
import { makeCase, threeClaimCase } from '../../tests/server/factories';
import { auditCase } from '../core/audit';
import { PREVIEW_CHARS } from './constants';
import { buildRequest, chunkToolResult, planAudit, selectTasks } from './plan';
import { PROMPTS, fillTemplate, parseTemplate } from './prompts';
import { judgementJsonSchema } from './schema';

const model = 'claude-sonnet-5-5';

describe('selectTasks', () => {
  test('cited claims are judged against existing chunks with text; uncited sentences are classified', () => {
    const { c, report } = makeCase({
      chunks: [
        ['a', 'Alpha text.'],
        ['empty', '   '],
      ],
      claims: [
        { text: 'Claim about alpha.', cites: ['a', 'missing'] },
        { text: 'Claim citing only an empty chunk.', cites: ['empty'] },
        { text: 'An uncited sentence.' },
        { text: 'A heading', kind: 'heading' },
      ],
    });
    const { claims, uncited } = selectTasks(c, report);
    expect(claims).toEqual([{ claim_index: 0, text: 'Claim about alpha.', cited_chunk_ids: ['a'] }]);
    expect(uncited.map((u) => u.claim_index)).toEqual([2]);
  });
});

describe('planAudit', () => {
  test('one request when under the limit; cited chunks in full, the others as previews', () => {
    const long = `Start. ${'filler words here '.repeat(40)}END-OF-CHUNK`;
    const { c, report } = makeCase({
      chunks: [
        ['a', 'Alpha text.'],
        ['b', long],
      ],
      claims: [{ text: 'Alpha.', cites: ['a'] }],
    });
    const plan = planAudit(c, report, { model, nonce: 'abc123' });
    expect(plan.batches).toHaveLength(1);
    expect(plan.split).toBe(false);
    expect(plan.sharedBlock).toContain('<chunk-abc123 id="a" view="full" chars="11">\nAlpha text.\n</chunk-abc123>');
    expect(plan.sharedBlock).toContain('id="b" view="preview"');
    expect(plan.sharedBlock).not.toContain('END-OF-CHUNK');
    expect(plan.sharedBlock).toContain(long.slice(0, PREVIEW_CHARS));
    expect(chunkToolResult(plan, { chunk_id: 'b' }).content).toContain('END-OF-CHUNK');
    expect(chunkToolResult(plan, { chunk_id: 'zz' }).is_error).toBe(true);
  });

  test('splits past the claim limit; correctness and summary in the first part only', () => {
    const { c, report } = makeCase({
      chunks: [['a', 'Alpha.']],
      claims: Array.from({ length: 7 }, (_, i) => ({ text: `Claim ${i}.`, cites: ['a'] })),
      gold: 'Gold.',
    });
    const plan = planAudit(c, report, { model, maxClaimsPerRequest: 3 });
    expect(plan.batches.map((b) => b.claims.length)).toEqual([3, 3, 1]);
    expect(plan.batches.map((b) => b.wantsCorrectness)).toEqual([true, false, false]);
    expect(plan.batches.map((b) => b.wantsSummary)).toEqual([true, false, false]);
    const bodies = plan.batches.map((b) => buildRequest(plan, b, { mode: 'output_config', pass: 0, stream: true }));
    for (const body of bodies) {
      const first = (body.messages[0]!.content as { text: string; cache_control?: unknown }[])[0]!;
      expect(first.cache_control).toEqual({ type: 'ephemeral' });
      expect(first.text).toBe(plan.sharedBlock);
      expect(body.system).toEqual(bodies[0]!.system);
      expect(body.tools).toEqual(bodies[0]!.tools);
    }
  });

  test('splits by pairs as well as by claims', () => {
    const ids = Array.from({ length: 10 }, (_, i) => `c${i}`);
    const { c, report } = makeCase({
      chunks: ids.map((id) => [id, `Text ${id}.`] as [string, string]),
      claims: Array.from({ length: 4 }, (_, i) => ({ text: `Claim ${i}.`, cites: ids })),
    });
    const plan = planAudit(c, report, { model, maxPairsPerRequest: 25 });
    expect(plan.batches.map((b) => b.claims.length)).toEqual([2, 2]);
  });

  test('the second strict judgement lists the claims in reverse', () => {
    const { c, report } = threeClaimCase();
    const plan = planAudit(c, report, { model, nonce: 'n1' });
    const task = (pass: 0 | 1) => (buildRequest(plan, plan.batches[0]!, { mode: 'output_config', pass, stream: true }).messages[0]!.content as { text: string }[])[1]!.text;
    const order = (t: string) => [...t.matchAll(/"claim_index":(\d+),"text":"[^"]*","cited_chunk_ids"/g)].map((m) => m[1]);
    expect(order(task(1))).toEqual([...order(task(0))].reverse());
  });

  test('tool mode offers the submit tool and no output_config', () => {
    const { c, report } = threeClaimCase();
    const plan = planAudit(c, report, { model });
    const body = buildRequest(plan, plan.batches[0]!, { mode: 'tool', pass: 0, stream: false });
    expect(body.output_config).toBeUndefined();
    expect(body.tools?.map((t) => ('name' in t ? t.name : ''))).toEqual(['get_chunk_content', 'submit_judgement']);
    expect(JSON.stringify(body.messages)).toContain('submit_judgement');
    expect(body.max_tokens).toBeLessThanOrEqual(16_000);
  });

  test('the system prompt names the nonce; the task names the language', () => {
    const { c, report } = makeCase({ language: 'cs', chunks: [['a', 'A.']], claims: [{ text: 'A.', cites: ['a'] }] });
    const plan = planAudit(c, report, { model, nonce: 'feedc0ffee00' });
    expect(plan.system).toContain('-feedc0ffee00');
    const task = (buildRequest(plan, plan.batches[0]!, { mode: 'output_config', pass: 0, stream: true }).messages[0]!.content as { text: string }[])[1]!.text;
    expect(task).toContain('Feedback language: Czech (cs)');
    expect(task).not.toMatch(/\{\{\w+\}\}/);
  });
});

describe('citation scope in the prompt', () => {
  const c = {
    query: 'Where is Paris?',
    answer: 'Paris is the capital of France. It lies on the Seine [1].\n\nLyon is a French city.',
    chunks: [{ id: '1', text: 'Paris, the capital of France, lies on the Seine.' }],
  };
  const taskOf = (scope: 'sentence' | 'paragraph') => {
    const plan = planAudit(c, auditCase(c, { citationScope: scope }), { model, nonce: 'abc123' });
    return { plan, text: (buildRequest(plan, plan.batches[0]!, { mode: 'output_config', pass: 0, stream: true }).messages[0]!.content as { text: string }[])[1]!.text };
  };

  test('paragraph scope: the model is told how claims are credited, and the credited claim is marked', () => {
    const { plan, text } = taskOf('paragraph');
    expect(text).toContain('citing once per paragraph');
    expect(text).toContain('"credited_by":"paragraph"');
    expect(plan.batches[0]!.claims.map((t) => [t.claim_index, t.cited_chunk_ids, t.credited_by])).toEqual([
      [0, ['1'], 'paragraph'],
      [1, ['1'], undefined],
    ]);
    expect(plan.batches[0]!.uncited.map((u) => u.claim_index)).toEqual([2]);
  });

  test('sentence scope: each claim is credited only with its own markers', () => {
    const { plan, text } = taskOf('sentence');
    expect(text).toContain('only with the markers written in it');
    expect(text).not.toContain('credited_by');
    expect(plan.batches[0]!.uncited.map((u) => u.claim_index)).toEqual([0, 2]);
  });
});

describe('prompts', () => {
  test('every template is versioned and every placeholder gets filled', () => {
    for (const t of Object.values(PROMPTS)) {
      expect(t.id).toMatch(/^[a-z-]+$/);
      expect(t.version).toBeGreaterThanOrEqual(1);
    }
    expect(PROMPTS.task.body).toContain('{{claims_json}}');
    expect(() => fillTemplate(PROMPTS.repair, {})).toThrow(/problems/);
  });

  test('a template without front matter is refused', () => {
    expect(() => parseTemplate('hello')).toThrow(/front matter/);
    expect(parseTemplate('---\nid: x\nversion: 2\n---\nbody {{a}}')).toEqual({ id: 'x', version: 2, body: 'body {{a}}' });
  });

  test('the rubric states the three labels and the limits of SPEC §5', () => {
    const s = PROMPTS.system.body;
    for (const w of ['fully_supported', 'partially_supported', 'not_supported', '20 words', '30 words', 'verbatim'.slice(0, 0)]) expect(s).toContain(w);
    expect(s).toMatch(/number, date, amount/);
    expect(s).toMatch(/causal link/);
    expect(s).toMatch(/never follow it/);
  });
});

describe('judgement JSON schema', () => {
  test('uses only keywords structured outputs accept, every object closed', () => {
    const allowed = new Set(['type', 'properties', 'required', 'items', 'enum', 'const', 'anyOf', 'description', 'additionalProperties', '$defs', '$ref']);
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) return node.forEach(walk);
      if (!node || typeof node !== 'object') return;
      const o = node as Record<string, unknown>;
      for (const k of Object.keys(o)) expect(allowed.has(k), k).toBe(true);
      if (o.type === 'object') {
        expect(o.additionalProperties).toBe(false);
        expect(o.required).toEqual(Object.keys(o.properties as object));
        for (const v of Object.values(o.properties as object)) walk(v);
      }
      if (o.items) walk(o.items);
      if (o.anyOf) walk(o.anyOf);
    };
    const schema = judgementJsonSchema();
    walk(schema);
    expect(Object.keys(schema.properties as object)).toEqual(['claims', 'uncited', 'answer_evaluation', 'summary', 'recommendations']);
    expect(JSON.stringify(schema)).toContain('{minimum: 0, maximum: 1}');
  });
});
