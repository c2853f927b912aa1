// Browser tests of links made for the official web emulator (web/weblinks.js,
// session/weblink.go): ?manifest= (a folder with manifest.json, a zip), start_prg and
// start_bas, ?ram= and ?keymap= (and the RAM and Keyboard pickers), ?capture, bad values;
// the embed's ram= and keymap=.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, openApp } from './harness.mjs';

let server;
let browser;
useBrowser((s, b) => { server = s; browser = b; });

const loaded = { timeout: 60000 };

test('?manifest= a folder: its resources on device 8, start_prg started, ram and keymap set, capture gives the X16 the keyboard', async () => {
  const page = await openApp(browser, server.url, '?manifest=testdata/weblink/&ram=2048&keymap=de&capture');
  try {
    await page.waitForFunction(() => window.x16scopeLoaded, null, loaded);
    const st = await page.evaluate(() => x16scope.status());
    assert.equal(st.program, 'keyecho.prg', 'start_prg started');
    assert.equal(st.ramKB, 2048);
    assert.equal(st.keymap, 'de');
    assert.equal(await page.locator('#ram').inputValue(), '2048', 'the RAM picker shows the link\'s size');
    assert.equal(await page.locator('#keymap').inputValue(), 'de', 'the Keyboard picker shows the link\'s layout');
    assert.equal((await page.evaluate(() => x16scope.peek(0x9FBD)))[0], 4, '$9FBD reads the layout, as the official emulator\'s');
    const notice = await page.locator('#notice-text').textContent();
    assert.match(notice, /started keyecho\.prg, with LEVEL\.TXT on device 8/);
    assert.match(notice, /capture: the keyboard is the X16's/);
    // capture: the keys go to the X16 without a click; the German layout types Z on the
    // key where US keyboards have Y.
    await page.waitForFunction(() => x16scope.status().frame >= 30, null, { timeout: 20000 });
    await page.waitForSelector('#screen-slot.focused', { timeout: 5000 });
    await page.keyboard.press('KeyY');
    await page.waitForFunction(() => x16scope.peek(0x31)[0] === 1, null, { timeout: 10000 });
    assert.equal((await page.evaluate(() => x16scope.peek(0x30)))[0], 0x5A, 'the Y key typed Z (PETSCII $5A) on de');
    assert.deepEqual(page.x16errors, []);
  } finally { await page.close(); }
});

test('?manifest= a zip: its manifest picks the resources and sets ram and keymap', async () => {
  const page = await openApp(browser, server.url, '?manifest=testdata/weblink/game.zip');
  try {
    await page.waitForFunction(() => window.x16scopeLoaded, null, loaded);
    const st = await page.evaluate(() => x16scope.status());
    assert.equal(st.program, 'keyecho.prg');
    assert.equal(st.ramKB, 1024, 'the zip manifest\'s ram');
    assert.equal(st.keymap, 'fr', 'the zip manifest\'s keymap');
    assert.doesNotMatch(await page.locator('#notice-text').textContent(), /EXTRA\.PRG/, 'a file not in resources is not loaded');
  } finally { await page.close(); }
});

test('start_bas on the built-in ROM: the files load and the notice says BASIC needs the official ROM', async () => {
  const page = await openApp(browser, server.url, '?manifest=testdata/weblink-bas');
  try {
    await page.waitForFunction(() => window.x16scopeLoaded, null, loaded);
    assert.match(await page.locator('#notice-text').textContent(), /HELLO\.BAS was not started: .*official ROM/);
  } finally { await page.close(); }
});

test('bad values: each says what is wrong, and the machine runs as it was', async () => {
  const page = await openApp(browser, server.url, '?ram=4096&keymap=klingon&mhz=4&manifest=testdata/nowhere/');
  try {
    await page.waitForFunction(() => window.x16scopeLoaded, null, loaded);
    const banner = await page.locator('#banner-text').textContent();
    assert.match(banner, /ram=4096: the banked RAM is 8 to 2048 KB/);
    assert.match(banner, /keymap=klingon: no such keyboard layout/);
    assert.match(banner, /\?manifest=testdata\/nowhere\/: .*manifest\.json: HTTP 404/);
    assert.match(await page.locator('#notice-text').textContent(), /mhz: ignored/);
    const st = await page.evaluate(() => x16scope.status());
    assert.equal(st.ramKB, 512);
    assert.equal(st.keymap, 'en-us');
    const before = st.frame;
    await page.waitForFunction((f) => x16scope.status().frame > f + 10, before, { timeout: 20000 });
  } finally { await page.close(); }
});

test('the Keyboard picker powers on with the layout and keeps it in this browser; the RAM picker sets the size', async () => {
  const page = await openApp(browser, server.url, '?prg=examples/testdata/pulse.prg');
  try {
    await page.waitForFunction(() => window.x16scopeLoaded, null, loaded);
    await page.selectOption('#keymap', 'fr');
    await page.selectOption('#ram', '1536');
    let st = await page.evaluate(() => x16scope.status());
    assert.equal(st.keymap, 'fr');
    assert.equal(st.ramKB, 1536);
    assert.equal(st.program, 'pulse.prg', 'the program started afresh');
    await page.reload();
    await page.waitForFunction(() => window.x16scopeLoaded, null, loaded);
    st = await page.evaluate(() => x16scope.status());
    assert.equal(st.keymap, 'fr', 'the layout is kept');
    assert.equal(st.ramKB, 512, 'the RAM size is the link\'s, not kept');
    const err = await page.evaluate(() => { try { x16scope.setMachine(512, 'xx'); return ''; } catch (e) { return e.message; } });
    assert.match(err, /no such keyboard layout/);
  } finally { await page.close(); }
});

test('the embed takes ram= and keymap=, and reports a bad one in its box', async () => {
  const page = await browser.newPage({ viewport: { width: 800, height: 700 } });
  try {
    await page.goto(`${server.url}/embed.html?prg=examples/testdata/pulse.prg&ram=2048&keymap=sv`);
    await page.waitForFunction(() => window.x16scopeEmbed && x16scopeEmbed.state.ready, null, loaded);
    let st = await page.evaluate(() => x16scope.status());
    assert.equal(st.ramKB, 2048);
    assert.equal(st.keymap, 'sv');
    assert.equal(st.program, 'pulse.prg');
    await page.goto(`${server.url}/embed.html?prg=examples/testdata/pulse.prg&ram=100&keymap=zz`);
    await page.waitForFunction(() => window.x16scopeEmbed && x16scopeEmbed.state.ready, null, loaded);
    const msg = await page.locator('#embed-msg').textContent();
    assert.match(msg, /ram=100: want the RAM size in KB/);
    assert.match(msg, /keymap=zz: no such keyboard layout/);
    st = await page.evaluate(() => x16scope.status());
    assert.equal(st.ramKB, 512);
  } finally { await page.close(); }
});
