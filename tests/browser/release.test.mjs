// Browser test of the release's web bundle (cmd/release): `go run ./cmd/release -web-only`
// builds it into a temporary folder, its archive is unpacked and served by a plain static
// file server written here (files and their types, 404 for the rest: no share service,
// no compression, no /api), under a path of its own (/x16scope-web_V/, as when the folder is
// copied into a site), and the page and the embed run from it: a loaded PRG runs,
// status() reports the release's version, Capture gives a link that carries the capture
// and opens it, embed.html?prg= plays an example.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { launch, root, artifacts, testdata, decodeInPage } from './harness.mjs';

// The version the bundle is stamped with: a made-up one, so the test sees its own stamp.
const version = 'v0.0.0-releasetest';
const name = `x16scope-web_${version}`;
// A page can take tens of seconds to start on a loaded 2-core machine.
const slow = 180000;

let work;
let site; // the unpacked bundle
let server;
let base; // the bundle's URL: the server serves the folder holding it
let browser;
const requests = []; // "METHOD /path status", every request the static server answered
const measured = {};

// The static host: GET and HEAD of the files under dir, with their types; 404 for anything
// else, whatever the method (so POST /api/captures finds no share service).
const types = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm', '.txt': 'text/plain; charset=utf-8', '.md': 'text/plain; charset=utf-8',
  '.s': 'text/plain; charset=utf-8',
};
function staticServer(dir, overrides = {}) {
  const typeOf = (file) => overrides[path.extname(file)] || types[path.extname(file)] || 'application/octet-stream';
  const srv = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://x');
    let file = path.join(dir, decodeURIComponent(url.pathname));
    if (file.endsWith(path.sep)) file = path.join(file, 'index.html');
    const inside = file.startsWith(dir + path.sep);
    const found = inside && existsSync(file) && statSync(file).isFile() && (req.method === 'GET' || req.method === 'HEAD');
    requests.push(`${req.method} ${url.pathname} ${found ? 200 : 404}`);
    if (!found) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('404 not found\n');
      return;
    }
    const body = readFileSync(file);
    res.writeHead(200, { 'Content-Type': typeOf(file), 'Content-Length': body.length });
    res.end(req.method === 'HEAD' ? undefined : body);
  });
  return new Promise((resolve) => srv.listen(0, '127.0.0.1', () => resolve({ srv, url: `http://127.0.0.1:${srv.address().port}` })));
}

before(async () => {
  mkdirSync(artifacts, { recursive: true });
  work = mkdtempSync(path.join(tmpdir(), 'x16scope-release-'));
  const out = path.join(work, 'dist');
  const t0 = performance.now();
  execFileSync('go', ['run', './cmd/release', '-web-only', '-out', out, '-version', version],
    { cwd: root, stdio: 'inherit', env: { ...process.env, CGO_ENABLED: '0' } });
  measured.releaseWebOnlySeconds = Math.round((performance.now() - t0) / 100) / 10;
  const unpacked = path.join(work, 'site');
  mkdirSync(unpacked);
  execFileSync('tar', ['-xzf', path.join(out, `${name}.tar.gz`), '-C', unpacked]);
  site = path.join(unpacked, name);
  server = await staticServer(unpacked);
  base = `${server.url}/${name}`;
  browser = await launch();
}, { timeout: 900000 });

after(async () => {
  if (browser) await browser.close();
  if (server) server.srv.close();
  if (work) rmSync(work, { recursive: true, force: true });
  writeFileSync(path.join(artifacts, 'release-measurements.json'), JSON.stringify(measured, null, 2));
  console.log('release measurements:', JSON.stringify(measured));
});

// list is every file under dir, as slash paths.
function list(dir, prefix = '') {
  const out = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const rel = prefix + e.name;
    if (e.isDirectory()) out.push(...list(path.join(dir, e.name), `${rel}/`));
    else out.push(rel);
  }
  return out.sort();
}

async function openPage(query = '', file = 'index.html') {
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  page.setDefaultTimeout(slow);
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  // The share service's absence shows as a failed request in the console: that is the
  // static host working as meant, not an error of the page.
  page.on('console', (m) => { if (m.type() === 'error' && !/status of 404/.test(m.text())) errors.push(m.text()); });
  await page.goto(`${base}/${file}${query}`, { timeout: slow });
  page.x16errors = errors;
  return page;
}

