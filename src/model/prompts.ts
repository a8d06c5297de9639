// The prompt templates live in prompts/*.md (versioned Markdown with a small front matter) and
// are bundled as strings with Vite's ?raw. Only src/model reads them.
import judgeSystemRaw from '../../prompts/judge-system.md?raw';
import judgeTaskRaw from '../../prompts/judge-task.md?raw';
import correctnessRaw from '../../prompts/correctness.md?raw';
import noCorrectnessRaw from '../../prompts/no-correctness.md?raw';
import feedbackRaw from '../../prompts/feedback.md?raw';
import repairRaw from '../../prompts/repair.md?raw';
import submitToolRaw from '../../prompts/submit-tool.md?raw';
import citationScopeRaw from '../../prompts/citation-scope.md?raw';

export interface PromptTemplate {
  id: string;
  version: number;
  body: string;
}

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/;

export function parseTemplate(raw: string, name = 'prompt'): PromptTemplate {
  const m = FRONT_MATTER.exec(raw);
  if (!m) throw new Error(`${name}: missing front matter (--- id / version ---)`);
  const fields = new Map<string, string>();
  for (const line of m[1]!.split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) fields.set(line.slice(0, i).trim(), line.slice(i + 1).trim());
  }
  const id = fields.get('id');
  const version = Number(fields.get('version'));
  if (!id || !Number.isInteger(version) || version < 1) throw new Error(`${name}: front matter needs id and a positive integer version`);
  return { id, version, body: raw.slice(m[0].length).trim() };
}

const PLACEHOLDER = /\{\{(\w+)\}\}/g;

/** Fills {{name}} placeholders; a missing value is a programming error, so it throws. */
export function fillTemplate(t: PromptTemplate, vars: Record<string, string | number>): string {
  return t.body.replace(PLACEHOLDER, (_, name: string) => {
    const v = vars[name];
    if (v === undefined) throw new Error(`prompt ${t.id}@${t.version}: no value for {{${name}}}`);
    return String(v);
  });
}

export const PROMPTS = {
  system: parseTemplate(judgeSystemRaw, 'judge-system.md'),
  task: parseTemplate(judgeTaskRaw, 'judge-task.md'),
  correctness: parseTemplate(correctnessRaw, 'correctness.md'),
  noCorrectness: parseTemplate(noCorrectnessRaw, 'no-correctness.md'),
  feedback: parseTemplate(feedbackRaw, 'feedback.md'),
  repair: parseTemplate(repairRaw, 'repair.md'),
  submitTool: parseTemplate(submitToolRaw, 'submit-tool.md'),
  citationScope: parseTemplate(citationScopeRaw, 'citation-scope.md'),
} as const;
