// Entry: narrow the connection policy first, restore the draft (or open the built-in example),
// then mount the shell. Monaco is loaded by the shell after it has painted; the service worker
// that keeps the page working offline is registered last.
import { apiOrigin, connectPolicy } from './model/csp';
import { activeSettings, loadModelSettings } from './model/settings';
import { installConnectPolicy } from './platform/connectPolicy';
import { registerServiceWorker } from './platform/serviceWorker';
import { browserStore } from './platform/storage';
import { appUpdate, startWorkbench } from './state/workbench/app';
import { mount } from 'svelte';
import App from './ui/App.svelte';
import './ui/app.css';

const { baseURL } = activeSettings(loadModelSettings(browserStore()));
installConnectPolicy(connectPolicy(baseURL), apiOrigin(baseURL));
void startWorkbench();

const target = document.getElementById('app');
if (!target) throw new Error('index.html has no #app element');
mount(App, { target });

registerServiceWorker((activate) => appUpdate.offer(activate));
