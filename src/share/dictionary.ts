// The preset deflate dictionaries of share links. A link only decodes with the exact bytes it was
// encoded with, so once shipped these texts are frozen: a better dictionary is added beside them
// under a new codec byte (codec.ts) and these stay for old links. A test pins their hashes.
//
// Deflate can reach back 32 KiB, and nearer matches cost fewer bits, so the parts are ordered from
// the least to the most likely to help: Czech words first, then English words and phrases by
// rising frequency, then citation syntax, and last the JSON skeleton every payload starts with.
// Words carry their leading space because that is how they occur in running text.

const CZECH = [
  // Administrative and legal vocabulary (Czech RAG data is often law and regulation).
  'Sb., o', 'zákona č.', 'zákon č.', 'vyhlášky č.', 'podle § ', 'odst. ', 'písm. ', 've znění pozdějších předpisů',
  'Ústavní soud', 'Nejvyšší soud', 'správní orgán', 'řízení', 'rozhodnutí', 'povinnost', 'oprávnění', 'ustanovení',
  'požadavky', 'bezpečnosti', 'zařízení', 'činnosti', 'ochrany', 'osoby', 'osoba', 'fyzická', 'právnická',
  'Česká republika', 'České republiky', 'v České republice', 'Evropské unie', 'ministerstvo', 'vláda', 'obce', 'kraje',
  'společnost', 'informace', 'dokument', 'zdroj', 'odpověď', 'otázka', 'tvrzení', 'citace', 'důkaz',
  // Frequent function words and verbs.
  ' především', ' zejména', ' například', ' přibližně', ' nejméně', ' nejvíce', ' celkem', ' pouze', ' rovněž',
  ' ovšem', ' avšak', ' proto', ' protože', ' pokud', ' jestliže', ' přičemž', ' kde', ' kdy', ' jak', ' což',
  ' mezi', ' během', ' kolem', ' podle', ' včetně', ' proti', ' bez', ' před', ' pod', ' nad', ' přes',
  ' roce', ' roku', ' letech', ' let', ' dne', ' století', ' milionů', ' procent', ' korun',
  ' může', ' mohou', ' musí', ' má', ' mají', ' měl', ' měla', ' mělo', ' bude', ' budou', ' byly', ' bylo',
  ' byla', ' byl', ' být', ' jsou', ' není', ' nejsou', ' jsem', ' jsme',
  ' jejich', ' jeho', ' její', ' které', ' která', ' který', ' kterou', ' kterých', ' jako', ' také',
  ' již', ' ještě', ' více', ' než', ' tak', ' tedy', ' nebo', ' ani', ' ale', ' aby', ' až', ' od', ' po',
  ' při', ' za', ' do', ' ze', ' na', ' se', ' je', ' že', ' pro', ' to', ' v ', ' s ', ' z ', ' o ', ' k ', ' a ',
];

