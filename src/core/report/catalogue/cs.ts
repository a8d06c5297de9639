// The Czech texts the core writes, entry for entry those of en.ts (the type makes both agree on
// keys and parameters; tests/unit or core/messages.test.ts checks every one renders).
import type { Catalogue } from './en';
import type { SupportVerdict, UnreadableInput } from '../../types';
import { plural } from '../plural';
import { ruleName } from './ruleNames';
import { STYLE_SHAPE, list, nth, pct, q, sentence } from './format';

type Input = UnreadableInput['input'];
const VERDICT_CS: Record<SupportVerdict, string> = { fully_supported: 'plně podporuje', partially_supported: 'podporuje částečně', not_supported: 'nepodporuje' };
const NAME_RULE_CS: Record<string, string> = { alias: 'jiný název téže věci', acronym: 'zkratka a její rozepsání', spelling: 'blízký pravopis nebo jiný tvar slova', head: 'jeho rozlišující slovo jako samostatné jméno' };
const INPUT_NAME: Record<Input, string> = { chunks: 'Vstup Úryvky', answer: 'Vstup Odpověď', structured_citations: 'Strukturované citace' };

// A rule by name, the id beside it (what docs/checks.md and the report JSON call it).
const ruleWithName = (rule: string) => {
  const name = ruleName('cs', rule);
  return name ? `${name}, ${rule}` : rule;
};
function reasonCs(reason: string): string {
  const r = reason.toLowerCase();
  if (r.includes('unclosed')) return 'neuzavřená značka';
  if (r.includes('empty')) return 'prázdná značka';
  if (r.includes('range')) return 'neplatný rozsah';
  return reason;
}
// Why a claim needs no citation, by exemption rule (claims.ts).
const EXEMPTION_REASON: Record<string, string> = {
  lead_in: 'Jen ohlašuje seznam nebo text, který následuje (bez počtu, čísla či vlastního faktu); tvrzení nese to, co následuje.',
  lead_in_unsure: 'Uvádí to, co následuje, ale jmenuje víc než obecné ohlášení: ověřte, zda netvrdí fakt, který potřebuje citaci.',
  advice: 'Rada čtenáři nebo ohlášení samotného vysvětlení: netvrdí žádný fakt ze zdroje.',
  no_information: 'Konstatuje, že poskytnuté zdroje něco neobsahují: není co citovat.',
  heading: 'Nadpis jen člení odpověď; nic netvrdí.',
  question: 'Otázka nic netvrdí, a proto nepotřebuje citaci.',
  meta: 'Věta o odpovědi nebo o rozhovoru samotném: žádná jména, čísla ani fakta k doložení.',
  meta_intro: 'Úvod k tomu, co následuje; sám nic netvrdí.',
  longcite_empty_cite: 'Odpověď tento výrok označuje jako výrok bez potřeby citace (prázdné <cite></cite>).',
  no_content: 'Nejsou zde žádná slova k doložení.',
};
const chunks = (n: number) => plural('cs', n, { one: '# úryvek', few: '# úryvky', other: '# úryvků' });

