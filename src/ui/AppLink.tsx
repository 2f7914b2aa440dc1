import type { ReactNode } from 'react';
import type { AppPath } from '../routes/route-table.ts';
import { useServices } from './services.ts';

/**
 * A link to another screen that replaces the history entry instead of pushing one (an iframe's
 * pushState would fill the portal tab's Back button). Modified clicks (new tab…) stay native.
 */
export function AppLink(props: { to: AppPath; className?: string; current?: boolean; children: ReactNode }) {
  const { nav } = useServices();
  return (
    <a
      href={nav.href(props.to)}
      className={props.className}
      aria-current={props.current ? 'page' : undefined}
      onClick={(event) => {
        if (event.ctrlKey || event.metaKey || event.shiftKey || event.altKey || event.button !== 0) return;
        event.preventDefault();
        event.stopPropagation(); // keep the router's document listener from pushing a history entry
        nav.navigate(props.to);
      }}
    >
      {props.children}
    </a>
  );
}