// English, grouped by rough frequency, rarest group first. Chosen from general knowledge of
// English frequency lists and of the vocabulary of retrieved passages (encyclopaedic, news,
// technical documentation), not from any particular data set.
const ENGLISH_RARE = [
  ' approximately', ' significantly', ' respectively', ' additionally', ' furthermore', ' nevertheless',
  ' particularly', ' specifically', ' traditional', ' temperature', ' environment', ' development',
  ' information', ' international', ' organization', ' organisation', ' administration', ' construction',
  ' independent', ' performance', ' relationship', ' responsible', ' association', ' championship',
  ' established', ' population', ' government', ' university', ' department', ' community', ' production',
  ' individual', ' management', ' technology', ' television', ' especially', ' throughout', ' considered',
  ' previously', ' originally', ' eventually', ' officially', ' recognized', ' recognised', ' documents',
  ' currently', ' following', ' including', ' according', ' different', ' important', ' political',
  ' financial', ' president', ' available', ' published', ' described', ' developed', ' increased',
  ' announced', ' continued', ' generally', ' similar', ' history', ' located', ' national', ' research',
  ' received', ' released', ' reported', ' recorded', ' released', ' directed', ' produced', ' appeared',
  ' company', ' country', ' century', ' million', ' billion', ' percent', ' average', ' annual', ' record',
  ' largest', ' highest', ' longest', ' smallest', ' biggest', ' greatest', ' oldest', ' youngest',
  ' western', ' eastern', ' northern', ' southern', ' central', ' region', ' district', ' province',
  ' village', ' island', ' river', ' mountain', ' capital', ' county', ' state', ' city', ' town',
  ' series', ' season', ' episode', ' album', ' song', ' film', ' novel', ' book', ' band', ' team',
  ' game', ' player', ' club', ' league', ' football', ' music', ' church', ' school', ' college',
  ' service', ' system', ' process', ' result', ' source', ' sources', ' document', ' article',
  ' question', ' answer', ' evidence', ' claim', ' claims', ' citation', ' citations', ' support',
  ' supported', ' supports', ' passage', ' chunk', ' context', ' model', ' data', ' user', ' users',
  ' example', ' number', ' amount', ' level', ' rate', ' price', ' cost', ' value', ' total', ' size',
  ' health', ' patients', ' treatment', ' disease', ' medical', ' study', ' studies', ' effect',
  ' effects', ' risk', ' water', ' energy', ' power', ' light', ' heat', ' food', ' land', ' area',
  ' areas', ' family', ' children', ' women', ' people', ' person', ' members', ' member', ' group',
  ' groups', ' party', ' war', ' army', ' law', ' court', ' act', ' public', ' social', ' human',
  ' local', ' early', ' late', ' major', ' main', ' small', ' large', ' high', ' low', ' long', ' short',
  ' young', ' old', ' real', ' true', ' full', ' free', ' open', ' common', ' certain', ' possible',
  ' known', ' called', ' named', ' born', ' died', ' married', ' founded', ' built', ' based', ' held',
  ' won', ' lost', ' led', ' left', ' began', ' became', ' remained', ' served', ' moved', ' joined',
  ' began', ' started', ' opened', ' closed', ' created', ' designed', ' written', ' played',
  ' located in', ' known as', ' also known as', ' as well as', ' such as', ' due to', ' up to',
  ' the United States', ' the United Kingdom', ' the world', ' in the world', ' the first',
  ' the same', ' the most', ' the end of', ' the end', ' part of the', ' one of the', ' some of the',
  ' most of the', ' the number of', ' a number of', ' in order to', ' in addition', ' on the other hand',
];
const ENGLISH_COMMON = [
  ' January', ' February', ' March', ' April', ' May', ' June', ' July', ' August', ' September',
  ' October', ' November', ' December', ' Monday', ' Sunday',
  ' about', ' above', ' across', ' after', ' again', ' against', ' along', ' already', ' also',
  ' although', ' always', ' among', ' another', ' around', ' because', ' been', ' before', ' being',
  ' below', ' between', ' both', ' during', ' each', ' either', ' enough', ' even', ' ever', ' every',
  ' few', ' first', ' second', ' third', ' last', ' next', ' new', ' good', ' great', ' however',
  ' into', ' itself', ' just', ' least', ' less', ' like', ' many', ' more', ' most', ' much', ' must',
  ' never', ' often', ' only', ' other', ' others', ' over', ' own', ' per', ' same', ' several',
  ' should', ' since', ' still', ' such', ' than', ' then', ' there', ' these', ' those', ' though',
  ' through', ' under', ' until', ' upon', ' very', ' well', ' where', ' whether', ' while', ' within',
  ' without', ' would', ' could', ' might', ' may', ' can', ' will', ' shall', ' year', ' years',
  ' time', ' times', ' day', ' days', ' way', ' part', ' place', ' work', ' world', ' life', ' end',
  ' use', ' used', ' using', ' make', ' made', ' take', ' taken', ' took', ' give', ' given', ' gave',
  ' find', ' found', ' get', ' got', ' go', ' went', ' come', ' came', ' see', ' seen', ' say', ' said',
  ' know', ' think', ' show', ' shown', ' include', ' includes', ' included', ' provide', ' provides',
  ' provided', ' require', ' required', ' requires', ' allow', ' allows', ' allowed', ' help', ' need',
  ' needs', ' needed', ' want', ' keep', ' set', ' put', ' run', ' let', ' call', ' want', ' seem',
  ' feel', ' become', ' leave', ' hold', ' bring', ' write', ' read', ' move', ' live', ' lived',
  ' believe', ' happen', ' follow', ' change', ' changes', ' changed', ' based on', ' refers to',
  ' two', ' three', ' four', ' five', ' six', ' seven', ' eight', ' nine', ' ten', ' hundred',
  ' thousand', ' half', ' one', ' no', ' not', ' only', ' some', ' any', ' all', ' most',
  ' English', ' American', ' British', ' French', ' German', ' Indian', ' Chinese', ' European',
  ' India', ' China', ' Japan', ' France', ' Germany', ' England', ' London', ' America', ' Europe',
];
const ENGLISH_FREQUENT = [
  ' what', ' which', ' who', ' whom', ' whose', ' when', ' why', ' how', ' this', ' that', ' they',
  ' them', ' their', ' there', ' then', ' than', ' these', ' those', ' were', ' was', ' has', ' had',
  ' have', ' having', ' does', ' did', ' do', ' are', ' is', ' be', ' been', ' it', ' its', " it's",
  ' he', ' his', ' him', ' she', ' her', ' we', ' our', ' you', ' your', ' i', ' me', ' my', ' an',
  ' so', ' if', ' or', ' but', ' not', ' no', ' at', ' by', ' on', ' as', ' up', ' out', ' from',
  ' with', ' for', ' to', ' in', ' of', ' and', ' a', ' the',
  ' it is', ' it was', ' there is', ' there are', ' there was', ' has been', ' have been', ' had been',
  ' was the', ' is the', ' is a', ' was a', ' are the', ' to be', ' will be', ' can be', ' may be',
  ' of a', ' in a', ' to a', ' with a', ' for a', ' as a', ' and a', ' is an', ' with the', ' for the',
  ' from the', ' by the', ' at the', ' on the', ' to the', ' and the', ' in the', ' of the', 'The ',
  'In ', 'It ', 'This ', 'He ', 'She ', 'They ', 'However, ', 'According to ', ' according to the',
];

