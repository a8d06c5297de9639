// The history panel's and share dialog's words, English and Czech. Accessible names are stable per
// language; the end-to-end tests find controls by the English ones.
import type { ShareErrorKind } from '../../share/codec';
import type { BackupProblem, ImportResult } from '../../store/backup';
import type { Catalogue } from '../i18n';
import { plural } from '../../core/report/plural';

const en = {
  // History panel
  historyTitle: 'History of audits',
  close: 'Close',
  search: 'Search history',
  searchPlaceholder: 'Words from the query or answer…',
  verdict: 'Verdict',
  verdictAny: 'Any verdict',
  verdictNone: 'No report',
  from: 'From',
  to: 'To',
  clearFilters: 'Clear filters',
  count: (n: number, filtered: boolean) =>
    `${n.toLocaleString('en')} ${plural('en', n, { one: 'audit', other: 'audits' })}${filtered ? ' match' : ''}`,
  loading: 'Loading…',
  empty: 'No audits yet. Every audit you run is saved here automatically; a built-in example is saved once you edit it.',
  noMatch: 'No audit matches these filters.',
  list: 'Saved audits',
  open: (title: string) => `Open “${title}”`,
  current: 'Open now',
  rename: 'Rename',
  renameLabel: (title: string) => `Rename “${title}”`,
  newTitle: 'New title',
  save: 'Save',
  cancel: 'Cancel',
  remove: 'Delete',
  removeLabel: (title: string) => `Delete “${title}”`,
  removed: (title: string) => `Deleted “${title}”.`,
  undo: 'Undo',
  dismiss: 'Dismiss',
  modelBy: (model: string) => `model ${model}`,
  local: 'local checks',
  claims: (n: number) => plural('en', n, { one: '# claim', other: '# claims' }),
  exportBackup: 'Export backup',
  importBackup: 'Import backup',
  backupHint: 'A backup holds every audit and label; importing merges it without duplicates.',
  storagePersistent: 'Stored persistently in this browser.',
  storageBestEffort: 'The browser may clear this history when the disk runs low. Export a backup to be safe.',
  storageUnknown: 'History is kept in this browser.',
  askPersistence: 'Ask to keep it',
  saveSaving: 'Saving…',
  saveSaved: 'Saved to history',
  saveError: 'This audit could not be saved to history.',
  quota:
    'The disk is full: this audit is kept in memory only and will be lost when the tab closes. Download a backup to keep it.',
  downloadBackup: 'Download backup',
  unavailable: 'The history is not available in this browser (IndexedDB cannot be opened, e.g. in a private window).',
  storageFull:
    'The storage this site may use is full, so the history cannot save audits (and may not open). Download a backup if the list shows, delete old audits, or free space on the disk; then reload the page.',
  notFound: 'That audit is no longer in the history.',
  invalidCase: 'That stored audit cannot be opened:',
  backupTooLarge: 'That file is too large to be a backup this browser can import.',
  backupProblem: (problem: BackupProblem, version?: number) =>
    problem === 'not-json'
      ? 'The file is not a Citation Auditor backup: it is not valid JSON.'
      : problem === 'not-backup'
        ? 'The file is not a Citation Auditor backup (its "format" field is missing or different).'
        : `The backup was made by a newer version of Citation Auditor (backup version ${version ?? '?'}); update the app to import it.`,
  damagedTitle: 'Damaged entries',
  damagedCount: (n: number) =>
    plural('en', n, {
      one: `${n.toLocaleString('en')} damaged entry is not in the list, the search or backups: its fields are not what this app writes. Export the raw content, or delete it.`,
      other: `${n.toLocaleString('en')} damaged entries are not in the list, the search or backups: their fields are not what this app writes. Export the raw content, or delete them.`,
    }),
  damagedBadge: 'Damaged',
  damagedUntitled: (id: string) => `Entry ${id}`,
  exportRaw: 'Export raw',
  exportRawLabel: (label: string) => `Export the raw content of damaged entry “${label}”`,
  exportAllRaw: 'Export all raw',
  deleteDamagedLabel: (label: string) => `Delete damaged entry “${label}”`,
  damagedMore: (n: number) => `… and ${n.toLocaleString('en')} more`,
  backupSkipped: (n: number) =>
    plural('en', n, {
      one: `The backup left out ${n.toLocaleString('en')} damaged entry; export its raw content from the damaged entries.`,
      other: `The backup left out ${n.toLocaleString('en')} damaged entries; export their raw content from the damaged entries.`,
    }),
  imported: (r: ImportResult) =>
    [
      `Imported ${plural('en', r.added, { one: '# audit', other: '# audits' })}`,
      r.duplicates ? `${r.duplicates} already here` : '',
      r.renamed ? `${r.renamed} with a new id` : '',
      r.labelsAdded + r.labelsUpdated ? `${r.labelsAdded + r.labelsUpdated} labels` : '',
      r.invalid ? `${r.invalid} skipped as invalid` : '',
    ]
      .filter(Boolean)
      .join(', ') + '.',

  // Share
  shareTitle: 'Share this audit',
  shareNothing: 'There is nothing to share yet: paste an answer and its chunks first.',
  shareLink: 'Share link',
  copyLink: 'Copy link',
  copied: 'Link copied',
  copyFailed: 'Copying failed; select the link and copy it by hand.',
  includeModel: 'Include the model’s judgements',
  includeLabels: (n: number) => `Include annotation labels (${n})`,
  includeExtras: 'Include the case’s other fields (notes, source, …)',
  noModel: 'Model judgements: none yet',
  noLabels: 'Annotation labels: none yet',
  noExtras: 'Other fields of the case: none',
  building: 'Making the link…',
  chars: (n: number) => `${n.toLocaleString('en')} characters`,
  long: 'This link is longer than about 2,000 characters: some chat apps and mail clients cut such links. If it arrives broken, send the case file instead.',
  tooLarge: (n: number, max: number) =>
    `This audit is too large for a link (${n.toLocaleString('en')} characters; a link may have at most ${max.toLocaleString('en')}). Download the case file and send it instead.`,
  downloadCase: 'Download case file',
  privacy:
    'The audit travels in the part of the link after “#”, which browsers never send to any server. Your API key is never included.',
  incomingTitle: 'Open the shared audit?',
  incomingBody:
    'The link holds an audit that differs from what you are working on. Opening it replaces your current inputs; Undo brings them back, and your work is kept in History.',
  incomingQuery: 'Shared query',
  openShared: 'Open shared audit',
  keepMine: 'Keep my work',
  errorTitle: 'This link could not be opened',
  errorUnchanged: 'Nothing was changed.',
  /** null: show the decoder's own (English) sentence, which carries the specifics. */
  errorKind: null as Record<ShareErrorKind, string> | null,
};

