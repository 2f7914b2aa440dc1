/**
 * Flag parsers for commander: each turns a raw string into a checked value or throws
 * `InvalidArgumentError`, which commander reports as one line naming the flag (exit code 2).
 */
import { InvalidArgumentError } from 'commander';
import { MAX_ID_CHARS } from '../../src/protocol/limits.ts';
import { FONT_SIZES, type FontSize, type ThemeName } from '../../src/protocol/messages.ts';
import { findSeededUser, SEEDED_USERS, type SeedUser } from '../api/seed.ts';
import {
  findTheme,
  LOCALES,
  type Locale,
  PARAM_ROUTES,
  PARENT_KINDS,
  type ParentKind,
  ROUTE_SHAPES,
  ROUTES,
  type Route,
} from '../shared/choices.ts';

const fail = (message: string): never => {
  throw new InvalidArgumentError(message);
};

const oneOf = <T extends string>(value: string, allowed: readonly T[], what: string): T => {
  const found = allowed.find((a) => a === value.trim());
  return found ?? fail(`Use one ${what}: ${allowed.join(', ')}.`);
};

/** A TCP port: a whole number 0–65535 (0 = any free port). */
export function parsePort(value: string): number {
  if (!/^\d{1,5}$/.test(value.trim()) || Number(value) > 65535) fail('Use a whole number from 0 to 65535.');
  return Number(value);
}

/** A probability for fault injection, 0–1 inclusive. */
export function parseRate(value: string): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n < 0 || n > 1)
    fail('Use a number from 0 to 1, e.g. 0.2.');
  return n;
}

/** Milliseconds ≥ 0, capped where Node timers stop working (about 24.8 days). */
export function parseMs(value: string): number {
  const n = Number(value);
  if (!/^\d+(\.\d+)?$/.test(value.trim()) || n > 2_147_483_647)
    fail('Use a number of milliseconds, 0 or more.');
  return n;
}

/** A token lifetime: whole seconds from 1 to 10 years. */
export function parseSeconds(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || n < 1 || n > 315_360_000)
    fail('Use a whole number of seconds, 1 or more.');
  return n;
}

/** An http(s) origin with no path, query, fragment or credentials; returned normalised. */
export function parseOrigin(value: string): string {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return fail('Use an http(s) origin such as http://localhost:4200.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') fail('Use an http:// or https:// origin.');
  if (url.username || url.password) fail('Leave out user names and passwords.');
  if (url.pathname !== '/' || url.search || url.hash || /[?#]/.test(value)) {
    fail('Give only scheme, host and port, with no path (e.g. http://localhost:4200).');
  }
  return url.origin;
}

/** A locale the app ships. */
export const parseLocale = (value: string): Locale => oneOf(value, LOCALES, 'locale');

/** A theme, accepting spaced or underscored forms ("light green"); returned normalised. */
export function parseTheme(value: string): ThemeName {
  return findTheme(value) ?? fail('Unknown theme. Run `harness serve --help` for the 16 names.');
}

/** A font size from x-small to x-large. */
export const parseFontSize = (value: string): FontSize => oneOf(value, FONT_SIZES, 'font size');

/** Characters a path parameter may use: URL-safe, and no `.` (the static server would take `x.y` for a file). */
const PARAM_VALUE = /^[A-Za-z0-9_~-]+$/;

/**
 * An app route from the route table: a base route (`view` and `/view` both work), or a
 * parameterised one such as `/course/course-ml-101`, whose id is one non-empty, URL-safe segment.
 */
export function parseRoute(value: string): Route {
  const v = value.trim();
  const path = v.startsWith('/') ? v : `/${v}`;
  const base = ROUTES.find((r) => r === path);
  if (base) return base;
  const withParam = PARAM_ROUTES.find((r) => path.startsWith(`${r.path}/`));
  if (!withParam) return fail(`Use one route: ${ROUTE_SHAPES}.`);
  const id = path.slice(withParam.path.length + 1);
  if (id.length > MAX_ID_CHARS || !PARAM_VALUE.test(id)) {
    fail(
      `The ${withParam.param} in ${withParam.path}/<${withParam.param}> must be 1–${MAX_ID_CHARS} letters, digits, "-", "_" or "~" (e.g. ${withParam.path}/course-ml-101).`,
    );
  }
  return `${withParam.path}/${id}`;
}

/** Which portal the mock parent page plays: `default` or `sunbird-cb`. */
export const parseParent = (value: string): ParentKind => oneOf(value, PARENT_KINDS, 'parent');

/** A seeded learner by name. */
export function parseUser(value: string): SeedUser {
  return findSeededUser(value) ?? fail(`Use a seeded user: ${SEEDED_USERS.map((u) => u.name).join(', ')}.`);
}

/** A signing secret: non-empty, no surrounding spaces lost silently. */
export function parseSecret(value: string): string {
  if (value.trim() === '') fail('The secret must not be empty.');
  return value;
}

/** A file path that is not empty. */
export function parseFile(value: string): string {
  if (value.trim() === '') fail('Give a file path.');
  return value;
}

/** A host name or IP to bind to. */
export function parseHost(value: string): string {
  const v = value.trim();
  if (!/^[A-Za-z0-9.:[\]-]+$/.test(v)) fail('Use a host name or IP address such as 127.0.0.1.');
  return v.replace(/^\[(.*)\]$/, '$1');
}
