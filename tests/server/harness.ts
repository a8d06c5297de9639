// What the Vitest suites that run the model audit against the fake server share: the server's
// life cycle, run options pointing at it, and small readers of what it recorded.
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import type { ModelRunOptions } from '../../src/model/run';
import { ModelError } from '../../src/model/errors';
import { startFakeAnthropic, type FakeAnthropic, type RecordedRequest } from './fake-anthropic';
import { startFakeOpenAI, type FakeOpenAI } from './fake-openai';

/** A key-shaped test key, assembled at run time so that no key-like literal sits in the repository. */
export function testKey(label: string): string {
  return ['sk', 'ant', `api03-${label}-0123456789abcdef`].join('-');
}

/**
 * Starts one fake server for the enclosing suite (file or describe), resets it before each test,
 * closes it after; `use` receives it once it listens.
 */
export function useFakeAnthropic(use: (server: FakeAnthropic) => void): void {
  useFakeServer(startFakeAnthropic, use);
}

/** The fake OpenAI-compatible server for a file's tests, as useFakeAnthropic. */
export function useFakeOpenAI(use: (server: FakeOpenAI) => void): void {
  useFakeServer(startFakeOpenAI, use);
}

function useFakeServer<S extends { reset(): void; close(): Promise<void> }>(start: () => Promise<S>, use: (server: S) => void): void {
  let server: S | undefined;
  beforeAll(async () => {
    server = await start();
    use(server);
  });
  afterAll(async () => {
    await server?.close();
  });
  beforeEach(() => server?.reset());
}

/** Run options against `server`, with retries that do not wait. */
export function runOptions(server: FakeAnthropic, apiKey: string, extra: Partial<ModelRunOptions> = {}): ModelRunOptions {
  return { apiKey, baseURL: server.url, sleep: async () => {}, ...extra };
}

/** The ModelError a run fails with (the test fails if it does not fail). */
export async function failure(p: Promise<unknown>): Promise<ModelError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(ModelError);
    return e as ModelError;
  }
  throw new Error('expected the run to fail');
}

export const bodyOf = (r: RecordedRequest) => r.body as Record<string, any>;

/** The verdicts the fake server gives threeClaimCase's claims, in order. */
export const EXPECTED = ['fully_supported', 'partially_supported', 'not_supported'];
export const verdicts = (r: { judgements: { support: { verdict: string }[] }[] }) => r.judgements.map((j) => j.support[0]!.verdict);
