// One shared promise for the editor bundle, so that every editor waits for the same import().
import { loadChunksJsonSchema } from '../../state/workbench/app';

export type EditorBundle = typeof import('./setup');

let pending: Promise<EditorBundle> | undefined;

export function loadEditorBundle(): Promise<EditorBundle> {
  // The Chunks editor's schema comes beside the bundle and is in place before any editor exists.
  pending ??= Promise.all([import('./setup'), loadChunksJsonSchema()]).then(([bundle, schema]) => {
    bundle.useChunksSchema(schema);
    return bundle;
  });
  return pending;
}
