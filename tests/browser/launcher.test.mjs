// Browser tests of the launcher (web/launcher.js over cmd/wasm/api_collection_js.go): a
// dropped collection lists its programs beside the screen; one starts in its own folder with
// the whole collection on device 8; "Back to the list" leaves it for a fresh machine. With
// X16KIT (the starter kit's sdcard_root) the kit's zip opens from ?zip= and GAMES/BRIXX
// starts from &start=, and the load's time and memory are measured.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync, mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { useBrowser, openApp, dropFiles, artifacts, makeZip, root, launch, startServer, peekIs } from './harness.mjs';

let server;
let browser;
const measured = {};
useBrowser((s, b) => { server = s; browser = b; }, { measured, file: 'launcher.json', label: 'launcher' });

// 10 LOAD"NAME: the starter kit's usual AUTOBOOT.X16 (a LOAD in a program runs it).
function autoboot(name) {
  const line = Buffer.concat([Buffer.from([0x93, 0x22]), Buffer.from(name)]);
  const next = 0x0801 + 4 + line.length + 1;
  return Buffer.concat([Buffer.from([0x01, 0x08, next & 0xFF, next >> 8, 10, 0]), line, Buffer.from([0, 0, 0])]);
}

// Three programs in folders with an AUTOBOOT.X16. Each is session/testdata/cdroot.prg: it
// loads LOCAL.BIN from its own folder to $7000 and, after CD:/OTHER, DATA.BIN to $7001,
// then leaves $A5 at $04FF.
function collection() {
  const prg = readFileSync(path.join(root, 'session', 'testdata', 'cdroot.prg'));
  return makeZip({
    'GAMES/A/AUTOBOOT.X16': autoboot('A.PRG'),
    'GAMES/A/A.PRG': prg,
    'GAMES/A/LOCAL.BIN': Buffer.from([0x00, 0x70, 0x11]),
    'GAMES/A/README.TXT': 'Game A, the first\n',
    'GAMES/B/AUTOBOOT.X16': autoboot('B.PRG'),
    'GAMES/B/B.PRG': prg,
    'GAMES/B/LOCAL.BIN': Buffer.from([0x00, 0x70, 0x33]),
    'TOOLS/C/AUTOBOOT.X16': autoboot('C.PRG'),
    'TOOLS/C/C.PRG': prg,
    'TOOLS/C/LOCAL.BIN': Buffer.from([0x00, 0x70, 0x44]),
    'OTHER/DATA.BIN': Buffer.from([0x01, 0x70, 0x22]),
  });
}

