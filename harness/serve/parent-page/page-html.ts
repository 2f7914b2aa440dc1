/**
 * Server-side markup of the mock portal page: labelled controls, the player status line, the titled
 * iframe (its `src` is set by the script once it listens, so the app's LOADED can never be missed)
 * and the message log.
 */

import { escapeHtml } from '../../../src/format/plain-html.ts';
import { FONT_SIZES, THEME_NAMES } from '../../../src/protocol/messages.ts';
import { FRAME_WIDTHS, LOCALES, routeChoices, themeLabel } from '../../shared/choices.ts';
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
  const themes = THEME_NAMES.map((t) => ({ value: t, label: themeLabel(t) }));
  const widths = FRAME_WIDTHS.map((w) => ({
    value: String(w),
    label: `${w} px${w < 700 ? ' (small screen)' : ''}`,
  }));
  const checked = initial.darkMode ? ' checked' : '';
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
</header>
<main class="layout">
<form class="controls" id="controls" aria-label="Context sent to the app">
${select('locale', 'Locale', same(LOCALES), initial.locale)}
${select('theme', 'Theme', themes, initial.theme)}
<div class="field check"><input type="checkbox" id="dark-mode"${checked}><label for="dark-mode">Dark mode</label></div>
${select('font-size', 'Font size', same(FONT_SIZES), initial.fontSize)}
${select('frame-width', 'Frame width', widths, String(initial.frameWidth))}
${select('user', 'User', users, initial.user)}
${select('route', 'Route', same(routeChoices(initial.route)), initial.route)}
${select('player-data', 'Player data', player, initial.playerData && demo ? 'demo' : 'none')}
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
