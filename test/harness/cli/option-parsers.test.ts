import { InvalidArgumentError } from 'commander';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  parseFontSize,
  parseHost,
  parseLocale,
  parseMs,
  parseOrigin,
  parseParent,
  parsePort,
  parseRate,
  parseRoute,
  parseSeconds,
  parseSecret,
  parseTheme,
  parseUser,
} from '../../../harness/cli/option-parsers.ts';

const rejects = (fn: (v: string) => unknown, values: string[]) => {
  for (const v of values)
    assert.throws(
      () => fn(v),
      (e: unknown) => e instanceof InvalidArgumentError,
      `accepted ${JSON.stringify(v)}`,
    );
};

test('ports are whole numbers 0–65535', () => {
  assert.is(parsePort('0'), 0);
  assert.is(parsePort('4300'), 4300);
  assert.is(parsePort('65535'), 65535);
  rejects(parsePort, ['65536', '-1', '1.5', 'abc', '', '0x10', '1e3', '99999999']);
});

test('rates are numbers 0–1', () => {
  assert.is(parseRate('0'), 0);
  assert.is(parseRate('0.25'), 0.25);
  assert.is(parseRate('1'), 1);
  rejects(parseRate, ['1.01', '-0.1', 'half', '', 'NaN', 'Infinity']);
});

test('milliseconds are ≥ 0 and fit a Node timer', () => {
  assert.is(parseMs('0'), 0);
  assert.is(parseMs('400'), 400);
  assert.is(parseMs('2.5'), 2.5);
  rejects(parseMs, ['-1', 'slow', '', '1e3', '2147483648']);
});

test('token lifetimes are whole seconds ≥ 1', () => {
  assert.is(parseSeconds('600'), 600);
  rejects(parseSeconds, ['0', '-5', '1.5', 'soon', '']);
});

test('the parent is default or sunbird-cb', () => {
  assert.is(parseParent('default'), 'default');
  assert.is(parseParent('sunbird-cb'), 'sunbird-cb');
  assert.is(parseParent(' sunbird-cb '), 'sunbird-cb');
  rejects(parseParent, ['sunbird', 'Sunbird-CB', '', 'portal']);
});

test('origins are http(s) with no path, returned normalised', () => {
  assert.is(parseOrigin('http://localhost:4200'), 'http://localhost:4200');
  assert.is(parseOrigin('http://localhost:4200/'), 'http://localhost:4200');
  assert.is(parseOrigin('HTTP://LocalHost:80'), 'http://localhost');
  assert.is(parseOrigin('https://portal.infosysapps.com'), 'https://portal.infosysapps.com');
  assert.is(parseOrigin('http://[::1]:4200'), 'http://[::1]:4200');
  rejects(parseOrigin, [
    'localhost:4200',
    'ftp://localhost',
    'file:///tmp/x',
    'http://localhost:4200/portal',
    'http://localhost:4200?x=1',
    'http://localhost:4200/#top',
    'http://user:pw@localhost:4200',
    'not a url',
    '',
  ]);
});

test('locale, font size and route come from the allowed sets', () => {
  assert.is(parseLocale('ar'), 'ar');
  rejects(parseLocale, ['xx', 'EN', 'en-US', '']);
  assert.is(parseFontSize('x-large'), 'x-large');
  rejects(parseFontSize, ['huge', '12px']);
  assert.is(parseRoute('/view'), '/view');
  assert.is(parseRoute('course'), '/course');
  assert.is(parseRoute('/'), '/');
  rejects(parseRoute, ['/error', '/ui', 'admin', '//view']);
});

test('route: a course route with one URL-safe course id is accepted, as given', () => {
  assert.is(parseRoute('/course/course-ml'), '/course/course-ml');
  assert.is(parseRoute(' course/course-ml-101 '), '/course/course-ml-101');
  assert.is(parseRoute('/course/C_42~x'), '/course/C_42~x');
  assert.is(parseRoute(`/course/${'a'.repeat(256)}`), `/course/${'a'.repeat(256)}`);
});

test('route: an empty, nested, unsafe or over-long course id, or a parameter elsewhere, is refused', () => {
  rejects(parseRoute, [
    '/course/',
    '/course//x',
    '/course/a/b',
    '/course/a/',
    '/course/a b',
    '/course/é',
    '/course/a.b',
    '/course/%2F',
    '/course/a?x=1',
    '/course/a#top',
    `/course/${'a'.repeat(257)}`,
    '/courses',
    '/view/x',
    '//course/x',
  ]);
});

test('route errors name every accepted shape, and the id rule for a bad course id', () => {
  const message = (v: string) => {
    try {
      parseRoute(v);
    } catch (e) {
      return (e as Error).message;
    }
    return '';
  };
  assert.is(message('/admin'), 'Use one route: /, /view, /course, /review, /course/<courseId>.');
  assert.match(message('/course/a.b'), /^The courseId in \/course\/<courseId> must be 1–256 letters, digits/);
});

test('themes accept spaced, underscored and mixed-case names', () => {
  assert.is(parseTheme('blue'), 'blue');
  assert.is(parseTheme('light green'), 'light-green');
  assert.is(parseTheme('Ocean_Whisper_Blue'), 'ocean-whisper-blue');
  assert.is(parseTheme('dark mode'), 'dark-mode');
  rejects(parseTheme, ['purple', 'light  greenish', '']);
});

test('users are seeded learners; secrets and hosts are checked', () => {
  assert.is(parseUser('lukas').wid, 'wid-lukas-2c9e');
  assert.is(parseUser('Amira').name, 'amira');
  rejects(parseUser, ['nobody', '']);
  assert.is(parseSecret('s3cret'), 's3cret');
  rejects(parseSecret, ['', '   ']);
  assert.is(parseHost('127.0.0.1'), '127.0.0.1');
  assert.is(parseHost('[::1]'), '::1');
  rejects(parseHost, ['', 'http://x', 'a b']);
});

test.run();
