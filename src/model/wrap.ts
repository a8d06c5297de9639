// Untrusted text (chunks, the answer, the query) goes to the model inside elements whose tag name
// carries a random per-run nonce, e.g. <chunk-4f0c9a1b2e7d>. A chunk cannot close its wrapper:
// it would have to guess the nonce, and anything in it that looks like one of our tags, with any
// suffix, is defused on top of that.

/** 12 hex characters from the platform CSPRNG (browser and Node ≥ 19 both have globalThis.crypto). */
export function makeNonce(): string {
  const bytes = new Uint8Array(6);
  globalThis.crypto.getRandomValues(bytes);
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export const WRAPPER_KINDS = ['chunk', 'chunks', 'answer', 'query', 'gold', 'claims', 'uncited'] as const;
export type WrapperKind = (typeof WRAPPER_KINDS)[number];

// "<chunk", "< /chunk-", "</ CLAIMS" …: any opening or closing look-alike of a wrapper tag.
const TAG_LOOKALIKE = new RegExp(`<(\\s*/?\\s*)(${WRAPPER_KINDS.join('|')})(?=[\\s\\->/]|$)`, 'gi');

/** Neutralises anything that looks like one of our wrapper tags, whatever its suffix. */
export function defuse(text: string): string {
  // U+2039 SINGLE LEFT-POINTING ANGLE QUOTATION MARK keeps the text readable for the model.
  return text.replace(TAG_LOOKALIKE, (_m, slash: string, name: string) => `\u2039${slash}${name}`);
}

function attr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/[\r\n\t]+/g, ' ');
}

export function wrap(kind: WrapperKind, nonce: string, text: string, attrs: Record<string, string | number | undefined> = {}): string {
  const tag = `${kind}-${nonce}`;
  const a = Object.entries(attrs)
    .filter((e): e is [string, string | number] => e[1] !== undefined)
    .map(([k, v]) => ` ${k}="${attr(String(v))}"`)
    .join('');
  return `<${tag}${a}>\n${defuse(text)}\n</${tag}>`;
}

/** JSON for a wrapped block: "<" is written as \u003c so the data can never form a tag. */
export function safeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}
