import type { ReadonlySignal } from '@preact/signals-core';
import { useCallback, useSyncExternalStore } from 'react';
import type { Translate } from '../i18n/i18n-model.ts';
import { useServices } from './services.ts';

/**
 * A model's signal as React state: the component re-renders when it changes. Plain React
 * (`useSyncExternalStore`), so components need no signals integration in the renderer.
 */
export function useValue<T>(source: ReadonlySignal<T>): T {
  const subscribe = useCallback((onChange: () => void) => source.subscribe(onChange), [source]);
  return useSyncExternalStore(subscribe, () => source.value);
}

/** The translate function, re-rendering the component when the locale (and so the text) changes. */
export function useT(): Translate {
  const { i18n } = useServices();
  useValue(i18n.messages);
  useValue(i18n.locale);
  return i18n.t;
}
