import { useEffect, useId, useState } from 'react';
import {
  parseSeekOffset,
  readSeekOffset,
  SEEK_OFFSETS,
  type SeekOffset,
} from '../../../notes/read/seek-offset.ts';
import { useServices } from '../../services.ts';
import { useT, useValue } from '../../use-value.ts';
import { saveSeekOffset } from './seek-offset-save.ts';

/** The name of each choice (message keys: one per choice, each language words its own number). */
const LABELS: Record<SeekOffset, string> = {
  0: 'Exactly',
  3: '3 seconds earlier',
  5: '5 seconds earlier',
  10: '10 seconds earlier',
};

/**
 * "Go to a note's time: exactly / 3 / 5 / 10 seconds earlier" (docs/routes.md): the learner's setting,
 * kept on this device per learner (src/notes/read/seek-offset.ts). Every "Go to 03:12" button then asks
 * the player for that much earlier; the buttons still show the note's own time, and pages are
 * never shifted. On `/view`, with the other choices about how notes are shown and opened.
 */
export function SeekSetting() {
  const { store, session } = useServices();
  const t = useT();
  const id = useId();
  const learner = useValue(session.learner);
  const [offset, setOffset] = useState(() => readSeekOffset(store, learner));
  useEffect(() => setOffset(readSeekOffset(store, learner)), [learner]);
  return (
    <div className="view-field seek-setting">
      <label htmlFor={id}>{t('Go to a note’s time')}</label>
      <select
        id={id}
        value={String(offset)}
        onChange={(event) => {
          const next = parseSeekOffset(event.currentTarget.value);
          setOffset(next);
          saveSeekOffset(store, learner, next);
        }}
      >
        {SEEK_OFFSETS.map((seconds) => (
          <option key={seconds} value={String(seconds)}>
            {t(LABELS[seconds])}
          </option>
        ))}
      </select>
    </div>
  );
}
