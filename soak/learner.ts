/**
 * The scripted learner: adds, edits and deletes notes on `/` through the UI only — buttons by
 * their accessible names, the editor labelled `Note` — and writes each action into the ledger the
 * moment the app has taken it (the editor closed, or the text is in the outbox). Waits are for UI
 * states, never fixed sleeps; a state that doesn't come within its bound stops the soak with what
 * the frame showed.
 */
import type { Frame, Locator } from 'playwright-core';
import type { Entry, Ledger } from './ledger.ts';
import type { Tab } from './tabs.ts';
import { boxText, type Card, cards, journal, noteBox, until } from './ui.ts';

/** How long an editor may stay open after Save before the soak calls the learner stuck. */
const SAVE_MS = 90_000;

/** What happened along the way that the report mentions. */
export type LearnerStats = {
  conflicts: string[];
  retries: number;
  deferred: number;
  undone: number;
  more: number;
};

/** A fresh tally for one or more learners' stats. */
export const newStats = (): LearnerStats => ({ conflicts: [], retries: 0, deferred: 0, undone: 0, more: 0 });

/**
 * The learner at work in one tab's frame, recording into `ledger`; `random` picks among the notes
 * on screen. The learner's two frames are two of these over one ledger, counting into one `stats`.
 */
export function createLearner(tab: Tab, ledger: Ledger, random: () => number, stats = newStats()) {
  let lastRetry = 0;
  const button = (scope: Frame | Locator, name: string) => scope.getByRole('button', { name, exact: true });

  const stuck = async (frame: Frame, what: string): Promise<never> => {
    const shown = await frame
      .evaluate(() => document.querySelector('main')?.innerText ?? '(no main)')
      .catch(() => '(frame gone)');
    throw new Error(`${what}; the frame shows:\n${shown.slice(0, 1500)}`);
  };

  /** Types `text` into the editor in `scope` and checks it arrived (a text area, or Quill). */
  const type = async (frame: Frame, scope: Locator, text: string) => {
    const box = noteBox(scope);
    await box
      .waitFor({ state: 'visible' })
      .catch(() => stuck(frame, 'no editor labelled "Note" within 30 s'));
    await box.fill(text);
    if (!(await until(async () => (await boxText(box)).replace(/\s+/g, ' ').trim() === text, 5000)))
      await stuck(
        frame,
        `the editor did not take the text "${text}" (it holds "${await boxText(box).catch(() => '?')}")`,
      );
  };

  /** Presses Save in `scope`; `handOff` returns as soon as the text is in the outbox (to reload or kill at once). */
  const save = async (frame: Frame, scope: Locator, token: string, handOff: boolean) => {
    await button(scope, 'Save').click();
    const box = noteBox(scope);
    const done = handOff
      ? () =>
          until(
            async () =>
              (await box.count()) === 0 ||
              (await journal(frame)).outbox.some((i) => i.tokens.includes(token)),
            SAVE_MS,
            20,
          )
      : () => until(async () => (await box.count()) === 0, SAVE_MS);
    if (!(await done()))
      await stuck(frame, `the editor stayed open ${SAVE_MS / 1000} s after Save (#${token})`);
  };

  /**
   * Presses `name` on a card picked a moment ago; false when the card left the list meanwhile (a
   * list answer after a reload trims a kept copy to the server's first page), so the caller waits.
   */
  const pressOnCard = async (el: Locator, name: string): Promise<boolean> => {
    try {
      await button(el, name).click({ timeout: 10_000 });
      return true;
    } catch (error) {
      if ((await el.count()) === 0) return false;
      throw error;
    }
  };

  const learner = {
    stats,
    /** Waits for `/` to show its Add note button and a settled list (or its failure, with Retry pressed once). */
    async home(): Promise<Frame> {
      const frame = await tab.frame();
      await button(frame, 'Add note').waitFor({ state: 'visible', timeout: 60_000 });
      await until(
        () =>
          frame.evaluate(
            () =>
              !!document.querySelector('main article, main [role=alert]') ||
              /No notes on this yet/.test(document.body.innerText),
          ),
        30_000,
      );
      return frame;
    },
    /**
     * Presses Retry if a failed list load offers it (the API was down) — at most every 5 s — and
     * gives the list up to 3 s to show cards.
     */
    async retryList(frame: Frame): Promise<void> {
      const retry = button(frame, 'Retry');
      if (Date.now() - lastRetry < 5000 || !(await retry.isVisible().catch(() => false))) return;
      lastRetry = Date.now();
      stats.retries += 1;
      await retry.click();
      await until(async () => (await cards(frame)).length > 0, 3000);
    },
    /** Adds one note; returns its entry. */
    async add(handOff = false): Promise<Entry> {
      const frame = await tab.frame();
      const draft = ledger.draftAdd();
      await button(frame, 'Add note').click();
      const form = frame.getByRole('region', { name: /^New note/ });
      await type(frame, form, draft.text);
      await save(frame, form, draft.token, handOff);
      return ledger.commitAdd(draft);
    },
    /** The cards on screen that show a live note's current version, with Edit enabled. */
    async choices(frame: Frame): Promise<{ card: Card; entry: Entry }[]> {
      const out: { card: Card; entry: Entry }[] = [];
      for (const card of await cards(frame)) {
        const entry = card.tokens
          .map((t) => ledger.byToken(t))
          .find((e) => e && !e.deleted && card.tokens.includes(e.token));
        if (entry && card.editable && card.id) out.push({ card, entry });
      }
      return out;
    },
    /** A random note on screen the learner may change now (after a Retry if the list failed), or null. */
    async pick() {
      const frame = await tab.frame();
      await learner.retryList(frame);
      const options = await learner.choices(frame);
      if (!options.length) return null;
      const { card, entry } = options[Math.floor(random() * options.length)]!;
      return { frame, entry, el: frame.locator(`[id="${card.id}"]`) };
    },
    /** Edits a note on screen to a new unique text; false when none can be edited now. */
    async edit(): Promise<boolean> {
      const picked = await learner.pick();
      if (!picked) return false;
      const { frame, entry, el } = picked;
      if (!(await pressOnCard(el, 'Edit note'))) return false;
      const next = ledger.draftEdit(entry);
      await type(frame, el, next.text);
      await save(frame, el, next.token, false);
      ledger.commitEdit(entry, next);
      return true;
    },
    /** Deletes a note on screen and lets the Undo window run (or presses Undo); false when none can be. */
    async remove(undo: boolean): Promise<boolean> {
      const picked = await learner.pick();
      if (!picked) return false;
      const { frame, entry, el } = picked;
      if (!(await pressOnCard(el, 'Delete note'))) return false;
      await el.waitFor({ state: 'detached' });
      const undoButton = button(frame, 'Undo delete'); // it shows "Undo" (UndoBar)
      await undoButton.waitFor({ state: 'visible' });
      if (undo) {
        await undoButton.click();
        await el.waitFor({ state: 'visible' });
        stats.undone += 1;
      } else entry.deleted = true;
      return true;
    },
    /** Asks for more of the list when it offers more (to reach older notes). */
    async more(): Promise<void> {
      const frame = await tab.frame();
      const more = button(frame, 'Show more notes');
      if (!(await more.isVisible().catch(() => false)) || !(await more.isEnabled().catch(() => false)))
        return;
      const before = (await cards(frame)).length;
      await more.click();
      stats.more += 1;
      await until(async () => (await cards(frame)).length > before || !(await more.isVisible()), 15_000);
    },
    /** Answers any conflict panel with the learner's own text ("Keep mine" / "Save mine as a new note"). */
    async resolveConflicts(): Promise<void> {
      const frame = await tab.frame();
      for (let i = 0; i < 5; i++) {
        const panel = frame.locator('section.conflict').first();
        if (!(await panel.count())) return;
        stats.conflicts.push((await panel.innerText()).replace(/\s+/g, ' ').slice(0, 300));
        const mine = panel.getByRole('button', { name: /^(Keep mine|Save mine as a new note)$/ });
        await mine.click();
        await until(async () => !(await panel.isVisible()), 30_000);
      }
    },
    /** Reloads the portal page (and so the frame); returns how many writes were queued just before. */
    async reload(): Promise<number> {
      const queued = (await journal(await tab.frame())).outbox.length;
      await tab.page.reload();
      await learner.home();
      return queued;
    },
  };
  return learner;
}

/** The scripted learner. */
export type Learner = ReturnType<typeof createLearner>;
