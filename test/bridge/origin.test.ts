import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { checkOrigin } from '../../src/bridge/origin.ts';
import { DEFAULT_CONFIG, LOCAL_DEV_CONFIG } from '../../src/config/app-config.ts';

const DEV = 'dev-parent.example.test';
/** A development build's settings (`--local-parents`): the local hosts are parents too. */
const config = {
  allowedDomains: ['infosysapps.com', 'onwingspan.com', 'olympics.com'],
  devParentHost: DEV,
  localParents: true,
};
/** The same as a production build (`npm run build`): no local parent. */
const production = { ...config, localParents: false };

type Row = [label: string, origin: unknown, parentHost: string | null];

const longOrigin = `https://${Array.from({ length: 7 }, () => 'a'.repeat(50)).join('.')}.infosysapps.com`;

const ALLOWED: Row[] = [
  ['corporate apps domain', 'https://infosysapps.com', 'infosysapps.com'],
  ['corporate subdomain', 'https://lex.infosysapps.com', 'lex.infosysapps.com'],
  ['learning platform, deep subdomain', 'https://a.b.onwingspan.com', 'a.b.onwingspan.com'],
  ['learning platform apex', 'https://onwingspan.com', 'onwingspan.com'],
  ['sports organisation', 'https://olympics.com', 'olympics.com'],
  ['sports subdomain', 'https://www.olympics.com', 'www.olympics.com'],
  ['upper-case host (hostnames are case-insensitive)', 'https://INFOSYSAPPS.com', 'infosysapps.com'],
  ['upper-case subdomain', 'https://LEX.InfosysApps.COM', 'lex.infosysapps.com'],
  ['localhost, default port', 'http://localhost', DEV],
  ['localhost with port', 'http://localhost:4200', DEV],
  ['https localhost with port', 'https://localhost:8443', DEV],
  ['IPv4 loopback with port', 'http://127.0.0.1:3000', DEV],
  ['IPv4 loopback, default port', 'http://127.0.0.1', DEV],
  ['IPv6 loopback with port', 'http://[::1]:4200', DEV],
  ['https IPv6 loopback', 'https://[::1]', DEV],
];

const HOSTILE: Row[] = [
  ['allowed domain as a prefix of another', 'https://infosysapps.com.evil.io', null],
  ['allowed domain as a suffix without dot', 'https://evilinfosysapps.com', null],
  ['plain http on an allowed subdomain', 'http://app.infosysapps.com', null],
  ['plain http on an allowed apex', 'http://infosysapps.com', null],
  ['non-default port (documented decision: default port only)', 'https://infosysapps.com:8443', null],
  ['null', null, null],
  ["the string 'null' (opaque origin)", 'null', null],
  ['empty string', '', null],
  ['undefined', undefined, null],
  ['a number', 42, null],
  ['an object', {}, null],
  ['an array', ['https://infosysapps.com'], null],
  ['a String-able object', { toString: () => 'https://infosysapps.com' }, null],
  ['file scheme, no path', 'file://', null],
  ['file scheme with a path', 'file:///etc/passwd', null],
  ['data URL', 'data:text/html,<script>alert(1)</script>', null],
  ['javascript URL', 'javascript:alert(1)', null],
  [
    'blob URL of an allowed origin',
    'blob:https://infosysapps.com/0b0c2ad7-7c3f-4a1e-9d2c-7f1b0c2ad7aa',
    null,
  ],
  ['trailing slash', 'https://infosysapps.com/', null],
  ['with a path', 'https://infosysapps.com/path', null],
  ['with credentials', 'https://user:pass@infosysapps.com', null],
  ['allowed domain as the user part', 'https://infosysapps.com@evil.io', null],
  ['allowed domain in the path', 'https://evil.io/infosysapps.com', null],
  ['allowed domain in the query', 'https://evil.io?infosysapps.com', null],
  ['allowed domain in the fragment', 'https://evil.io#infosysapps.com', null],
  ['localhost as a subdomain', 'http://localhost.evil.io', null],
  ['another loopback address', 'http://127.0.0.2', null],
  ['loopback IP as a subdomain', 'http://127.0.0.1.nip.io', null],
  ['unspecified address', 'http://0.0.0.0', null],
  ['websocket scheme', 'ws://localhost', null],
  ['secure websocket scheme', 'wss://infosysapps.com', null],
  ['ftp scheme', 'ftp://infosysapps.com', null],
  ['shorter TLD', 'https://infosysapps.co', null],
  ['longer TLD', 'https://infosysapps.comm', null],
  ['extra leading letter', 'https://xinfosysapps.com', null],
  ['empty first label', 'https://.infosysapps.com', null],
  ['trailing dot (FQDN form)', 'https://infosysapps.com.', null],
  ['400-character origin under an allowed domain', longOrigin, null],
  ['allowed domains chained under an evil TLD', 'https://onwingspan.com.infosysapps.evil', null],
  ['other IPv6 address', 'http://[::2]:4200', null],
  ['localhost as the user part', 'https://localhost@evil.io', null],
  ['Cyrillic look-alike letter (IDN homograph)', 'https://infosys\u0430pps.com', null],
  ['domain not in the list', 'https://evil.io', null],
  ['partial domain label', 'https://apps.com', null],
];

const table = suite('checkOrigin table');

table('the long origin fixture is about 400 characters and under an allowed domain', () => {
  assert.ok(longOrigin.length >= 360 && longOrigin.length <= 420, String(longOrigin.length));
  assert.ok(longOrigin.endsWith('.infosysapps.com'));
});

