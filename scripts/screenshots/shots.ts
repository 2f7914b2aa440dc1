/**
 * The screenshots `npm run screenshots` writes to docs/screenshots/: what each one shows, the
 * portal controls it starts with, and what must be on screen before it is taken.
 */
import type { Frame, Page } from 'playwright-core';
import type { InitialControls } from '../../harness/serve/parent-page/page-config.ts';
import { expectBackground, noteVisible } from './readiness.ts';

/** One screenshot. */
export type Shot = {
  /** File name under docs/screenshots/. */
  file: string;
  /** What it shows, for the log. */
  about: string;
  /** The portal page's viewport: the image's width; the image ends below the embedded app. */
  viewport: { width: number; height: number };
  /** Portal controls that differ from `harness serve`'s defaults. */
  controls: Partial<InitialControls>;
  /** Waits for (and does) what the shot must show; throws when it cannot. */
  ready(f: Frame, page: Page): Promise<void>;
};

/** Wide enough for the controls and an 800 px frame; tall enough for its 640 px. */
const WIDE = { width: 1100, height: 820 };
/** The controls beside a 360 px frame (below 800 px the portal page itself stacks them). */
const NARROW = { width: 820, height: 820 };

const COST = 'The cost function measures the squared error.';
const HINDI = 'रेखीय प्रतिगमन';

/** Asha's notes on her demo video (one in English, one in Hindi). */
const demoNotes = async (f: Frame) => {
  await noteVisible(f, COST);
  await noteVisible(f, HINDI);
};

/** The editor toolbar's button named `name`. */
const tool = (f: Frame, name: string) => f.getByRole('toolbar').getByRole('button', { name, exact: true });

/** Opens `Add note` and types a few formatted lines: bold words and a bulleted list. */
async function writeFormattedNote(f: Frame, page: Page): Promise<void> {
  await f.getByRole('button', { name: 'Add note', exact: true }).click();
  const text = f.getByRole('textbox', { name: 'Note', exact: true });
  await text.waitFor({ state: 'visible' });
  await f.waitForFunction(() => document.activeElement?.getAttribute('role') === 'textbox');
  const k = page.keyboard;
  await k.type('Before the ');
  await tool(f, 'Bold').click();
  await k.type('team review');
  await tool(f, 'Bold').click();
  await k.type(', revise:');
  await k.press('Enter');
  await tool(f, 'Bulleted list').click();
  await k.type('the cost function and its gradient');
  await k.press('Enter');
  await k.type('learning rate: ');
  await k.press('Control+b');
  await k.type('not too big');
  await k.press('Control+b');
  await k.type(', not too small');
  await f.waitForFunction(() => {
    const box = document.querySelector('[role=textbox]');
    return !!box && box.querySelectorAll('strong').length >= 2 && box.querySelectorAll('li').length >= 2;
  });
}

/** Every shot, in the order they are taken. */
export const SHOTS: Shot[] = [
  {
    file: 'light.png',
    about: 'My notes on the demo video, default blue theme',
    viewport: WIDE,
    controls: {},
    async ready(f) {
      await demoNotes(f);
      await expectBackground(f, false);
    },
  },
  {
    file: 'dark.png',
    about: 'the same in dark mode',
    viewport: WIDE,
    controls: { darkMode: true },
    async ready(f) {
      await demoNotes(f);
      await f.waitForSelector('body.dark-mode');
      await expectBackground(f, true);
    },
  },
  {
    file: 'narrow-360.png',
    about: 'a 360 px frame (one column)',
    viewport: NARROW,
    controls: { frameWidth: 360 },
    async ready(f) {
      await f.waitForSelector('.app.narrow');
      await demoNotes(f);
      await expectBackground(f, false);
    },
  },
  {
    file: 'arabic.png',
    about: 'All notes in Arabic, right to left (Amira)',
    viewport: WIDE,
    controls: { locale: 'ar', user: 'amira', route: '/view' },
    async ready(f) {
      await f.waitForFunction(
        () => document.documentElement.dir === 'rtl' && document.documentElement.lang === 'ar',
      );
      await noteVisible(f, 'اكتب قبل أن تجتمع');
      await noteVisible(f, 'أفضل خط');
      await expectBackground(f, false);
    },
  },
  {
    file: 'course.png',
    about: 'a course: notes grouped by module and resource, three groups folded',
    viewport: WIDE,
    controls: { route: '/course/course-ml-101' },
    async ready(f) {
      await noteVisible(f, 'Goal: finish this course');
      await noteVisible(f, COST);
      // Fold three one-note groups so the frame shows both levels and a resource's two notes.
      for (const name of ['Course notes', 'Model evaluation', 'Gradient descent handout']) {
        const toggle = f.getByRole('button', { name, exact: true });
        await toggle.click();
        await f.waitForFunction(
          (n) =>
            [...document.querySelectorAll('main .group-toggle')].some(
              (b) => b.textContent?.trim() === n && b.getAttribute('aria-expanded') === 'false',
            ),
          name,
        );
      }
      await noteVisible(f, HINDI);
      await expectBackground(f, false);
    },
  },
  {
    file: 'editor.png',
    about: 'Add note: the rich-text editor with bold text and a list',
    viewport: WIDE,
    controls: {},
    async ready(f, page) {
      await demoNotes(f);
      await writeFormattedNote(f, page);
    },
  },
  {
    file: 'review.png',
    about: 'Review: a due note, its answer shown, and the four ratings',
    viewport: WIDE,
    controls: { route: '/review' },
    async ready(f) {
      const show = f.getByRole('button', { name: 'Show answer', exact: true });
      await show.waitFor({ state: 'visible' });
      await show.click();
      await f.getByRole('button', { name: /^Good/ }).waitFor({ state: 'visible' });
      await expectBackground(f, false);
    },
  },
];