test('a dropped collection opens the launcher; programs start in their folders and the list takes you back', async () => {
  const page = await openApp(browser, server.url);
  try {
    await page.waitForFunction(() => window.x16scopeLoaded);
    const slot0 = await page.locator('#screen-slot').boundingBox();
    await dropFiles(page, [{ name: 'kit.zip', bytes: collection() }]);
    await page.waitForSelector('#launcher:not([hidden])', { timeout: 20000 });
    assert.equal(await page.locator('.launcher-prog').count(), 3);
    assert.match(await page.locator('#launcher-count').textContent(), /^3 programs$/);
    assert.deepEqual(await page.locator('#launcher h3').allTextContents(), ['GAMES', 'TOOLS']);
    assert.match(await page.locator('.launcher-prog').first().textContent(), /^AGame A, the first$/);
    assert.equal((await page.evaluate(() => x16scope.status())).program, '', 'nothing starts before one is chosen');
    // Beside the screen, which keeps its place.
    const slot = await page.locator('#screen-slot').boundingBox();
    const panel = await page.locator('#launcher').boundingBox();
    assert.ok(panel.x >= slot.x + slot.width && panel.y <= slot.y + 40, `launcher at ${JSON.stringify(panel)}, screen ${JSON.stringify(slot)}`);
    assert.ok(slot.x === slot0.x && slot.y === slot0.y, 'the screen did not move');

    // Keyboard: the filter, down into the list, Enter starts the first program.
    await page.focus('#launcher-filter');
    await page.keyboard.press('ArrowDown');
    assert.equal(await page.evaluate(() => document.activeElement.dataset.path), 'GAMES/A/A.PRG');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => x16scope.status().program === 'GAMES/A/A.PRG', null, { timeout: 20000 });
    await peekIs(page, 0x04FF, [0xA5], 'GAMES/A finished');
    await peekIs(page, 0x7000, [0x11, 0x22], 'GAMES/A loaded its LOCAL.BIN and /OTHER/DATA.BIN');
    await page.waitForSelector('#launcher-running:not([hidden])');
    assert.equal(await page.locator('.launcher-prog.running').getAttribute('data-path'), 'GAMES/A/A.PRG');
    await page.screenshot({ path: path.join(artifacts, 'launcher-running.png') });

    // Back to the list: a fresh machine with no program, focus on the program left.
    await page.focus('#btn-launcher-back');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => x16scope.status().program === '', null, { timeout: 20000 });
    assert.equal(await page.locator('#launcher-running').isHidden(), true);
    assert.equal(await page.evaluate(() => document.activeElement.dataset.path), 'GAMES/A/A.PRG');
    assert.deepEqual(Array.from(await page.evaluate(() => x16scope.peek(0x7000, 2))), [0, 0], 'the machine starts afresh');

    // Another one, by the filter and a click.
    await page.fill('#launcher-filter', 'tools');
    assert.equal(await page.locator('.launcher-prog:visible').count(), 1);
    await page.locator('.launcher-prog:visible').click();
    await page.waitForFunction(() => x16scope.status().program === 'TOOLS/C/C.PRG', null, { timeout: 20000 });
    await peekIs(page, 0x7000, [0x44, 0x22], 'TOOLS/C loaded its own LOCAL.BIN and /OTHER/DATA.BIN');

    // A reset starts it again in its folder.
    await page.evaluate(() => x16scope.reset());
    await peekIs(page, 0x7000, [0x44, 0x22], 'TOOLS/C after a reset');
    // A name the collection lacks: an error, and the program runs on.
    await page.evaluate(() => { try { x16scope.startProgram('NOPE.PRG'); } catch (e) { window.x16scopeShowError(e.message); } });
    assert.match(await page.locator('#banner-text').textContent(), /no such program/);
    assert.equal((await page.evaluate(() => x16scope.status())).program, 'TOOLS/C/C.PRG');
    assert.deepEqual(page.x16errors, []);
  } finally { await page.close(); }
});

test('?zip= with &start= starts a program of the collection', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'x16launcher-'));
  const srv = await startServer(['-mount', `kit=${dir}`]);
  try {
    writeFileSync(path.join(dir, 'kit.zip'), collection());
    const page = await openApp(browser, srv.url, '?zip=kit/kit.zip&start=games/b');
    try {
      await page.waitForFunction(() => window.x16scopeLoaded);
      await page.waitForFunction(() => x16scope.status().program === 'GAMES/B/B.PRG', null, { timeout: 20000 });
      await peekIs(page, 0x7000, [0x33, 0x22], 'GAMES/B from the link');
      await page.waitForSelector('#launcher:not([hidden])');
      assert.equal(await page.locator('#banner').isHidden(), true);
    } finally { await page.close(); }
    // The embed: zip= with start=, and a start= the zip lacks said in its box.
    const embed = await browser.newPage({ viewport: { width: 800, height: 600 } });
    try {
      await embed.goto(`${srv.url}/embed.html?zip=kit/kit.zip&start=TOOLS/C&autoplay=1`);
      await embed.waitForFunction(() => window.x16scopeEmbed && x16scopeEmbed.state.ready, null, { timeout: 60000 });
      await embed.waitForFunction(() => x16scope.status().program === 'TOOLS/C/C.PRG', null, { timeout: 20000 });
      await peekIs(embed, 0x7000, [0x44, 0x22], 'TOOLS/C in the embed');
      await embed.goto(`${srv.url}/embed.html?zip=kit/kit.zip&start=NOPE`);
      await embed.waitForSelector('#embed-msg:not([hidden])', { timeout: 60000 });
      assert.match(await embed.locator('#embed-msg').textContent(), /start=NOPE: no such program in the collection/);
      await embed.goto(`${srv.url}/embed.html?prg=kit/kit.zip&start=GAMES/A`);
      await embed.waitForSelector('#embed-msg:not([hidden])', { timeout: 60000 });
      assert.match(await embed.locator('#embed-msg').textContent(), /start= names a program inside the zip= collection/);
    } finally { await embed.close(); }
  } finally { srv.proc.kill(); rmSync(dir, { recursive: true, force: true }); }
});

