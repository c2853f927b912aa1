// Browser tests of the app's loading paths (URL parameters, zips, a dropped ROM) and controls
// (next overrun, reset, speed, the zone editor, a stopped program's state).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { useBrowser, openApp, dropFiles, testdata, artifacts, makeZip, root } from './harness.mjs';

let server;
let browser;
useBrowser((s, b) => { server = s; browser = b; });

const loaded = (page) => page.waitForFunction(() => window.x16scopeTimeline && window.x16scopeTimeline.loaded > 0,
  null, { timeout: 30000 });

test('URL parameters load a program, zones, symbols and the target frame rate', async () => {
  const page = await openApp(browser, server.url,
    '?prg=testdata/smoke.prg&fps=30&zones=testdata/smoke-zones.json&sym=testdata/smoke.sym');
  try {
    await loaded(page);
    assert.deepEqual(page.x16errors, []);
    assert.equal(await page.locator('#banner').isHidden(), true, 'no error banner');
    await page.waitForFunction(() => x16scope.perfStats().frames.count >= 40, null, { timeout: 20000 });
    const st = await page.evaluate(() => x16scope.perfStats());
    // 30 fps on a 59.52 Hz machine snaps to 2 frames: 2 x 134,400 cycles (PROFILER.md 1).
    assert.equal(st.budget.cycles, 268800);
    assert.equal(st.budget.frames, 2);
    const names = st.zones.map((z) => z.name);
    assert.ok(names.includes('compute') && names.includes('vram push'), `zones: ${names}`);
    assert.equal(await page.inputValue('#fps'), '30');
    assert.equal((await page.evaluate(() => x16scope.status())).program, 'smoke.prg');
    await page.click('#zones-panel summary');
    const rows = await page.locator('#zone-rows tr').count();
    assert.ok(rows >= 3, `zone editor shows the loaded zones (${rows} rows)`);
    await page.screenshot({ path: path.join(artifacts, 'url-params.png') });
  } finally { await page.close(); }
});

test('a zip with a manifest starts the named program; several PRGs without one open the launcher', async () => {
  const page = await openApp(browser, server.url);
  try {
    const zip = makeZip({
      'manifest.json': JSON.stringify({ manifest_version: '1.0.0', start_prg: 'KEYECHO.PRG' }),
      'SMOKE.PRG': testdata('smoke.prg'),
      'KEYECHO.PRG': testdata('keyecho.prg'),
      'data/notes.txt': 'hello',
    });
    await dropFiles(page, [{ name: 'game.zip', bytes: zip }]);
    await page.waitForFunction(() => x16scope.status().program === 'KEYECHO.PRG', null, { timeout: 20000 });
    // Two PRGs, both with a SYS stub, dropped together with no manifest: a collection of
    // two, listed for the user to choose (launcher.test.mjs tests the launcher).
    await dropFiles(page, [{ name: 'a.prg', bytes: testdata('smoke.prg') }, { name: 'b.prg', bytes: testdata('keyecho.prg') }]);
    await page.waitForSelector('#launcher:not([hidden])', { timeout: 20000 });
    assert.deepEqual(await page.locator('.launcher-prog').evaluateAll((bs) => bs.map((b) => b.dataset.path)), ['a.prg', 'b.prg']);
    assert.equal((await page.evaluate(() => x16scope.status())).program, '');
  } finally { await page.close(); }
});

test('controls: next overrun, reset, speed', async () => {
  const page = await openApp(browser, server.url);
  try {
    await dropFiles(page, [{ name: 'smoke.prg', bytes: testdata('smoke.prg') }]);
    await page.waitForFunction(() => x16scope.status().frame >= 3, null, { timeout: 20000 });
    await page.click('#btn-overrun');
    await page.waitForFunction(() => x16scope.status().paused && x16scope.status().selected > 0, null, { timeout: 20000 });
    const st = await page.evaluate(() => x16scope.status());
    await page.waitForFunction((f) => document.querySelector('#inspect').textContent.includes(`frame ${f} `), st.selected);
    assert.match(await page.locator('#inspect').textContent(), /over budget/);
    assert.equal(await page.locator('#btn-pause').textContent(), 'Resume');
    // Stays paused on that frame.
    await page.waitForTimeout(300);
    assert.equal((await page.evaluate(() => x16scope.status())).frame, st.frame);
    await page.screenshot({ path: path.join(artifacts, 'overrun.png') });

    await page.click('#btn-pause');
    await page.evaluate(() => { const s = document.querySelector('#speed'); s.value = '25'; s.dispatchEvent(new Event('input')); });
    assert.equal((await page.evaluate(() => x16scope.status())).speed, 25);
    assert.equal(await page.locator('#speed-out').textContent(), '25%');
    const before = (await page.evaluate(() => x16scope.status())).frame;
    await page.click('#btn-reset');
    const after = await page.evaluate(() => x16scope.status());
    assert.ok(after.frame < before, `reset restarts the program (frame ${before} -> ${after.frame})`);
    assert.equal(after.program, 'smoke.prg');
  } finally { await page.close(); }
});

