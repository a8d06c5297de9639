// Tables for reading names as a reviewer reads them (checks/names.ts): forms that name the same
// place, people or body (a country, its abbreviations and its demonyms, in English and Czech),
// part-of relations a reviewer accepts ("England" for something on "British soil"), shortened
// words inside names ("St." for "Saint") and words that describe a name's kind rather than
// single it out ("Township", "University"), so that the distinctive word of a name is found.
//
// Forms are lower case, without dots ("u.s." is "us"); Czech forms carry their diacritics (the
// lookup folds both sides). Plural and possessive endings are added by the lookup, and Czech
// case endings are matched by the start of the word, so only the base forms are listed. A form
// of three letters or fewer ("us", "uk", "eu") is an abbreviation: it counts only in capitals.

// The keyed tables are Maps, not plain objects: a name is looked up as a claim writes it, and a
// claim's "Constructor" must find nothing, not Object.prototype's constructor.
function keyed<T>(table: Record<string, T>): ReadonlyMap<string, T> {
  return new Map(Object.entries(table));
}

/** Each line: forms that name the same thing. */
export const NAME_GROUPS: readonly (readonly string[])[] = [
  // English
  ['united states', 'united states of america', 'us', 'usa', 'america', 'american', 'americans', 'spojené státy', 'spojené státy americké', 'amerika', 'americký', 'američan', 'američané'],
  ['united kingdom', 'uk', 'great britain', 'britain', 'british', 'briton', 'britons', 'brit', 'brits', 'spojené království', 'velká británie', 'británie', 'britský', 'brit', 'britové'],
  ['england', 'english', 'englishman', 'englishmen', 'anglie', 'anglický', 'angličan', 'angličané'],
  ['scotland', 'scottish', 'scot', 'scots', 'skotsko', 'skotský', 'skot'],
  ['wales', 'welsh', 'wales', 'velšský', 'velšan'],
  ['ireland', 'irish', 'republic of ireland', 'irsko', 'irský', 'irové'],
  ['northern ireland', 'northern irish', 'severní irsko'],
  ['czech republic', 'czechia', 'czech', 'czechs', 'česko', 'česká republika', 'čr', 'český', 'čech', 'češi'],
  ['czechoslovakia', 'czechoslovak', 'československo', 'československý', 'čssr', 'čsr'],
  ['slovakia', 'slovak', 'slovaks', 'slovak republic', 'slovensko', 'slovenská republika', 'slovenský', 'slovák', 'slováci'],
  ['germany', 'german', 'germans', 'federal republic of germany', 'frg', 'německo', 'spolková republika německo', 'německý', 'němec', 'němci'],
  ['east germany', 'german democratic republic', 'gdr', 'ddr', 'ndr', 'východní německo'],
  ['austria', 'austrian', 'austrians', 'rakousko', 'rakouský', 'rakušan', 'rakušané'],
  ['france', 'french', 'frenchman', 'francie', 'francouzský', 'francouz', 'francouzi'],
  ['italy', 'italian', 'italians', 'itálie', 'italský', 'ital', 'italové'],
  ['spain', 'spanish', 'spaniard', 'spaniards', 'španělsko', 'španělský', 'španěl', 'španělé'],
  ['portugal', 'portuguese', 'portugalsko', 'portugalský', 'portugalec'],
  ['netherlands', 'the netherlands', 'holland', 'dutch', 'nizozemsko', 'holandsko', 'nizozemský', 'holandský', 'nizozemec', 'holanďan'],
  ['belgium', 'belgian', 'belgians', 'belgie', 'belgický', 'belgičan'],
  ['switzerland', 'swiss', 'švýcarsko', 'švýcarský', 'švýcar'],
  ['sweden', 'swedish', 'swede', 'swedes', 'švédsko', 'švédský', 'švéd'],
  ['norway', 'norwegian', 'norwegians', 'norsko', 'norský', 'norové'],
  ['denmark', 'danish', 'dane', 'danes', 'dánsko', 'dánský', 'dán'],
  ['finland', 'finnish', 'finn', 'finns', 'finsko', 'finský'],
  ['iceland', 'icelandic', 'icelander', 'islandský'],
  ['poland', 'polish', 'poles', 'polsko', 'polský', 'polák', 'poláci'],
  ['hungary', 'hungarian', 'hungarians', 'maďarsko', 'maďarský', 'maďar'],
  ['greece', 'greek', 'greeks', 'řecko', 'řecký', 'řek', 'řekové'],
  ['russia', 'russian', 'russians', 'russian federation', 'rusko', 'ruská federace', 'ruský', 'rusové'],
  ['soviet union', 'ussr', 'soviet', 'soviets', 'sovětský svaz', 'sssr', 'sovětský'],
  ['ukraine', 'ukrainian', 'ukrainians', 'ukrajina', 'ukrajinský', 'ukrajinec'],
  ['turkey', 'turkish', 'turk', 'turks', 'türkiye', 'turecko', 'turecký', 'turek'],
  ['israel', 'israeli', 'israelis', 'izrael', 'izraelský', 'izraelec'],
  ['iran', 'iranian', 'iranians', 'persia', 'persian', 'írán', 'íránský'],
  ['iraq', 'iraqi', 'iraqis', 'irák', 'irácký'],
  ['egypt', 'egyptian', 'egyptians', 'egypt', 'egyptský'],
  ['saudi arabia', 'saudi', 'saudis', 'saúdská arábie', 'saúdský'],
  ['china', 'chinese', "people's republic of china", 'prc', 'čína', 'čínská lidová republika', 'čínský', 'číňan', 'číňané'],
  ['japan', 'japanese', 'japonsko', 'japonský', 'japonec'],
  ['korea', 'korean', 'koreans', 'korea', 'korejský'],
  ['south korea', 'republic of korea', 'rok', 'jižní korea'],
  ['north korea', 'dprk', 'severní korea'],
  ['india', 'indian', 'indians', 'indie', 'indický', 'indové'],
  ['pakistan', 'pakistani', 'pakistanis', 'pákistán', 'pákistánský'],
  ['bangladesh', 'bangladeshi', 'bangladéš'],
  ['nepal', 'nepali', 'nepalese', 'nepál', 'nepálský'],
  ['philippines', 'filipino', 'filipinos', 'philippine', 'filipíny', 'filipínský'],
  ['vietnam', 'vietnamese', 'vietnam', 'vietnamský'],
  ['thailand', 'thai', 'thajsko', 'thajský'],
  ['indonesia', 'indonesian', 'indonesians', 'indonésie', 'indonéský'],
  ['australia', 'australian', 'australians', 'austrálie', 'australský'],
  ['new zealand', 'new zealander', 'nový zéland', 'novozélandský'],
  ['canada', 'canadian', 'canadians', 'kanada', 'kanadský', 'kanaďan'],
  ['mexico', 'mexican', 'mexicans', 'mexiko', 'mexický'],
  ['brazil', 'brazilian', 'brazilians', 'brazílie', 'brazilský'],
  ['argentina', 'argentine', 'argentinian', 'argentinians', 'argentina', 'argentinský'],
  ['chile', 'chilean', 'chileans', 'chile', 'chilský'],
  ['south africa', 'south african', 'south africans', 'rsa', 'jihoafrická republika', 'jar', 'jihoafrický'],
  ['nigeria', 'nigerian', 'nigerians', 'nigérie', 'nigerijský'],
  ['kenya', 'kenyan', 'kenyans', 'keňa', 'keňský'],
  ['european union', 'eu', 'evropská unie'],
  // Continents and regions of them.
  ['europe', 'european', 'europeans', 'evropa', 'evropský', 'evropan', 'evropané'],
  ['africa', 'african', 'africans', 'afrika', 'africký', 'afričan', 'afričané'],
  ['west africa', 'west african', 'západní afrika', 'západoafrický'],
  ['east africa', 'east african', 'východní afrika', 'východoafrický'],
  ['asia', 'asian', 'asians', 'asie', 'asijský'],
  ['eurasia', 'eurasian', 'eurasie', 'euroasie', 'eurasijský'],
  ['scandinavia', 'scandinavian', 'scandinavians', 'skandinávie', 'skandinávský'],
  ['nordic', 'nordic countries', 'severské země', 'severský'],
  ['united nations', 'un', 'organizace spojených národů', 'osn'],
  ['new york city', 'nyc', 'new york'],
  ['los angeles'],
  ['washington, d.c.', 'washington dc', 'district of columbia'],
  // Faiths and their followers.
  ['islam', 'muslim', 'muslims', 'islamic', 'islám', 'muslim', 'muslimové', 'islámský'],
  ['sunni', 'sunnis', 'sunnite', 'sunni islam', 'sunnité', 'sunnitský'],
  ['shia', "shi'a", 'shiite', 'shiites', "shi'ite", 'šíité', 'šíitský'],
  ['christianity', 'christian', 'christians', 'křesťanství', 'křesťan', 'křesťané', 'křesťanský'],
  ['judaism', 'jewish', 'jew', 'jews', 'judaismus', 'žid', 'židé', 'židovský'],
  ['catholic', 'catholics', 'catholicism', 'roman catholic', 'katolík', 'katolíci', 'katolický'],
  ['nazi', 'nazis', 'nazism', 'national socialism', 'national socialist', 'nacista', 'nacisté', 'nacismus', 'nacistický'],
];

