// Share links: make one for the current audit, and open one the page was loaded with. The codec
// (with its dictionary and encoder) and the core load with import() only when a link is made or
// opened. Opening never silently replaces local work: it asks first, and a damaged link changes
// nothing at all.
import { untrack } from 'svelte';
import type { AuditCase, ModelResults } from '../../core/types';
import type { ShareErrorKind } from '../../share/codec';
import { LINK_MAX_CHARS, LINK_WARN_CHARS } from '../../share/constants';
import type { ShareEnvelope, ShareSettings } from '../../share/envelope';
import { auditFieldsOnly, hasExtraFields } from '../../share/fields';
import { payloadFromHash, shareUrl } from '../../share/link';
import type { AnnotationLabel } from '../../store/schemas';
import type { History, ModelSource } from '../history/history.svelte';
import { caseToDraft, type Workbench } from '../workbench/workbench.svelte';
import { sameInputs } from '../workbench/draft';
import { lazyModules } from '../lazy';

export const loadShareModules = lazyModules({
  codec: () => import('../../share/codec'),
  secrets: () => import('../../store/secrets'),
  hash: () => import('../../store/hash'),
  audit: () => import('../../core/audit'),
  report: () => import('../../core/report/report'),
});
type ShareModules = Awaited<ReturnType<typeof loadShareModules>>;

export interface LinkInfo {
  url: string;
  /** Characters of the whole link. */
  chars: number;
  /** Longer than chat apps keep: the dialog warns. */
  long: boolean;
  /** Over the cap: no link, the case file instead. */
  tooLarge: boolean;
  /** What the link carries beside the case. */
  carries: { model: boolean; labels: boolean; extras: boolean };
  /** Characters the case's extra fields would add (0 when it has none). */
  extrasAvailable: boolean;
}

export type Incoming =
  | { kind: 'confirm'; envelope: ShareEnvelope }
  | { kind: 'error'; error: { kind: ShareErrorKind; message: string; details: string[] } };

/** The parts of `window` the share state uses (a stub in tests). */
export interface PageLocation {
  readonly href: string;
  readonly hash: string;
  /** Drop the fragment from the address bar without a reload or a history entry. */
  clearHash(): void;
}

function browserLocation(): PageLocation | null {
  if (typeof window === 'undefined') return null;
  return {
    get href() {
      return window.location.href;
    },
    get hash() {
      return window.location.hash;
    },
    clearHash() {
      const { pathname, search } = window.location;
      window.history.replaceState(window.history.state, '', pathname + search);
    },
  };
}

export interface ShareOptions {
  history?: History;
  model?: ModelSource;
  location?: PageLocation | null;
  /** Labels of a case for the link (the annotation feature's table). */
  labelsFor?: (c: AuditCase) => Promise<AnnotationLabel[]>;
  /** The built-in example of this id, to tell an untouched example from a draft that edited one. */
  exampleCase?: (id: string) => Promise<AuditCase | null>;
}

/** What decides whether two cases are the same audit for the "replace your work?" question. */
function sameAudit(a: AuditCase, b: AuditCase, stable: (v: unknown) => string): boolean {
  const core = (c: AuditCase) => ({
    q: c.query,
    a: c.answer,
    g: c.gold_answer ?? '',
    c: c.chunks.map((ch) => [String(ch.id), ch.text, ch.title ?? '']),
    s: c.structured_citations ?? null,
  });
  return stable(core(a)) === stable(core(b));
}

export class Share {
  readonly #workbench: Workbench;
  readonly #history: History | undefined;
  readonly #model: ModelSource | undefined;
  readonly #location: PageLocation | null;
  readonly #labelsFor: ShareOptions['labelsFor'];
  readonly #exampleCase: ShareOptions['exampleCase'];

  dialogOpen = $state(false);
  includeModel = $state(true);
  includeLabels = $state(true);
  includeExtras = $state(false);

  /**
   * What the link is made of beside the inputs' text: the audit (its revision and report), the
   * model results and the dialog's options. A new value (a new object) whenever any changes.
   */
  linkInputs = $derived.by(() => ({
    revision: this.#workbench.revision,
    report: this.#workbench.report,
    model: this.modelResults,
    includeModel: this.includeModel,
    includeLabels: this.includeLabels,
    includeExtras: this.includeExtras,
  }));