// General English vocabulary beyond the most frequent words: the nouns, verbs and adjectives that
// fill retrieved passages. Space-separated in one string to keep the file readable; rarer first.
const ENGLISH_VOCABULARY = `
accident accurate achieve acquired adapted addition address adequate adjacent admitted adopted adult
advance advantage adventure advertising advice affair affected afternoon agency agenda agent aggressive
agreement agricultural aircraft airline airport alcohol alive alliance ally alternative ambassador
amendment analysis ancestor ancient angle anniversary announcement annually anxiety apartment apparent
appeal appearance application appointed approach appropriate approval architect architecture archive
argument arrangement arrested arrival artificial artist aspect assembly assessment asset assistance
assistant assumption atmosphere attached attempt attendance attention attitude attorney attractive
audience author authority automatic autumn awarded awareness background balance ballot banking barrier
basketball battery battle beach beauty bedroom behaviour behavior belief beneficial benefit bishop
border boundary branch brand breakfast bridge brief brilliant broadcast brother budget building
bureau burden business cabinet calculated calendar campaign campus cancelled candidate capable capacity
captain carbon career cargo carried castle category cathedral celebrated celebration cell census
ceremony chairman challenge chamber champion channel chapter character charge charity chart chemical
chief childhood choice circuit circumstances citizen civil civilian classic classical classified
climate clinical coach coalition coastal collapse colleague collection colonial colony column combat
combination comedy command commander comment commercial commission commissioner commitment committee
communication companion comparison competition complaint complex component composed composer compound
comprehensive computer concentration concept concern concert conclusion concrete condition conducted
conference confidence confirmed conflict congress connection conscious consent consequence conservative
consistent constant constitution constitutional consumer consumption contact contemporary content
contest continent contract contrast contribution controversial controversy convention conversation
conviction cooperation copper corner corporate correct correspondent corridor council counter county
couple courage coverage creation creative creature credit crime criminal crisis critic critical
criticism crop crowd crown crucial cultural culture currency curriculum customer cycle damage danger
database daughter deadline dealer debate decade decision declaration decline decrease defeat defence
defense deficit definition degree delegate delivery demand democracy democratic demonstration density
dependent deposit depression deputy desert designer desire destination destruction detail detection
detective device diagnosis dialogue diameter diet difference difficulty digital dimension dinner
diplomatic direction director disability disaster discipline discount discovery discrimination
discussion dismissed disorder display dispute distance distinct distinction distribution diverse
division doctor doctrine domain domestic dominant draft drama dramatic drawing driver drought
duration duty dynamic earnings earthquake economic economist economy edition editor education
educational efficiency efficient effort elderly elected election electric electricity electronic
element elementary elevation elite embassy emergency emission emotion emotional emperor empire
employee employer employment encounter encouraged enemy engine engineer engineering enterprise
entertainment enthusiasm entire entrance entry episode equal equipment equivalent era error
escape essay essential estate estimated ethnic evaluation evening event evidence evolution exact
examination excellent exception exchange excitement exclusive executive exercise exhibition existence
expansion expectation expedition expenditure expense experience experiment expert explanation
explosion export exposure expression extension extensive extent external extraordinary extreme
facility factor factory faculty failure faith false fame familiar farmer fashion favour favor feature
federal fee festival fiction field fighter figure final finance finding fire firm fiscal fishing
flight flood floor flow focus folk forecast foreign forest formal format formation former formula
fortune forum foundation fraction framework fraud freedom frequency frequent friendship frontier
fuel function fund funding funeral furniture gallery gap garden gender generation generous genetic
genius genre gentle genuine geography gesture giant glass global goal golden governor graduate grain
grant graphic grass gravity ground growth guarantee guard guest guidance guide guilty habitat harbour
harbor harvest headquarters hearing heaven height heritage hero highway hill historian historic
historical holiday honour honor horizon horror hospital host hostile household housing humanity
hunting hypothesis identity ideology illness illustration image imagination immigrant immigration
impact implementation implication import impression improvement incident income incorporated
increase independence index indigenous industrial industry infant inflation influence infrastructure
inhabitant initial initiative injury inquiry insight inspector installation instance institution
instruction instrument insurance integrated integrity intellectual intelligence intensity intention
interaction interest interior internal interpretation interval intervention interview introduction
invasion investigation investment investor invitation issue item journal journalist journey judge
judgment junior jury justice kingdom kitchen knowledge label laboratory labour labor landscape
language laser launch lawyer layer leadership learning lecture legacy legal legend legislation
legislative legislature leisure lesson liberal liberty library licence license lifetime limit
linear literary literature litigation loan lobby location logic loss lover loyalty machine magazine
magnitude maintenance majority manager manufacturer manufacturing margin marine marketing marriage
mass massive master match material mathematics matter mayor meaning measure measurement mechanism
media medicine medium meeting memorial memory mental merchant message metal method metropolitan
middle migration military mineral minimum minister ministry minority minute miracle mission mixture
mobile mode moderate modern modest molecule moment monarch monastery monitor monopoly
monument moral mortality mortgage mother motion motor mount mouth movement municipal murder museum
musician mystery myth narrative nation native natural nature navy negotiation neighbour neighbor
neighbourhood neighborhood network neutral newspaper nominated normal notion nuclear numerous nurse
nutrition objective obligation observation occasion occupation ocean offence offense offer officer
official operation operator opinion opponent opportunity opposition option orbit orchestra ordinary
organ organic origin outcome outlet output owner ownership oxygen painting palace panel parallel
parent parish parliament participant participation partner partnership passenger passion patent
pattern payment peace peak peasant penalty pension perception period permanent permission personal
personality perspective phase phenomenon philosophy phone photograph physical physician physics
pilot pioneer planet planning plant plastic platform pleasure plot poem poet poetry police policy
politician politics poll pollution pool popular portion portrait position positive poverty practice
prayer precise prediction preference pregnancy premier premises preparation presence presentation
preservation pressure prevention primary prime prince princess principal principle priority prison
prisoner privacy private prize probability procedure proceedings producer professional professor
profile profit program programme progress prohibition project promise promotion proof property
proportion proposal prosecution prospect protection protein protest province provision psychology
publication publisher punishment purchase purpose quality quantity quarter queen railway
range ranking ratio reaction reader reality recession recognition recommendation recovery recruitment
reduction reference reflection reform refugee regime regiment regional register regulation
rehabilitation relation relative relevant relief religion religious remark remedy removal
reputation request rescue reserve resident residential resignation resistance resolution resort
resource response restaurant restoration restriction retail retirement revenue review revolution
reward rhythm ridge rival road rock royal rural sacred safety salary sample sanctions satellite
scale scandal scenario scene schedule scheme scholar scholarship science scientific scientist
score screen sculpture secretary section sector security selection senator sensitive sentence
sequence sergeant settlement shareholder shelter shift shipping shortage signal signature silence
silver similarity simulation sister site situation skill slavery society software soil soldier
solution soul sovereign space speaker specialist specimen spectrum speech sphere spirit sponsor
spring squad stability stadium staff stage standard statement station statistics statue status
steel stock storage storm strategy strength stress structure student studio style subject
submission subsidiary substance suburb success succession successor sufficient suggestion suicide
summary summit supplier supply surface surgery surplus survey survival suspect symbol symptom
syndrome talent target taxation teacher teaching technical technique telephone telescope temple
tenant tendency tension territory terror testimony textile theatre theater theme theory therapy
thesis threat throne ticket timber tissue title tobacco tolerance topic tourism tournament tower
trade tradition traffic tragedy trail training transfer transformation transition translation
transmission transport transportation treasury treaty trend trial tribe tribute troops tropical
trust truth tunnel typical uncle unemployment union unique unit unity universe urban usage vaccine
valley variable variation variety vehicle venture venue version vessel veteran victim victory video
viewer village violation violence virtue visible vision visitor volume voluntary volunteer voter
voyage wage warfare warning wealth weapon website wedding weekend welfare widow wildlife winner
winter wisdom witness worker workforce workshop writer youth zone
`;

