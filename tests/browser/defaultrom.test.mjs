// Browser tests of a site's default ROM (cmd/serve -rom FILE, share/defaultrom, app.js) and
// of the embed's rom= (<x16-scope rom=...>): the page starts on the server's ROM, says so,
// falls back to the built-in ROM with a message when it cannot have it, lets a visitor's own
// ROM win, and fetches nothing when the server has no default. Which ROM runs is seen on the
// X16 screen: the ROMs are copies of the built-in one whose boot banner says "SITE ROM" or
// "EMBEDROM" instead of "NO BASIC". With X16_ROM set, the official ROM as the default runs
// a tokenized BASIC program dropped on the page.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { useBrowser, startServer, openApp, dropFiles, root, testdata } from './harness.mjs';

let plain; // the harness's server: no default ROM
let browser;
let site; // a server with -rom site-rom.bin
let official; // a server with -rom $X16_ROM, when set
useBrowser((s, b) => { plain = s; browser = b; });

const builtin = readFileSync(path.join(root, 'rom', 'x16scope-rom.bin'));
const banner = 'NO BASIC: DROP A PRG';
// patched is the built-in ROM with its banner's first words replaced (same length, so the
// ROM is otherwise the same and still recognised as x16scope's own).
function patched(words) {
  const b = Buffer.from(builtin);
  const at = b.indexOf('NO BASIC');
  assert.ok(at > 0 && at < 0x4000, 'the banner is in bank 0');
  b.write(words, at, 'latin1');
  return b;
}
const roms = mkdtempSync(path.join(os.tmpdir(), 'x16scope-roms-'));
writeFileSync(path.join(roms, 'site-rom.bin'), patched('SITE ROM'));
writeFileSync(path.join(roms, 'embed-rom.bin'), patched('EMBEDROM'));

// A tokenized BASIC program: 10 POKE 1024,42:GOTO 10 (POKE $97, GOTO $89).
const basicPRG = Buffer.from([0x01, 0x08, 0x12, 0x08, 0x0A, 0x00, 0x97, ...Buffer.from('1024,42'), 0x3A, 0x89,
  ...Buffer.from('10'), 0x00, 0x00, 0x00]);

before(async () => {
  site = await startServer(['-rom', path.join(roms, 'site-rom.bin'), '-mount', `roms=${roms}`]);
  if (process.env.X16_ROM) official = await startServer(['-rom', process.env.X16_ROM]);
});
after(() => {
  for (const s of [site, official]) if (s) s.proc.kill();
});

