// What every model run of the page shares, the workbench's (model.svelte.ts) and the dataset's
// (dataset/modelRun.svelte.ts): the engine, loaded on first use (tests may replace its calls);
// the connection, read from the model settings when a request is made, the key with it and kept
// nowhere; and the one key check (providers.ts keyMissing). Both drop stale answers the same way,
// with a RunSequencer (model/sequencer.ts) per kind of run. No runes: plain TypeScript.
import type { RepeatRule } from '../../core/types';
import { keyMissing, type Provider } from '../../model/providers';

type Engine = typeof import('../../model/engine');

/** The model settings a run reads (`provider` absent: the default provider). */
export interface ConnectionSettings {
  readonly provider?: Provider;
  readonly baseURL: string;
  readonly model: string;
  readonly strict: boolean;
  /** "Judge each claim K times" and its rule (model/repeat.ts settingsRepeat); absent: strict mode decides. */
  readonly repeat?: number;
  readonly repeatRule?: RepeatRule;
  /** The deadline of each request; absent: the model layer's default. */
  readonly timeoutSeconds?: number;
}

/** Where the connection comes from: the model settings, and a key read only when needed. */
export interface ConnectionSource {
  readonly settings: ConnectionSettings;
  apiKey(): string;
}

/** Test seams: calls of the engine replaced. */
export interface EngineSeams {
  run?: Engine['runModelAudit'] | undefined;
  estimate?: Engine['estimateAudit'] | undefined;
  list?: Engine['listModels'] | undefined;
}

export class ModelRunCore {
  readonly #source: ConnectionSource;
  readonly #seams: EngineSeams;

  constructor(source: ConnectionSource, seams: EngineSeams = {}) {
    this.#source = source;
    this.#seams = seams;
  }

  /** The model code, loaded on first use (none of it weighs on the first paint). */
  async engine(): Promise<Engine> {
    const engine = await import('../../model/engine');
    const { run, estimate, list } = this.#seams;
    return {
      ...engine,
      ...(run ? { runModelAudit: run } : {}),
      ...(estimate ? { estimateAudit: estimate } : {}),
      ...(list ? { listModels: list } : {}),
    };
  }

  /**
   * The connection a request is sent with, the key read now. The model layer looks the provider
   * up and normalises the Base URL where it enters (model/client.ts resolveConnection).
   */
  connection(): { apiKey: string; provider?: Provider; baseURL: string; timeoutMs?: number } {
    const s = this.#source.settings;
    return { apiKey: this.#source.apiKey(), ...(s.provider ? { provider: s.provider } : {}), baseURL: s.baseURL, ...(s.timeoutSeconds ? { timeoutMs: s.timeoutSeconds * 1000 } : {}) };
  }

  /** No key, and the chosen server needs one (a local OpenAI-compatible server does not). */
  keyMissing(): boolean {
    return keyMissing(this.connection());
  }
}