// Multi-word sequences of encyclopaedic, news, help-centre and scientific prose: a long match
// is where a preset dictionary pays (a short word costs about as much as a back-reference).
const ENGLISH_PHRASES = [
  ' is a village in the', ' is a town in the', ' is a city in the', ' is a city and', ' is the capital of',
  ' is the largest city', ' the largest city in', ' the capital city of', ' district of', ' state of',
  ' kilometres from', ' kilometers from', ' miles from', ' square kilometres', ' square miles', ' above sea level',
  ' the population was', ' at the census', ' inhabitants', ' is located in the', ' is situated in the',
  ' was born in', ' was born on', ' died in', ' is an American', ' was an American', ' is a British',
  ' was a British', ' is an English', ' singer and songwriter', ' actor and', ' professional football',
  ' who played for', ' played for the', ' the National Football League', ' the Premier League', ' the World Cup',
  ' the Olympic Games', ' gold medal', ' was released on', ' was released in', ' studio album by', ' the album',
  ' the single', ' the song', ' directed by', ' written by', ' produced by', ' starring', ' the film',
  ' television series', ' the show', ' the novel', ' published by', ' was published in', ' the first season',
  ' the second season', ' the final episode', ' premiered on', ' the Academy Award', ' won the', ' nominated for',
  ' was elected', ' the President of the United States', ' the Prime Minister', ' the Supreme Court',
  ' the House of Representatives', ' the Senate', ' Congress', ' the government of', ' the Ministry of',
  ' the European Union', ' the United Nations', ' the Soviet Union', ' World War II', ' the Second World War',
  ' the First World War', ' the Civil War', ' the 19th century', ' the 20th century', ' the 21st century',
  ' in the early', ' in the late', ' in the mid', ' at the end of the', ' at the beginning of the',
  ' at the time', ' at that time', ' in the same year', ' the following year', ' the previous year',
  ' per year', ' per cent', ' percent of the', ' of the population', ' the majority of', ' a total of',
  ' an average of', ' on average', ' the highest', ' the lowest',
  ' the world record', ' the largest', ' the smallest', ' the longest', ' the oldest',
  ' one of the most', ' one of the largest', ' one of the first', ' is one of the', ' was one of the',
  ' is considered', ' is known for', ' was known as', ' is also known as', ' commonly known as',
  ' is used to', ' are used to', ' can be used to', ' is used for', ' is responsible for', ' is part of the',
  ' is made up of', ' consists of', ' is composed of', ' refers to the', ' is defined as', ' is based on',
  ' the term', ' the name', ' the word', ' named after', ' the origin of', ' the history of',
  ' the University of', ' University Press', ' the Department of', ' the Institute of', ' the Journal of',
  ' the study of', ' a study', ' the results', ' the effects of', ' the risk of', ' associated with',
  ' compared to', ' compared with', ' in contrast', ' in comparison', ' in general', ' in particular',
  ' for example,', ' for instance,', ' such as the', ' as well as the', ' in addition to', ' in terms of',
  ' with respect to', ' as a result', ' as a result of', ' because of the', ' due to the', ' in order to',
  ' in the form of', ' in the case of', ' the use of', ' the development of', ' the role of',
  ' the amount of', ' the number of', ' the rest of the', ' the end of the', ' the top of the',
  ' the center of', ' the centre of', ' the north of', ' the south of', ' the east of', ' the west of',
  ' north-eastern', ' south-eastern', ' north-western', ' south-western', ' northeast', ' northwest',
  ' southeast', ' southwest', ' the coast of', ' the island of', ' the river', ' the border',
  ' the Atlantic', ' the Pacific', ' the Indian Ocean', ' the Mediterranean', ' the Middle East',
  ' Africa', ' Asia', ' Australia', ' Canada', ' Mexico', ' Brazil', ' Russia', ' Italy', ' Spain',
  ' New York', ' California', ' Texas', ' Washington', ' Chicago', ' Paris', ' Berlin', ' Prague',
  ' the company', ' the company\'s', ' Inc.', ' Ltd.', ' Corporation', ' customers', ' products',
  ' your account', ' your API key', ' the API', ' the user', ' you can', ' you will', ' you need to',
  ' you may', ' if you', ' to use the', ' click on', ' click the', ' select the', ' make sure',
  ' settings', ' the following', ' the following steps', ' for more information', ' please',
  ' Note that', ' note that', ' you have', ' we recommend', ' to ensure', ' is not', ' are not',
  ' does not', ' do not', ' did not', ' cannot', ' can not', ' will not', ' would not', ' should not',
  ' there is no', ' there are no', ' no longer', ' not only', ' but also', ' rather than',
  ' more than', ' less than', ' greater than', ' at least', ' at most', ' up to', ' about the',
  ' the same time', ' at the same time', ' each other', ' one another', ' the other', ' other than',
  ' which is', ' which was', ' which are', ' which were', ' who is', ' who was', ' that is', ' that was',
  ' that are', ' that the', ' and it', ' and is', ' and was', ' and has', ' and his', ' and her',
  ' and their', ' and other', ' and in', ' and a', ' but the', ' when the', ' where the', ' while the',
  ' after the', ' before the', ' during the', ' between the', ' through the', ' into the', ' over the',
  ' under the', ' about ', ' around the', ' across the', ' against the', ' within the', ' without the',
  ' since the', ' until the', ' among the', ' along the', ' towards the', ' throughout the',
  ' patients with', ' treatment of', ' symptoms', ' infection', ' blood', ' cells', ' the body',
  ' the brain', ' the heart', ' the skin', ' cancer', ' vaccine', ' bacteria', ' virus', ' doctors',
  ' species', ' plants', ' animals', ' the Earth', ' the Sun', ' the Moon', ' the surface',
  ' climate', ' the weather', ' degrees', ' °C', ' °F', ' kilometres', ' kilometers',
  ' metres', ' meters', ' miles', ' feet', ' inches', ' pounds', ' kilograms', ' tons', ' dollars',
  ' million people', ' billion dollars', ' the economy', ' the market', ' prices', ' income', ' taxes',
  ' the law', ' the right to', ' rights', ' citizens', ' vote', ' voting', ' elections', ' the election',
  ' the age of', ' years old', ' years of age', ' the first time', ' for the first time', ' in total',
  ' language model', ' the model', ' the answer', ' the question', ' the document', ' the documents',
  ' the source', ' the sources', ' the passage', ' the chunk', ' the context', ' retrieved', ' retrieval',
];