for (const [label, origin, parentHost] of ALLOWED) {
  table(`allows ${label}: ${String(origin)}`, () => {
    assert.equal(checkOrigin(origin, config), { ok: true, parentHost });
  });
}
for (const [label, origin, parentHost] of ALLOWED) {
  if (parentHost !== DEV) continue;
  table(`a production build rejects ${label}: ${String(origin)}`, () => {
    assert.equal(checkOrigin(origin, production), { ok: false });
  });
}
for (const [label, origin] of HOSTILE) {
  table(`rejects ${label}: ${JSON.stringify(origin)?.slice(0, 80)}`, () => {
    assert.equal(checkOrigin(origin, config), { ok: false });
  });
}

table('the table is at least 40 rows and covers both verdicts', () => {
  assert.ok(ALLOWED.length + HOSTILE.length >= 40);
  assert.ok(ALLOWED.length >= 10);
});

table.run();

const behaviour = suite('checkOrigin behaviour');

behaviour('the default config allows the three default domains and uses the default dev host', () => {
  assert.equal(checkOrigin('https://lex.infosysapps.com', DEFAULT_CONFIG), {
    ok: true,
    parentHost: 'lex.infosysapps.com',
  });
  assert.equal(checkOrigin('https://onwingspan.com', DEFAULT_CONFIG), {
    ok: true,
    parentHost: 'onwingspan.com',
  });
  assert.equal(checkOrigin('https://olympics.com', DEFAULT_CONFIG), { ok: true, parentHost: 'olympics.com' });
  assert.equal(checkOrigin('http://localhost:4200', DEFAULT_CONFIG), { ok: false }, 'a release build');
  assert.equal(checkOrigin('http://localhost:4200', LOCAL_DEV_CONFIG), {
    ok: true,
    parentHost: 'lex-dev.infosysapps.com',
  });
});

behaviour('local parents only in a development build: the default is a production build', () => {
  assert.is(DEFAULT_CONFIG.localParents, false);
  assert.is(LOCAL_DEV_CONFIG.localParents, true);
  for (const local of [
    'http://localhost:4200',
    'https://127.0.0.1:8443',
    'http://[::1]:4200',
    'http://localhost',
  ]) {
    assert.equal(checkOrigin(local, production), { ok: false }, local);
    assert.equal(checkOrigin(local, config), { ok: true, parentHost: DEV }, local);
  }
  assert.equal(checkOrigin('https://lex.infosysapps.com', production), {
    ok: true,
    parentHost: 'lex.infosysapps.com',
  });
});

behaviour('a custom allowedDomains list replaces the defaults', () => {
  const custom = {
    allowedDomains: ['portal.example.org', 'Learn.Example.NET'],
    devParentHost: 'dev.example.org',
    localParents: true,
  };
  assert.equal(checkOrigin('https://portal.example.org', custom), {
    ok: true,
    parentHost: 'portal.example.org',
  });
  assert.equal(checkOrigin('https://eu.portal.example.org', custom), {
    ok: true,
    parentHost: 'eu.portal.example.org',
  });
  assert.equal(checkOrigin('https://learn.example.net', custom), {
    ok: true,
    parentHost: 'learn.example.net',
  });
  for (const gone of [
    'https://infosysapps.com',
    'https://lex.infosysapps.com',
    'https://onwingspan.com',
    'https://olympics.com',
  ]) {
    assert.equal(checkOrigin(gone, custom), { ok: false }, gone);
  }
  assert.equal(checkOrigin('https://example.org', custom), { ok: false }, 'parent of an allowed domain');
  assert.equal(checkOrigin('https://xportal.example.org', custom), { ok: false });
  assert.equal(checkOrigin('http://localhost:4200', custom), { ok: true, parentHost: 'dev.example.org' });
});

behaviour('an empty allowedDomains list leaves only local development hosts', () => {
  const none = { allowedDomains: [], devParentHost: DEV, localParents: true };
  assert.equal(checkOrigin('https://infosysapps.com', none), { ok: false });
  assert.equal(checkOrigin('http://127.0.0.1:3000', none), { ok: true, parentHost: DEV });
});

behaviour('never throws, whatever it is given', () => {
  const odd: unknown[] = [
    Symbol('x'),
    () => 'https://infosysapps.com',
    1n,
    Number.NaN,
    true,
    new Date(),
    '\u0000',
    '%',
    'https://[',
    'http://[::1',
  ];
  for (const value of odd) assert.equal(checkOrigin(value, config), { ok: false });
});

behaviour('rejects strings that are not a serialised origin even though URL parsing repairs them', () => {
  // MessageEvent.origin is always a canonical serialisation, so anything else is forged or broken.
  // Compare parsed parts only after checking the string IS what those parts serialise to.
  const forged = [
    ' https://infosysapps.com',
    'https://infosysapps.com ',
    'https://infosysapps.com\n',
    'https://infosys\tapps.com',
    'https:infosysapps.com',
    'https:/infosysapps.com',
    'https:\\\\infosysapps.com',
    'https://infosysapps%2Ecom',
    'https://\uff49\uff4e\uff46\uff4f\uff53\uff59\uff53\uff41\uff50\uff50\uff53.com',
    'https://infosysapps\u3002com',
    'http://127.1:3000',
    'http://2130706433',
  ];
  const accepted = forged.filter((o) => checkOrigin(o, config).ok);
  assert.equal(accepted, [], `accepted non-canonical origins: ${JSON.stringify(accepted)}`);
});

behaviour.run();
