/**
 * The entry point: the stylesheet and the start. Everything else lives in `start.tsx` (the
 * composition root), which build.mjs also makes every lazy chunk import, so all first-load code
 * shares one chunk while the stylesheet stays the entry's alone.
 */
import './styles/app.css';
import { start } from './start.tsx';

start();