/** A name that a reviewer accepts for a place that contains it: the key is found when one of its forms is. */
export const WIDER_NAMES: ReadonlyMap<string, readonly string[]> = keyed({
  england: ['united kingdom'],
  scotland: ['united kingdom'],
  wales: ['united kingdom'],
  'northern ireland': ['united kingdom'],
  queens: ['new york city'],
  brooklyn: ['new york city'],
  manhattan: ['new york city'],
  bronx: ['new york city'],
  'staten island': ['new york city'],
  hollywood: ['los angeles'],
  // A continent is in the one that holds it: "Eurasia" places a plant in Asia and in Europe.
  asia: ['eurasia'],
  europe: ['eurasia'],
  asie: ['eurasia'],
  evropa: ['eurasia'],
});

/**
 * Places inside a country or region that a reviewer accepts as naming it: its capital, or the
 * countries of a region ("Copenhagen" says the place is in Denmark; "Denmark" says it is Nordic).
 * Keyed by the first form of a NAME_GROUPS line (or a name of its own); each part also counts by
 * the other forms of its own line ("Danish").
 */
export const PART_NAMES: ReadonlyMap<string, readonly string[]> = keyed({
  'united states': ['washington dc', 'washington d c'],
  'united kingdom': ['london', 'londýn', 'england', 'scotland', 'wales', 'northern ireland'],
  england: ['london', 'londýn'],
  scotland: ['edinburgh'],
  wales: ['cardiff'],
  ireland: ['dublin'],
  'czech republic': ['prague', 'praha'],
  slovakia: ['bratislava'],
  germany: ['berlin', 'berlín'],
  austria: ['vienna', 'wien', 'vídeň'],
  france: ['paris', 'paříž'],
  italy: ['rome', 'řím'],
  spain: ['madrid'],
  portugal: ['lisbon', 'lisabon'],
  netherlands: ['amsterdam'],
  belgium: ['brussels', 'brusel'],
  switzerland: ['bern', 'berne'],
  sweden: ['stockholm'],
  norway: ['oslo'],
  denmark: ['copenhagen', 'kodaň'],
  finland: ['helsinki'],
  iceland: ['reykjavik', 'reykjavík'],
  poland: ['warsaw', 'varšava'],
  hungary: ['budapest', 'budapešť'],
  greece: ['athens', 'atény'],
  russia: ['moscow', 'moskva'],
  ukraine: ['kyiv', 'kiev', 'kyjev'],
  turkey: ['ankara'],
  israel: ['jerusalem', 'jeruzalém'],
  iran: ['tehran', 'teherán'],
  iraq: ['baghdad', 'bagdád'],
  egypt: ['cairo', 'káhira'],
  'saudi arabia': ['riyadh', 'rijád'],
  china: ['beijing', 'peking'],
  japan: ['tokyo', 'tokio'],
  'south korea': ['seoul', 'soul'],
  'north korea': ['pyongyang', 'pchjongjang'],
  india: ['new delhi', 'nové dillí'],
  pakistan: ['islamabad', 'islámábád'],
  bangladesh: ['dhaka'],
  nepal: ['kathmandu', 'káthmándú'],
  philippines: ['manila'],
  vietnam: ['hanoi'],
  thailand: ['bangkok'],
  indonesia: ['jakarta', 'jakarta'],
  australia: ['canberra'],
  'new zealand': ['wellington'],
  canada: ['ottawa'],
  mexico: ['mexico city'],
  brazil: ['brasília', 'brasilia'],
  argentina: ['buenos aires'],
  chile: ['santiago'],
  nigeria: ['abuja'],
  kenya: ['nairobi'],
  // A region by its countries, as Scandinavia below; a continent is named only by a name that
  // holds it (WIDER_NAMES: "Eurasia"), not by one of its countries ("Britain" says little of
  // "European imperialism").
  'west africa': ['nigeria', 'ghana', 'senegal', 'mali', 'niger', 'burkina faso', "côte d'ivoire", 'ivory coast', 'guinea', 'sierra leone', 'liberia', 'benin', 'togo', 'gambia'],
  'east africa': ['kenya', 'ethiopia', 'tanzania', 'uganda', 'rwanda', 'somalia'],
  scandinavia: ['denmark', 'sweden', 'norway'],
  nordic: ['denmark', 'sweden', 'norway', 'finland', 'iceland', 'scandinavia'],
});

