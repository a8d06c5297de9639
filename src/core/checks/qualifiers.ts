// The words that bound a claim's scope ("all", "only", "first", "most", and the Czech ones), for
// the qualifier_mismatch signal of ./content.ts: by kind, the claim-side words and the source-side
// words that cover them, the idioms in which they bound nothing, and the claim-side words as a set.

// Scope words by kind; a cited chunk with any word of the claim's kind covers it.
export const QUALIFIERS: { kind: string; claim: RegExp; source: RegExp }[] = [
  {
    kind: 'all',
    claim: /(?<![\p{L}])(?:all|every|always|everyone|everybody|everything|všichni|všechn[ayo]|vše|každ[ýáéí]|vždy)(?![\p{L}])/iu,
    source: /(?<![\p{L}])(?:all|every\p{L}*|each|always|entire\p{L}*|whole|any|universal\p{L}*|without exception|všichni|všech\p{L}*|vše|každ\p{L}*|vždy|cel[ýáéí]\p{L}*)(?![\p{L}])/iu,
  },
  {
    kind: 'only',
    claim: /(?<![\p{L}])(?:only|solely|exclusively|pouze|jedině|výhradně)(?![\p{L}])/iu,
    source: /(?<![\p{L}])(?:only|sole\p{L}*|exclusive\p{L}*|just|alone|unique\p{L}*|pouze|jen|jedin\p{L}*|výhradn\p{L}*)(?![\p{L}])/iu,
  },
  {
    kind: 'first',
    claim: /(?<![\p{L}])(?:first|earliest|první|poprvé)(?![\p{L}])/iu,
    source: /(?<![\p{L}])(?:first|earliest|initial\p{L}*|1st|pioneer\p{L}*|inaugural|founder|founded|prvn\p{L}*|poprvé|nejstarš\p{L}*)(?![\p{L}])/iu,
  },
  {
    kind: 'most',
    claim: /(?<![\p{L}])(?:most|majority|většina|většinou|nejvíce)(?![\p{L}])/iu,
    // "most rainy" is a superlative: a source's "wettest" or "highest" is its counterpart.
    source: /(?<![\p{L}])(?:most\p{L}*|majority|best|predominant\p{L}*|mainly|main|primarily|chiefly|generally|usually|typically|common\p{L}*|(?!(?:inter|for|sugg|requ|prot|inv|harv|arr|cont|dig|hon|mod|manif|ch|gu|n|p|qu|w|t|r|v|z|cr|l)est(?![\p{L}]))\p{L}{2,}est|vět\p{L}*|nej\p{L}*|převážn\p{L}*|hlavně)(?![\p{L}])/iu,
  },
];

// Uses of those words that do not bound a claim: "at all", "after all", "at most", "most likely",
// "first of all", "First," opening a sentence, "not only", "only if".
export const QUALIFIER_IDIOMS =
  /(?<![\p{L}])(?:at all|after all|all in all|above all|at most|most likely|most probably|first of all|at first|first and foremost|not only|only if|only when|if only)(?![\p{L}])|^\s*(?:\d+[.)]\s*)?first\s*,/giu;

// The claim-side scope words of QUALIFIERS, as words (lower case).
export const SCOPE_WORDS = new Set(
  (
    'all every always everyone everybody everything only solely exclusively first earliest most majority ' +
    'všichni všechny všechna vše každý každá každé každí vždy pouze jedině výhradně první poprvé většina většinou nejvíce'
  ).split(' '),
);