test('a stopped program shows its state and last instructions, and the page stays responsive', async () => {
  const page = await openApp(browser, server.url);
  try {
    // 10 SYS2061: NOP; SEI; STP (X16-HARDWARE.md 7.4 for the stub).
    const prg = [0x01, 0x08, 0x0B, 0x08, 0x0A, 0x00, 0x9E, 0x32, 0x30, 0x36, 0x31, 0x00, 0x00, 0x00, 0xEA, 0x78, 0xDB];
    await dropFiles(page, [{ name: 'stop.prg', bytes: Buffer.from(prg) }]);
    await page.waitForSelector('#crash:not([hidden])', { timeout: 20000 });
    assert.match(await page.locator('#crash-reason').textContent(), /STP at \$080F/);
    const trace = await page.locator('#crash-trace').textContent();
    assert.match(trace, /\$080D {2}NOP/);
    assert.match(trace, /\$080F {2}STP/);
    assert.match(await page.locator('#crash-regs').textContent(), /PC \$08/);
    assert.match(await page.locator('#crash-note').textContent(), /Only the CPU is stuck/);
    const t0 = (await page.evaluate(() => x16scope.hostStats())).Ticks;
    const f0 = (await page.evaluate(() => x16scope.status())).frame;
    await page.waitForTimeout(500);
    const t1 = (await page.evaluate(() => x16scope.hostStats())).Ticks;
    assert.ok(t1 > t0 + 5, `the page keeps ticking (${t1 - t0} ticks in 0.5 s)`);
    // Only the CPU stopped: the machine runs on, frame after frame, with the panel kept.
    const st = await page.evaluate(() => x16scope.status());
    assert.ok(st.frame > f0 + 10, `the machine runs on after STP (frame ${f0} -> ${st.frame} in 0.5 s)`);
    assert.match(st.stopped, /STP at \$080F/);
    assert.match(await page.locator('#crash-trace').textContent(), /\$080F {2}STP/);
    await page.screenshot({ path: path.join(artifacts, 'stopped.png') });
    // A good program replaces it.
    await dropFiles(page, [{ name: 'smoke.prg', bytes: testdata('smoke.prg') }]);
    await page.waitForSelector('#crash', { state: 'hidden' });
  } finally { await page.close(); }
});

test('a dropped rom.bin is kept in browser storage until forgotten', async () => {
  const rom = readFileSync(path.join(root, 'rom', 'x16scope-rom.bin'));
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  try {
    const page = await context.newPage();
    await page.goto(`${server.url}/index.html`);
    await loaded(page);
    assert.equal((await page.evaluate(() => x16scope.status())).rom, false);
    await dropFiles(page, [{ name: 'rom.bin', bytes: rom }]);
    await page.waitForFunction(() => x16scope.status().rom === true);
    await page.waitForSelector('#btn-forget-rom:not([hidden])');
    await page.reload();
    await loaded(page);
    assert.equal((await page.evaluate(() => x16scope.status())).rom, true, 'the ROM came back from storage');
    await page.click('#btn-forget-rom');
    await page.waitForFunction(() => x16scope.status().rom === false);
    await page.reload();
    await loaded(page);
    assert.equal((await page.evaluate(() => x16scope.status())).rom, false, 'forgotten for good');
  } finally { await context.close(); }
});

test('the zone editor applies an address zone', async () => {
  const page = await openApp(browser, server.url);
  try {
    await dropFiles(page, [{ name: 'keyecho.prg', bytes: testdata('keyecho.prg') }]);
    await page.waitForFunction(() => x16scope.status().program === 'keyecho.prg');
    await page.click('#zones-panel summary');
    await page.click('#zones button[data-act="add"]');
    const row = page.locator('#zone-rows tr').last();
    await row.locator('input[name="name"]').fill('echo loop');
    await row.locator('input[name="start"]').fill('$080D');
    await row.locator('input[name="end"]').fill('$0830');
    await page.click('#zones button[data-act="apply"]');
    assert.equal(await page.locator('#zone-msg').textContent(), 'applied 1 zones');
    await page.waitForFunction(() => x16scope.perfStats().zones.some((z) => z.name === 'echo loop' && z.cycles > 0),
      null, { timeout: 10000 });
    // A bad address is reported in place and changes nothing.
    await row.locator('input[name="end"]').fill('$1FFFF');
    await page.click('#zones button[data-act="apply"]');
    assert.match(await page.locator('#zone-msg').textContent(), /row 1: address/);
  } finally { await page.close(); }
});
