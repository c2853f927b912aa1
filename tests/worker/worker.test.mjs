// The Workers build of the share service (worker/, wrangler.toml) under `wrangler dev`:
// a capture made by the CLI round-trips through R2, uploads are idempotent, bad requests get
// JSON errors, and the app's files come from Workers' asset hosting.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startWrangler, root } from './wrangler.mjs';

let w;
let capture;

before(async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'x16scope-worker-'));
  const file = path.join(dir, 'busy.x16c');
  execFileSync(path.join(root, 'bin', 'x16scope'),
    ['run', 'core/testdata/busy.prg', '--frames', '12', '--capture-at', '10', '-o', file], { cwd: root });
  capture = readFileSync(file);
  w = await startWrangler();
});

after(async () => { if (w) await w.stop(); });

async function post(body) {
  const res = await fetch(`${w.url}/api/captures`, { method: 'POST', body });
  return { status: res.status, json: await res.json() };
}

test('a capture round-trips through R2', async () => {
  const a = await post(capture);
  assert.equal(a.status, 201, JSON.stringify(a.json));
  assert.match(a.json.id, /^[A-Za-z0-9_-]{16}$/);
  assert.equal(a.json.url, `${w.url}/?c=${a.json.id}`);
  const b = await post(capture);
  assert.equal(b.json.id, a.json.id, 'the same capture gets the same id');
  const res = await fetch(`${w.url}/api/captures/${a.json.id}`);
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('content-type'), 'application/octet-stream');
  assert.deepEqual(Buffer.from(await res.arrayBuffer()), capture);
});

test('bad requests get JSON errors and the worker keeps serving', async () => {
  for (const [body, status] of [[Buffer.from('not a capture'), 400], [capture.subarray(0, capture.length >> 1), 400], [Buffer.alloc(8 * 1024 * 1024 + 1), 413]]) {
    const r = await post(body);
    assert.equal(r.status, status, JSON.stringify(r.json));
    assert.ok(r.json.error, 'an error message');
  }
  for (const [id, status] of [['AAAAAAAAAAAAAAAA', 404], ['short', 400], ['AAAAAAAAAAAAAAA!', 400]]) {
    const res = await fetch(`${w.url}/api/captures/${id}`);
    assert.equal(res.status, status, id);
    assert.ok((await res.json()).error);
  }
  assert.equal((await post(capture)).status, 201, 'still serving');
});

test('the app is served by Workers assets, also at /?c=ID', async () => {
  for (const p of ['/', '/index.html', '/?c=AAAAAAAAAAAAAAAA', '/capture.js']) {
    const res = await fetch(`${w.url}${p}`);
    assert.equal(res.status, 200, p);
    const text = await res.text();
    assert.ok(text.length > 0, p);
    // No DEFAULT_ROM: the pages are the files, and the page fetches no ROM.
    assert.ok(!text.includes('x16scope-default-rom'), `${p} names a default ROM`);
  }
});
