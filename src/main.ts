// Entry: narrow the connection policy first, restore the draft (or open the built-in example),
// then mount the shell. Monaco is loaded by the shell after it has painted; the service worker
// that keeps the page working offline is registered last, once the first report is on screen:
// Workbox's page-side helper and the worker's precache (the whole build, Monaco included) took
// ~0.4 s from the editors' start-up when they began at the load event.
import { apiOrigin, connectPolicy } from './model/csp';
import { activeSettings, loadModelSettings } from './model/settings';
import { installConnectPolicy } from './platform/connectPolicy';
import { browserStore } from './platform/storage';
import { appUpdate, startWorkbench, ui } from './state/workbench/app';
import { mount } from 'svelte';
import App from './ui/App.svelte';
import './ui/app.css';

const { baseURL } = activeSettings(loadModelSettings(browserStore()));
installConnectPolicy(connectPolicy(baseURL), apiOrigin(baseURL));
void startWorkbench();

const target = document.getElementById('app');
if (!target) throw new Error('index.html has no #app element');
mount(App, { target });

void ui
  .firstAuditShown()
  .then(() => import('./platform/serviceWorker'))
  .then(({ registerServiceWorker }) => registerServiceWorker((activate) => appUpdate.offer(activate)));
