import type { ComponentChildren } from 'preact';
import type { ScreenPath } from '../routes/route-rules.ts';
import { useServices } from './services.ts';

/**
 * A link to another screen that replaces the history entry instead of pushing one (an iframe's
 * pushState would fill the portal tab's Back button). Modified clicks (new tab…) stay native.
 */
export function AppLink(props: {
  to: ScreenPath;
  class?: string;
  current?: boolean;
  children: ComponentChildren;
}) {
  const { nav } = useServices();
  return (
    <a
      href={nav.href(props.to)}
      class={props.class}
      aria-current={props.current ? 'page' : undefined}
      onClick={(event) => {
        if (event.ctrlKey || event.metaKey || event.shiftKey || event.altKey || event.button !== 0) return;
        event.preventDefault();
        event.stopPropagation(); // keep preact-iso's document listener from pushing a history entry
        nav.navigate(props.to);
      }}
    >
      {props.children}
    </a>
  );
}
