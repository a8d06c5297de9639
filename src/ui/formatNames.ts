// The names of the input formats the workbench detects (the chunks' formats and the answer's),
// in English and Czech; ./i18n.ts spreads them into its catalogue.
import type { AnswerFormat, ChunkFormat } from '../core/types';

const en = {
  formatName: {
    'json-array': 'JSON array',
    'json-map': 'JSON object (id → text)',
    jsonl: 'JSON Lines',
    'text-blocks': 'text blocks',
    empty: 'empty',
  } satisfies Record<ChunkFormat, string>,
  answerFormatName: {
    plain: 'plain text with markers',
    'plain-no-markers': 'plain text (no inline markers)',
    'offset-citations': 'offset citations',
    'anthropic-blocks': 'Anthropic citation blocks',
    'id-list': 'id list',
    'cohere-spans': 'Cohere spans',
    'azure-on-your-data': 'Azure “On Your Data”',
    'openai-annotations': 'OpenAI annotations',
    'json-unknown': 'JSON (not a known form)',
  } satisfies Record<AnswerFormat | 'plain-no-markers', string>,
};

export const FORMAT_NAMES: { readonly en: typeof en; readonly cs: typeof en } = {
  en,
  cs: {
    formatName: {
      'json-array': 'pole JSON',
      'json-map': 'objekt JSON (id → text)',
      jsonl: 'JSON Lines',
      'text-blocks': 'textové bloky',
      empty: 'prázdné',
    },
    answerFormatName: {
      plain: 'prostý text se značkami',
      'plain-no-markers': 'prostý text (bez značek v textu)',
      'offset-citations': 'citace s offsety',
      'anthropic-blocks': 'bloky citací Anthropic',
      'id-list': 'seznam id',
      'cohere-spans': 'úseky Cohere',
      'azure-on-your-data': 'Azure „On Your Data“',
      'openai-annotations': 'anotace OpenAI',
      'json-unknown': 'JSON (neznámý tvar)',
    },
  },
};
