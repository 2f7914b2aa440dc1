/**
 * How much a list asks for, apart from the model so the early start (src/boot/) asks for exactly
 * what the model would without carrying the model.
 */

/** How many notes a list asks for at once (the API's maximum is 100). */
export const PAGE_SIZE = 50;

/** How many notes `/` shows when the learner is not looking at anything (`GET /notes/recent`). */
export const RECENT_COUNT = 20;
