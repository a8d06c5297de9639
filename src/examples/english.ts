// English examples, one per citation style, several with a planted problem.
import { spanOf, type Example } from './types';

export const heatPumps: Example = {
  id: 'en-numeric-heat-pumps',
  language: 'en',
  style: '[n]',
  title: {
    en: 'Heat pumps — [n] markers, wrong number, uncited sentence',
    cs: 'Tepelná čerpadla — značky [n], chybné číslo, necitovaná věta',
  },
  expect: 'FAIL',
  case: {
    id: 'example-heat-pumps',
    query: 'Do air-source heat pumps still work in very cold weather?',
    answer:
      'Air-source heat pumps do work in very cold weather: they move heat from the outdoor air into the building instead of burning fuel, and even very cold air still holds heat that the refrigerant can absorb [2]. ' +
      'In a two-winter field study, cold-climate units kept heating at outdoor temperatures down to -25 °C [1]. ' +
      'Their efficiency drops as it gets colder, but the measured seasonal COP still averaged 3.1 [1]. ' +
      'Most homes in cold regions no longer need any backup heating at all. ' +
      'Where backup heat is installed, it usually runs for less than 5 % of the heating season [4].',
    chunks: [
      {
        id: '1',
        title: 'Cold-climate heat pump field study',
        text:
          'A two-winter field study monitored 14 cold-climate air-source heat pumps in Minnesota and Wisconsin. ' +
          'The units kept delivering heat down to outdoor temperatures of -25 °C, although their efficiency fell as it got colder. ' +
          'The average seasonal coefficient of performance (COP) measured across all sites was 2.4.',
      },
      {
        id: '2',
        title: 'How heat pumps move heat',
        text:
          'An air-source heat pump does not burn fuel; it moves heat from the outdoor air into the building using a refrigerant cycle. ' +
          'Even air at -20 °C still contains heat energy that the refrigerant can absorb, because the refrigerant boils at a much lower temperature.',
      },
      {
        id: '3',
        title: 'Backup heating',
        text:
          'Many installers pair a heat pump with electric resistance strips or a gas furnace for the coldest hours of the year. ' +
          'In a well-sized system such backup heat typically runs for less than 5 % of the heating season.',
      },
      {
        id: '4',
        title: 'Refrigerant rules',
        text: 'From 2025, new residential systems in the United States must use refrigerants with a global warming potential below 700.',
      },
    ],
  },
};

export const eiffel: Example = {
  id: 'en-cite-eiffel',
  language: 'en',
  style: '\\cite{}',
  title: {
    en: 'Eiffel Tower — \\cite{} markers, all resolve',
    cs: 'Eiffelova věž — značky \\cite{}, všechny platné',
  },
  expect: 'INCOMPLETE',
  case: {
    id: 'example-eiffel',
    query: 'When was the Eiffel Tower built and how tall is it?',
    answer:
      "The Eiffel Tower was built between 1887 and 1889 as the entrance arch of the 1889 World's Fair in Paris \\cite{paris_landmarks_03}. " +
      'Including its antennas it is 330 metres tall \\cite{paris_landmarks_04}, and it remained the tallest man-made structure in the world until 1930 \\cite{paris_landmarks_04}.',
    chunks: [
      {
        id: 'paris_landmarks_03',
        title: 'Eiffel Tower — history',
        text:
          "The Eiffel Tower was built between 1887 and 1889 as the entrance arch to the 1889 World's Fair in Paris. " +
          'It was designed and built by the engineering company of Gustave Eiffel.',
      },
      {
        id: 'paris_landmarks_04',
        title: 'Eiffel Tower — dimensions',
        text:
          'Including its antennas, the tower is 330 metres tall. Without them it measures 300 metres, ' +
          'which made it the tallest man-made structure in the world until 1930.',
      },
      {
        id: 'paris_transport_11',
        title: 'Paris Métro',
        text: "The Paris Métro opened its first line in 1900, in time for another World's Fair.",
      },
    ],
  },
};

