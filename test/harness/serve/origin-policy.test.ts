import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  framePolicyFor,
  harnessAppConfig,
  isAllowedParentOrigin,
  sourceMatches,
} from '../../../harness/serve/origin-policy.ts';
import { DEFAULT_CONFIG } from '../../../src/config/app-config.ts';

const config = DEFAULT_CONFIG;

test('allowed parents: https on the domains and subdomains, http(s) on local hosts', () => {
  for (const o of [
    'https://infosysapps.com',
    'https://lex.infosysapps.com',
    'https://a.b.onwingspan.com:8443',
    'https://olympics.com',
    'http://localhost:4200',
    'https://localhost',
    'http://127.0.0.1:9',
    'http://[::1]:4200',
  ]) {
    assert.ok(isAllowedParentOrigin(o, config), o);
  }
});

test('refused parents: look-alikes, plain http on real domains, other loopbacks, junk', () => {
  for (const o of [
    'https://infosysapps.com.evil.io',
    'https://evilinfosysapps.com',
    'http://app.infosysapps.com',
    'http://127.0.0.2:4200',
    'null',
    'file:///tmp/x',
    'ftp://localhost',
    '',
  ]) {
    assert.not.ok(isAllowedParentOrigin(o, config), o);
  }
});

test('CSP source matching follows scheme, wildcard host and port rules', () => {
  assert.ok(sourceMatches('https://infosysapps.com', 'https://infosysapps.com'));
  assert.ok(sourceMatches('https://infosysapps.com', 'https://infosysapps.com:443'));
  assert.not.ok(sourceMatches('https://infosysapps.com', 'https://infosysapps.com:8443'));
  assert.ok(sourceMatches('https://*.infosysapps.com', 'https://a.b.infosysapps.com'));
  assert.not.ok(sourceMatches('https://*.infosysapps.com', 'https://infosysapps.com'));
  assert.ok(sourceMatches('http://localhost:*', 'http://localhost:4200'));
  assert.not.ok(sourceMatches('http://localhost:*', 'https://localhost:4200'));
  assert.not.ok(sourceMatches('http://127.0.0.1:*', 'http://127.0.0.2:4200'));
});

test('a refused --origin is never added to frame-ancestors', () => {
  const policy = framePolicyFor('http://127.0.0.2:4200', config);
  assert.is(policy.allowed, false);
  assert.not.ok(policy.sources.some((s) => s.includes('127.0.0.2')));
});

test('an allowed --origin already covered adds nothing; an uncovered one is added', () => {
  const covered = framePolicyFor('http://localhost:4200', config);
  assert.ok(covered.allowed);
  assert.is(covered.sources.length, framePolicyFor('http://localhost:1', config).sources.length);
  const port = framePolicyFor('https://portal.infosysapps.com:8443', config);
  assert.ok(port.sources.includes('https://portal.infosysapps.com:8443'));
});

test('IPv6 literals, which CSP cannot express, are left out', () => {
  const policy = framePolicyFor('http://[::1]:4200', config);
  assert.ok(policy.allowed);
  assert.not.ok(policy.sources.some((s) => s.includes('[')));
});

test('NOTES_ALLOWED_DOMAINS overrides the domain list like the build does', () => {
  assert.equal(harnessAppConfig({ NOTES_ALLOWED_DOMAINS: ' Example.org, ,b.net' }).allowedDomains, [
    'example.org',
    'b.net',
  ]);
  assert.equal(harnessAppConfig({}).allowedDomains, config.allowedDomains);
});

test.run();
