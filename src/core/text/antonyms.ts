// Pairs of words that state opposite propositions ("increase" / "decrease", "legal" / "illegal"),
// English and Czech, for the check that a claim says the opposite of its cited passage
// (checks/opposed.ts). The check compares words by stem, so each pair lists the forms whose stems
// differ (a verb's past tense, an adjective's comparative). Only pairs where one side excludes the
// other: "big" / "small" or "more" / "less" say nothing opposite in "more than 10, less than 20";
// words with a common second sense ("present" day, "common" name, "as opposed to") are left out.
export const ANTONYM_PAIRS: readonly (readonly [string, string])[] = [
  // English: change and direction.
  ['increase', 'decrease'], ['increased', 'decreased'], ['increases', 'decreases'], ['rise', 'fall'], ['rises', 'falls'],
  ['rose', 'fell'], ['risen', 'fallen'], ['grow', 'shrink'], ['grew', 'shrank'], ['gain', 'lose'], ['gained', 'lost'],
  ['improve', 'worsen'], ['improved', 'worsened'], ['strengthen', 'weaken'], ['strengthened', 'weakened'],
  ['raise', 'lower'], ['raised', 'lowered'], ['higher', 'lower'],
  // Outcome and permission.
  ['win', 'lose'], ['won', 'lost'], ['succeed', 'fail'], ['succeeded', 'failed'], ['accept', 'reject'], ['accepted', 'rejected'],
  ['approve', 'reject'], ['approved', 'rejected'], ['confirm', 'deny'], ['confirmed', 'denied'], ['allow', 'prohibit'],
  ['allowed', 'prohibited'], ['allowed', 'banned'], ['permitted', 'forbidden'], ['legal', 'illegal'], ['lawful', 'unlawful'],
  ['constitutional', 'unconstitutional'], ['guilty', 'innocent'], ['convicted', 'acquitted'], ['mandatory', 'optional'],
  ['compulsory', 'voluntary'], ['include', 'exclude'], ['included', 'excluded'],
  // States.
  ['possible', 'impossible'], ['alive', 'dead'],
  ['safe', 'unsafe'], ['safe', 'dangerous'], ['effective', 'ineffective'], ['visible', 'invisible'], ['soluble', 'insoluble'],
  ['reactive', 'unreactive'], ['reactive', 'inert'], ['beneficial', 'harmful'],
  // Czech.
  ['zvýšit', 'snížit'], ['zvýšil', 'snížil'], ['zvýšila', 'snížila'], ['zvyšuje', 'snižuje'], ['vzrostl', 'klesl'],
  ['vzrostla', 'klesla'], ['roste', 'klesá'], ['vyšší', 'nižší'], ['zlepšil', 'zhoršil'], ['zlepšuje', 'zhoršuje'],
  ['vyhrál', 'prohrál'], ['vyhrála', 'prohrála'], ['přijat', 'zamítnut'], ['schválil', 'zamítl'], ['potvrdil', 'popřel'],
  ['povoleno', 'zakázáno'], ['povolený', 'zakázaný'], ['legální', 'nelegální'], ['zákonný', 'nezákonný'], ['ústavní', 'protiústavní'],
  ['vinen', 'nevinen'], ['povinný', 'dobrovolný'], ['povinné', 'dobrovolné'], ['možný', 'nemožný'], ['možné', 'nemožné'],
  ['pravdivý', 'nepravdivý'], ['živý', 'mrtvý'], ['bezpečný', 'nebezpečný'], ['účinný', 'neúčinný'], ['viditelný', 'neviditelný'],
  ['rozpustný', 'nerozpustný'], ['prospěšný', 'škodlivý'],
];
