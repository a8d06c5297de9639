// Types for scripts/browser.mjs (plain Node so that it runs before anything is built).
export interface BrowserProbes {
  env: Record<string, string | undefined>;
  exists(file: string): boolean;
  which(cmd: string): string | null;
  playwrightPath(): string | null;
  isRoot: boolean;
  downloadReachable(): Promise<boolean>;
  installPlaywright(): Promise<boolean>;
  installApt(): Promise<boolean>;
  log(line: string): void;
}
export type BrowserFound = { path: string; source: 'CHROMIUM_PATH' | 'system' | 'playwright' } | { error: string };
export function findOrProvideChromium(p: BrowserProbes): Promise<BrowserFound>;
export function findChromium(p: BrowserProbes): BrowserFound | null;
export function realProbes(): BrowserProbes;
