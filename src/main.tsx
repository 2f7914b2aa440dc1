/**
 * The composition root: builds every service and model from the real `window`, starts the parent
 * bridge, then renders. The only module that touches globals; everything else gets them passed in.
 */

import { english, urls } from 'virtual:locales';
import { render } from 'preact';
import './styles/app.css';
import { createHttpClient } from './api/http-client.ts';
import { createNotesApi } from './api/notes-api.ts';
import { startParentBridge } from './bridge/parent-bridge.ts';
import { createI18n } from './i18n/i18n-model.ts';
import { createNotesModel } from './notes/notes-model.ts';
import { createNavigator } from './routes/navigator.ts';
import { applyContext } from './session/apply-context.ts';
import { createSessionModel, watchWindowWidth } from './session/session-model.ts';
import { App } from './ui/App.tsx';
import { ServicesContext } from './ui/services.ts';

const config = __NOTES_CONFIG__;
const session = createSessionModel(window.innerWidth);
watchWindowWidth(window, session.setWidth);
const nav = createNavigator(window, config.basePath);
window.addEventListener('popstate', () => nav.syncFromHistory());

const i18n = createI18n({
  english,
  urls,
  fetchJson: async (url) => {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return response.json();
  },
  root: document.documentElement,
});

const http = createHttpClient({
  fetch: (input, init) => fetch(input, init),
  baseUrl: config.apiBase,
  headers: () => {
    const context = session.context.value;
    if (!context) return null;
    const { user, rootOrg, org } = context;
    return { token: user.token, rootOrg, org, domain: session.parentHost.value, wid: user.userId };
  },
});

const notes = createNotesModel({
  api: createNotesApi(http),
  playerData: () => session.context.value?.playerData ?? null,
  onForbidden: () => nav.navigate('/error', { state: { code: 403 } }),
});

startParentBridge({
  window,
  config,
  onContext: (accepted) => applyContext(accepted, { session, i18n, nav, notes, body: document.body }),
});

const root = document.getElementById('app');
if (root) {
  render(
    <ServicesContext.Provider value={{ session, i18n, notes, nav, now: () => Date.now() }}>
      <App />
    </ServicesContext.Provider>,
    root,
  );
}