export const library: Example = {
  id: 'en-docid-library',
  language: 'en',
  style: '[doc1]',
  title: {
    en: 'Library hours — [doc1] markers, one cites a document that does not exist',
    cs: 'Otevírací doba knihovny — značky [doc1], jedna odkazuje na neexistující dokument',
  },
  expect: 'FAIL',
  case: {
    id: 'example-library',
    query: 'What are the opening hours of the Central Library?',
    answer:
      'The Central Library is open Monday to Friday from 9:00 to 20:00 and on Saturday from 10:00 to 17:00 [doc1]. ' +
      'It is closed on Sundays and public holidays [doc1]. ' +
      'During the summer it also opens on Sunday afternoons [doc4]. ' +
      'Library cards are free for residents [doc2].',
    chunks: [
      {
        id: 'doc1',
        title: 'Opening hours',
        text:
          'Central Library hours: Monday to Friday 9:00–20:00, Saturday 10:00–17:00. ' +
          'The library is closed on Sundays and public holidays.',
      },
      {
        id: 'doc2',
        title: 'Library cards',
        text: 'Library cards are free for residents. Visitors can register for a temporary card valid for 3 months.',
      },
      {
        id: 'doc3',
        title: 'Events',
        text: "The children's section hosts story time every Wednesday at 16:00.",
      },
    ],
  },
};

export const sunlight: Example = {
  id: 'en-fullwidth-sunlight',
  language: 'en',
  style: '【1】',
  title: {
    en: 'Sunlight — 【1】 markers',
    cs: 'Sluneční světlo — značky 【1】',
  },
  expect: 'INCOMPLETE',
  case: {
    id: 'example-sunlight',
    query: 'How long does light from the Sun take to reach Earth?',
    answer:
      'Light from the Sun needs about 8 minutes and 20 seconds to reach Earth【1】. ' +
      'It covers the average distance of 149.6 million kilometres at 299,792 kilometres per second【1】【2†source】.',
    chunks: [
      {
        id: '1',
        title: 'Sunlight travel time',
        text:
          'Sunlight takes about 8 minutes and 20 seconds to travel the average distance of ' +
          '149.6 million kilometres from the Sun to Earth.',
      },
      {
        id: '2',
        title: 'Speed of light',
        text: 'Light travels through a vacuum at 299,792 kilometres per second.',
      },
    ],
  },
};

export const sistine: Example = {
  id: 'en-footnote-sistine',
  language: 'en',
  style: '[^1]',
  title: {
    en: 'Sistine Chapel — [^1] footnotes mapped to ids',
    cs: 'Sixtinská kaple — poznámky [^1] s definicemi',
  },
  expect: 'INCOMPLETE',
  case: {
    id: 'example-sistine',
    query: 'Who painted the ceiling of the Sistine Chapel?',
    answer:
      'Michelangelo painted the ceiling of the Sistine Chapel between 1508 and 1512 at the request of Pope Julius II.[^1] ' +
      'He returned decades later to paint The Last Judgment on the altar wall.[^2]\n\n' +
      '[^1]: art-102\n[^2]: art-215',
    chunks: [
      {
        id: 'art-102',
        title: 'Sistine Chapel ceiling',
        text: 'Michelangelo painted the Sistine Chapel ceiling between 1508 and 1512, commissioned by Pope Julius II.',
      },
      {
        id: 'art-215',
        title: 'The Last Judgment',
        text: 'The Last Judgment, on the altar wall of the Sistine Chapel, was painted by Michelangelo decades later, between 1536 and 1541.',
      },
    ],
  },
};

const beeSentences = [
  'Honey bee foragers that find a rich food source return to the hive and perform a waggle dance on the comb. ',
  'The angle of the waggle run relative to vertical encodes the direction of the food relative to the sun. ',
  'The duration of the waggle run encodes the distance to the food source. ',
  'Other foragers follow the dancer and then fly out to search for the advertised location. ',
  'For food sources very close to the hive, bees perform a round dance instead, which conveys no direction. ',
  'Karl von Frisch received a share of the 1973 Nobel Prize in Physiology or Medicine for decoding the dance. ',
];

export const bees: Example = {
  id: 'en-longcite-bees',
  language: 'en',
  style: 'LongCite <cite>[s-e]</cite>',
  title: {
    en: 'Bee dance — LongCite sentence ranges, a year not in the source',
    cs: 'Včelí tanec — rozsahy vět LongCite, rok, který ve zdroji není',
  },
  // The wrong year is a warning (a model run would cap the claim), so nothing fails locally.
  expect: 'INCOMPLETE',
  case: {
    id: 'example-bees',
    query: 'Why do honey bees dance?',
    answer:
      '<statement>Honey bees dance to tell their nestmates where to find food.<cite>[0-0][3-3]</cite></statement> ' +
      '<statement>The angle of the waggle run gives the direction relative to the sun, and its duration gives the distance.<cite>[1-2]</cite></statement> ' +
      '<statement>Karl von Frisch won the Nobel Prize in 1974 for decoding this dance.<cite>[5-5]</cite></statement> ' +
      '<statement>I hope this helps!<cite></cite></statement>',
    chunks: beeSentences.map((text, i) => ({ id: String(i), text })),
  },
};

