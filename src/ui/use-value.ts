import type { ReadonlySignal } from '@preact/signals-core';
import { useEffect, useState } from 'react';
import type { Translate } from '../i18n/i18n-model.ts';
import { useServices } from './services.ts';

/**
 * A model's signal as React state: the component re-renders when it changes (plain React hooks,
 * so components need no signals integration in the renderer). A change between this render and
 * the subscription is caught too: the subscription's first call compares with what was rendered.
 */
export function useValue<T>(source: ReadonlySignal<T>): T {
  const value = source.value;
  const [, setTick] = useState(0);
  useEffect(() => source.subscribe((next) => next !== value && setTick((n) => n + 1)), [source, value]);
  return value;
}

/** The translate function, re-rendering the component when the locale (and so the text) changes. */
export function useT(): Translate {
  const { i18n } = useServices();
  useValue(i18n.messages);
  useValue(i18n.locale);
  return i18n.t;
}
