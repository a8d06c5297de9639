// A corpus of answers written for this project (issue 10): for each family of false alarm the
// local checks used to raise, the shape a careful reviewer dismisses and the near-miss that must
// still be flagged. Claims are named by the start of their text.
import type { AuditCase, AuditOptions, Language } from '../../../src/core/types';

export type Family = 'lead_in' | 'glued_list_marker' | 'advice' | 'references' | 'bracket_notes' | 'language' | 'citation_scope';

export interface Expect {
  /** [claim text start, exemption rule] for claims that must be exempt. */
  exempt?: [string, string][];
  /** Claims that must be reported uncited (an error of COMPLETE). */
  uncited?: string[];
  /** Claims that must get the "uncited lead-in" warning (COMPLETE does not fail on it). */
  warned?: string[];
  /** [claim text start, chunk ids it is credited with]. */
  cited?: [string, string[]][];
  complete?: 'PASS' | 'FAIL';
  exists?: 'PASS' | 'FAIL';
  formatted?: 'PASS' | 'FAIL';
  language?: Language;
  /** The markers found, in order. */
  markers?: string[];
  /** The claims, exactly (texts), when the split itself is the point. */
  claims?: string[];
}

export interface PrecisionCase {
  family: Family;
  name: string;
  /** 'dismiss': the alarm a reviewer would dismiss must not be raised; 'flag': a near-miss that must be. */
  kind: 'dismiss' | 'flag';
  case: AuditCase;
  options?: AuditOptions;
  expect: Expect;
}

const chunks = (...texts: string[]) => texts.map((text, i) => ({ id: String(i + 1), text }));

const ENERGY = chunks(
  'Sealing drafts around windows and doors reduces heat loss in winter.',
  'LED bulbs use at least 75 % less energy than incandescent lighting.',
  'A programmable thermostat lowers heating bills when nobody is home.',
);

