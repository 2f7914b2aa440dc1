/**
 * The entry point. Everything lives in `start.tsx` (the composition root); the stylesheet is an
 * entry of build.mjs of its own.
 */
import { start } from './start.tsx';

start();