export type HistoryStrings = typeof en;

const cs: HistoryStrings = {
  historyTitle: 'Historie auditů',
  close: 'Zavřít',
  search: 'Hledat v historii',
  searchPlaceholder: 'Slova z dotazu nebo odpovědi…',
  verdict: 'Verdikt',
  verdictAny: 'Jakýkoli verdikt',
  verdictNone: 'Bez zprávy',
  from: 'Od',
  to: 'Do',
  clearFilters: 'Zrušit filtry',
  count: (n: number, filtered: boolean) => {
    const word = plural('cs', n, { one: 'audit', few: 'audity', other: 'auditů' });
    return `${n.toLocaleString('cs')} ${word}${filtered ? ' odpovídá' : ''}`;
  },
  loading: 'Načítám…',
  empty: 'Zatím žádné audity. Každý audit se sem ukládá automaticky; vestavěný příklad až po vaší úpravě.',
  noMatch: 'Filtrům neodpovídá žádný audit.',
  list: 'Uložené audity',
  open: (title: string) => `Otevřít „${title}“`,
  current: 'Právě otevřený',
  rename: 'Přejmenovat',
  renameLabel: (title: string) => `Přejmenovat „${title}“`,
  newTitle: 'Nový název',
  save: 'Uložit',
  cancel: 'Zrušit',
  remove: 'Smazat',
  removeLabel: (title: string) => `Smazat „${title}“`,
  removed: (title: string) => `Smazáno: „${title}“.`,
  undo: 'Vrátit',
  dismiss: 'Zavřít',
  modelBy: (model: string) => `model ${model}`,
  local: 'místní kontroly',
  claims: (n: number) => plural('cs', n, { other: '# tvrzení' }),
  exportBackup: 'Exportovat zálohu',
  importBackup: 'Importovat zálohu',
  backupHint: 'Záloha obsahuje všechny audity a štítky; import je sloučí bez duplicit.',
  storagePersistent: 'Uloženo v tomto prohlížeči natrvalo.',
  storageBestEffort: 'Při nedostatku místa může prohlížeč historii smazat. Pro jistotu exportujte zálohu.',
  storageUnknown: 'Historie se ukládá v tomto prohlížeči.',
  askPersistence: 'Požádat o trvalé uložení',
  saveSaving: 'Ukládám…',
  saveSaved: 'Uloženo do historie',
  saveError: 'Tento audit se nepodařilo uložit do historie.',
  quota: 'Disk je plný: audit je jen v paměti a po zavření karty se ztratí. Stáhněte si zálohu.',
  downloadBackup: 'Stáhnout zálohu',
  unavailable: 'Historie není v tomto prohlížeči dostupná (IndexedDB nelze otevřít, např. v anonymním okně).',
  storageFull:
    'Úložiště, které tento web smí používat, je plné, takže historie nemůže ukládat audity (a nemusí se ani otevřít). Pokud se seznam zobrazí, stáhněte si zálohu, smažte staré audity nebo uvolněte místo na disku; pak stránku znovu načtěte.',
  notFound: 'Tento audit už v historii není.',
  invalidCase: 'Uložený audit nelze otevřít:',
  backupTooLarge: 'Soubor je příliš velký na zálohu, kterou by tento prohlížeč zvládl importovat.',
  backupProblem: (problem, version) =>
    problem === 'not-json'
      ? 'Soubor není záloha Citation Auditoru: není to platný JSON.'
      : problem === 'not-backup'
        ? 'Soubor není záloha Citation Auditoru (pole „format“ chybí nebo je jiné).'
        : `Zálohu vytvořila novější verze Citation Auditoru (verze zálohy ${version ?? '?'}); aktualizujte aplikaci a importujte ji znovu.`,
  damagedTitle: 'Poškozené záznamy',
  damagedCount: (n: number) => {
    const words = plural('cs', n, { one: 'poškozený záznam není', few: 'poškozené záznamy nejsou', other: 'poškozených záznamů není' });
    return `${n.toLocaleString('cs')} ${words} v seznamu, ve vyhledávání ani v zálohách: jejich pole neodpovídají tomu, co tato aplikace ukládá. Exportujte surový obsah, nebo je smažte.`;
  },
  damagedBadge: 'Poškozený',
  damagedUntitled: (id: string) => `Záznam ${id}`,
  exportRaw: 'Exportovat surová data',
  exportRawLabel: (label: string) => `Exportovat surový obsah poškozeného záznamu „${label}“`,
  exportAllRaw: 'Exportovat vše',
  deleteDamagedLabel: (label: string) => `Smazat poškozený záznam „${label}“`,
  damagedMore: (n: number) => `… a dalších ${n.toLocaleString('cs')}`,
  backupSkipped: (n: number) => `Záloha vynechala poškozené záznamy (${n.toLocaleString('cs')}); jejich surový obsah exportujete z poškozených záznamů.`,
  imported: (r: ImportResult) =>
    [
      `Importováno auditů: ${r.added}`,
      r.duplicates ? `už tu bylo: ${r.duplicates}` : '',
      r.renamed ? `s novým id: ${r.renamed}` : '',
      r.labelsAdded + r.labelsUpdated ? `štítků: ${r.labelsAdded + r.labelsUpdated}` : '',
      r.invalid ? `vynecháno jako neplatné: ${r.invalid}` : '',
    ]
      .filter(Boolean)
      .join(', ') + '.',

  shareTitle: 'Sdílet tento audit',
  shareNothing: 'Zatím není co sdílet: nejprve vložte odpověď a její úryvky.',
  shareLink: 'Odkaz ke sdílení',
  copyLink: 'Kopírovat odkaz',
  copied: 'Odkaz zkopírován',
  copyFailed: 'Kopírování selhalo; označte odkaz a zkopírujte jej ručně.',
  includeModel: 'Přiložit hodnocení modelu',
  includeLabels: (n: number) => `Přiložit anotační štítky (${n})`,
  includeExtras: 'Přiložit další pole případu (poznámky, zdroj, …)',
  noModel: 'Hodnocení modelu: zatím žádné',
  noLabels: 'Anotační štítky: zatím žádné',
  noExtras: 'Další pole případu: žádná',
  building: 'Vytvářím odkaz…',
  chars: (n: number) => `${n.toLocaleString('cs')} znaků`,
  long: 'Odkaz je delší než asi 2 000 znaků: některé chatovací aplikace a poštovní klienti takové odkazy zkracují. Pokud dorazí poškozený, pošlete raději soubor s případem.',
  tooLarge: (n: number, max: number) =>
    `Audit je na odkaz příliš velký (${n.toLocaleString('cs')} znaků; odkaz smí mít nejvýše ${max.toLocaleString('cs')}). Stáhněte soubor s případem a pošlete ten.`,
  downloadCase: 'Stáhnout soubor s případem',
  privacy: 'Audit je v části odkazu za „#“, kterou prohlížeče nikdy neposílají žádnému serveru. Váš API klíč v odkazu nikdy není.',
  incomingTitle: 'Otevřít sdílený audit?',
  incomingBody:
    'Odkaz obsahuje audit, který se liší od toho, na čem pracujete. Otevřením nahradíte současné vstupy; tlačítko Vrátit je obnoví a vaše práce zůstává v historii.',
  incomingQuery: 'Sdílený dotaz',
  openShared: 'Otevřít sdílený audit',
  keepMine: 'Ponechat mou práci',
  errorTitle: 'Tento odkaz nelze otevřít',
  errorUnchanged: 'Nic se nezměnilo.',
  errorKind: {
    empty: 'Odkaz neobsahuje žádný audit.',
    'too-long': 'Odkaz je delší, než smí odkaz ke sdílení být; nebyl otevřen.',
    'not-base64': 'Odkaz je poškozený: obsahuje znaky, které odkaz ke sdílení nikdy nemá (byl zkrácen nebo upraven?).',
    damaged: 'Odkaz je poškozený: byl cestou zkrácen nebo změněn.',
    'unknown-version': 'Odkaz vytvořila novější verze aplikace; obnovte stránku a otevřete jej znovu.',
    'too-large': 'Odkaz se rozbalí na víc než 2 MB; nebyl otevřen.',
    invalid: 'Odkaz neobsahuje platný audit.',
  },
};

export const HISTORY_STRINGS: Catalogue<HistoryStrings> = { en, cs };
