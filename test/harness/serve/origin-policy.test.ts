import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { framePolicyFor, harnessAppConfig } from '../../../harness/serve/origin-policy.ts';
import { DEFAULT_CONFIG } from '../../../src/config/app-config.ts';

/** What the harness assumes its build used: the defaults with local parents (`--local-parents`). */
const config = harnessAppConfig({});

test("allowed parents (by the app's own check): https domains and subdomains, local hosts", () => {
  for (const o of [
    'https://infosysapps.com',
    'https://lex.infosysapps.com',
    'https://a.b.onwingspan.com',
    'https://olympics.com',
    'http://localhost:4200',
    'https://localhost',
    'http://127.0.0.1:9',
    'http://[::1]:4200',
  ]) {
    assert.ok(framePolicyFor(o, config).allowed, o);
  }
});

test('refused parents: look-alikes, plain http or other ports on real domains, other loopbacks', () => {
  for (const o of [
    'https://infosysapps.com.evil.io',
    'https://evilinfosysapps.com',
    'http://app.infosysapps.com',
    'https://portal.infosysapps.com:8443',
    'http://127.0.0.2:4200',
    'null',
    'file:///tmp/x',
    'ftp://localhost',
    '',
  ]) {
    assert.not.ok(framePolicyFor(o, config).allowed, o);
  }
});

test('frame-ancestors lists exactly the configured domains and local hosts', () => {
  const { sources } = framePolicyFor('http://localhost:4200', config);
  assert.ok(sources.includes('https://infosysapps.com'));
  assert.ok(sources.includes('https://*.olympics.com'));
  assert.ok(sources.includes('http://localhost:*'));
  assert.ok(sources.includes('https://127.0.0.1:*'));
  assert.equal(framePolicyFor('http://localhost:1', config).sources, sources);
});

test('a refused --origin is never added to frame-ancestors', () => {
  const policy = framePolicyFor('http://127.0.0.2:4200', config);
  assert.is(policy.allowed, false);
  assert.not.ok(policy.sources.some((s) => s.includes('127.0.0.2')));
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
  assert.equal(harnessAppConfig({}).allowedDomains, DEFAULT_CONFIG.allowedDomains);
});

test('the harness builds with local parents, so it assumes them', () => {
  assert.is(harnessAppConfig({}).localParents, true);
});

test.run();