export const cs: Catalogue = {
  unknownChunk: ({ marker, ref }) => `${marker} cituje „${ref}“, který mezi úryvky není.`,
  refOutOfRange: ({ marker, ref, count, base }) =>
    `${marker} odkazuje na úryvek číslo ${ref} (číslováno od ${base}), ale k dispozici ${plural('cs', count, { one: 'je', few: 'jsou', other: 'je' })} jen ${chunks(count)}.`,
  emptyChunk: ({ marker, chunkId }) => `${marker} cituje úryvek „${chunkId}“, který nemá žádný text.`,
  noChunks: ({ marker }) => `${marker} cituje zdroj, ale případ neobsahuje žádné úryvky.`,
  locationMissing: ({ marker }) => `${marker}: tuto část dokumentu žádný úryvek neobsahuje.`,
  inputUnreadable: ({ input, message, line, column }) =>
    `${input === 'chunks' ? 'Vstup Úryvky nejde zpracovat' : input === 'answer' ? 'Vstup Odpověď nejde přečíst' : 'Strukturované citace nejde přečíst'}${line !== undefined ? ` (řádek ${line}, sloupec ${column ?? 1})` : ''}: ${sentence(message)}`,
  structuredRepaired: ({ message }) => `Strukturované citace bylo nutné opravit (přečtené citace se kontrolují dál): ${sentence(message)}`,
  malformedMarker: ({ marker, reason }) => `Chybně zapsaná citace ${marker}: ${reasonCs(reason)}.`,
  mixedStyles: ({ marker, style, majority }) => `${marker} používá styl ${STYLE_SHAPE[style]}, zbytek odpovědi ale ${STYLE_SHAPE[majority]}.`,
  wrongStyle: ({ marker, required }) => `${marker} nepoužívá požadovaný styl ${STYLE_SHAPE[required]}.`,
  retrievalArtefact: ({ text }) => `„${q(text)}“ patří vyhledávání, ne odpovědi: odstraňte to (čtenář pasáže, úryvky ani jejich id nevidí).`,
  repeatedSentence: ({ claim, first }) => `„${q(claim)}“ doslova opakuje tvrzení ${nth(first)}: stačí ho říct jednou.`,
  uncitedClaim: ({ claim }) => `Tvrzení „${q(claim)}“ nemá citaci.`,
  noCitations: ({ claims }) =>
    `Odpověď necituje nic, přestože ${plural('cs', claims, { one: '# tvrzení potřebuje', other: '# tvrzení potřebují' })} citaci.`,
  // The rule id stays visible beside its Czech name: it is what docs/checks.md and the report JSON call it.
  exemptClaim: ({ claim, rule, reason }) => `Výjimka (${ruleWithName(rule)}): „${q(claim, 40)}“ — ${sentence(reason)}`,
  uncitedLeadIn: ({ claim, rule }) =>
    `Úvod „${q(claim)}“ nemá citaci (${ruleWithName(rule)}): může tvrdit vlastní fakt; ocitujte ho nebo ověřte, že ho podkládají položky pod ním.`,
  offsetsOutOfBounds: ({ marker, chunkId, start, end, length }) => `${marker}: pozice ${start}–${end} leží mimo úryvek „${chunkId}“ (délka ${length}).`,
  offsetsInverted: ({ marker, chunkId, start, end }) =>
    `${marker}: pozice ${start}–${end} v úryvku „${chunkId}“ netvoří rozsah (začátek musí být před koncem).`,
  offsetsWrong: ({ marker, chunkId, start, end, foundStart, foundEnd }) =>
    `${marker}: citát v úryvku „${chunkId}“ není na pozici ${start}–${end}, ale na ${foundStart}–${foundEnd}.`,
  quoteUncertain: ({ marker, chunkId, quote, similarity }) =>
    `${marker}: citát „${q(quote, 40)}“ není v úryvku „${chunkId}“ doslovně; nejbližší pasáž je podobná z ${pct(similarity)}.`,
  quoteNotFound: ({ marker, chunkId, quote, similarity, sourceMissing }) =>
    sourceMissing
      ? `${marker}: citát „${q(quote, 40)}“ nelze ověřit: citovaný úryvek${chunkId ? ` „${chunkId}“` : ''} nemá text a žádný jiný úryvek citát neobsahuje.`
      : `${marker}: citát „${q(quote, 40)}“ v úryvku „${chunkId}“ není (nejbližší shoda ${pct(similarity)}); pravděpodobně je vymyšlený.`,
  quoteInOtherChunk: ({ marker, chunkId, quote, otherChunkId }) =>
    `${marker}: citát „${q(quote, 40)}“ je v úryvku „${otherChunkId}“, ne v citovaném ${chunkId ? `úryvku „${chunkId}“` : 'zdroji'}.`,
  numberAbsent: ({ number, claim, chunkIds }) =>
    `„${number}“ v „${q(claim, 40)}“ není v žádném citovaném úryvku (${list(chunkIds)}); tvrzení je nanejvýš částečně podložené.`,
  betterChunk: ({ marker, claim, chunkId, suggested }) =>
    `${marker}: úryvek „${suggested}“ odpovídá „${q(claim, 40)}“ mnohem lépe než citovaný „${chunkId}“; necitovat raději „${suggested}“?`,
  lowOverlap: ({ marker, claim, chunkId }) => `${marker}: citovaný úryvek „${chunkId}“ nemá s „${q(claim, 40)}“ téměř žádná společná slova.`,
  entityAbsent: ({ name, claim, chunkIds }) =>
    `„${name}“ z „${q(claim, 40)}“ se v žádném citovaném úryvku (${list(chunkIds)}) nezmiňuje; ověřte, že jde o totéž.`,
  nameEquivalent: ({ name, found, rule, chunkIds }) =>
    `„${name}“ se bere jako zmíněné v citovaných úryvcích (${list(chunkIds)}) jako „${q(found, 40)}“ (${NAME_RULE_CS[rule] ?? rule}); ověřte, že jde o totéž.`,
  wordsApart: ({ claim, chunkId, from, to, window, missing }) =>
    `Slova „${q(claim, 40)}“ nestojí v úryvku „${chunkId}“ nikde pohromadě: nejbližší pasáži (věty ${from}–${to}, „${q(window, 60)}“) chybí ${list(missing.slice(0, 8))}.`,
  negationMismatch: ({ word, inClaim, claim, chunkIds }) =>
    inClaim
      ? `„${q(claim, 40)}“ obsahuje zápor „${word}“, ale pasáž citovaných úryvků (${list(chunkIds)}), která totéž uvádí, zápor nemá.`
      : `Pasáž citovaných úryvků (${list(chunkIds)}), která uvádí „${q(claim, 40)}“, je záporná („${word}“); tvrzení ne.`,
  oppositeMismatch: ({ word, claim, chunkIds }) =>
    `„${q(claim, 40)}“ uvádí „${word}“, ale pasáž citovaných úryvků (${list(chunkIds)}), která totéž uvádí, říká opak.`,
  contradictsPassage: ({ claim, chunkId, passage, word, side }) =>
    `„${q(claim, 60)}“ tvrdí opak úryvku „${chunkId}“: „${q(passage, 90)}“ (${side === 'pair' ? `„${word.replace(' / ', '“ proti „')}“` : side === 'claim' ? `zápor „${word}“ má tvrzení, úryvek ne` : `zápor „${word}“ má úryvek, tvrzení ne`}).`,
  qualifierMismatch: ({ word, claim, chunkIds }) =>
    `„${word}“ z „${q(claim, 40)}“ nemá v citovaných úryvcích (${list(chunkIds)}) protějšek; tvrzení může být širší než zdroj.`,

  citationLabel: ({ ids, title, pages, ref }) => {
    const where = [
      title !== undefined ? `„${title}“` : '',
      pages ? (pages[1] - pages[0] <= 1 ? `str. ${pages[0]}` : `str. ${pages[0]}–${pages[1] - 1}`) : '',
    ].filter(Boolean).join(', ');
    if (ids.length > 0) {
      const what = `${ids.length > 1 ? 'Citace úryvků' : 'Citace úryvku'} ${ids.map((id) => `„${id}“`).join(', ')}`;
      return where ? `${what} (${where})` : what;
    }
    return where ? `Citace ${where}` : `Citace zdroje „${ref || '?'}“`;
  },

  exemptionReason: ({ rule }) => EXEMPTION_REASON[rule] ?? rule,

  mapNumericId: () => '[n] → úryvek s id n (id úryvků jsou čísla).',
  mapNumericIndex1: () => '[n] → n-tý úryvek, počítáno od 1 (id úryvků nejsou čísla).',
  mapNumericIndex1ZeroIds: ({ n }) => `[n] → n-tý úryvek, počítáno od 1: id úryvků jsou 0–${n - 1}, ale odpověď cituje ${n} a nikdy 0.`,
  mapNumericIndex0: () => '[n] → úryvek na pozici n, počítáno od 0: odpověď cituje [0].',
  mapExactIds: () => 'Pojmenované odkazy → úryvek s přesně tímto id.',
  mapForgiving: ({ pairs }) => `Shoda jen při ignorování velikosti písmen a mezer: ${pairs}.`,
  mapLoose: ({ pairs }) => `Shoda jen při ignorování velikosti písmen, mezer a oddělovačů (_ - : . /): ${pairs}.`,
  mapPrefixedPositional: ({ base }) => `Žádný úryvek nemá id jako v odpovědi (např. doc1), proto se jejich číslo bere jako pozice počítaná od ${base}.`,
  mapTitleFallback: ({ pairs }) => `Shoda podle názvu úryvku: ${pairs}.`,
  mapUrlFallback: () => 'Některé odkazy byly přiřazeny podle URL úryvku.',
  mapFootnote: () => '[^x] → úryvek uvedený v definici poznámky [^x]: …',
  mapFootnoteNoDef: ({ labels }) => `Chybí definice pro ${labels}; jako odkaz byl použit samotný štítek.`,
  mapLinkDefs: () => '[n] → úryvek uvedený v řádku odkazu [n]: … v odpovědi',
  mapStructured: ({ kind }) =>
    ({
      id: 'Strukturované citace → úryvek s tímto id.',
      index0: 'Strukturované citace → úryvek na dané pozici, počítáno od 0 (např. Anthropic document_index).',
      index1: 'Strukturované citace → úryvek na dané pozici, počítáno od 1.',
      title: 'Strukturované citace → úryvek s tímto názvem dokumentu.',
    })[kind],
  mapAmbiguousTitle: ({ title, count }) =>
    `${plural('cs', count, { one: '# úryvek má', few: '# úryvky mají', other: '# úryvků má' })} název „${title}“; použit první.`,
  mapUnresolved: ({ refs }) => `Mezi úryvky nenalezeno: ${refs}.`,
  mapNoChunks: () => 'Nejsou žádné úryvky, takže žádný odkaz nelze přiřadit.',
  mapChunksUnreadable: () => 'Úryvky nešlo přečíst, takže žádný odkaz nebyl přiřazen.',
  mapNothing: () => 'Odpověď nic necituje.',

  summaryPass: ({ claims }) =>
    `Lokální kontroly nenašly ${plural('cs', claims, { one: 'v # tvrzení', other: 've # tvrzeních' })} žádný problém; zda úryvky tvrzení podporují, zatím ověřeno není.`,
  summaryFail: ({ dims }) => `Lokální kontroly selhaly v: ${list(dims)}.`,
  summaryEmpty: () => 'Odpověď je prázdná: není co kontrolovat.',
  summaryUnreadable: ({ input, line, column, message, dims }) =>
    `${INPUT_NAME[input]} nelze přečíst${line !== undefined ? ` na řádku ${line}, sloupci ${column ?? 1}` : ''} (${message.replace(/\.$/, '')}); ${list(dims)} se neověřuje, dokud to nebude opraveno.`,
  summaryModel: ({ verdict, recall }) => `Verdikt ${verdict}; citace plně podporují ${recall === null ? '—' : pct(recall)} tvrzení.`,
  notChecked: () => 'Bez spuštění modelu neověřeno.',
  notCheckedUnreadable: ({ inputs }) => `Neověřeno: ${list(inputs.map((i) => INPUT_NAME[i]))} nelze přečíst.`,
  partial: ({ claim }) => `Tvrzení ${nth(claim)} je citacemi podpořeno jen částečně.`,
  notSupported: ({ claim }) => `Tvrzení ${nth(claim)} citace nepodporují.`,
  unverifiedPhrase: ({ claim, chunk }) => `Tvrzení ${nth(claim)}: podpůrná fráze uvedená pro úryvek ${chunk} v něm není; hodnocení je neověřené.`,
  numbersCap: ({ claim, numbers }) =>
    `Tvrzení ${nth(claim)}: ${list(numbers)} ${numbers.length === 1 ? 'není' : 'nejsou'} v žádném citovaném úryvku, proto je podpořeno nanejvýš částečně.`,
  notJudged: ({ claims }) =>
    `Model neohodnotil ${plural('cs', claims, { one: '# citované tvrzení', other: '# citovaných tvrzení', few: '# citovaná tvrzení' })}.`,
  unstablePair: ({ claim, chunk, verdicts, kept }) =>
    `Tvrzení ${nth(claim)}: ${verdicts.length} hodnocení úryvku ${chunk} modelem se liší (${verdicts.map((v) => VERDICT_CS[v]).join(', ')}); platí ${VERDICT_CS[kept]}.`,
  confirmedFactual: ({ claim }) => `Model potvrzuje, že tvrzení ${nth(claim)} uvádí fakt a potřebuje citaci.`,
  incorrect: ({ verdict }) => `Správnost odpovědi vůči referenční odpovědi: ${verdict}.`,
  missingSource: () => 'Citovaný úryvek chybí nebo nemá text.',
  recFixIds: ({ ids }) => `Citujte jen nalezené úryvky, které mají text (neznámé nebo prázdné: ${list(ids)}).`,
  recAddCitations: ({ claims }) =>
    `Doplňte citaci ${plural('cs', claims, { one: 'k # faktickému tvrzení', other: 'k # faktickým tvrzením' })} bez citace.`,
  recBetterChunk: ({ claim, chunk, cited }) => `Tvrzení ${nth(claim)}: citujte úryvek ${chunk} místo ${cited}.`,
  recFormat: ({ style }) => `Používejte jediný styl citací (${style}) a opravte chybné značky.`,
  recQuotes: ({ quotes }) =>
    `Prověřte ${plural('cs', quotes, { one: '# citovanou pasáž, která', few: '# citované pasáže, které', other: '# citovaných pasáží, které' })} ve zdroji ${plural('cs', quotes, { one: 'nebyla nalezena', few: 'nebyly nalezeny', other: 'nebyly nalezeny' })}.`,
  recQuotesSimilar: ({ quotes }) =>
    `Prověřte ${plural('cs', quotes, { one: '# citovanou pasáž, která', few: '# citované pasáže, které', other: '# citovaných pasáží, které' })} ${plural('cs', quotes, { one: 'odpovídá', other: 'odpovídají' })} zdroji jen přibližně.`,
  recOffsets: ({ quotes }) =>
    `Opravte pozice znaků ${plural('cs', quotes, { one: '# citované pasáže', few: '# citovaných pasáží', other: '# citovaných pasáží' })} ve zdroji.`,
  recNumbers: ({ numbers }) =>
    `Ověřte ${plural('cs', numbers, { one: '# číslo, které není', few: '# čísla, která nejsou', other: '# čísel, která nejsou' })} v žádném citovaném úryvku.`,
  recUnstable: ({ pairs }) =>
    `Ověřte sami ${plural('cs', pairs, { one: '# citaci', few: '# citace', other: '# citací' })}, ${plural('cs', pairs, { one: 'jejíž opakovaná hodnocení se liší', other: 'jejichž opakovaná hodnocení se liší' })}: model si ${plural('cs', pairs, { one: 'jí', other: 'jimi' })} není jistý.`,
  recRunModel: () => 'Spusťte kontrolu modelem, která ověří, zda citované úryvky tvrzení podporují.',
};
