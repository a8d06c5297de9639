// Limits and names of share links, in one place.

/** The fragment parameter that carries a shared audit: `#a=<payload>`. */
export const SHARE_PARAM = 'a';

/** Longer links than this are cut or refused by chat apps and mail clients: warn. */
export const LINK_WARN_CHARS = 2_000;
/** Above this a link is refused at creation; the case file is offered instead. */
export const LINK_MAX_CHARS = 32_000;

// Decoding is bounded whatever the link says, so a crafted link cannot hang or exhaust the tab.
/** Payload characters accepted when opening (a little above LINK_MAX_CHARS, for older encoders). */
export const DECODE_MAX_CHARS = 40_000;
/** Decompressed bytes accepted: a deflate stream can expand ~1000×; a bomb stops here. */
export const DECODE_MAX_BYTES = 2 * 1024 * 1024;
/** Compressed bytes handed to the inflater at a time, so the output cap is checked often. */
export const INFLATE_SLICE_BYTES = 256;
