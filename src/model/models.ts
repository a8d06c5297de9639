// The model picker's list, from the provider's server with the user's key (the wire's own way: wires.ts).
import { resolveConnection, type Connection } from './client';
import type { ModelError } from './errors';
import type { ModelChoice } from './providers';
import { WIRES } from './wires';

export type { ModelChoice };

/** Lists the account's models; on any failure returns the built-in list and the error. */
export function listModels(conn: Connection, signal?: AbortSignal): Promise<{ models: ModelChoice[]; error?: ModelError }> {
  const resolved = resolveConnection(conn);
  return WIRES[resolved.spec.wire].listModels(resolved, signal);
}