async function openApp(query = '') {
  const page = await openPage(query);
  await page.waitForFunction(() => window.x16scope !== undefined && window.x16scopeCapture !== undefined, null, { timeout: slow });
  await page.evaluate(() => window.x16scopeCapture.ready);
  return page;
}

// distinctColours counts the colours of a PNG screenshot of the emulator.
async function distinctColours(page, png) {
  const img = await decodeInPage(page, png);
  const seen = new Set();
  for (let i = 0; i < img.data.length; i += 4) seen.add((img.data[i] << 16) | (img.data[i + 1] << 8) | img.data[i + 2]);
  return seen.size;
}

test('the archive holds the page, its wasm precompressed, the license and notices, and nothing of the dev tree', () => {
  const dist = path.join(work, 'dist');
  const files = list(site);
  for (const want of ['index.html', 'embed.html', 'app.js', 'capture.js', 'weblinks.js', 'debugger.js', 'sound.js', 'embed.js', 'embed-code.js', 'launcher.js',
    'x16scope-embed.js', 'style.css', 'embed.css', 'wasm_exec.js', 'x16scope.wasm', 'x16scope.wasm.gz', 'x16scope.wasm.br',
    'README.md', 'LICENSE', 'THIRD_PARTY_NOTICES.txt', 'examples/docs.html', 'examples/testdata/pulse.prg',
    'examples/testdata/rasterbars.prg']) {
    assert.ok(files.includes(want), `the bundle lacks ${want} (has ${files.join(' ')})`);
  }
  assert.deepEqual(files.filter((f) => f.startsWith('rom/') || f.startsWith('.') || f.includes('/.')), [], 'no ROM, no hidden files');
  // The folder in dist/ is the archive's content.
  assert.deepEqual(list(path.join(dist, name)), files);
  // SHA256SUMS names the archive with its sum, in sha256sum's format.
  const sums = readFileSync(path.join(dist, 'SHA256SUMS'), 'utf8');
  const sum = createHash('sha256').update(readFileSync(path.join(dist, `${name}.tar.gz`))).digest('hex');
  assert.equal(sums, `${sum}  ${name}.tar.gz\n`);

  const wasm = readFileSync(path.join(site, 'x16scope.wasm'));
  assert.ok(wasm.subarray(0, 4).equals(Buffer.from('\0asm')), 'x16scope.wasm is WebAssembly');
  assert.ok(wasm.includes(Buffer.from(version)), 'the wasm carries the release version');
  const gz = readFileSync(path.join(site, 'x16scope.wasm.gz'));
  const br = readFileSync(path.join(site, 'x16scope.wasm.br'));
  assert.ok(zlib.gunzipSync(gz).equals(wasm), '.gz is the wasm');
  assert.ok(zlib.brotliDecompressSync(br).equals(wasm), '.br is the wasm');
  assert.equal(readFileSync(path.join(site, 'LICENSE'), 'utf8'), readFileSync(path.join(root, 'LICENSE'), 'utf8'));
  const notices = readFileSync(path.join(site, 'THIRD_PARTY_NOTICES.txt'), 'utf8');
  for (const m of ['The Go Programming Language', 'github.com/hajimehoshi/ebiten/v2', 'honnef.co/go/js/dom/v2']) {
    assert.ok(notices.includes(m), `the notices name ${m}`);
  }
  Object.assign(measured, {
    wasmBytes: wasm.length, wasmGzBytes: gz.length, wasmBrBytes: br.length,
    archiveBytes: statSync(path.join(dist, `${name}.tar.gz`)).size,
    bundleBytes: files.reduce((n, f) => n + statSync(path.join(site, f)).size, 0),
  });
});

