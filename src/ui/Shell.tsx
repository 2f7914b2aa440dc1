import { useLocation } from 'preact-iso/router';
import { type ReactNode, useEffect, useRef } from 'react';
import { screenOf } from '../routes/route-rules.ts';
import { NAV_ROUTES } from '../routes/route-table.ts';
import { AppLink } from './AppLink.tsx';
import { LiveRegion } from './LiveRegion.tsx';
import { PartBoundary } from './PartBoundary.tsx';
import { ShortcutHelp } from './ShortcutHelp.tsx';
import { useServices } from './services.ts';
import { useT, useValue } from './use-value.ts';

/**
 * The frame around every screen: the main navigation (from the route table; the Review tab with
 * the count of notes due today, hidden when the API has no review), the `<main>`
 * landmark, the Undo bar, the keyboard shortcut help (the `<footer>`) and the one polite live
 * region. The lazy
 * parts it shows each sit in an error boundary: one that could not load never blanks the app.
 */
export function Shell({ children }: { children: ReactNode }) {
  const { session, nav, shortcuts, notes, parts, page } = useServices();
  const t = useT();
  const due = useValue(notes.review.due);
  const epoch = useValue(notes.epoch);
  // The Review tab's count, once the screen is in after each context (src/review/review-count.ts).
  useEffect(() => {
    if (epoch)
      page.whenIdle(
        () => void import('../review/review-count.ts').then((m) => m.followCount(notes.review), String),
      );
  }, [epoch]);
  const pending = useValue(notes.pendingDeletes);
  const small = useValue(session.smallScreen);
  useLocation(); // re-render on navigation so aria-current follows
  const current = screenOf(nav.currentPath());
  useEffect(() => shortcuts.on('search', () => nav.navigate('/view')), []);
  // The Undo bar's code arrives with the first delete; once there it stays mounted (it moves focus
  // away from itself when it closes).
  const undoUsed = useRef(false);
  if (pending.length) undoUsed.current = true;
  return (
    <div className={small ? 'app narrow' : 'app wide'}>
      <nav className="app-nav" aria-label={t('Main navigation')}>
        <ul>
          {NAV_ROUTES.map((route) =>
            route.path === '/review' && due === null ? null : (
              <li key={route.path}>
                <AppLink to={route.path} current={current === route.path}>
                  {t(route.label)}
                  {route.path === '/review' && due ? (
                    <>
                      <span className="tab-count" aria-hidden="true">
                        {due}
                      </span>
                      <span className="visually-hidden">{t(', {count} due today', { count: due })}</span>
                    </>
                  ) : null}
                </AppLink>
              </li>
            ),
          )}
        </ul>
      </nav>
      <main id="main">{children}</main>
      {undoUsed.current && (
        <PartBoundary>
          <parts.UndoBar />
        </PartBoundary>
      )}
      <ShortcutHelp />
      <LiveRegion />
    </div>
  );
}
