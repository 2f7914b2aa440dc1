/**
 * Renders a component tree with the app's services into the linkedom document and hands back
 * helpers to find things by role-ish queries and to let effects and promises settle.
 */
import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { ServicesContext } from '../../src/ui/services.ts';
import { installDom } from './dom.ts';
import type { FakeServices } from './fake-services.ts';

/** Lets rendering, effects and pending promises run (Preact batches renders on a microtask/timer). */
export const settle = async (rounds = 3) => {
  for (let i = 0; i < rounds; i++) await new Promise<void>((r) => setTimeout(r, 0));
};

/** A rendered tree and ways to look into it. */
export type Rendered = {
  container: HTMLElement;
  text(): string;
  /** Buttons whose text (trimmed) equals `name`. */
  buttons(name: string): HTMLButtonElement[];
  unmount(): void;
};

/** Renders `ui` inside the services context into a fresh container. */
export async function render(ui: ReactNode, fake: FakeServices): Promise<Rendered> {
  const { document } = installDom();
  // Screens that read the course side render only once it is loaded (see createScreens).
  await fake.services.notes.loadCourses();
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  root.render(<ServicesContext.Provider value={fake.services}>{ui}</ServicesContext.Provider>);
  await settle();
  return {
    container,
    text: () => container.textContent ?? '',
    buttons: (name) =>
      Array.from(container.querySelectorAll('button')).filter((b) => (b.textContent ?? '').trim() === name),
    unmount: () => {
      root.unmount();
      container.remove();
    },
  };
}

/**
 * Settles until `check` holds, for up to `ms` of wall-clock time: a lazy chunk's first import
 * under Node compiles the module, which takes real time, not just a few ticks.
 */
export async function waitFor(check: () => boolean, what: string, ms = 5000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (check()) return;
    await new Promise<void>((r) => setTimeout(r, 10));
  }
  throw new Error(`waited in vain for: ${what}`);
}
