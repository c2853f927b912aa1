// Browser tests of the SD card: an image made with the usual tools (sfdisk, mkfs.vfat,
// mcopy) dropped on the page boots its AUTOBOOT.X16 on the built-in ROM (whose host DOS
// serves the card through fatfs); after the program SAVEs, "Download card image" gives the
// changed image, which mtools reads. With X16KIT set, the starter kit as a card opens
// through ?sdcard= and the time it takes is measured. A card holding a collection opens the
// launcher.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { useBrowser, dropFiles, openApp, peekIs, root, artifacts, startServer } from './harness.mjs';

let server;
let browser;
const measured = {};
useBrowser((s, b) => { server = s; browser = b; }, { measured, file: 'sdcard.json', label: 'sd card' });

const sbin = (name) => ['/usr/sbin', '/sbin', '/usr/bin', '/bin'].map((d) => path.join(d, name)).find((p) => existsSync(p));
const tools = ['sfdisk', 'mkfs.vfat', 'mcopy', 'mtype'];
const missing = tools.filter((t) => !sbin(t));
const why = missing.length ? `needs ${missing.join(', ')} (apt-get install fdisk dosfstools mtools)` : '';

// makeCard makes an MBR + FAT32 image of mb megabytes with the files (host paths, copied
// with mcopy -s so folders keep their tree) in its root, as users make them.
function makeCard(dir, mb, files) {
  const img = path.join(dir, 'card.img');
  writeFileSync(img, Buffer.alloc(0));
  execFileSync('truncate', ['-s', `${mb}M`, img]);
  execFileSync(sbin('sfdisk'), ['-q', img], { input: 'start=2048, type=c\n' });
  execFileSync(sbin('mkfs.vfat'), ['-F', '32', '--offset', '2048', img], { stdio: 'ignore' });
  for (const f of files) execFileSync(sbin('mcopy'), ['-s', '-i', `${img}@@${2048 * 512}`, f.src, `::${f.name}`]);
  return img;
}

test('a dropped card image boots its AUTOBOOT.X16 on the built-in ROM; the changed image is offered', { skip: why || false }, async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'x16card-'));
  writeFileSync(path.join(dir, 'input.bin'), 'ABCDxyz');
  const img = makeCard(dir, 40, [
    { src: path.join(root, 'core', 'testdata', 'sdboot.prg'), name: 'AUTOBOOT.X16' },
    { src: path.join(dir, 'input.bin'), name: 'INPUT.BIN' },
  ]);
  const raw = readFileSync(img);
  const gz = zlib.gzipSync(raw);
  const page = await openApp(browser, server.url);
  try {
    assert.equal(await page.isVisible('#btn-card-download'), false, 'the download is offered before any card');
    const t0 = await page.evaluate(() => performance.now());
    await dropFiles(page, [{ name: 'card.img.gz', bytes: gz }]);
    // sdboot.prg: $0400 = $42 (it ran), $0401 = 0 (LOAD INPUT.BIN), $0402 = 0 (SAVE and LOAD
    // OUTPUT.BIN), $0403 = 0 (no byte differs), "CD" (the LOAD skips the two-byte header), $0408 = $A5 (done).
    await peekIs(page, 0x0408, [0xa5], 'AUTOBOOT.X16 ran to its end');
    measured.dropToAutobootDoneMs = Math.round(await page.evaluate(() => performance.now()) - t0);
    await peekIs(page, 0x0400, [0x42, 0, 0, 0, 0x43, 0x44], 'what AUTOBOOT.X16 did');
    const notice = await page.textContent('#notice-text');
    assert.match(notice, /SD card card\.img\.gz \(40 MB\) in the slot/);
    await page.waitForSelector('#btn-card-download', { state: 'visible', timeout: 10000 });
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#btn-card-download')]);
    assert.equal(download.suggestedFilename(), 'card.img');
    const saved = path.join(artifacts, 'sdcard-download.img');
    await download.saveAs(saved);
    assert.equal(statSync(saved).size, raw.length, 'the downloaded image is the whole card');
    const out = execFileSync(sbin('mtype'), ['-i', `${saved}@@${2048 * 512}`, '::OUTPUT.BIN']);
    assert.equal(out.length, 258, 'OUTPUT.BIN as the program saved it');
    assert.deepEqual([out[0], out[1], out[2], out[257]], [0x00, 0x50, 1, (255 * 3 + 1) % 256]);
    assert.deepEqual(page.x16errors, []);
  } finally {
    await page.close();
  }
});

