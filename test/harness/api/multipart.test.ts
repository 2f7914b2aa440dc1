import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { boundaryOf, headerParams, parseMultipart } from '../../../harness/api/multipart.ts';

/** Encodes a FormData the way fetch does, so the parser is tested against real client bytes. */
async function encode(form: FormData): Promise<{ body: Buffer; type: string }> {
  const res = new Response(form);
  return { body: Buffer.from(await res.arrayBuffer()), type: res.headers.get('content-type') ?? '' };
}

const errorOf = (r: { ok: boolean; error?: string }) => (r.ok ? 'ok' : (r.error ?? ''));

test('parses what fetch sends: a file and a text field, bytes intact', async () => {
  const bytes = new Uint8Array(300).map((_, i) => (i * 7) % 256);
  const form = new FormData();
  form.append('file', new Blob([bytes], { type: 'image/png' }), 'Zoë "cat".png');
  form.append('note', 'hello');
  const { body, type } = await encode(form);
  const boundary = boundaryOf(type);
  assert.ok(boundary.ok);
  if (!boundary.ok) return;
  const parts = parseMultipart(body, boundary.value);
  assert.ok(parts.ok);
  if (!parts.ok) return;
  assert.is(parts.value.length, 2);
  const [file, note] = parts.value;
  assert.is(file?.name, 'file');
  assert.is(file?.contentType, 'image/png');
  assert.ok(file?.filename?.startsWith('Zoë'));
  assert.equal([...(file?.data ?? [])], [...bytes]);
  assert.is(note?.filename, null);
  assert.is(note?.data.toString(), 'hello');
});

test('a body containing the boundary text without CRLF is not split', () => {
  const b = 'XyZ';
  const payload = 'data --XyZ inside';
  const body = Buffer.from(
    `--${b}\r\nContent-Disposition: form-data; name="a"\r\n\r\n${payload}\r\n--${b}--\r\n`,
  );
  const r = parseMultipart(body, b);
  assert.ok(r.ok && r.value[0]?.data.toString() === payload);
});

test('a preamble before the first boundary is skipped', () => {
  const body = Buffer.from('preamble\r\n--b\r\nContent-Disposition: form-data; name="x"\r\n\r\n1\r\n--b--');
  const r = parseMultipart(body, 'b');
  assert.ok(r.ok && r.value.length === 1 && r.value[0]?.data.toString() === '1');
});

test('malformed bodies are refused with a 400 naming the problem', () => {
  const cases: [string, string][] = [
    ['no boundary at all', 'the boundary never appears'],
    [
      '--b\r\nContent-Disposition: form-data; name="x"\r\n\r\nunterminated',
      'the closing boundary is missing',
    ],
    ['--b\r\nContent-Disposition: form-data; name="x"\r\nno end of headers', 'part headers never end'],
    ['--b\r\nContent-Disposition: attachment; name="x"\r\n\r\n1\r\n--b--', 'a part is not form-data'],
    ['--b\r\nContent-Disposition: form-data\r\n\r\n1\r\n--b--', 'a part has no name'],
    ['--b\r\nbroken header line\r\n\r\n1\r\n--b--', 'a part header has no name'],
    ['--bXcontent', 'a boundary line is not followed by CRLF'],
  ];
  for (const [body, why] of cases) {
    const r = parseMultipart(Buffer.from(body), 'b');
    assert.is(errorOf(r), `multipart body is malformed: ${why}`, body);
    assert.is(r.ok ? 0 : r.status, 400);
  }
});

test('boundaryOf: multipart type required (415), boundary required (400), quotes handled', () => {
  const plain = boundaryOf('application/json');
  assert.is(plain.ok ? 0 : plain.status, 415);
  const missing = boundaryOf('multipart/form-data');
  assert.is(missing.ok ? 0 : missing.status, 400);
  assert.equal(boundaryOf('Multipart/Form-Data; boundary="a b;c"'), { ok: true, value: 'a b;c' });
  assert.equal(boundaryOf('multipart/form-data; charset=utf-8; boundary=abc'), { ok: true, value: 'abc' });
  assert.is(boundaryOf(`multipart/form-data; boundary=${'x'.repeat(71)}`).ok, false);
  assert.is(boundaryOf(undefined).ok, false);
});

test('headerParams reads quoted, escaped and bare values; first wins', () => {
  const p = headerParams('form-data; name="file"; filename="a\\"b.png"; x=1; name="again"');
  assert.is(p.get('name'), 'file');
  assert.is(p.get('filename'), 'a"b.png');
  assert.is(p.get('x'), '1');
});

test.run();
