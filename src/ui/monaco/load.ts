// One shared promise for the editor bundle, so that every editor waits for the same import().
export type EditorBundle = typeof import('./setup');

let pending: Promise<EditorBundle> | undefined;

export function loadEditorBundle(): Promise<EditorBundle> {
  pending ??= import('./setup');
  return pending;
}