test('from a plain static server: a loaded PRG runs, status() works, Capture links carry the capture', async () => {
  const t0 = performance.now();
  const page = await openApp();
  let other;
  try {
    measured.pageReadyMs = Math.round(performance.now() - t0);
    const prg = Array.from(testdata('smoke.prg'));
    await page.evaluate((b) => x16scope.loadPRG(new Uint8Array(b), 'smoke.prg'), prg);
    await page.waitForFunction(() => x16scope.status().program === 'smoke.prg' && x16scope.status().frame >= 20, null, { timeout: slow });
    const st = await page.evaluate(() => x16scope.status());
    assert.equal(st.version, version, 'status() reports the release version');
    assert.equal(st.stopped, '');
    assert.ok(st.profiledFrames > 0, 'the profiler records frames');
    await page.waitForFunction((f) => x16scope.status().frame > f + 5, st.frame, { timeout: slow });
    const colours = await distinctColours(page, await page.evaluate(() => Array.from(x16scope.screenshot())));
    assert.ok(colours >= 2, `the picture has ${colours} colour(s)`);

    // The page's own files, as the help links them.
    const served = await page.evaluate(async () => {
      const get = async (n) => { const r = await fetch(n); return `${n} ${r.status}`; };
      return [await get('LICENSE'), await get('THIRD_PARTY_NOTICES.txt'), await get('README.md')];
    });
    assert.deepEqual(served, ['LICENSE 200', 'THIRD_PARTY_NOTICES.txt 200', 'README.md 200']);

    // Capture, as the button does: the upload finds no service, so the link carries it.
    await page.evaluate(() => x16scope.pause());
    const f = await page.evaluate(() => x16scope.status().frame);
    await page.evaluate(() => x16scope.stepFrame());
    await page.waitForFunction((n) => x16scope.status().frame > n, f, { timeout: slow });
    const r = await page.evaluate(() => x16scope.share());
    assert.equal(r.mode, 'fragment', `share() without a service: ${JSON.stringify(r)}`);
    assert.match(r.url, new RegExp(`^${base}/index\\.html#c=[A-Za-z0-9_-]+$`));
    assert.ok(requests.includes(`POST /${name}/api/captures 404`), `the upload was tried: ${requests.filter((q) => q.includes('/api/')).join(', ')}`);
    await page.click('#btn-capture');
    await page.waitForSelector('#share-link', { timeout: slow });
    assert.match(await page.getAttribute('#share-link', 'href'), /#c=[A-Za-z0-9_-]+$/);
    const shot = await page.evaluate(() => Array.from(x16scope.screenshot()));

    other = await openPage(r.url.slice(r.url.indexOf('#')));
    await other.waitForFunction(() => window.x16scopeCapture !== undefined, null, { timeout: slow });
    const meta = await other.evaluate(() => window.x16scopeCapture.ready);
    assert.equal(meta && meta.program, 'smoke.prg', 'the link opens the capture');
    assert.equal(await other.evaluate(() => x16scope.status().paused), true);
    assert.deepEqual(await other.evaluate(() => Array.from(x16scope.screenshot())), shot, 'the same picture from the link');
    assert.deepEqual(page.x16errors, []);
    assert.deepEqual(other.x16errors, []);
    await page.screenshot({ path: path.join(artifacts, 'release-page.png') });
  } finally {
    await page.close();
    if (other) await other.close();
  }
});

test('the embed page plays an example from the bundle', async () => {
  const page = await openPage('?prg=examples/testdata/rasterbars.prg&autoplay=1', 'embed.html');
  try {
    await page.waitForFunction(() => window.x16scopeEmbed && x16scopeEmbed.state.ready && document.querySelector('body > canvas'),
      null, { timeout: slow });
    await page.waitForFunction(() => x16scope.status().program === 'rasterbars.prg' && x16scope.status().frame > 10, null, { timeout: slow });
    const f = await page.evaluate(() => x16scope.status().frame);
    await page.waitForFunction((n) => x16scope.status().frame > n + 10, f, { timeout: slow });
    const colours = await distinctColours(page, await page.evaluate(() => Array.from(x16scope.screenshot())));
    assert.ok(colours >= 2, `the embed's picture has ${colours} colour(s)`);
    assert.ok(requests.includes(`GET /${name}/examples/testdata/rasterbars.prg 200`));
    assert.deepEqual(page.x16errors, []);
    await page.screenshot({ path: path.join(artifacts, 'release-embed.png') });
  } finally { await page.close(); }
});

// A host that does not know .wasm sends it as application/octet-stream, which
// instantiateStreaming refuses: the page compiles it from the whole download instead.
test('a host that serves the wasm with another type still starts the page', async () => {
  const plain = await staticServer(path.dirname(site), { '.wasm': 'application/octet-stream' });
  const page = await browser.newPage();
  try {
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(`${plain.url}/${name}/index.html`, { timeout: slow });
    await page.waitForFunction(() => window.x16scope !== undefined, null, { timeout: slow });
    assert.equal(await page.evaluate(() => x16scope.status().version), version);
    assert.deepEqual(errors, []);
  } finally {
    await page.close();
    plain.srv.close();
  }
});
