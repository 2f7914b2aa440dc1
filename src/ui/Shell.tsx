import type { ComponentChildren } from 'preact';
import { useLocation } from 'preact-iso/router';
import type { ScreenPath } from '../routes/route-rules.ts';
import { useServices } from './services.ts';

const LINKS: [ScreenPath, string][] = [
  ['/', 'My notes'],
  ['/view', 'All notes'],
  ['/course', 'Courses'],
];

/**
 * The frame around every screen: the main navigation and the `<main>` landmark. Links replace the
 * history entry instead of pushing (an iframe's pushState would fill the portal tab's Back button).
 */
export function Shell({ children }: { children: ComponentChildren }) {
  const { session, i18n, nav } = useServices();
  const { t } = i18n;
  useLocation(); // re-render on navigation so aria-current follows
  const current = nav.currentPath();
  return (
    <div class={session.smallScreen.value ? 'app narrow' : 'app'}>
      <nav class="app-nav" aria-label={t('Main navigation')}>
        <ul>
          {LINKS.map(([path, key]) => (
            <li key={path}>
              <a
                href={nav.href(path)}
                aria-current={current === path ? 'page' : undefined}
                onClick={(event) => {
                  if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
                  event.preventDefault();
                  event.stopPropagation();
                  nav.navigate(path);
                }}
              >
                {t(key)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <main id="main">{children}</main>
    </div>
  );
}
