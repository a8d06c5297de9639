// The model picker's list, from the Models API with the user's key.
import { normaliseBaseURL } from './settings';
import { createClient, toModelError, withRetry, type Connection } from './client';
import { FALLBACK_MODELS } from './constants';
import type { ModelError } from './errors';
import { listChatModels } from './openai';

export interface ModelChoice {
  id: string;
  display_name: string;
}

const MAX_PAGES = 5;

/** Lists the account's models; on any failure returns the built-in list and the error. */
export async function listModels(conn: Connection, signal?: AbortSignal): Promise<{ models: ModelChoice[]; error?: ModelError }> {
  if (conn.provider === 'openai') return listChatModels(conn, signal);
  const ctx = { baseURL: normaliseBaseURL(conn.baseURL), signal };
  try {
    const client = await createClient(conn);
    const reqOpts = signal ? { signal } : undefined;
    const models: ModelChoice[] = [];
    let page = await withRetry(() => client.models.list({ limit: 100 }, reqOpts), ctx);
    for (let i = 0; ; i++) {
      for (const m of page.data) models.push({ id: m.id, display_name: m.display_name || m.id });
      if (i + 1 >= MAX_PAGES || !page.hasNextPage()) break;
      const current = page;
      page = await withRetry(() => current.getNextPage(), ctx);
    }
    if (models.length === 0) return { models: [...FALLBACK_MODELS] };
    return { models };
  } catch (err) {
    return { models: [...FALLBACK_MODELS], error: toModelError(err, ctx).withoutSecret(conn.apiKey) };
  }
}
