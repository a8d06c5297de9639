// A new deployment of the page, waiting to take over. The service worker installs a new build
// beside the running one and holds it back (platform/serviceWorker.ts): the page keeps running
// one build's shell with that build's chunks until the user chooses Reload, which hands over to
// the new worker and reloads, so two versions are never mixed in one page.

export class AppUpdate {
  #activate: (() => Promise<void>) | null = null;

  /** A new build is installed and waits for Reload. */
  waiting = $state(false);
  /** Reload was chosen; the page reloads once the new build is in control. */
  reloading = $state(false);
  /** The user closed the notice: this page stays on its build (the next load takes the new one). */
  dismissed = $state(false);

  /** Whether the page shows "A new version is ready — Reload". */
  get shown(): boolean {
    return this.waiting && !this.dismissed;
  }

  /** A newer build is waiting; `activate` makes it take over (and the page reload). */
  offer(activate: () => Promise<void>): void {
    this.#activate = activate;
    this.waiting = true;
    this.dismissed = false;
    this.reloading = false;
  }

  /** Hands over to the waiting build, once, however often it is pressed. */
  async reload(): Promise<void> {
    const activate = this.#activate;
    if (!activate || this.reloading) return;
    this.reloading = true;
    try {
      await activate();
    } catch (e) {
      // The notice stays, so the user can try again.
      this.reloading = false;
      throw e;
    }
  }

  dismiss(): void {
    this.dismissed = true;
  }
}