const returnPolicy =
  'Items can be returned within 30 days of delivery for a full refund. ' +
  'Products must be unused and in their original packaging. ' +
  'Refunds are issued to the original payment method within 5 business days after the return arrives at our warehouse. ' +
  'Shipping costs for returns are covered by the customer unless the item arrived damaged.';

function anthropicCitation(quote: string) {
  const { start, end } = spanOf(returnPolicy, quote);
  return {
    type: 'char_location',
    cited_text: quote,
    document_index: 0,
    document_title: 'Return policy',
    start_char_index: start,
    end_char_index: end,
  };
}

const returnBlocks = [
  { type: 'text', text: '- ' },
  {
    type: 'text',
    text: 'You can return an item within 30 days of delivery and get a full refund',
    citations: [anthropicCitation('Items can be returned within 30 days of delivery for a full refund. ')],
  },
  { type: 'text', text: '.\n- ' },
  {
    type: 'text',
    text: 'The refund goes back to your original payment method within 5 business days of the return reaching the warehouse',
    citations: [
      anthropicCitation(
        'Refunds are issued to the original payment method within 5 business days after the return arrives at our warehouse. ',
      ),
    ],
  },
  { type: 'text', text: '.\n- ' },
  {
    type: 'text',
    text: 'Return shipping is free only when the item arrived damaged',
    citations: [anthropicCitation('Shipping costs for returns are covered by the customer unless the item arrived damaged.')],
  },
  { type: 'text', text: '.' },
];

export const returns: Example = {
  id: 'en-anthropic-returns',
  language: 'en',
  style: 'Anthropic char_location',
  title: {
    en: 'Returns — Anthropic citation blocks (char_location)',
    cs: 'Vrácení zboží — bloky citací Anthropic (char_location)',
  },
  expect: 'INCOMPLETE',
  case: {
    id: 'example-returns',
    query: 'How do returns and refunds work?',
    answer: returnBlocks.map((b) => b.text).join(''),
    chunks: [{ id: '0', title: 'Return policy', text: returnPolicy }],
    structured_citations: returnBlocks,
  },
};

const coffeeChunks = [
  {
    id: 'coffee-1',
    title: 'Caffeine and sleep',
    text:
      'In a controlled trial, 400 mg of caffeine taken six hours before bedtime reduced total sleep time by more than one hour. ' +
      'Participants did not notice the disruption themselves.',
  },
  {
    id: 'coffee-2',
    title: 'Caffeine half-life',
    text: 'The half-life of caffeine in healthy adults is usually between three and five hours, but it varies widely between people.',
  },
];
const coffeeAnswer =
  'Caffeine taken six hours before bed can still cut total sleep by more than an hour. ' +
  'Its half-life in healthy adults is typically three to five hours. ' +
  'Doctors recommend no coffee at all after noon for everyone.';

export const coffee: Example = {
  id: 'en-offsets-coffee',
  language: 'en',
  style: 'offset citations',
  title: {
    en: 'Coffee and sleep — offset citations, one fabricated quote',
    cs: 'Káva a spánek — citace s offsety, jedna vymyšlená citace',
  },
  expect: 'FAIL',
  case: {
    id: 'example-coffee',
    query: 'Does an afternoon coffee affect sleep?',
    answer: coffeeAnswer,
    chunks: coffeeChunks,
    structured_citations: {
      answer: coffeeAnswer,
      citations: [
        {
          chunk_id: 'coffee-1',
          ...spanOf(coffeeChunks[0]!.text, '400 mg of caffeine taken six hours before bedtime reduced total sleep time by more than one hour'),
          quote: '400 mg of caffeine taken six hours before bedtime reduced total sleep time by more than one hour',
        },
        {
          // Right quote, offsets one sentence off: the audit should relocate it.
          chunk_id: 'coffee-2',
          start: 0,
          end: 40,
          quote: 'between three and five hours',
        },
        {
          chunk_id: 'coffee-1',
          start: 120,
          end: 176,
          quote: 'Doctors advise everyone to avoid coffee after midday.',
        },
      ],
    },
  },
};

