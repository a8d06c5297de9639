// The words of the quick fixes (Answer editor, Ctrl+.) and of the report's fix buttons, English
// and Czech. A title names what the fix writes and, for a chunk, its id and first words.
import { STYLE_EXAMPLE } from '../../core/report/catalogue/format';
import type { Fix } from '../../core/fixes/fixes';
import type { Catalogue } from '../i18n';

const en = {
  title(f: Fix): string {
    const id = f.chunkId ?? '';
    switch (f.kind) {
      case 'replace_ref':
        return `Cite chunk “${id}” instead: ${f.preview ?? ''}`;
      case 'insert_citation':
        return `Add citation ${f.text} of chunk “${id}”: ${f.preview ?? ''}`;
      case 'convert_style':
        return `Convert this marker to ${STYLE_EXAMPLE[f.style ?? 'structured']}: ${f.text}`;
      case 'convert_all_styles':
        return `Convert all ${f.count ?? 0} markers to ${STYLE_EXAMPLE[f.style ?? 'structured']}`;
      case 'exact_quote':
        return `Replace the quote with the exact text of chunk “${id}”: “${f.preview ?? ''}”`;
      case 'correct_offsets':
        return `Correct the offsets to ${f.text} (where the quote is in chunk “${id}”)`;
      case 'replace_number':
        return `Use ${f.text} from chunk “${id}”: “${f.preview ?? ''}”`;
      case 'remove_artefact':
        return `Remove “${f.text}”`;
    }
  },
  applyFix: 'Apply',
  applyFixLabel: (title: string) => `Apply fix: ${title}`,
  fixes: 'One-click fixes',
};

type FixStrings = typeof en;

const cs: FixStrings = {
  title(f: Fix): string {
    const id = f.chunkId ?? '';
    switch (f.kind) {
      case 'replace_ref':
        return `Citovat raději úryvek „${id}“: ${f.preview ?? ''}`;
      case 'insert_citation':
        return `Doplnit citaci ${f.text} úryvku „${id}“: ${f.preview ?? ''}`;
      case 'convert_style':
        return `Převést tuto značku na ${STYLE_EXAMPLE[f.style ?? 'structured']}: ${f.text}`;
      case 'convert_all_styles':
        return `Převést všechny značky (${f.count ?? 0}) na ${STYLE_EXAMPLE[f.style ?? 'structured']}`;
      case 'exact_quote':
        return `Nahradit citát přesným textem úryvku „${id}“: „${f.preview ?? ''}“`;
      case 'correct_offsets':
        return `Opravit pozice na ${f.text} (kde citát v úryvku „${id}“ je)`;
      case 'replace_number':
        return `Použít ${f.text} z úryvku „${id}“: „${f.preview ?? ''}“`;
      case 'remove_artefact':
        return `Odstranit „${f.text}“`;
    }
  },
  applyFix: 'Použít',
  applyFixLabel: (title: string) => `Použít opravu: ${title}`,
  fixes: 'Opravy jedním kliknutím',
};

/** Reached like every catalogue: `i18n.of(FIX_STRINGS)`. */
export const FIX_STRINGS: Catalogue<FixStrings> = { en, cs };
