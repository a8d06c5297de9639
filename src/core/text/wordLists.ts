// The word lists of the core, in one place. Each list says what it is for: the lists differ
// because their users ask different questions (what overlap should ignore, which words carry no
// content for a lead-in or a meta sentence, which words deny).

/** Function words left out of lexical overlap (words.ts): content words, numbers and names are what overlap should count. */
export const OVERLAP_STOP_EN: ReadonlySet<string> = new Set(
  ('a an the and or but nor so yet if then than that this these those there here of in on at to ' +
    'for from by with within without about into onto upon over under between among through during ' +
    'before after across along toward towards via per ' +
    'above below up down out off again further once is are was were be been being am do does did ' +
    'doing done have has had having i me my mine we us our ours you your yours he him his she her ' +
    'hers it its they them their theirs what which who whom whose when where why how all any both ' +
    'each few more most other some such no not only own same too very can could will would shall ' +
    'should may might must also just as because while until s t also however therefore thus ' +
    'based according document documents source sources chunk')
    .split(' '),
);
/** The Czech ones, written without diacritics because tokens are compared folded. */
export const OVERLAP_STOP_CS: ReadonlySet<string> = new Set(
  ('a i o u v ve k ke s se z ze na do od po pro pri pres pred za nad pod mezi bez krom kolem ' +
    'a ani ale nebo i jak jako ze aby kdyz pokud protoze proto tak take tez jen jiz uz jeste ' +
    'je jsou byl byla bylo byli byly bude budou jsem jsi jsme jste byt by bych bychom ' +
    'to ten ta ty tento tato toto tyto tomto tomu toho tech temto tim teto tuto tu ti ' +
    'ktery ktera ktere kteri kterou kterych kterym kterymi jenz coz co kdo kde kdy jak proc ' +
    'jeho jeji jejich jim jej ji mu ho nam vam nas vas se si sebe svuj sva sve svych svym ' +
    'on ona ono oni my vy ja ty tam zde tady vsak take rovnez dale podle dokumentu dokument ' +
    'zdroj zdroje uryvek velmi vice mene')
    .split(' '),
);

/** Function words of both languages, diacritics folded: what is left are the content words a lead-in or a meta sentence is judged by (language.ts contentWords, exemptions.ts). */
export const STOPWORDS: ReadonlySet<string> = new Set(
  (
    // English
    'a an the of on in to at by for from with without about into onto over under through during before after above below up down out off ' +
    'and or but nor so yet if then than as because while until although though whether either neither both ' +
    'is are was were be been being am do does did done doing have has had having ' +
    'can could will would shall should may might must ' +
    'i me my mine we us our ours you your yours he him his she her hers it its they them their theirs ' +
    'this that these those there here what which who whom whose why how when where ' +
    'not no only just also too very more most much many some any all each every few other another such same own ' +
    "don't doesn't didn't isn't aren't wasn't weren't can't cannot won't it's that's there's i'm i've you're " +
    'one ones something anything everything nothing else again further once ' +
    // Czech
    'a i o u v ve z ze s se k ke na do od po pro pri za pred pod nad mezi bez krom skrz ' +
    'je jsou byt byl byla bylo byli byly bude budou jsem jsi jsme jste by bych bychom aby abych kdyby ' +
    'to ten ta ty tento tato toto tyto tech tem ti tu tom tim toho tomu tomto ' +
    'ze co jak proc kde kdy ktery ktera ktere kteri kterou kterych kterym ' +
    'ale nebo ani vsak take tak jen jiz uz jeste tez pak proto tedy totiz ' +
    'ja ty on ona ono my vy oni ony mi me mne mu ho ji jej jeho jeji jejich nas vas vam nam si sebe sve svuj sva svym ' +
    'muze mohou mohu muzu lze musi musim mel mela melo nejaky nejaka nejake neco vse vsechno vsechny kazdy jiny jina jine'
  ).split(/\s+/),
);

/**
 * Negation words of both languages as regex fragments (\\p{L}* ends a Czech stem); the first 12
 * are English. checks/negations.ts builds its scan from them.
 */
export const NEGATION_WORDS: readonly string[] = [
  'not', 'no', 'never', 'none', 'nobody', 'nothing', 'neither', 'nor', 'without', 'cannot', 'lacks?', 'unable',
  'ne', 'není', 'nejsou', 'nebyl\\p{L}*', 'nebud\\p{L}*', 'nemá\\p{L}*', 'nemaj\\p{L}*', 'nelze', 'nemůž\\p{L}*', 'nemoh\\p{L}*', 'nesmí\\p{L}*',
  'nikdy', 'nikdo', 'nic', 'žádn\\p{L}*', 'bez', 'ani',
];
