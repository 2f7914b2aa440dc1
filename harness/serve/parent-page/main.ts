/**
 * The mock portal's script (bundled by esbuild when `harness serve` starts): answers the app's
 * LOADED with the context of the portal it plays (portal-mode.ts: the full one aimed at the app's
 * exact origin, or the real portal's to `'*'`), re-sends it as CONTEXT_CHANGE when a control
 * changes, answers AUTH_REQUEST with a fresh token, shows the app's SEEK requests on the player
 * status line, and logs every message both ways.
 */
import type { RequestId } from '../../../src/protocol/messages.ts';
import { createAuthRequestHandler } from './auth-request.ts';
import { createFrameMessageHandler } from './frame-messages.ts';
import { createMessageLog } from './message-log.ts';
import { readPageConfig } from './page-config.ts';
import { type PageControls, portalMode } from './portal-mode.ts';
import { PLAYER_STATUS_ID } from './seek-status.ts';
import { freshToken } from './token-client.ts';

const byId = <T extends HTMLElement>(id: string): T => {
  const found = document.getElementById(id);
  if (!found) throw new Error(`harness: the parent page is missing #${id}`);
  return found as T;
};

const config = readPageConfig(document);
const frame = byId<HTMLIFrameElement>('app-frame');
const log = createMessageLog(byId('message-log'));
const select = (id: string): HTMLSelectElement => byId<HTMLSelectElement>(id);
const locale = select('locale');
const theme = select('theme');
const fontSize = select('font-size');
const frameWidth = select('frame-width');
const user = select('user');
const route = select('route');
const player = select('player-data');
const darkMode = byId<HTMLInputElement>('dark-mode');
const answerAuth = byId<HTMLInputElement>('answer-auth');
const mode = portalMode(config.parent ?? 'default', config.appOrigin, location);

const userNamed = (name: string) => config.users.find((u) => u.name === name) ?? config.users[0]!;
const playerFor = (name: string) => (player.value === 'demo' ? (config.playerData[name] ?? null) : null);

const state: PageControls = {
  locale: locale.value,
  theme: theme.value,
  darkMode: darkMode.checked,
  fontSize: fontSize.value,
  user: userNamed(user.value),
  token: config.token,
  playerData: playerFor(user.value),
};
let appReady = false;

const note = (requestId: string, detail: string): void =>
  log.add({ direction: 'note', requestId, origin: location.origin, detail });

const post = (requestId: RequestId): void => {
  if (!frame.contentWindow) return;
  const message = mode.message(requestId, state);
  frame.contentWindow.postMessage(message, mode.target);
  log.add({ direction: 'sent', requestId, origin: mode.target, payload: message });
};

const changed = (): void => {
  if (appReady) post('CONTEXT_CHANGE');
  else note('CONTEXT_CHANGE', 'not sent: the app has not said LOADED yet');
};

window.addEventListener(
  'message',
  createFrameMessageHandler({
    frameWindow: () => frame.contentWindow,
    appOrigin: config.appOrigin,
    log,
    playerStatus: byId(PLAYER_STATUS_ID),
    onLoaded: () => {
      appReady = true;
      post('LOADED');
    },
    onAuthRequest: createAuthRequestHandler({
      answering: () => answerAuth.checked,
      // Kept as the page's token too, so a later CONTEXT_CHANGE of the default portal sends the newest.
      mintToken: async () => {
        state.token = await freshToken(state.user.name);
        return state.token;
      },
      send: (message, target) => frame.contentWindow?.postMessage(message, target),
      target: mode.target,
      log,
    }),
  }),
);

const openRoute = (path: string): void => {
  appReady = false;
  const url = new URL(path, config.appOrigin).href;
  note('navigate', `frame opens ${url}`);
  frame.src = url;
};

const refreshPlayerOptions = (name: string): void => {
  const demo = config.playerData[name];
  const keep = player.value;
  const none = new Option('none', 'none');
  player.replaceChildren(none, ...(demo ? [new Option(demo.resourceTitle ?? demo.resourceId, 'demo')] : []));
  player.value = demo && keep === 'demo' ? 'demo' : 'none';
};

locale.addEventListener('change', () => {
  state.locale = locale.value;
  changed();
});
theme.addEventListener('change', () => {
  state.theme = theme.value;
  changed();
});
darkMode.addEventListener('change', () => {
  state.darkMode = darkMode.checked;
  changed();
});
fontSize.addEventListener('change', () => {
  state.fontSize = fontSize.value;
  changed();
});
frameWidth.addEventListener('change', () => {
  frame.width = frameWidth.value;
  changed();
});
player.addEventListener('change', () => {
  state.playerData = playerFor(state.user.name);
  changed();
});
route.addEventListener('change', () => openRoute(route.value));
user.addEventListener('change', async () => {
  const name = user.value;
  try {
    const token = await freshToken(name);
    state.user = userNamed(name);
    state.token = token;
    refreshPlayerOptions(name);
    state.playerData = playerFor(name);
    changed();
  } catch (err) {
    note('error', `could not get a token for ${name}: ${(err as Error).message}`);
    user.value = state.user.name;
  }
});
byId('clear-log').addEventListener('click', () => log.clear());

openRoute(route.value);
