// The service worker that keeps the page working offline (vite.config.ts has Workbox write it: the
// build precached, index.html for every navigation, nothing cached at run time). src/main.ts
// imports this module once the first report is on screen, so neither Workbox's page-side helper
// nor the precache download competes with the editors' start-up.
import { registerSW } from 'virtual:pwa-register';

/**
 * Registers the worker. When a newer build has installed and is waiting, `onUpdateWaiting` gets
 * the step that hands the page over to it: the waiting worker takes control, and the page then
 * reloads on the new build. Until that step runs the page keeps the build it started with.
 */
export function registerServiceWorker(onUpdateWaiting: (activate: () => Promise<void>) => void): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const skipWaiting = registerSW({
    onNeedRefresh: () =>
      onUpdateWaiting(async () => {
        // Workbox reloads once the new worker controls the page. A page no worker controls (the
        // visit that installed the first one) is never taken over, so it reloads itself, once the
        // new worker is the active one: the active worker answers the reload, and until the
        // waiting one has taken over (a second tab keeps it waiting) that is the old build.
        const waiting = navigator.serviceWorker.controller ? null : (await navigator.serviceWorker.getRegistration())?.waiting;
        await skipWaiting();
        if (navigator.serviceWorker.controller) return;
        if (waiting) await tookOver(waiting);
        location.reload();
      }),
    // Without the worker the page still works online; say why in the console and go on.
    onRegisterError: (e: unknown) => console.warn('Offline use is unavailable: the service worker did not register.', e),
  });
}

/** Resolves once `worker` is no longer waiting: active, or replaced by a newer one. */
function tookOver(worker: ServiceWorker): Promise<void> {
  const done = () => worker.state === 'activated' || worker.state === 'redundant';
  if (done()) return Promise.resolve();
  return new Promise((resolve) => {
    const onChange = () => {
      if (!done()) return;
      worker.removeEventListener('statechange', onChange);
      resolve();
    };
    worker.addEventListener('statechange', onChange);
  });
}
