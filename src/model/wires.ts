// The two wires a provider's requests go over (providers.ts names one per provider): how a run
// gets ready to send (the key checked, the SDK's client made), how one request is sent, and how
// the server's models are listed. A provider on a new wire adds its file and one entry here.
import type { Turn } from './accumulator';
import { checkKey, createClient, toModelError, withRetry, type Connection, type Resolved } from './client';
import type { ModelError } from './errors';
import { messageRequest } from './messages';
import { chatCompletion, listChatModels } from './openai';
import type { RequestBody } from './plan';
import type { ModelChoice, WireName } from './providers';
import type { ChatCall } from './reply';

/** One request on a wire → the assistant turn. */
export type Send = (body: RequestBody, call: ChatCall) => Promise<Turn>;

export interface Wire {
  /** Checks the key (providers.ts key rules) and gets ready to send; throws a ModelError before anything is sent. */
  connect(conn: Resolved<Connection>): Promise<Send>;
  /** The server's models; on failure the provider's built-in list and the error. */
  listModels(conn: Resolved<Connection>, signal?: AbortSignal): Promise<{ models: ModelChoice[]; error?: ModelError }>;
  /** The wire has a count-tokens endpoint; without one an estimate guesses input tokens from size. */
  countsTokens: boolean;
}

/** How many pages of the Models API are read at most. */
const MAX_PAGES = 5;

async function listMessagesModels(conn: Resolved<Connection>, signal?: AbortSignal): Promise<{ models: ModelChoice[]; error?: ModelError }> {
  const ctx = { baseURL: conn.baseURL, signal };
  const builtIn = (): ModelChoice[] => [...conn.spec.builtInModels];
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
    if (models.length === 0) return { models: builtIn() };
    return { models };
  } catch (err) {
    return { models: builtIn(), error: toModelError(err, ctx).withoutSecret(conn.apiKey) };
  }
}

export const WIRES: Record<WireName, Wire> = {
  // Anthropic's Messages API, through the SDK (messages.ts).
  messages: {
    async connect(conn) {
      const client = await createClient(conn);
      return (body, call) => messageRequest(client, body, call);
    },
    listModels: listMessagesModels,
    countsTokens: true,
  },
  // OpenAI's Chat Completions with plain fetch (openai.ts); a local server may take no key.
  chat: {
    async connect(conn) {
      checkKey(conn.spec, conn.apiKey);
      return chatCompletion;
    },
    listModels: listChatModels,
    countsTokens: false,
  },
};
