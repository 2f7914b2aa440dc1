/**
 * In-frame instruments for the 10,000-note `/view` bench, as one init script (plain JavaScript,
 * so no transpiler helper leaks into the page). Only the app frame installs them. Every time is
 * `performance.now()` in the frame; "painted" means a task posted from the next animation frame's
 * callback has run, i.e. after that frame's style, layout and paint (the usual after-next-paint).
 *
 * - `__bench`: when the context arrived, when a link to `/view` was clicked, when the first note
 *   card of `/view` entered the DOM and when it was painted.
 * - `__benchArm()` then a keystroke, then `__benchArmed`: keydown → the list's DOM changed → painted.
 * - `__benchScroll(step, maxMs)`: scrolls by `step` px each frame from the top until the list's
 *   end (growing and paging as it goes) or `maxMs`, recording every frame's duration.
 */

/** What `__bench` holds after `/view` rendered. */
export type RenderMarks = {
  contextAt: number | null;
  navAt: number | null;
  cardDom: number | null;
  cardPaint: number | null;
  cards: number;
};

/** One keystroke's timing. */
export type KeyMark = { ms: number; domMs: number; rows: number; count: string } | { timeout: true };

/** One scroll pass. */
export type ScrollMarks = {
  /** Each frame's duration (ms), and the rows rendered when it began. */
  frames: number[];
  frameRows: number[];
  ms: number;
  rowsAtStart: number;
  rowsAtEnd: number;
  cards: number;
  bottomFrames: number;
  moreClicks: number;
  count: string;
  timedOut: boolean;
  /** Scroll height at the end (px), to tell the average row height. */
  height: number;
};

/** The init script; it does nothing outside a frame. */
export const FRAME_PROBES = `(() => {
  if (window === window.top) return;
  const CARD = '.view-list article';
  const afterPaint = (fn) => requestAnimationFrame(() => {
    const c = new MessageChannel();
    c.port1.onmessage = () => fn(performance.now());
    c.port2.postMessage(null);
  });
  const list = () => document.querySelector('.view-list > .note-list');
  const countText = () => (document.querySelector('.view-count') || {}).textContent || '';
  const b = (window.__bench = { contextAt: null, navAt: null, cardDom: null, cardPaint: null, cards: 0 });
  addEventListener('message', (e) => {
    if (b.contextAt === null && e.data && e.data.parentContext) b.contextAt = performance.now();
  }, true);
  addEventListener('click', (e) => {
    const a = e.target instanceof Element && e.target.closest('a');
    if (a && /\\/view$/.test(new URL(a.href, location.href).pathname)) b.navAt = performance.now();
  }, true);
  new MutationObserver((_, obs) => {
    if (!document.querySelector(CARD)) return;
    obs.disconnect();
    b.cardDom = performance.now();
    afterPaint((t) => { b.cardPaint = t; b.cards = document.querySelectorAll(CARD).length; });
  }).observe(document, { childList: true, subtree: true });

  window.__benchArm = () => {
    window.__benchArmed = new Promise((resolve) => {
      let t0 = null;
      let domAt = null;
      const body = document.querySelector('.view-body');
      const onKey = (e) => { if (t0 === null && !e.ctrlKey && !e.metaKey) t0 = performance.now(); };
      const done = (value) => {
        document.removeEventListener('keydown', onKey, true);
        mo.disconnect();
        clearTimeout(timer);
        resolve(value);
      };
      const mo = new MutationObserver(() => {
        if (t0 === null || domAt !== null) return;
        domAt = performance.now();
        afterPaint((t) => {
          const ul = list();
          done({ ms: t - t0, domMs: domAt - t0, rows: ul ? ul.children.length : 0, count: countText() });
        });
      });
      const timer = setTimeout(() => done({ timeout: true }), 120000);
      document.addEventListener('keydown', onKey, true);
      mo.observe(body, { childList: true, subtree: true, characterData: true });
    });
  };

  window.__benchScroll = (step, maxMs) => new Promise((resolve) => {
    const se = document.scrollingElement;
    scrollTo(0, 0);
    const frames = [];
    const frameRows = [];
    const start = performance.now();
    const rowsAtStart = list() ? list().children.length : 0;
    let last = null;
    let bottomFrames = 0;
    let moreClicks = 0;
    let rows = rowsAtStart;
    let grewAt = start;
    const tick = (ts) => {
      if (last !== null) {
        frames.push(ts - last);
        frameRows.push(rows);
      }
      last = ts;
      scrollBy(0, step);
      const ul = list();
      const n = ul ? ul.children.length : 0;
      if (n !== rows) { rows = n; grewAt = ts; }
      const atBottom = se.scrollTop + innerHeight >= se.scrollHeight - 2;
      const more = document.querySelector('.view-list .more');
      if (atBottom) bottomFrames++;
      // Without an observer firing, "Show more notes" is the way on (counted: it should not be needed).
      if (atBottom && more && ts - grewAt > 3000) { more.click(); moreClicks++; grewAt = ts; }
      const timedOut = ts - start > maxMs;
      if ((atBottom && !more) || timedOut) {
        resolve({ frames, frameRows, ms: performance.now() - start, rowsAtStart, rowsAtEnd: n, bottomFrames, moreClicks,
          cards: document.querySelectorAll(CARD).length, count: countText(), timedOut, height: se.scrollHeight });
      } else requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
})();`;
