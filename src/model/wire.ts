// The Messages API's wire format as the tool loop meets it: the assistant's content sent back as
// input blocks in the next turn, the size of a request, the stop reasons that mean a cut reply,
// an error body read as the SDK's APIError, and a 400 that refuses output_config. The loop
// itself (what to send next, when to repair or fall back) stays in run.ts.
import { APIError } from '@anthropic-ai/sdk/core/error';
import type { ErrorType } from '@anthropic-ai/sdk/resources/shared';
import type { ContentBlock, ContentBlockParam, MessageParam } from '@anthropic-ai/sdk/resources/messages/messages';
import type { ModelError } from './errors';
import type { RequestBody } from './plan';
import { utf8Length } from '../core/text/text';

export function requestBytes(body: RequestBody): number {
  return utf8Length(JSON.stringify(body));
}

/**
 * Blocks as they go back to the API in the next turn. Only the fields the API accepts as input
 * are kept: a proxy (or a newer API) may add fields to the blocks it sends (`citations: null`,
 * provider metadata) that the API would refuse with a 400 when they come back. Thinking blocks
 * keep their signature, untouched; a tool input that never parsed goes back as an empty object.
 */
function asParam(content: ContentBlock[]): ContentBlockParam[] {
  return content.map((b): ContentBlockParam => {
    const raw = b as unknown as Record<string, unknown>;
    switch (b.type) {
      case 'text':
        return { type: 'text', text: b.text };
      case 'thinking':
        return { type: 'thinking', thinking: b.thinking, signature: b.signature };
      case 'redacted_thinking':
        return { type: 'redacted_thinking', data: b.data };
      case 'tool_use': {
        const input = b.input !== null && typeof b.input === 'object' && !Array.isArray(b.input) ? b.input : {};
        return {
          type: 'tool_use',
          id: b.id,
          name: b.name,
          input,
          ...(raw.caller && typeof raw.caller === 'object' ? { caller: b.caller } : {}),
          ...(typeof raw.toolset_name === 'string' ? { toolset_name: raw.toolset_name } : {}),
        };
      }
      default:
        // Server-side blocks we never ask for: returned as they came, the API knows them.
        return b as unknown as ContentBlockParam;
    }
  });
}

/** Appends an assistant turn; after a paused turn it continues that same assistant message. */
export function pushAssistant(messages: MessageParam[], content: ContentBlock[]): void {
  const last = messages[messages.length - 1];
  if (last?.role === 'assistant') {
    const before: ContentBlockParam[] = typeof last.content === 'string' ? [{ type: 'text', text: last.content }] : last.content;
    messages[messages.length - 1] = { role: 'assistant', content: [...before, ...asParam(content)] };
  } else {
    messages.push({ role: 'assistant', content: asParam(content) });
  }
}

/** Stop reasons that mean the reply was cut before it was finished. */
export const TRUNCATED: Record<string, 'max_tokens' | 'context_window'> = {
  max_tokens: 'max_tokens',
  model_context_window_exceeded: 'context_window',
};

/** An error event (or an error body with status 200) as the SDK's own stream reader throws it. */
export function apiErrorFromBody(body: unknown, headers?: Headers): APIError {
  const inner = (body as { error?: { type?: unknown } } | null)?.error;
  const type = typeof inner?.type === 'string' ? inner.type : 'api_error';
  return new APIError(undefined, (body ?? undefined) as object | undefined, undefined, headers, type as ErrorType);
}

// How servers and proxies word "this field is not accepted": Anthropic's own validation, pydantic
// ("Extra inputs are not permitted"), serde ("unknown field `output_config`"), OpenAI-style
// gateways ("Unrecognized request argument"), JSON-schema validators ("additional properties").
const NAMES_OUTPUT_CONFIG = /output_config|output_format|json_schema|structured|response_format/i;
const UNKNOWN_FIELD = /unknown (field|parameter|argument|key)|unrecognized (field|parameter|argument|key|request argument)|extra (inputs|fields|properties) (are )?not (permitted|allowed)|additional propert(y|ies)|not (a )?(supported|permitted|allowed) (field|parameter)|unsupported (field|parameter)/i;
// A path or quoted name of another field of the request: then the refusal is not about output_config.
const NAMES_OTHER_FIELD = /\b(?:messages|tools|system|tool_choice|max_tokens|thinking|metadata|stream)(?:\.\w|\[)|[`'"](?:messages|tools|system|tool_choice|max_tokens|thinking|metadata|stream)[`'"]/;

/** A 400 (or 422, or an invalid_request_error event) refusing the output_config parameter. */
export function rejectsOutputConfig(e: ModelError): boolean {
  if (e.kind !== 'bad_request' && e.status !== 400 && e.status !== 422) return false;
  const message = e.apiMessage ?? '';
  if (NAMES_OUTPUT_CONFIG.test(message)) return true;
  return UNKNOWN_FIELD.test(message) && !NAMES_OTHER_FIELD.test(message);
}