// deflateZip builds a compressed zip of a folder, as a user's zip tool does.
function deflateZip(dir) {
  const files = {};
  const walk = (d, prefix) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p, `${prefix}${e.name}/`);
      else if (e.isFile()) files[prefix + e.name] = readFileSync(p);
    }
  };
  walk(dir, '');
  const parts = [];
  const centrals = [];
  let offset = 0;
  for (const [name, body] of Object.entries(files)) {
    const packed = zlib.deflateRawSync(body);
    const fname = Buffer.from(name);
    const crc = zlib.crc32(body);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0); local.writeUInt16LE(20, 4); local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14); local.writeUInt32LE(packed.length, 18); local.writeUInt32LE(body.length, 22);
    local.writeUInt16LE(fname.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0); central.writeUInt16LE(20, 4); central.writeUInt16LE(20, 6); central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16); central.writeUInt32LE(packed.length, 20); central.writeUInt32LE(body.length, 24);
    central.writeUInt16LE(fname.length, 28); central.writeUInt32LE(offset, 42);
    parts.push(local, fname, packed);
    centrals.push(central, fname);
    offset += 30 + fname.length + packed.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  const n = Object.keys(files).length;
  end.writeUInt32LE(0x06054b50, 0); end.writeUInt16LE(n, 8); end.writeUInt16LE(n, 10);
  end.writeUInt32LE(cd.length, 12); end.writeUInt32LE(offset, 16);
  return { zip: Buffer.concat([...parts, cd, end]), files: n, bytes: Object.values(files).reduce((s, b) => s + b.length, 0) };
}

test('the starter kit zip lists its programs and GAMES/BRIXX starts (X16KIT)', async (t) => {
  const kit = process.env.X16KIT;
  if (!kit || !statSync(kit, { throwIfNoEntry: false })) { t.skip('X16KIT not set: the starter kit\'s sdcard_root folder is needed'); return; }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'x16kit-'));
  const { zip, files, bytes } = deflateZip(kit);
  writeFileSync(path.join(dir, 'KIT.zip'), zip);
  const srv = await startServer(['-mount', `kit=${dir}`]);
  try {
    // The page alone, for comparison: the Go heap of an idle page.
    const idle = await openApp(browser, srv.url);
    await idle.waitForFunction(() => window.x16scopeLoaded);
    measured.idleHeapMB = +(await idle.evaluate(() => x16scope.hostStats(true))).GC.HeapMB.toFixed(1);
    await idle.close();
    const page = await openApp(browser, srv.url, '?zip=kit/KIT.zip&start=GAMES/BRIXX/BRIXX.PRG');
    try {
      await page.waitForFunction(() => window.x16scopeLoaded, null, { timeout: 120000 });
      const st = await page.evaluate(() => x16scope.status());
      assert.equal(st.program, 'GAMES/BRIXX/BRIXX.PRG', `banner: ${await page.locator('#banner-text').textContent()}`);
      const c = await page.evaluate(() => x16scope.collection());
      assert.ok(c.programs.length >= 195, `${c.programs.length} programs`);
      await page.waitForFunction(() => x16scope.status().frame > 200, null, { timeout: 60000 });
      const tl = await page.evaluate(() => window.x16scopeTimeline);
      const host = await page.evaluate(() => x16scope.hostStats(true));
      Object.assign(measured, {
        kitZipMB: +(zip.length / 1048576).toFixed(1), kitFiles: files, kitUnpackedMB: +(bytes / 1048576).toFixed(1),
        programs: c.programs.length,
        // from fetching the zip to the program started (fetch, unzip, list, start)
        loadMs: Math.round(tl.loaded - tl.goReady), fetchMs: Math.round(tl.fetched_zip - tl.goReady),
        heapMB: +host.GC.HeapMB.toFixed(1), wasmSysMB: +host.GC.SysMB.toFixed(1),
      });
      await page.screenshot({ path: path.join(artifacts, 'launcher-kit.png') });
      // Back to the list and another game: the memory a program costs once the load is
      // long done.
      await page.click('#btn-launcher-back');
      await page.evaluate(() => x16scope.startProgram('GAMES/BRIXX'));
      const f0 = (await page.evaluate(() => x16scope.status())).frame;
      await page.waitForFunction((f) => x16scope.status().frame > f + 200, f0, { timeout: 60000 });
      measured.heapAgainMB = +(await page.evaluate(() => x16scope.hostStats(true))).GC.HeapMB.toFixed(1);
    } finally { await page.close(); }
  } finally { srv.proc.kill(); rmSync(dir, { recursive: true, force: true }); }
});