// More multi-word sequences of expository prose (definitions, history, science, how-to).
const ENGLISH_PHRASES_MORE = [
  ' in the United States', ' in the UK', ' around the world', ' all over the world', ' in many countries',
  ' in most cases', ' in some cases', ' in this case', ' in other words', ' on the basis of', ' by means of',
  ' as part of', ' as long as', ' as soon as', ' as much as', ' as many as', ' as far as', ' as opposed to',
  ' so that', ' such that', ' even though', ' even if', ' whether or not', ' instead of', ' regardless of',
  ' in spite of', ' despite the', ' thanks to', ' along with', ' together with', ' apart from', ' except for',
  ' prior to', ' following the', ' ahead of', ' next to', ' close to', ' far from', ' close to the',
  ' a variety of', ' a series of', ' a range of', ' a lot of', ' a set of', ' a group of', ' a member of',
  ' a type of', ' a form of', ' a kind of', ' a period of', ' a total of', ' a result of', ' a part of',
  ' the rest of', ' the majority of the', ' the size of', ' the level of', ' the quality of', ' the value of',
  ' the impact of', ' the effect of', ' the cause of', ' the purpose of', ' the process of', ' the idea of',
  ' the concept of', ' the nature of', ' the importance of', ' the presence of', ' the absence of',
  ' the beginning of', ' the middle of', ' the end of the', ' the start of', ' the time of', ' the date of',
  ' the city of', ' the state of', ' the country', ' the region', ' the area', ' the town of', ' the village of',
  ' the capital', ' the population', ' the people', ' the government', " the country's", " the world's",
  ' the highest', ' the largest number of', ' the first time', ' the last time', ' the next year',
  ' the late 19th century', ' the early 20th century', ' the mid-20th century', ' the 1990s', ' the 2000s',
  ' at least one', ' more than one', ' one or more', ' two or more', ' each of the', ' all of the', ' many of the',
  ' none of the', ' both of the', ' any of the', ' several of the', ' some of these', ' most of these',
  ' it has been', ' it had been', ' it can be', ' it may be', ' it will be', ' it would be', ' it is not',
  ' it does not', ' there has been', ' there have been', ' there were', ' which has', ' which had',
  ' which can', ' which may', ' which will', ' who has', ' who had', ' that has', ' that had', ' that can',
  ' has also', ' have also', ' was also', ' is also', ' are also', ' were also', ' can also', ' may also',
  ' is still', ' was still', ' is now', ' was then', ' is often', ' is usually', ' is generally',
  ' is typically', ' is commonly', ' is widely', ' is sometimes', ' are often', ' are usually', ' are generally',
  ' was first', ' was later', ' was eventually', ' was originally', ' was previously', ' was finally',
  ' were first', ' have been', ' has been used', ' has been described', ' has been reported', ' is reported',
  ' reported that', ' found that', ' showed that', ' suggests that', ' indicates that', ' means that',
  ' states that', ' said that', ' argued that', ' believed that', ' noted that', ' claimed that', ' stated that',
  ' according to a', ' in accordance with', ' with regard to', ' in relation to', ' in response to',
  ' in favour of', ' in favor of', ' on behalf of', ' at the request of', ' by the end of', ' by the time',
  ' from time to time', ' over the years', ' over time', ' for years', ' for many years', ' in recent years',
  ' in the past', ' in the future', ' to this day', ' to date', ' since then', ' at present', ' these days',
  ' per day', ' per month', ' per person', ' per capita', ' a year', ' a day', ' a week', ' each year',
  ' every year', ' last year', ' this year', ' next year', ' years later', ' years ago', ' days later',
  ' a month', ' months', ' weeks', ' hours', ' minutes', ' seconds', ' decades', ' centuries',
  ' the month of', ' the year of', ' from January', ' until December', ' between January',
  ' the highest point', ' the lowest point', ' the total number', ' the average', ' the median',
  ' more likely', ' less likely', ' most likely', ' likely to', ' able to', ' unable to', ' used to',
  ' going to', ' have to', ' has to', ' had to', ' need to', ' needs to', ' want to', ' tend to',
  ' seems to', ' appears to', ' continues to', ' began to', ' started to', ' tried to', ' decided to',
  ' in which', ' of which', ' by which', ' through which', ' during which', ' after which', ' for which',
  ' each other', ' the other hand', ' on the one hand', ' first of all', ' in conclusion', ' in summary',
  ' to summarize', ' overall,', ' finally,', ' firstly,', ' secondly,', ' therefore,', ' thus,', ' hence,',
  ' moreover,', ' meanwhile,', ' instead,', ' similarly,', ' likewise,', ' consequently,', ' nonetheless,',
  ' otherwise,', ' indeed,', ' in fact,', ' of course,', ' for example', ' e.g.', ' i.e.', ' etc.',
  ' Mr.', ' Dr.', ' St.', ' No.', ' U.S.', ' U.K.', ' km', ' mm', ' cm', ' kg', ' mg', ' %', ' $',
];

