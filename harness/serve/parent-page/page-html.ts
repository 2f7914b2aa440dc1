/**
 * Server-side markup of the mock portal page: labelled controls (their options depend on which
 * portal the page plays: control-choices.ts), the player status line, the titled iframe (its `src`
 * is set by the script once it listens, so the app's LOADED can never be missed) and the message log.
 */

import { escapeHtml } from '../../../src/format/plain-html.ts';
import { FRAME_WIDTHS, routeChoices } from '../../shared/choices.ts';
import { type ChoiceSet, controlChoices } from './control-choices.ts';
import { CONFIG_ELEMENT_ID, type ParentPageConfig } from './page-config.ts';
import { PLAYER_IDLE_TEXT, PLAYER_STATUS_ID } from './seek-status.ts';

/** Escapes text for HTML content and attribute values (the app's own escaper). */
export { escapeHtml };

/** JSON safe inside `<script type="application/json">` (no `</script>` or `<!--` break-out). */
export const scriptJson = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

const options = (items: { value: string; label: string }[], selected: string): string =>
  items
    .map(({ value, label }) => {
      const sel = value === selected ? ' selected' : '';
      return `<option value="${escapeHtml(value)}"${sel}>${escapeHtml(label)}</option>`;
    })
    .join('');

const select = (
  id: string,
  label: string,
  items: { value: string; label: string }[],
  selected: string,
): string =>
  `<div class="field"><label for="${id}">${label}</label><select id="${id}">${options(items, selected)}</select></div>`;

const same = (values: readonly string[]) => values.map((v) => ({ value: v, label: v }));

const selectFrom = (id: string, label: string, set: ChoiceSet): string =>
  select(id, label, set.items, set.selected);

const checkbox = (id: string, label: string, on: boolean): string =>
  `<div class="field check"><input type="checkbox" id="${id}"${on ? ' checked' : ''}><label for="${id}">${label}</label></div>`;

/** What the header says the page plays: which portal, and how long its tokens last. */
const portalLine = (config: ParentPageConfig): string => {
  const who =
    config.parent === 'sunbird-cb'
      ? 'It speaks as the Sunbird CB portal does: no org and no token in the context, tokens by AUTH_REQUEST, replies to *.'
      : "It sends the full context, token included, to the app's origin.";
  const ttl = config.tokenTtl ? ` Tokens expire ${config.tokenTtl} s after they are minted.` : '';
  return `<p>${escapeHtml(who + ttl)}</p>`;
};

/** The whole page for `config`; `parentOrigin` is shown in the header for orientation. */
export function renderParentPage(config: ParentPageConfig, parentOrigin: string): string {
  const { initial } = config;
  const demo = config.playerData[initial.user];
  const player = [
    { value: 'none', label: 'none' },
    ...(demo ? [{ value: 'demo', label: demo.resourceTitle ?? demo.resourceId }] : []),
  ];
  const users = config.users.map((u) => ({
    value: u.name,
    label: `${u.firstName} ${u.lastName} (${u.name})`,
  }));
  const choices = controlChoices(config.parent, initial);
  const widths = FRAME_WIDTHS.map((w) => ({
    value: String(w),
    label: `${w} px${w < 700 ? ' (small screen)' : ''}`,
  }));
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Notes harness: mock portal</title>
<link rel="stylesheet" href="/parent.css">
<script type="application/json" id="${CONFIG_ELEMENT_ID}">${scriptJson(config)}</script>
<script type="module" src="/parent.js"></script>
</head>
<body>
<header class="bar">
<h1>Mock portal</h1>
<p>Parent <code>${escapeHtml(parentOrigin)}</code> embeds the Notes app from <code>${escapeHtml(config.appOrigin)}</code></p>
${portalLine(config)}
</header>
<main class="layout">
<form class="controls" id="controls" aria-label="Context sent to the app">
${selectFrom('locale', 'Locale', choices.locale)}
${selectFrom('theme', 'Theme', choices.theme)}
${checkbox('dark-mode', 'Dark mode', initial.darkMode)}
${selectFrom('font-size', 'Font size', choices.fontSize)}
${select('frame-width', 'Frame width', widths, String(initial.frameWidth))}
${select('user', 'User', users, initial.user)}
${select('route', 'Route', same(routeChoices(initial.route)), initial.route)}
${select('player-data', 'Player data', player, initial.playerData && demo ? 'demo' : 'none')}
${checkbox('answer-auth', 'Answer AUTH_REQUEST', true)}
</form>
<section class="stage" aria-label="Embedded app" tabindex="0">
<p id="${PLAYER_STATUS_ID}" class="player-status" role="status">${PLAYER_IDLE_TEXT}</p>
<iframe id="app-frame" title="Notes" width="${initial.frameWidth}" height="640"></iframe>
</section>
<section class="log-panel">
<div class="log-head"><h2 id="log-title">Message log</h2><button type="button" id="clear-log">Clear log</button></div>
<div id="message-log" class="log" role="log" aria-live="polite" aria-labelledby="log-title" tabindex="0"></div>
</section>
</main>
</body>
</html>
`;
}