  #link = $state.raw<LinkInfo | null>(null);
  #building = $state(false);
  #incoming = $state.raw<Incoming | null>(null);
  #labels = $state.raw<AnnotationLabel[]>([]);
  #started = false;
  #buildSeq = 0;

  constructor(workbench: Workbench, opts: ShareOptions = {}) {
    this.#workbench = workbench;
    this.#history = opts.history;
    this.#model = opts.model;
    this.#location = opts.location === undefined ? browserLocation() : opts.location;
    this.#labelsFor = opts.labelsFor;
    this.#exampleCase = opts.exampleCase;
  }

  get link(): LinkInfo | null {
    return this.#link;
  }
  get building(): boolean {
    return this.#building;
  }
  /** A link being opened: waiting for the user's answer, or why it could not be opened. */
  get incoming(): Incoming | null {
    return this.#incoming;
  }
  /** The model results a link would carry (null when the audit has none). */
  get modelResults(): ModelResults | null {
    return this.#model?.results ?? null;
  }
  get labelCount(): number {
    return this.#labels.length;
  }

  /**
   * Opens the link the page was loaded with, and any the user navigates to; while the dialog is
   * open, rebuilds the link whenever linkInputs change. Idempotent.
   */
  start(): () => void {
    if (this.#started || !this.#location) return () => {};
    this.#started = true;
    void this.openFromHash(this.#location.hash);
    const onHash = () => void this.openFromHash(this.#location!.hash);
    if (typeof window !== 'undefined') window.addEventListener('hashchange', onHash);
    const stopFollowing = $effect.root(() => {
      // Reading linkInputs is what makes a change of any of them run this again.
      $effect(() => {
        if (this.dialogOpen && this.linkInputs) untrack(() => void this.refresh());
      });
    });
    return () => {
      stopFollowing();
      if (typeof window !== 'undefined') window.removeEventListener('hashchange', onHash);
      this.#started = false;
    };
  }


  // --- making a link ------------------------------------------------------------------------

  async openDialog(): Promise<void> {
    this.dialogOpen = true;
    const c = this.#workbench.toCase();
    this.#labels = c && this.#labelsFor ? await this.#labelsFor(c).catch(() => []) : [];
    await this.refresh();
  }

  closeDialog(): void {
    this.dialogOpen = false;
  }

  /** The envelope of the current audit under the dialog's options, or null with nothing to share. */
  envelope(): ShareEnvelope | null {
    const c = this.#workbench.toCase();
    if (!c) return null;
    const s = this.#workbench.settings;
    const settings: ShareSettings = {
      ...(s.requiredStyle !== 'auto' ? { requiredStyle: s.requiredStyle } : {}),
      ...(s.language !== 'auto' ? { language: s.language } : {}),
      ...(s.citationScope !== 'sentence' ? { citationScope: s.citationScope } : {}),
    };
    const model = this.includeModel ? this.modelResults : null;
    const labels = this.includeLabels ? this.#labels : [];
    // Token counts are the sender's business, not part of the audit.
    const { usage: _usage, ...modelForLink } = model ?? { usage: undefined };
    return {
      v: 1,
      case: this.includeExtras ? c : auditFieldsOnly(c),
      ...(Object.keys(settings).length ? { settings } : {}),
      ...(model ? { model: modelForLink as ModelResults } : {}),
      ...(labels.length ? { labels } : {}),
    };
  }

  /** Rebuilds the link after the audit or an option changed. */
  async refresh(): Promise<void> {
    const seq = ++this.#buildSeq;
    const envelope = this.envelope();
    if (!envelope || !this.#location) {
      this.#link = null;
      return;
    }
    this.#building = true;
    try {
      const m = await loadShareModules();
      const clean = m.secrets.redactSecrets(envelope);
      const { payload } = m.codec.encodeEnvelope(clean);
      if (seq !== this.#buildSeq) return;
      const url = shareUrl(this.#location.href, payload);
      const c = this.#workbench.toCase();
      this.#link = {
        url,
        chars: url.length,
        long: url.length > LINK_WARN_CHARS,
        tooLarge: url.length > LINK_MAX_CHARS,
        carries: { model: clean.model !== undefined, labels: (clean.labels?.length ?? 0) > 0, extras: this.includeExtras && !!c && hasExtraFields(c) },
        extrasAvailable: !!c && hasExtraFields(c),
      };
    } finally {
      if (seq === this.#buildSeq) this.#building = false;
    }
  }

  /** The case as a file, for audits too large for a link. */
  caseFile(): { name: string; text: string } | null {
    const c = this.#workbench.toCase();
    if (!c) return null;
    const base = (c.id !== undefined ? String(c.id) : 'audit').replace(/[^\w.-]+/g, '_').slice(0, 60) || 'audit';
    return { name: `${base}.case.json`, text: JSON.stringify(c, null, 2) };
  }

  // --- opening a link -----------------------------------------------------------------------

  async openFromHash(hash: string): Promise<void> {
    const payload = payloadFromHash(hash);
    if (payload === null) return;
    const m = await loadShareModules();
    let envelope: ShareEnvelope;
    try {
      envelope = m.codec.decodePayload(payload);
    } catch (e) {
      this.#incoming = {
        kind: 'error',
        error:
          e instanceof m.codec.ShareDecodeError
            ? { kind: e.kind, message: e.message, details: e.details }
            : { kind: 'invalid', message: 'The link could not be opened.', details: [String(e)] },
      };
      // Nothing else changes: the inputs, the history and the settings stay as they are.
      this.#location?.clearHash();
      return;
    }
    if (await this.#needsConfirmation(envelope.case, m)) {
      this.#incoming = { kind: 'confirm', envelope };
      return;
    }
    // Nothing of the user's is replaced (empty, the link's own case, an untouched example): no Undo.
    await this.#apply(envelope, m, 'never');
  }

  /**
   * Ask before replacing the inputs whenever they hold something of the user's that differs from
   * the link: in this tab or restored from a draft in a new one. An empty page, the link's own
   * case, and a built-in example nobody changed are replaced without a question.
   */
  async #needsConfirmation(linked: AuditCase, m: ShareModules): Promise<boolean> {
    const wb = this.#workbench;
    const i = wb.inputs;
    if (!i.query.trim() && !i.answerText.trim() && !i.chunksText.trim() && !i.goldText.trim()) return false;
    const current = wb.toCase();
    if (!current) return true;
    if (sameAudit(current, linked, m.hash.stableStringify)) return false;
    const origin = wb.attached.origin ?? '';
    // A draft keeps the origin of what it started from: an edited example is still "example:…"
    // (and, restored in a new tab, looks freshly loaded), so the example itself is compared.
    if (origin.startsWith('example:')) {
      if (!this.#exampleCase) return !this.#history?.autosave.isPristineExample();
      const example = await this.#exampleCase(origin.slice('example:'.length)).catch(() => null);
      return !example || !sameInputs(caseToDraft(example, origin).inputs, wb.inputs);
    }
    return true;
  }

  /** The user chose to open the linked audit (replacing the inputs; Undo brings them back). */
  async confirmIncoming(): Promise<void> {
    const inc = this.#incoming;
    if (inc?.kind !== 'confirm') return;
    await this.#apply(inc.envelope, await loadShareModules(), 'always');
  }

  /** The user kept their work (or read the error): nothing changes. */
  dismissIncoming(): void {
    this.#incoming = null;
    this.#location?.clearHash();
  }

  async #apply(env: ShareEnvelope, m: ShareModules, undo: 'always' | 'never'): Promise<void> {
    const wb = this.#workbench;
    this.#incoming = null;
    const requiredStyle = env.settings?.requiredStyle ?? 'auto';
    const language = env.settings?.language ?? 'auto';
    const citationScope = env.settings?.citationScope ?? 'sentence';
    if (wb.settings.requiredStyle !== requiredStyle || wb.settings.language !== language || wb.settings.citationScope !== citationScope) {
      wb.updateSettings({ requiredStyle, language, citationScope });
    }
    // The opened audit is a new history entry (saved by the history's auto-save).
    this.#history?.autosave.adoptNextLoad(null);
    wb.loadCase(env.case, 'link', { undo });
    if (env.model) {
      // Verdict and scores are recomputed here, never taken from the link.
      const c = wb.toCase();
      if (c) {
        const local = m.audit.auditCase(c, { requiredStyle, language });
        wb.setModelReport(m.report.applyModelResults(local, env.model, c), wb.revision);
      }
    }
    if (env.labels?.length) await this.#history?.storeLabels(env.labels);
    this.#location?.clearHash();
  }
}