// Citation syntaxes of SPEC §3 and the way answers place them.
const CITATION_SYNTAX = [
  '<cite>[', ']</cite>', '【1†source】', '【1】', '[^1]: ', '[^2]', '[^1]', '\\cite{', '} ', '},',
  '[Document ', '[doc1]', '[doc2]', '[chunk_1]', 'Source 1: ', 'Document 1: ',
  '[1-3]', '[1, 2]', '[5]', '[4]', '[3]', '[2]', '[1][2]', '[1]', ' [1]', ' [2]', ' [3]', '].', '] ',
];

// Keys and literal values of a link's JSON header (layout 1 in layout.ts): model results, labels,
// structured citations and chunk metadata. Case texts are not JSON in layout 1.
const JSON_SKELETON = [
  '"complete_refinement":[{"claim_index":', '"is_factual_claim":true', '"is_factual_claim":false', '"reason":"',
  '"answer_evaluation":{"verdict":"', 'PARTIALLY_CORRECT', '"missing_information":[', '"correctness_score":', '"explanation":"',
  '"l":[{"caseKey":"', '"claimIndex":', '"chunkId":"', '"annotator":"', '"note":"', '"claimText":"', '"updated":17',
  '"label":"fully_supported"', '"label":"partially_supported"', '"label":"not_supported"',
  '"usage":{"input_tokens":', '"output_tokens":', '"cache_read_input_tokens":', '"requests":', '"strict":true',
  '"summary":"', '"recommendations":["', '"joint_verdict":"fully_supported"', '"joint_verdict":"partially_supported"',
  '"decision_basis":"The chunk ', '"missing_or_extra":"', '"supporting_phrase":"', '"verdict":"not_supported"',
  '"verdict":"partially_supported"', '"verdict":"fully_supported"', '"support":[{"chunk_id":"',
  '{"m":{"model":"claude-sonnet-4', '"judgements":[{"claim_index":',
  '"type":"char_location","cited_text":"', '"document_index":', '"document_title":"', '"start_char_index":',
  '"end_char_index":', '"type":"page_location"', '"start_page_number":', '"end_page_number":',
  '"type":"content_block_location"', '"start_block_index":', '"end_block_index":', '{"type":"text","text":"',
  '"citations":[{"chunk_id":"', '"quote":"', '"start":', '"end":', '"sources":["', '"document_ids":["',
  '"x":{"structured_citations":', '"language":"cs"', '"language":"en"', '"cx":{"0":{"url":"https://', '"page":',
  '"s":{"requiredStyle":"latex_cite"', '"language":"auto"}', '"ids":["', '{"g":1', '"o":0',
];