// screenText is the text on the X16 screen: layer 1's map at $1B000 (128 cells of 2 bytes a
// row), screen codes as letters.
function screenText(target, rows = 30) {
  return target.evaluate((n) => {
    const v = x16scope.dbgRead('vram', 0, 0x1B000, 256 * n);
    let out = '';
    for (let r = 0; r < n; r++) {
      let line = '';
      for (let c = 0; c < 80; c++) {
        const code = v[r * 256 + c * 2];
        if (code >= 1 && code <= 26) line += String.fromCharCode(64 + code);
        else if (code >= 32 && code < 64) line += String.fromCharCode(code);
        else line += ' ';
      }
      out += `${line.trimEnd()}\n`;
    }
    return out;
  }, rows);
}
async function screenShows(target, text, what) {
  const deadline = Date.now() + 30000;
  let last = '';
  while (Date.now() < deadline) {
    last = await screenText(target);
    if (last.includes(text)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what}: the screen never showed ${JSON.stringify(text)}:\n${last}`);
}
// romRequests records the page's requests for ROM images.
function romRequests(page) {
  const urls = [];
  page.on('request', (r) => { if (/\.bin(\?|$)/.test(r.url())) urls.push(new URL(r.url()).pathname); });
  return urls;
}
const loaded = (page) => page.waitForFunction(() => window.x16scopeLoaded === true, null, { timeout: 60000 });
const romInfo = (page) => page.evaluate(() => { const e = document.getElementById('rom-info'); return e.hidden ? null : e.textContent; });

test('the page starts on the server\'s -rom ROM, says so, and programs run on it', async () => {
  const page = await openApp(browser, site.url);
  const urls = romRequests(page);
  try {
    await loaded(page);
    await screenShows(page, 'SITE ROM: DROP A PRG', 'the default ROM');
    assert.equal(await romInfo(page), "ROM: site-rom.bin (this site's default)");
    assert.equal((await page.evaluate(() => x16scope.status())).rom, true);
    assert.ok(!(await screenText(page)).includes(banner), 'not the built-in ROM');
    await dropFiles(page, [{ name: 'smoke.prg', bytes: testdata('smoke.prg') }]);
    await page.waitForFunction(() => x16scope.status().program === 'smoke.prg' && x16scope.status().frame > 10);
    const st = await page.evaluate(() => x16scope.status());
    assert.equal(st.rom, true, 'the program runs on the default ROM');
    assert.equal(st.stopped, '');
    assert.equal(await romInfo(page), "ROM: site-rom.bin (this site's default)");
    assert.deepEqual(page.x16errors, []);
    // Fetched while the wasm compiled, once (the page reloads before the listener is on:
    // the second load shows the request).
    await page.reload();
    await loaded(page);
    assert.deepEqual(urls, ['/default-rom/site-rom.bin']);
  } finally { await page.context().close(); }
});

test('a default ROM that cannot be had or is refused leaves the built-in ROM, with a message', async () => {
  for (const [how, fulfil, want] of [
    ['missing', { status: 404, body: 'gone' }, /did not load, so the built-in ROM runs: .*default-rom\/site-rom\.bin: HTTP 404/],
    ['wrong size', { status: 200, body: Buffer.alloc(1000, 0xEA) }, /did not load, so the built-in ROM runs: .*1000 bytes/],
  ]) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    try {
      await page.route('**/default-rom/site-rom.bin', (r) => r.fulfill(fulfil));
      await page.goto(`${site.url}/index.html`);
      await loaded(page);
      const msg = await page.evaluate(() => document.getElementById('banner').hidden ? '' : document.getElementById('banner-text').textContent);
      assert.match(msg, want, how);
      assert.equal((await page.evaluate(() => x16scope.status())).rom, false, how);
      assert.equal(await romInfo(page), null, how);
      await screenShows(page, banner, `${how}: the built-in ROM`);
    } finally { await page.context().close(); }
  }
});

test('a visitor\'s own ROM wins over the default, and Forget ROM goes back to it', async () => {
  const page = await openApp(browser, site.url);
  const urls = romRequests(page);
  try {
    await loaded(page);
    await screenShows(page, 'SITE ROM', 'the default ROM');
    await dropFiles(page, [{ name: 'rom.bin', bytes: builtin }]);
    await screenShows(page, banner, 'the dropped ROM');
    assert.equal(await romInfo(page), null, 'the default no longer runs');
    await page.waitForFunction(() => localStorage.getItem('x16scope-rom-stored') === '1');
    urls.length = 0;
    await page.reload();
    await loaded(page);
    await screenShows(page, banner, 'the stored ROM after a reload');
    assert.equal(await romInfo(page), null);
    assert.deepEqual(urls, [], 'the default ROM is not fetched for a visitor with a ROM');
    await page.click('#btn-forget-rom');
    await screenShows(page, 'SITE ROM', 'the default ROM after Forget ROM');
    assert.equal(await romInfo(page), "ROM: site-rom.bin (this site's default)");
    assert.deepEqual(page.x16errors, []);
  } finally { await page.context().close(); }
});

test('with no -rom the page fetches no ROM, and a BASIC program gets a clear error on the built-in ROM', async () => {
  const page = await openApp(browser, plain.url);
  const urls = romRequests(page);
  try {
    await page.reload(); // with the listener on from the start
    await loaded(page);
    assert.deepEqual(urls, []);
    assert.equal(await page.evaluate(() => document.querySelectorAll('meta[name="x16scope-default-rom"]').length), 0);
    assert.equal(await page.evaluate(() => window.x16scopeDefaultROM), null);
    assert.equal(await romInfo(page), null);
    await screenShows(page, banner, 'the built-in ROM');
    await dropFiles(page, [{ name: 'basic.prg', bytes: basicPRG }]);
    await page.waitForFunction(() => !document.getElementById('banner').hidden);
    assert.match(await page.evaluate(() => document.getElementById('banner-text').textContent), /tokenized BASIC program/);
    assert.equal((await page.evaluate(() => x16scope.status())).rom, false);
  } finally { await page.context().close(); }
});

// embedHost opens the test host page with one <x16-scope> given its attributes, and
// resolves to the page, its embed's frame and the ROM requests of both.
async function embedHost(attrs) {
  const ctx = await browser.newContext({ viewport: { width: 1000, height: 900 } });
  const page = await ctx.newPage();
  const urls = [];
  ctx.on('request', (r) => { if (/\.bin(\?|$)/.test(r.url())) urls.push(new URL(r.url()).pathname); });
  const events = [];
  await page.exposeFunction('x16scopeTestEvent', (e) => events.push(e));
  await page.goto(`${site.url}/testdata/embed-host.html`);
  await page.evaluate((a) => {
    const el = document.createElement('x16-scope');
    el.id = 'e';
    for (const [k, v] of Object.entries(a)) el.setAttribute(k, v);
    el.addEventListener('x16scope-ready', (e) => window.x16scopeTestEvent(e.detail));
    document.body.append(el);
    const s = document.createElement('script');
    s.src = '/x16scope-embed.js';
    document.head.append(s);
  }, attrs);
  let frame;
  for (let i = 0; i < 600 && !frame; i++) {
    for (const f of page.frames()) {
      if (!f.url().includes('/embed.html')) continue;
      try {
        if (await f.evaluate(() => window.x16scopeEmbed && window.x16scopeEmbed.state.ready)) frame = f;
      } catch (e) { /* still navigating */ }
    }
    if (!frame) await new Promise((r) => setTimeout(r, 100));
  }
  assert.ok(frame, 'the embed came up');
  return { page, frame, urls, events };
}

test('<x16-scope rom=...> starts the embed on that ROM instead of the site\'s default', async () => {
  const a = await embedHost({ rom: '/roms/embed-rom.bin', autoplay: '' });
  try {
    await screenShows(a.frame, 'EMBEDROM: DROP A PRG', 'the rom= ROM');
    assert.deepEqual(a.urls, ['/roms/embed-rom.bin'], 'the site\'s default is not fetched');
    assert.equal(a.events[0].rom, 'embed-rom.bin');
    assert.equal(await a.frame.evaluate(() => document.getElementById('embed-msg').hidden), true);
  } finally { await a.page.context().close(); }

  // No rom=: the embed starts on the site's default, as the page does.
  const b = await embedHost({ autoplay: '' });
  try {
    await screenShows(b.frame, 'SITE ROM: DROP A PRG', 'the default ROM in an embed');
    assert.equal(b.events[0].rom, "site-rom.bin (this site's default ROM)");
  } finally { await b.page.context().close(); }

  // A rom= that cannot be had: a message in the embed's box, and the built-in ROM.
  const c = await embedHost({ rom: '/roms/nope.bin', autoplay: '' });
  try {
    await screenShows(c.frame, banner, 'a missing rom=');
    const msg = await c.frame.evaluate(() => document.getElementById('embed-msg').textContent);
    assert.match(msg, /^rom=: .*\/roms\/nope\.bin: HTTP 404.*; the built-in ROM runs instead$/);
  } finally { await c.page.context().close(); }
});

test('the official ROM as the default runs a tokenized BASIC program dropped on the page', { skip: !process.env.X16_ROM && 'X16_ROM is not set' }, async () => {
  const page = await openApp(browser, official.url);
  try {
    await loaded(page);
    assert.match(await romInfo(page), /this site's default/);
    await dropFiles(page, [{ name: 'basic.prg', bytes: basicPRG }]);
    await page.waitForFunction(() => x16scope.peek(0x0400)[0] === 42, null, { timeout: 120000 });
    const st = await page.evaluate(() => x16scope.status());
    assert.equal(st.program, 'basic.prg');
    assert.equal(st.stopped, '');
    assert.equal(await page.evaluate(() => document.getElementById('banner').hidden), true, 'no error');
  } finally { await page.context().close(); }
});
