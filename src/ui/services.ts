import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { I18nModel } from '../i18n/i18n-model.ts';
import type { NotesModel } from '../notes/notes-model.ts';
import type { Navigator } from '../routes/navigator.ts';
import type { SessionModel } from '../session/session-model.ts';

/** Everything a component may use; built once in `main.tsx` and handed down by context. */
export type Services = {
  session: SessionModel;
  i18n: I18nModel;
  notes: NotesModel;
  nav: Navigator;
  /** Current time in ms, injected so relative times are testable. */
  now: () => number;
};

/** Carries the services down the tree; components never build or import them directly. */
export const ServicesContext = createContext<Services | null>(null);

/** The services, for components; throws only on a wiring mistake (no provider). */
export function useServices(): Services {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('Notes: ServicesContext is missing');
  return services;
}
