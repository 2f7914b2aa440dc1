/**
 * `--open`: hands the parent page's URL to the platform's opener (xdg-open, open, start) when one
 * exists, and says so plainly when none does (containers, CI, SSH sessions).
 */
import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/** A command that opens a URL. */
export type Opener = { command: string; args: string[] };

const onPath = (name: string, pathEnv: string): boolean =>
  pathEnv.split(delimiter).some((dir) => {
    try {
      accessSync(join(dir, name), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });

/** The opener for a platform, or null when this machine has none. */
export function findOpener(
  url: string,
  platform: NodeJS.Platform = process.platform,
  pathEnv: string = process.env.PATH ?? '',
  exists: (name: string, pathEnv: string) => boolean = onPath,
): Opener | null {
  if (platform === 'darwin') return { command: 'open', args: [url] };
  if (platform === 'win32') return { command: 'cmd', args: ['/c', 'start', '""', url] };
  return exists('xdg-open', pathEnv) ? { command: 'xdg-open', args: [url] } : null;
}

/** Opens `url` in the background; returns a line to print about what happened. */
export function openInBrowser(url: string, opener: Opener | null = findOpener(url)): string {
  if (!opener)
    return `harness: no browser opener is available here (xdg-open not found); open ${url} yourself`;
  const child = spawn(opener.command, opener.args, { stdio: 'ignore', detached: true });
  child.on('error', () => {});
  child.unref();
  return `harness: opening ${url} with ${opener.command}`;
}