/** Shortened words inside names, and their full form. */
export const WORD_ABBREVIATIONS: ReadonlyMap<string, string> = keyed({
  st: 'saint',
  ste: 'sainte',
  mt: 'mount',
  ft: 'fort',
  pt: 'port',
  co: 'company',
  corp: 'corporation',
  inc: 'incorporated',
  ltd: 'limited',
  bros: 'brothers',
  jr: 'junior',
  sr: 'senior',
  intl: 'international',
  natl: 'national',
  dept: 'department',
  univ: 'university',
  assn: 'association',
  assoc: 'association',
  inst: 'institute',
  govt: 'government',
  dr: 'doctor',
  prof: 'professor',
  gen: 'general',
  sv: 'svatý',
  nám: 'náměstí',
  ul: 'ulice',
});

/**
 * Words that say what kind of thing a name is, not which one: "Langa Township" is known by
 * "Langa". A name's distinctive word is its last word not in this list.
 */
export const KIND_WORDS: ReadonlySet<string> = new Set(
  (
    'township city town village county state province prefecture district region republic kingdom empire island islands ' +
    'river lake mountain mountains mount valley bay beach coast park street road avenue square bridge tower ' +
    'university college school academy institute library museum gallery hospital airport station stadium arena ' +
    'church cathedral abbey temple mosque palace castle hall house center centre building hotel theatre theater ' +
    'company corporation inc ltd group party club team records press association society foundation council ' +
    'committee department ministry court office agency bureau commission army navy force forces base ' +
    'award awards prize festival league cup championship championships tournament series show band ' +
    'muslim muslims christian christians catholic catholics jewish ' +
    'město obec okres kraj republika řeka jezero hora ulice náměstí most univerzita škola muzeum nemocnice ' +
    'nádraží kostel hrad zámek společnost strana klub ministerstvo soud úřad'
  ).split(' '),
);