export const orbit: Example = {
  id: 'en-idlist-orbit',
  language: 'en',
  style: 'id list',
  title: {
    en: 'Orbital period — structured answer with a list of chunk ids',
    cs: 'Oběžná doba — strukturovaná odpověď se seznamem id',
  },
  expect: 'INCOMPLETE',
  case: {
    id: 'example-orbit',
    query: 'How long does the International Space Station take to orbit Earth?',
    answer: 'The International Space Station orbits Earth about every 90 minutes, so it completes roughly 16 orbits per day.',
    chunks: [
      { id: '0', text: 'The International Space Station circles Earth at about 400 km altitude, completing one orbit roughly every 90 minutes.' },
      { id: '1', text: 'The station has been continuously occupied since November 2000.' },
      { id: '2', text: 'Because each orbit takes about an hour and a half, the crew sees about 16 sunrises and 16 sunsets per day.' },
    ],
    structured_citations: {
      answer: 'The International Space Station orbits Earth about every 90 minutes, so it completes roughly 16 orbits per day.',
      citations: [0, 2],
    },
  },
};

const onboardingAnswer =
  'New engineers get a laptop on their first morning and should finish the security training within the first week. ' +
  'Each newcomer is paired with a buddy from another team for the first month.';
function cohereSpan(text: string, sourceId: string) {
  return { ...spanOf(onboardingAnswer, text), text, sources: [{ type: 'document', id: sourceId }], type: 'TEXT_CONTENT' };
}

export const onboarding: Example = {
  id: 'en-cohere-onboarding',
  language: 'en',
  style: 'Cohere spans',
  title: {
    en: 'Onboarding — Cohere-style spans into the answer',
    cs: 'Zaškolení — úseky odpovědi ve stylu Cohere',
  },
  expect: 'INCOMPLETE',
  case: {
    id: 'example-onboarding',
    query: 'What happens in the first weeks for a new engineer?',
    answer: onboardingAnswer,
    chunks: [
      { id: 'doc:0', text: 'IT hands out laptops to new engineers on the morning of their first day. Security training must be completed within the first week.' },
      { id: 'doc:1', text: 'Every newcomer is paired with a buddy from a different team for their first month.' },
    ],
    structured_citations: [
      cohereSpan('get a laptop on their first morning', 'doc:0'),
      cohereSpan('finish the security training within the first week', 'doc:0'),
      cohereSpan('paired with a buddy from another team for the first month', 'doc:1'),
    ],
  },
};

export const malformed: Example = {
  id: 'en-malformed-refunds',
  language: 'en',
  style: '\\cite{} (malformed)',
  title: {
    en: 'Broken markers — empty \\cite{}, unclosed \\cite{, mixed styles',
    cs: 'Poškozené značky — prázdné \\cite{}, neuzavřené \\cite{, smíšené styly',
  },
  expect: 'FAIL',
  case: {
    id: 'example-malformed',
    query: 'Can I change my delivery address after ordering?',
    answer:
      'You can change the delivery address until the order has shipped \\cite{}. ' +
      'Go to Orders, pick the order and choose "Edit address" \\cite{faq_address. ' +
      'After shipping, the carrier may be able to redirect the parcel for a fee [2].',
    chunks: [
      {
        id: 'faq_address',
        title: 'Changing the delivery address',
        text: 'The delivery address can be changed until the order ships. Open Orders, select the order and click "Edit address".',
      },
      {
        id: 'faq_redirect',
        title: 'Redirecting a parcel',
        text: 'Once a parcel has shipped, some carriers offer a redirection service for an extra fee.',
      },
    ],
  },
};

export const hiking: Example = {
  id: 'en-uncited-hiking',
  language: 'en',
  style: '[n]',
  title: {
    en: 'Day hike — uncited sentences next to exempt heading and question',
    cs: 'Jednodenní túra — necitované věty vedle nadpisu a otázky',
  },
  expect: 'FAIL',
  case: {
    id: 'example-hiking',
    query: 'What should I pack for a day hike?',
    answer:
      '# Day hike checklist\n\n' +
      'What do you really need for a few hours on the trail? ' +
      'Bring at least two litres of water per person [1]. ' +
      'Pack a rain jacket even when the forecast looks good, because mountain weather changes quickly. ' +
      'A basic first-aid kit with blister plasters is worth its weight [2]. ' +
      'Tell someone where you are going and when you expect to be back.',
    chunks: [
      { id: '1', text: 'Plan on at least two litres of water per person for a day hike, more in hot weather.' },
      { id: '2', text: 'A small first-aid kit should include blister plasters, bandages and pain relief.' },
    ],
  },
};

export const englishExamples: Example[] = [
  heatPumps,
  eiffel,
  library,
  sunlight,
  sistine,
  bees,
  returns,
  coffee,
  orbit,
  onboarding,
  malformed,
  hiking,
];
