// Czech examples: sentence splitting after abbreviations and ordinals, decimal commas, ids with
// spaces and slashes.
import { spanOf, type Example } from './types';

export const univerzita: Example = {
  id: 'cs-cite-univerzita',
  language: 'cs',
  style: '\\cite{}',
  title: {
    en: 'Charles University (Czech) — \\cite{} with ids containing spaces and slashes',
    cs: 'Univerzita Karlova — \\cite{} s id obsahujícími mezery a lomítka',
  },
  expect: 'INCOMPLETE',
  case: {
    id: 'priklad-univerzita',
    language: 'cs',
    query: 'Kdy byla založena Univerzita Karlova a kolik má fakult?',
    answer:
      'Univerzitu Karlovu založil král Karel IV. dne 7. dubna 1348 \\cite{dejiny uk/zalozeni_1}. ' +
      'Je to nejstarší univerzita ve střední Evropě \\cite{dejiny uk/zalozeni_1}. ' +
      'Dnes má 17 fakult, z toho 14 v Praze \\cite{dejiny uk/soucasnost_2}.',
    chunks: [
      {
        id: 'dejiny uk/zalozeni_1',
        title: 'Založení univerzity',
        text: 'Univerzitu Karlovu založil český král a římský císař Karel IV. dne 7. dubna 1348. Je nejstarší univerzitou ve střední Evropě.',
      },
      {
        id: 'dejiny uk/soucasnost_2',
        title: 'Univerzita dnes',
        text: 'V současnosti má univerzita 17 fakult, z toho 14 v Praze, dvě v Hradci Králové a jednu v Plzni. Studuje na ní přibližně 50 tisíc studentů.',
      },
      {
        id: 'praha/doprava_7',
        title: 'Pražské metro',
        text: 'Pražské metro zahájilo provoz v roce 1974 úsekem linky C.',
      },
    ],
  },
};

export const inflace: Example = {
  id: 'cs-numeric-inflace',
  language: 'cs',
  style: '[n]',
  title: {
    en: 'Inflation (Czech) — [n] markers, number with a decimal comma not in the source, uncited sentence',
    cs: 'Inflace — značky [n], číslo s desetinnou čárkou chybí ve zdroji, necitovaná věta',
  },
  expect: 'FAIL',
  case: {
    id: 'priklad-inflace',
    language: 'cs',
    query: 'Jak se vyvíjela inflace v Česku v roce 2023?',
    answer:
      'Průměrná roční inflace v Česku dosáhla v roce 2023 10,7 %, zatímco o rok dříve činila 15,1 % [1]. ' +
      'Ke konci roku inflace zpomalila a v prosinci meziročně klesla na 6,4 % [3]. ' +
      'Česká národní banka v prosinci snížila dvoutýdenní repo sazbu na 6,75 % [2]. ' +
      'Zpomalení inflace způsobily hlavně levnější energie.',
    chunks: [
      {
        id: '1',
        title: 'ČSÚ: inflace 2023',
        text: 'Podle Českého statistického úřadu činila průměrná roční míra inflace v roce 2023 10,7 %. V roce 2022 to bylo 15,1 %.',
      },
      {
        id: '2',
        title: 'ČNB: úrokové sazby',
        text: 'Česká národní banka ponechala dvoutýdenní repo sazbu po většinu roku 2023 na 7 %, v prosinci ji snížila na 6,75 %.',
      },
      {
        id: '3',
        title: 'ČSÚ: prosinec 2023',
        text: 'Meziroční růst spotřebitelských cen v prosinci 2023 zpomalil na 6,9 %.',
      },
    ],
  },
};

const radonText =
  'Radon je radioaktivní plyn bez barvy a zápachu, který vzniká rozpadem uranu v horninách a půdě. ' +
  'Do budov proniká hlavně netěsnostmi v podlahách a základech. ' +
  'Referenční úroveň pro průměrnou objemovou aktivitu radonu ve vnitřním ovzduší obytných místností je 300 Bq/m³.';
const radonAnswer =
  'Radon je radioaktivní plyn bez barvy a zápachu, který vzniká rozpadem uranu v horninách. ' +
  'Do domů se dostává hlavně netěsnostmi v podlahách a základech. ' +
  'Každý dům v Česku musí mít měření radonu jednou za pět let.';

export const radon: Example = {
  id: 'cs-offsets-radon',
  language: 'cs',
  style: 'offset citations',
  title: {
    en: 'Radon (Czech) — offset citations, one fabricated quote',
    cs: 'Radon — citace s offsety, jedna vymyšlená citace',
  },
  expect: 'FAIL',
  case: {
    id: 'priklad-radon',
    language: 'cs',
    query: 'Co je radon a jak se dostává do domů?',
    answer: radonAnswer,
    chunks: [{ id: 'radon-1', title: 'Radon v budovách', text: radonText }],
    structured_citations: {
      answer: radonAnswer,
      citations: [
        {
          chunk_id: 'radon-1',
          ...spanOf(radonText, 'Radon je radioaktivní plyn bez barvy a zápachu'),
          quote: 'Radon je radioaktivní plyn bez barvy a zápachu',
        },
        {
          chunk_id: 'radon-1',
          ...spanOf(radonText, 'netěsnostmi v podlahách a základech'),
          quote: 'netěsnostmi v podlahách a základech',
        },
        {
          chunk_id: 'radon-1',
          start: 160,
          end: 215,
          quote: 'Měření radonu je povinné v každém domě jednou za pět let.',
        },
      ],
    },
  },
};

export const czechExamples: Example[] = [univerzita, inflace, radon];