test('the embed boots a card given as sdcard=', { skip: why || false }, async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'x16card-'));
  writeFileSync(path.join(dir, 'input.bin'), 'ABCDxyz');
  makeCard(dir, 40, [
    { src: path.join(root, 'core', 'testdata', 'sdboot.prg'), name: 'AUTOBOOT.X16' },
    { src: path.join(dir, 'input.bin'), name: 'INPUT.BIN' },
  ]);
  const own = await startServer(['-mount', `cards=${dir}`]);
  const page = await browser.newPage({ viewport: { width: 800, height: 600 } });
  try {
    await page.goto(`${own.url}/embed.html?sdcard=${encodeURIComponent(`${own.url}/cards/card.img`)}&autoplay=1`);
    await page.waitForFunction(() => window.x16scope !== undefined && window.x16scopeLoaded, null, { timeout: 120000 });
    await peekIs(page, 0x0408, [0xa5], 'AUTOBOOT.X16 ran to its end in the embed');
    await peekIs(page, 0x0400, [0x42, 0, 0, 0], 'what AUTOBOOT.X16 did in the embed');
  } finally {
    await page.close();
    own.proc.kill();
  }
});

test('the starter kit as a card opens through ?sdcard=', { skip: why || (!process.env.X16KIT && 'X16KIT is not set: the starter kit\'s files') || false }, async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'x16kit-'));
  const kit = process.env.X16KIT;
  const files = execFileSync('ls', ['-A', kit], { encoding: 'utf8' }).split('\n').filter(Boolean)
    .map((n) => ({ src: path.join(kit, n), name: n }));
  const img = makeCard(dir, 256, files);
  const own = await startServer(['-mount', `cards=${dir}`]);
  const page = await openApp(browser, own.url, '?sdcard=cards/card.img');
  try {
    await page.waitForFunction(() => window.x16scopeTimeline && window.x16scopeTimeline.sdcard !== undefined, null, { timeout: 120000 });
    measured.kitCardMB = Math.round(statSync(img).size / 1048576);
    measured.kitCardOpenMs = Math.round(await page.evaluate(() => window.x16scopeTimeline.sdcard));
    measured.kitCardLoadCardMs = Math.round(await page.evaluate(() => window.x16scopeTimeline.sdcardLoad));
    measured.kitPageReadyMs = Math.round(await page.evaluate(() => window.x16scopeTimeline.loaded));
    const info = await page.evaluate(() => JSON.parse(x16scope.cardInfo()));
    assert.equal(info.size, statSync(img).size);
    assert.deepEqual(page.x16errors, []);
  } finally {
    await page.close();
    own.proc.kill();
  }
});

// A card image holding a collection (folders of programs, each with its AUTOBOOT.X16, as
// the starter kit's card) opens the launcher on the built-in ROM, whose host DOS serves
// the card: a program starts in its folder on the card and reaches /OTHER with CD:/.
test('a dropped card holding a collection opens the launcher', { skip: why || false }, async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'x16cardcoll-'));
  const prg = readFileSync(path.join(root, 'session', 'testdata', 'cdroot.prg'));
  const autoboot = (name) => {
    const line = Buffer.concat([Buffer.from([0x93, 0x22]), Buffer.from(name)]);
    const next = 0x0801 + 4 + line.length + 1;
    return Buffer.concat([Buffer.from([0x01, 0x08, next & 0xFF, next >> 8, 10, 0]), line, Buffer.from([0, 0, 0])]);
  };
  const tree = {
    'GAMES/A/AUTOBOOT.X16': autoboot('A.PRG'), 'GAMES/A/A.PRG': prg, 'GAMES/A/LOCAL.BIN': Buffer.from([0x00, 0x70, 0x11]),
    'GAMES/B/AUTOBOOT.X16': autoboot('B.PRG'), 'GAMES/B/B.PRG': prg, 'GAMES/B/LOCAL.BIN': Buffer.from([0x00, 0x70, 0x33]),
    'OTHER/DATA.BIN': Buffer.from([0x01, 0x70, 0x22]),
  };
  const src = path.join(dir, 'tree');
  for (const [name, data] of Object.entries(tree)) {
    execFileSync('mkdir', ['-p', path.dirname(path.join(src, name))]);
    writeFileSync(path.join(src, name), data);
  }
  const img = makeCard(dir, 40, ['GAMES', 'OTHER'].map((n) => ({ src: path.join(src, n), name: n })));
  const page = await openApp(browser, server.url);
  try {
    await dropFiles(page, [{ name: 'kit.img.gz', bytes: zlib.gzipSync(readFileSync(img)) }]); // gzipped: the harness passes bytes as JSON
    await page.waitForSelector('#launcher:not([hidden])', { timeout: 20000 });
    assert.equal(await page.locator('.launcher-prog').count(), 2);
    await page.locator('.launcher-prog[data-path="GAMES/B/B.PRG"]').click();
    await page.waitForFunction(() => x16scope.status().program === 'GAMES/B/B.PRG', null, { timeout: 20000 });
    await peekIs(page, 0x04FF, [0xA5], 'GAMES/B finished');
    await peekIs(page, 0x7000, [0x33, 0x22], 'GAMES/B loaded its LOCAL.BIN and /OTHER/DATA.BIN from the card');
    assert.deepEqual(page.x16errors, []);
  } finally {
    await page.close();
  }
});