export const CORPUS: PrecisionCase[] = [
  // ---------------------------------------------------------------------------------------------
  // 1 + 7. Lead-ins: announcements are exempt, specific assertions are not; one rule by content.
  {
    family: 'lead_in',
    name: 'generic "… are:" lead-in before a cited list',
    kind: 'dismiss',
    case: {
      query: 'How can I cut my household energy use?',
      answer:
        'Some of the most common strategies are:\n\n- Seal drafts around windows and doors [1].\n- Switch to LED bulbs, which use far less energy [2].\n- Install a programmable thermostat [3].',
      chunks: ENERGY,
    },
    expect: { exempt: [['Some of the most common strategies are:', 'lead_in']], complete: 'PASS' },
  },
  {
    family: 'lead_in',
    name: '"Here are the steps to get started:" before numbered steps',
    kind: 'dismiss',
    case: {
      query: 'How do I open a Roth IRA?',
      answer:
        'Here are the steps to get started:\n1. Check that your income is under the contribution limit [1].\n2. Choose a broker and open the account online [2].\n3. Set up automatic monthly contributions [2].',
      chunks: chunks(
        'Roth IRA contributions are limited for incomes above the threshold set each year.',
        'Most brokers let you open an IRA online and schedule automatic contributions.',
      ),
    },
    expect: { exempt: [['Here are the steps to get started:', 'lead_in']], complete: 'PASS' },
  },
  {
    family: 'lead_in',
    name: '"This framework includes the following steps:" (the subject was introduced before)',
    kind: 'dismiss',
    case: {
      query: 'What is a workplace risk assessment?',
      answer:
        'A risk assessment is a structured look at what could cause harm at work [1]. This framework includes the following steps:\n\n1. Identify the hazards [1].\n2. Decide who might be harmed and how [1].\n3. Record the findings and review them [2].',
      chunks: chunks(
        'A risk assessment identifies hazards, decides who might be harmed and how, and records the findings.',
        'Employers should review the assessment and update it when the work changes.',
      ),
    },
    expect: { exempt: [['This framework includes the following steps:', 'lead_in']], complete: 'PASS' },
  },
  {
    family: 'lead_in',
    name: 'Czech lead-in "Mezi hlavní příčiny inflace patří:"',
    kind: 'dismiss',
    case: {
      query: 'Co způsobuje inflaci?',
      answer: 'Mezi hlavní příčiny inflace patří:\n\n- růst cen energií [1],\n- oslabení koruny vůči euru [2].',
      chunks: chunks('Ceny energií loni výrazně vzrostly a táhly inflaci nahoru.', 'Oslabení koruny zdražuje dovoz.'),
    },
    expect: { exempt: [['Mezi hlavní příčiny inflace patří:', 'lead_in']], complete: 'PASS', language: 'cs' },
  },
  {
    family: 'lead_in',
    name: 'the same shape as "The key outcomes are:" with "the following main stages"',
    kind: 'dismiss',
    case: {
      query: 'How does the grant review work?',
      answer: 'The process involves the following main stages:\n- An eligibility check by the office [1].\n- A scientific review by two experts [1].',
      chunks: chunks('Applications pass an eligibility check by the office and then a scientific review by two experts.'),
    },
    expect: { exempt: [['The process involves the following main stages:', 'lead_in']], complete: 'PASS' },
  },
  {
    family: 'lead_in',
    name: 'a count in the lead-in is a specific assertion ("three actions")',
    kind: 'flag',
    case: {
      query: 'What can a creditor do when a debt is not paid?',
      answer:
        'The creditor can take three actions:\n1. File a lawsuit for the amount owed [1].\n2. Ask the court to garnish wages [2].\n3. Place a lien on property [2].',
      chunks: chunks('A creditor may sue for the unpaid amount.', 'After a judgment the court can order wage garnishment or a lien on property.'),
    },
    expect: { uncited: ['The creditor can take three actions:'], complete: 'FAIL' },
  },
  {
    family: 'lead_in',
    name: 'a count keeps "The process involves two main stages:" a claim (consistent with the one above)',
    kind: 'flag',
    case: {
      query: 'How does the grant review work?',
      answer: 'The process involves two main stages:\n- An eligibility check by the office [1].\n- A scientific review by two experts [1].',
      chunks: chunks('Applications pass an eligibility check by the office and then a scientific review by two experts.'),
    },
    expect: { uncited: ['The process involves two main stages:'], complete: 'FAIL' },
  },
  {
    family: 'lead_in',
    name: 'a lead-in with a year states a fact',
    kind: 'flag',
    case: {
      query: 'Tell me about Prague.',
      answer: 'Prague has been the capital of an independent Czech Republic since 1993 and is divided into these districts:\n- Praha 1, the historic centre [1].\n- Praha 2 [1].',
      chunks: chunks('Praha 1 covers the historic centre; Praha 2 lies south of it.'),
    },
    expect: { uncited: ['Prague has been the capital'], complete: 'FAIL' },
  },
  {
    family: 'lead_in',
    name: 'a lead-in naming more than an announcement is a warning, never a silent pass',
    kind: 'flag',
    case: {
      query: 'Why is Einstein famous?',
      answer: 'Einstein won the Nobel Prize for the following discovery:\n- the law of the photoelectric effect [1].',
      chunks: chunks('Einstein received the 1921 Nobel Prize in Physics for his discovery of the law of the photoelectric effect.'),
    },
    expect: { warned: ['Einstein won the Nobel Prize for the following discovery:'], complete: 'PASS' },
  },
  {
    family: 'lead_in',
    name: 'a colon sentence that nothing follows introduces nothing: it is a claim',
    kind: 'flag',
    case: {
      query: 'What did the trial show?',
      answer: 'The trial lowered blood pressure in most patients [1]. Its most important secondary benefits were:',
      chunks: chunks('In the trial, most patients saw lower blood pressure.'),
    },
    expect: { uncited: ['Its most important secondary benefits were:'], complete: 'FAIL' },
  },

  // ---------------------------------------------------------------------------------------------
  // 2. A marker glued to a list number goes to the claim before the number, consistently.
  {
    family: 'glued_list_marker',
    name: '"1[1]. Item [2]" after a lead-in',
    kind: 'dismiss',
    case: {
      query: 'How should a city start cutting building emissions?',
      answer:
        'The report suggests the following approaches:\n\n1[1]. Analyze the energy use of each public building [2].\n2[3]. Replace the oldest boilers first [3].',
      chunks: chunks(
        'The report lists approaches for cutting emissions from public buildings.',
        'An energy audit of every public building shows where savings are largest.',
        'Old boilers are the least efficient and should be replaced first.',
      ),
    },
    expect: {
      cited: [
        ['The report suggests the following approaches:', ['1']],
        ['Analyze the energy use of each public building.', ['2', '3']],
        ['Replace the oldest boilers first.', ['3']],
      ],
      complete: 'PASS',
    },
  },
  {
    family: 'glued_list_marker',
    name: '"1.[1] Item" shape, the lead-in states a fact: it is cited, not uncited',
    kind: 'dismiss',
    case: {
      query: 'What can a creditor do?',
      answer: 'The creditor can take three actions:\n1.[1] File a lawsuit [2].\n2.[2] Garnish wages [2].',
      chunks: chunks('A creditor has three remedies: a lawsuit, wage garnishment and a lien.', 'A creditor may sue and, after judgment, garnish wages.'),
    },
    expect: {
      cited: [
        ['The creditor can take three actions:', ['1']],
        ['File a lawsuit.', ['2']],
      ],
      complete: 'PASS',
    },
  },
  {
    family: 'glued_list_marker',
    name: 'an item with only the glued marker and no own citation is still uncited',
    kind: 'flag',
    case: {
      query: 'How should a city start cutting building emissions?',
      answer: 'The report suggests the following approaches:\n\n1[1]. Analyze the energy use of each public building.',
      chunks: chunks('The report lists approaches for cutting emissions from public buildings.'),
    },
    expect: { uncited: ['Analyze the energy use of each public building.'], complete: 'FAIL' },
  },

  // ---------------------------------------------------------------------------------------------
  // 7. Advice to the reader and announcements of the explanation.
  {
    family: 'advice',
    name: 'announcement and recommendation to verify',
    kind: 'dismiss',
    case: {
      query: "How does Delta's SkyMiles program work?",
      answer:
        "Let me explain Delta's SkyMiles program:\n\n- Members earn miles on flights and with partner cards [1].\n- Miles do not expire [1].\n\nI recommend verifying the current terms with Delta directly.",
      chunks: chunks('SkyMiles members earn miles on Delta flights and with partner credit cards; miles never expire.'),
    },
    expect: {
      exempt: [
        ["Let me explain Delta's SkyMiles program:", 'advice'],
        ['I recommend verifying the current terms with Delta directly.', 'advice'],
      ],
      complete: 'PASS',
    },
  },
  {
    family: 'advice',
    name: 'pointing to the official source, English and Czech',
    kind: 'dismiss',
    case: {
      query: 'Jaké jsou poplatky za vedení účtu?',
      answer: 'Vedení účtu je zdarma při měsíčním příjmu nad 15 000 Kč [1]. Doporučuji ověřit aktuální podmínky přímo u banky.',
      chunks: chunks('Vedení účtu je zdarma, pokud na něj měsíčně přijde alespoň 15 000 Kč.'),
    },
    expect: { exempt: [['Doporučuji ověřit aktuální podmínky přímo u banky.', 'advice']], complete: 'PASS', language: 'cs' },
  },
  {
    family: 'advice',
    name: '"For the most up-to-date information, please visit …"',
    kind: 'dismiss',
    case: {
      query: 'When is the museum open?',
      answer: 'The museum is open from Tuesday to Sunday [1]. For the most up-to-date information, please visit the museum website.',
      chunks: chunks('The museum is open Tuesday through Sunday.'),
    },
    expect: { exempt: [['For the most up-to-date information', 'advice']], complete: 'PASS' },
  },
  {
    family: 'advice',
    name: 'a recommendation with medical content is a claim',
    kind: 'flag',
    case: {
      query: 'Can I drink while taking metronidazole?',
      answer: 'Metronidazole can interact with alcohol [1]. I recommend avoiding alcohol while taking metronidazole.',
      chunks: chunks('Metronidazole interacts with alcohol.'),
    },
    expect: { uncited: ['I recommend avoiding alcohol while taking metronidazole.'], complete: 'FAIL' },
  },
  {
    family: 'advice',
    name: 'advice that gives its reason states a fact',
    kind: 'flag',
    case: {
      query: 'Should I check my tyres in winter?',
      answer: 'Cold air lowers tyre pressure [1]. I recommend checking the pressure monthly because it drops about 1 psi for every 10 °F.',
      chunks: chunks('Tyre pressure falls as the air gets colder.'),
    },
    expect: { uncited: ['I recommend checking the pressure monthly'], complete: 'FAIL' },
  },
  {
    family: 'advice',
    name: '"Let me note that …" carries a fact',
    kind: 'flag',
    case: {
      query: 'Is the loyalty program still running?',
      answer: 'The loyalty program offered points on every purchase [1]. Let me note that the program was discontinued last year.',
      chunks: chunks('The loyalty program gave points on every purchase.'),
    },
    expect: { uncited: ['Let me note that the program was discontinued last year.'], complete: 'FAIL' },
  },

  // ---------------------------------------------------------------------------------------------
  // 9. Reference lists and bracketed notes of bibliography styles.
  {
    family: 'references',
    name: 'IEEE list under a heading with [Online] and [Accessed: …]',
    kind: 'dismiss',
    case: {
      query: 'What are graph neural networks?',
      answer:
        'Graph neural networks generalise convolutions to irregular domains [1]. Message passing is the common framework behind most of them [2].\n\n' +
        'References\n' +
        '[1] A. M. Smith and P. Q. Jones, "Convolutions on graphs," IEEE Trans. Neural Netw., vol. 12, no. 3, pp. 45-67, 2019. [Online]. Available: https://example.org/gnn.pdf [Accessed: 22-Oct-2021].\n' +
        '[2] J. Gilmer et al., "Neural message passing for quantum chemistry," in Proc. ICML, 2017. [PDF]',
      chunks: chunks('Graph neural networks generalise convolutions to irregular domains such as graphs.', 'Most graph networks follow the message passing framework.'),
    },
    expect: { markers: ['[1]', '[2]'], exists: 'PASS', formatted: 'PASS', complete: 'PASS', language: 'en' },
  },
  {
    family: 'references',
    name: 'IEEE entries without a heading, each cited above',
    kind: 'dismiss',
    case: {
      query: 'What are graph neural networks?',
      answer:
        'Graph neural networks generalise convolutions to irregular domains [1]. Message passing is the common framework behind most of them [2].\n\n' +
        '[1] A. M. Smith and P. Q. Jones, "Convolutions on graphs," IEEE Trans. Neural Netw., vol. 12, no. 3, pp. 45-67, 2019. [Online]. Available: https://example.org/gnn.pdf [Accessed: 22-Oct-2021].\n' +
        '[2] J. Gilmer et al., "Neural message passing for quantum chemistry," in Proc. ICML, 2017.',
      chunks: chunks('Graph neural networks generalise convolutions to irregular domains such as graphs.', 'Most graph networks follow the message passing framework.'),
    },
    expect: { markers: ['[1]', '[2]'], exists: 'PASS', formatted: 'PASS', complete: 'PASS', claims: ['Graph neural networks generalise convolutions to irregular domains.', 'Message passing is the common framework behind most of them.'] },
  },
  {
    family: 'references',
    name: 'APA entries without labels under "References:"',
    kind: 'dismiss',
    case: {
      query: 'What are graph neural networks?',
      answer:
        'Graph neural networks generalise convolutions to irregular domains [1]. Message passing is the common framework behind most of them [2].\n\n' +
        'References:\n' +
        'Smith, A. M., & Jones, P. Q. (2019). Convolutions on graphs. Journal of Graph Learning, 12(3), 45–67. https://doi.org/10.1000/gl.2019.3\n' +
        'Gilmer, J., Schoenholz, S. S., Riley, P. F., Vinyals, O., & Dahl, G. E. (2017). Neural message passing for quantum chemistry. In Proceedings of ICML.',
      chunks: chunks('Graph neural networks generalise convolutions to irregular domains such as graphs.', 'Most graph networks follow the message passing framework.'),
    },
    expect: { complete: 'PASS', claims: ['Graph neural networks generalise convolutions to irregular domains.', 'Message passing is the common framework behind most of them.', 'References:'] },
  },
  {
    family: 'references',
    name: 'numbered Vancouver list without a heading, [Internet] and [cited …]',
    kind: 'dismiss',
    case: {
      query: 'How common is myopia?',
      answer:
        'Myopia affects about a third of adults worldwide [1]. Its prevalence is rising in East Asia [2].\n\n' +
        '1. Holden BA, Fricke TR, Wilson DA. Global prevalence of myopia. Ophthalmology. 2016;123(5):1036-42.\n' +
        '2. Morgan IG, Ohno-Matsui K, Saw SM. Myopia [Internet]. Lancet. 2012 [cited 2021 Oct 22];379:1739-48.',
      chunks: chunks('About a third of adults worldwide are myopic.', 'Prevalence of myopia is rising quickly in East Asia.'),
    },
    expect: { markers: ['[1]', '[2]'], exists: 'PASS', formatted: 'PASS', complete: 'PASS', claims: ['Myopia affects about a third of adults worldwide.', 'Its prevalence is rising in East Asia.'] },
  },
  {
    family: 'references',
    name: 'a numbered list of claims that cite is not a reference list',
    kind: 'flag',
    case: {
      query: 'Which energy sources are cheapest?',
      answer: 'Two sources stand out.\n\n1. Solar power is the cheapest new electricity in many countries [1].\n2. Onshore wind is close behind.',
      chunks: chunks('Solar is now the cheapest source of new electricity in many markets.'),
    },
    expect: { uncited: ['Two sources stand out.', 'Onshore wind is close behind.'], complete: 'FAIL' },
  },
  {
    family: 'references',
    name: 'an uncited body sentence above a reference list is still flagged',
    kind: 'flag',
    case: {
      query: 'What are graph neural networks?',
      answer:
        'Graph neural networks generalise convolutions to irregular domains [1]. They were first proposed in 2005.\n\n' +
        'References\n' +
        '[1] A. M. Smith and P. Q. Jones, "Convolutions on graphs," IEEE Trans. Neural Netw., vol. 12, 2019. [Online].',
      chunks: chunks('Graph neural networks generalise convolutions to irregular domains such as graphs.'),
    },
    expect: { uncited: ['They were first proposed in 2005.'], complete: 'FAIL' },
  },
  {
    family: 'bracket_notes',
    name: 'bracketed notes in the running text are text',
    kind: 'dismiss',
    case: {
      query: 'Where can I watch the lecture?',
      answer: 'The lecture recording [Video] is on the course page [1]. The slides [PDF] are linked below it [1].',
      chunks: chunks('The course page has the lecture recording and links to the slides.'),
    },
    expect: { markers: ['[1]', '[1]'], exists: 'PASS', formatted: 'PASS', complete: 'PASS' },
  },
  {
    family: 'bracket_notes',
    name: 'a hallucinated id in brackets still fails EXISTS',
    kind: 'flag',
    case: {
      query: 'Where can I watch the lecture?',
      answer: 'The lecture recording is on the course page [doc7].',
      chunks: [{ id: 'doc1', text: 'The course page has the lecture recording.' }],
    },
    expect: { markers: ['[doc7]'], exists: 'FAIL' },
  },

  // ---------------------------------------------------------------------------------------------
  // 10. Language: real words decide; names and initials do not.
  {
    family: 'language',
    name: 'English answer whose references are full of Czech names',
    kind: 'dismiss',
    case: {
      query: 'Graph learning',
      answer:
        'Graph networks work well on molecules [1].\n\n' +
        'References\n' +
        '[1] V. K. Dvořák, J. Šťastný, Z. Kříž, and S. Černý, "Graph nets for molecules," Sb. Věd. Pr. Vys. Šk. Báň., vol. 3, pp. 1-9, 2019.\n' +
        '[2] M. Růžička and P. Ďurica, "Learning on graphs," Acta Polytech., vol. 5, 2020.',
      chunks: chunks('Graph networks perform well on molecular data.', 'Learning on graphs.'),
    },
    expect: { language: 'en', complete: 'PASS' },
  },
  {
    family: 'language',
    name: 'Czech answer with English references stays Czech',
    kind: 'flag',
    case: {
      query: 'Strojové učení na grafech',
      answer:
        'Grafové sítě dosahují dobrých výsledků u molekul, protože pracují přímo se strukturou vazeb [1].\n\n' +
        'Zdroje\n' +
        '[1] A. M. Smith and P. Q. Jones, "Convolutions on graphs," IEEE Trans. Neural Netw., vol. 12, 2019.',
      chunks: chunks('Graph networks perform well on molecules because they use the bond structure.'),
    },
    expect: { language: 'cs' },
  },
  {
    family: 'language',
    name: 'too little text to tell: the interface language decides',
    kind: 'dismiss',
    case: { query: 'Smith 2019', answer: 'Smith, A. M. (2019) [1].', chunks: chunks('Smith 2019') },
    options: { fallbackLanguage: 'cs' },
    expect: { language: 'cs' },
  },

  // ---------------------------------------------------------------------------------------------
  // 11. Citing once per paragraph.
  {
    family: 'citation_scope',
    name: 'paragraph scope: the closing marker covers the paragraph',
    kind: 'dismiss',
    case: {
      query: 'Tell me about Brno.',
      answer:
        'Brno is the second largest city in the Czech Republic. It is the seat of the Constitutional Court. The city hosts a large trade fair every year [1].\n\n' +
        'The Villa Tugendhat is a UNESCO site. It was designed by Mies van der Rohe [2].',
      chunks: chunks(
        'Brno, the second largest Czech city, is the seat of the Constitutional Court and holds a large yearly trade fair.',
        'The Villa Tugendhat in Brno, designed by Mies van der Rohe, is a UNESCO World Heritage site.',
      ),
    },
    options: { citationScope: 'paragraph' },
    expect: {
      complete: 'PASS',
      cited: [
        ['Brno is the second largest city', ['1']],
        ['It is the seat of the Constitutional Court.', ['1']],
        ['The Villa Tugendhat is a UNESCO site.', ['2']],
      ],
    },
  },
  {
    family: 'citation_scope',
    name: 'sentence scope (the default): the same answer has uncited claims',
    kind: 'flag',
    case: {
      query: 'Tell me about Brno.',
      answer:
        'Brno is the second largest city in the Czech Republic. It is the seat of the Constitutional Court. The city hosts a large trade fair every year [1].',
      chunks: chunks('Brno, the second largest Czech city, is the seat of the Constitutional Court and holds a large yearly trade fair.'),
    },
    expect: { uncited: ['Brno is the second largest city', 'It is the seat of the Constitutional Court.'], complete: 'FAIL' },
  },
  {
    family: 'citation_scope',
    name: 'paragraph scope: a paragraph whose last sentence has no marker still has uncited claims',
    kind: 'flag',
    case: {
      query: 'Tell me about Brno.',
      answer: 'Brno is the second largest city in the Czech Republic [1]. It is the seat of the Constitutional Court. The city hosts a large trade fair every year.',
      chunks: chunks('Brno, the second largest Czech city, is the seat of the Constitutional Court and holds a large yearly trade fair.'),
    },
    options: { citationScope: 'paragraph' },
    expect: { uncited: ['It is the seat of the Constitutional Court.', 'The city hosts a large trade fair every year.'], complete: 'FAIL' },
  },
  {
    family: 'citation_scope',
    name: 'paragraph scope: a list item is its own paragraph, the lead-in paragraph does not borrow',
    kind: 'flag',
    case: {
      query: 'Tell me about Brno.',
      answer: 'Brno lies in Moravia. It has two universities.\n\n- The Villa Tugendhat is a UNESCO site [1].',
      chunks: chunks('The Villa Tugendhat in Brno is a UNESCO World Heritage site.'),
    },
    options: { citationScope: 'paragraph' },
    expect: { uncited: ['Brno lies in Moravia.', 'It has two universities.'], complete: 'FAIL' },
  },
];
