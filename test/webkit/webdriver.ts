/**
 * A small W3C WebDriver client over fetch, for the WebKit smoke test: WebKitGTK's
 * `WebKitWebDriver` driving MiniBrowser under `xvfb-run -a` (MiniBrowser has no headless mode).
 * Only the commands the smoke test needs: new session, navigate, find, switch frame, execute
 * script, send keys, delete session. Why our own and not selenium-webdriver or webdriverio:
 * docs/decisions.md ("Firefox and WebKit in the tests").
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';

/** Where Debian's webkit2gtk-driver and xvfb put what the smoke test runs. */
export const WEBKIT_DRIVER = process.env.WEBKIT_DRIVER_PATH || '/usr/bin/WebKitWebDriver';
export const MINIBROWSER =
  process.env.MINIBROWSER_PATH || '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
export const XVFB_RUN = '/usr/bin/xvfb-run';

/** The W3C key WebDriver reads as an element reference. */
const ELEMENT = 'element-6066-11e4-a52e-4f735466cecf';

/** An element reference as WebDriver returns it (pass it back to `execute` as an argument). */
export type ElementRef = { [ELEMENT]: string };

/** What is missing for the smoke test to run, as the exact install command; null when all is there. */
export function missingWebKit(): string | null {
  return [WEBKIT_DRIVER, MINIBROWSER, XVFB_RUN].every((p) => existsSync(p))
    ? null
    : 'apt-get update && apt-get install -y webkit2gtk-driver xvfb';
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A running `WebKitWebDriver` (under its own X server) and how to stop it. */
export type Driver = { url: string; close(): Promise<void> };

/** Starts the driver on a free loopback port and waits (up to 20 s) until `/status` says ready. */
export async function startDriver(): Promise<Driver> {
  const port = await freePort();
  const child: ChildProcess = spawn(XVFB_RUN, ['-a', WEBKIT_DRIVER, `--port=${port}`, '--host=local'], {
    detached: true, // its own process group: xvfb-run, Xvfb and the driver stop together
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (d) => {
    stderr += String(d);
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null || child.pid === undefined) return;
    const exited = new Promise((r) => child.once('exit', r));
    process.kill(-child.pid, 'SIGTERM');
    await Promise.race([exited, sleep(3000)]);
    if (child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
  };
  for (const started = Date.now(); Date.now() - started < 20_000; await sleep(100)) {
    if (child.exitCode !== null) break;
    const ready = await fetch(`${url}/status`)
      .then(async (r) => ((await r.json()) as { value?: { ready?: boolean } }).value?.ready === true)
      .catch(() => false);
    if (ready) return { url, close: stop };
  }
  await stop();
  throw new Error(`WebKitWebDriver did not start on port ${port}: ${stderr.trim() || 'no output'}`);
}

/** One WebDriver session: MiniBrowser with automation on. */
export type Session = {
  navigate(url: string): Promise<void>;
  /** The first element `css` matches in the current browsing context; throws when there is none. */
  find(css: string): Promise<ElementRef>;
  /** Switches into `frame` (an iframe element), or back to the top page with null. */
  frame(frame: ElementRef | null): Promise<void>;
  /** Runs `script` (a function body: `return …`, `arguments[i]`) in the current context. */
  execute<T>(script: string, ...args: unknown[]): Promise<T>;
  /** Types `text` into the element (element send keys: reaches a cross-site frame, unlike clicks). */
  type(element: ElementRef, text: string): Promise<void>;
  /** Polls `script` until it returns something truthy, which it returns; fails after `timeoutMs`. */
  until<T>(what: string, script: string, timeoutMs?: number): Promise<T>;
  close(): Promise<void>;
};

/** Opens a session on `driver` with MiniBrowser's capabilities. */
export async function newSession(driver: Driver): Promise<Session> {
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${driver.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json = (await res.json().catch(() => ({}))) as {
      value?: T & { error?: string; message?: string };
    };
    if (!res.ok || json.value?.error) {
      throw new Error(
        `WebDriver ${method} ${path}: ${json.value?.error ?? res.status} ${json.value?.message ?? ''}`,
      );
    }
    return json.value as T;
  };
  const created = await call<{ sessionId: string }>('POST', '/session', {
    capabilities: {
      alwaysMatch: {
        browserName: 'MiniBrowser',
        'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] },
      },
    },
  });
  const s = `/session/${created.sessionId}`;
  const execute = <T>(script: string, ...args: unknown[]) =>
    call<T>('POST', `${s}/execute/sync`, { script, args });
  return {
    navigate: async (url) => {
      await call('POST', `${s}/url`, { url });
    },
    find: (css) => call<ElementRef>('POST', `${s}/element`, { using: 'css selector', value: css }),
    frame: async (frame) => {
      await call('POST', `${s}/frame`, { id: frame });
    },
    execute,
    type: async (element, text) => {
      await call('POST', `${s}/element/${element[ELEMENT]}/value`, { text });
    },
    async until<T>(
      what: string,
      script: string,
      timeoutMs = Number(process.env.NOTES_TEST_TIMEOUT_MS ?? 10_000),
    ) {
      const started = Date.now();
      for (;;) {
        const value = await execute<T>(script).catch(() => null);
        if (value) return value;
        if (Date.now() - started > timeoutMs) throw new Error(`WebKit: ${what} within ${timeoutMs} ms`);
        await sleep(100);
      }
    },
    close: async () => {
      await call('DELETE', s).catch(() => undefined);
    },
  };
}