const english = [
  ENGLISH_VOCABULARY.trim().split(/\s+/).map((w) => ' ' + w).join(''),
  ENGLISH_RARE.join(''),
  ENGLISH_PHRASES_MORE.join(''),
  ENGLISH_PHRASES.join(''),
  ENGLISH_COMMON.join(''),
  ENGLISH_FREQUENT.join(''),
].join('\n');
const czech = CZECH.join(' ');
const citations = CITATION_SYNTAX.join(' ');
const json = JSON_SKELETON.join('');

/**
 * Two orders of the same parts: English nearest the data (cheapest to reach) or Czech nearest.
 * The encoder tries both and the link's first byte says which one it used.
 */
export const DICTIONARY_TEXTS = {
  en: [json, czech, citations, english].join('\n'),
  cs: [json, english, citations, czech].join('\n'),
} as const;
export type DictionaryName = keyof typeof DICTIONARY_TEXTS;

const cache = new Map<DictionaryName, Uint8Array>();
/** A dictionary as UTF-8 bytes (built once). */
export function dictionaryBytes(name: DictionaryName): Uint8Array {
  let bytes = cache.get(name);
  if (!bytes) {
    bytes = new TextEncoder().encode(DICTIONARY_TEXTS[name]);
    cache.set(name, bytes);
  }
  return bytes;
}
