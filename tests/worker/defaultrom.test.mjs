// A deployment's default ROM on the Workers build (wrangler.toml: DEFAULT_ROM and
// run_worker_first, README "A default ROM for a site"): the app's pages come through the
// worker with the marker naming the ROM, the ROM itself is an asset, and everything else is
// as without it. The configuration is wrangler.toml's with those lines set, on a small
// assets folder holding the app's pages and a ROM image.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startWrangler, root } from './wrangler.mjs';

let w;
const rom = readFileSync(path.join(root, 'rom', 'x16scope-rom.bin'));
const marker = '<meta name="x16scope-default-rom" content="rom/site-rom.bin">';

before(async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'x16scope-worker-rom-'));
  const assets = path.join(dir, 'assets');
  mkdirSync(path.join(assets, 'rom'), { recursive: true });
  for (const f of ['index.html', 'embed.html', 'app.js']) copyFileSync(path.join(root, 'web', f), path.join(assets, f));
  writeFileSync(path.join(assets, 'rom', 'site-rom.bin'), rom);
  let config = readFileSync(path.join(root, 'wrangler.toml'), 'utf8');
  const set = (from, to) => {
    assert.ok(config.includes(from), `wrangler.toml has ${from}`);
    config = config.replace(from, to);
  };
  // The lines a deployment changes, as wrangler.toml tells it to.
  set('# run_worker_first = ', 'run_worker_first = ');
  set('DEFAULT_ROM = ""', 'DEFAULT_ROM = "rom/site-rom.bin"');
  set('directory = "./web"', `directory = ${JSON.stringify(assets)}`);
  set('main = "worker/build/worker.mjs"', `main = ${JSON.stringify(path.join(root, 'worker', 'build', 'worker.mjs'))}`);
  const file = path.join(dir, 'wrangler.toml');
  writeFileSync(file, config);
  w = await startWrangler(['--config', file]);
});

after(async () => { if (w) await w.stop(); });

// The pages are asked for a few rounds: an answer the worker never finished (once, an
// empty redirect whose body it waited to write) shows in wrangler's log as a request the
// runtime canceled because the worker "had hung", and, now and then, as a 500 or no answer.
test('the pages name the default ROM, which is served as an asset', async () => {
  for (let round = 0; round < 10; round++) {
    for (const p of ['/', '/?c=AAAAAAAAAAAAAAAA', '/index.html', '/embed', '/embed.html']) {
      const res = await fetch(`${w.url}${p}`, { signal: AbortSignal.timeout(30000) }); // follows /index.html -> / and /embed.html -> /embed
      assert.equal(res.status, 200, p);
      const text = await res.text();
      assert.ok(text.includes(marker), `${p}: ${text.slice(0, 300)}`);
      assert.equal(text.split('x16scope-default-rom').length, 2, `${p}: one marker`);
    }
  }
  assert.doesNotMatch(w.output(), /had hung/, 'every request ended');
  const res = await fetch(`${w.url}/rom/site-rom.bin`);
  assert.equal(res.status, 200);
  assert.deepEqual(Buffer.from(await res.arrayBuffer()), rom);
});

test('the rest is as without a default ROM', async () => {
  const js = await fetch(`${w.url}/app.js`);
  assert.equal(await js.text(), readFileSync(path.join(root, 'web', 'app.js'), 'utf8'));
  const miss = await fetch(`${w.url}/nope.js`);
  assert.equal(miss.status, 404);
  assert.ok((await miss.json()).error, 'a JSON error for a miss');
  const api = await fetch(`${w.url}/api/captures/AAAAAAAAAAAAAAAA`);
  assert.equal(api.status, 404);
  assert.ok((await api.json()).error);
});
