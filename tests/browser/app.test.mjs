// Browser tests of the x16scope app: headless Debian chromium via playwright-core.
// Run with `node --test tests/browser/` (make test does, after building the wasm).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import {
  useBrowser, openApp, dropFiles, testdata, artifacts, cli, decodeInPage, stepFrames,
} from './harness.mjs';

// The built-in ROM the wasm embeds (rom/), given to the CLI explicitly so both run the same
// machine whatever the CLI's default.
const builtinROM = process.env.X16SCOPE_ROM || 'rom/x16scope-rom.bin';

let server;
let browser;
const measured = {};
useBrowser((s, b) => { server = s; browser = b; },
  { measured, file: 'measurements.json', label: 'measurements' });

async function shot(page, name) {
  await page.screenshot({ path: path.join(artifacts, `${name}.png`) });
}

function sameRGB(a, b) {
  assert.equal(a.width, b.width);
  assert.equal(a.height, b.height);
  let diff = 0;
  let first = -1;
  for (let i = 0; i < a.data.length; i += 4) {
    for (let k = 0; k < 3; k++) {
      if (a.data[i + k] !== b.data[i + k]) { diff++; if (first < 0) first = i / 4; break; }
    }
  }
  return { diff, first };
}

test('a dropped PRG runs and its picture matches the native golden', async () => {
  const page = await openApp(browser, server.url);
  try {
    await dropFiles(page, [{ name: 'smoke.prg', bytes: testdata('smoke.prg') }]);
    await page.waitForFunction(() => x16scope.status().frame >= 10 && x16scope.status().program === 'smoke.prg',
      null, { timeout: 20000 });
    const st = await page.evaluate(() => x16scope.status());
    assert.equal(st.stopped, '');
    assert.ok(st.profiledFrames > 0, 'the profiler records frames');

    const golden = await decodeInPage(page, testdata('smoke.png'));
    // The emulator's own frame (JS API screenshot) is the native golden, pixel for pixel.
    const png = await page.evaluate(() => Array.from(x16scope.screenshot()));
    const mine = await decodeInPage(page, png);
    const d1 = sameRGB(mine, golden);
    assert.equal(d1.diff, 0, `screenshot() differs from the golden in ${d1.diff} pixels, first at ${d1.first}`);

    // What the page shows: the screen slot, drawn through ebiten at a whole-number scale.
    const box = await page.locator('#screen-slot').boundingBox();
    const scale = Math.round(box.width / 640);
    assert.ok(scale >= 1 && box.width === 640 * scale && box.height === 480 * scale, `slot is ${box.width}x${box.height}`);
    const shown = await decodeInPage(page, await page.screenshot({ clip: box }));
    let bad = 0;
    for (let y = 0; y < 480; y += 7) {
      for (let x = 0; x < 640; x += 7) {
        const i = (y * 640 + x) * 4;
        const j = ((y * scale) * shown.width + x * scale) * 4;
        for (let k = 0; k < 3; k++) if (Math.abs(shown.data[j + k] - golden.data[i + k]) > 2) { bad++; break; }
      }
    }
    assert.equal(bad, 0, `${bad} sampled screen pixels differ from the golden`);
    await shot(page, 'smoke');
    assert.deepEqual(page.x16errors, []);
  } finally { await page.close(); }
});

// zonesAt returns the CLI's zone breakdown (name -> cycles) after n frames.
function zonesAt(n) {
  if (n <= 0) return new Map();
  const st = JSON.parse(cli('profile', 'tests/browser/testdata/smoke.prg', '--rom', builtinROM, '--frames', String(n), '--json'));
  return new Map(st.zones.map((z) => [z.name, z.cycles]));
}

// frameFromCLI is frame n's cycles per bucket, from two native runs (n and n-1 frames).
function frameFromCLI(n) {
  const a = zonesAt(n);
  const b = zonesAt(n - 1);
  const out = new Map();
  for (const [name, c] of a) if (c - (b.get(name) || 0) > 0) out.set(name, c - (b.get(name) || 0));
  return out;
}

async function inspectorRows(page) {
  return page.evaluate(() => {
    const m = new Map();
    for (const tr of document.querySelectorAll('#inspect table tr')) {
      const td = tr.querySelectorAll('td');
      if (td.length === 3) m.set(td[0].firstChild.textContent.trim(), Number(td[1].textContent.replace(/,/g, '')));
    }
    return Array.from(m.entries());
  });
}

test('the overlay shows the same figures as x16scope profile --json', async () => {
  const K = 40;
  const page = await openApp(browser, server.url);
  try {
    const prg = Array.from(testdata('smoke.prg'));
    await page.evaluate((b) => { x16scope.loadPRG(new Uint8Array(b), 'smoke.prg'); x16scope.pause(); }, prg);
    await stepFrames(page, K);
    const stats = await page.evaluate(() => x16scope.perfStats());
    const native = JSON.parse(cli('profile', 'tests/browser/testdata/smoke.prg', '--rom', builtinROM, '--frames', String(K), '--json'));
    // The overlay holds profiling on; the CLI has released it by the time it prints.
    assert.equal(stats.profiling, true);
    delete stats.profiling;
    delete native.profiling;
    assert.deepEqual(stats, native, 'perfStats() differs from x16scope profile --json');
    assert.equal(stats.frames.count, K);
    assert.equal(stats.bandwidth.clockUnits, 'bus');
    assert.ok(stats.periods.overruns >= 2, 'smoke.prg overruns every 16th frame');

    // The inspector (newest frame, paused) against the native per-frame figures.
    await page.waitForFunction((k) => document.querySelector('#inspect').textContent.includes(`frame ${k} `), K);
    assert.deepEqual(new Map(await inspectorRows(page)), frameFromCLI(K), `frame ${K}: inspector vs CLI`);

    // Click the bar of an earlier frame: it is selected, and the inspector shows its figures.
    const box = await page.locator('#bars').boundingBox();
    const f = K - 7;
    const col = (f - 1) * Math.floor(600 / K) + Math.floor(600 / K / 2); // K bars of 600/K px, oldest at the left
    await page.mouse.click(box.x + (col + 0.5) * box.width / 600, box.y + box.height / 2);
    await page.waitForFunction((fr) => x16scope.status().selected === fr
      && document.querySelector('#inspect').textContent.includes(`frame ${fr} `), f, { timeout: 5000 });
    assert.deepEqual(new Map(await inspectorRows(page)), frameFromCLI(f), `frame ${f}: inspector vs CLI`);
    const text = await page.locator('#inspect').textContent();
    for (const unit of ['cycles', '% of budget', 'bus clocks, a lower bound', 'bytes into VRAM']) {
      assert.ok(text.includes(unit), `inspector shows "${unit}"`);
    }
    await shot(page, 'inspect');
  } finally { await page.close(); }
});

// canvasRGB reads a chart canvas's pixels (its backing store, not the scaled CSS box),
// RGBA bytes moved as base64 (a JSON array of 140,000 numbers takes seconds).
async function canvasRGB(page, id) {
  const c = await page.evaluate((i) => {
    const el = document.getElementById(i);
    const px = el.getContext('2d').getImageData(0, 0, el.width, el.height).data;
    let bin = '';
    for (let k = 0; k < px.length; k += 0x8000) bin += String.fromCharCode.apply(null, px.subarray(k, k + 0x8000));
    return { w: el.width, h: el.height, b64: btoa(bin) };
  }, id);
  return { w: c.w, h: c.h, data: Buffer.from(c.b64, 'base64') };
}

// cpuRows lists the split's rows that show CPU-port clocks (its colour, #d05ad0).
function cpuRows(split) {
  const rows = [];
  for (let y = 0; y < split.h; y++) {
    for (let x = 0; x < split.w; x++) {
      const i = (y * split.w + x) * 4;
      if (split.data[i] === 0xd0 && split.data[i + 1] === 0x5a && split.data[i + 2] === 0xd0) { rows.push(y); break; }
    }
  }
  return rows;
}

// busyRows lists the heatmap column's rows with any bus clocks (0 clocks is black).
function busyRows(heat, x) {
  const rows = [];
  for (let y = 0; y < heat.h; y++) {
    const i = (y * heat.w + x) * 4;
    if (heat.data[i] || heat.data[i + 1] || heat.data[i + 2]) rows.push(y);
  }
  return rows;
}

test('the per-line split shows the selected frame, and says when its lines are too old', async () => {
  const page = await openApp(browser, server.url);
  try {
    // Run past the 64 frames whose lines are kept (the heatmap's 64 columns), then pause.
    const prg = Array.from(testdata('smoke.prg'));
    await page.evaluate((b) => x16scope.loadPRG(new Uint8Array(b), 'smoke.prg'), prg);
    await page.waitForFunction(() => x16scope.status().profiledFrames >= 70, null, { timeout: 30000 });
    await page.evaluate(() => x16scope.pause());
    // Every 16th frame of smoke.prg computes past the frame's end and pushes its bytes in the
    // next one: step on while the newest frame is that one, so that it has a push to show.
    let K;
    let heat;
    for (let tries = 0; ; tries++) {
      // Frames are numbered from 1 after a load, so the newest is the count.
      K = (await page.evaluate(() => x16scope.status())).profiledFrames;
      await page.waitForFunction((k) => document.querySelector('#split-note').textContent === `frame ${k}, the newest`, K);
      heat = await canvasRGB(page, 'heat');
      if (busyRows(heat, 63).length > 0 || tries === 2) break;
      await stepFrames(page, 1);
    }
    assert.ok(K < 300, `${K} frames: more than the bar chart's default 300`);
    const note = () => page.locator('#split-note').textContent();
    // Nothing selected: the heatmap holds frames K-63..K in columns 0..63; the split is frame K's.
    assert.equal(heat.w, 64);
    const newest = await canvasRGB(page, 'split');
    // Each split row shows the busiest of its 3 lines, each heatmap row their peak: a row
    // with CPU-port clocks in the split is a busy row of the same frame's heatmap column.
    const newestRows = cpuRows(newest);
    const newestBusy = busyRows(heat, 63);
    assert.ok(newestRows.length > 0, 'smoke.prg pushes 64 bytes through the data port every frame');
    assert.ok(newestRows.every((y) => newestBusy.includes(y)), `split rows ${newestRows} vs heat rows ${newestBusy}`);

    // The newest older frame whose heatmap column differs from frame K's (smoke.prg's push
    // moves with its frame counter), at least two frames back.
    let x = 61;
    while (x > 0 && (busyRows(heat, x).length === 0 || busyRows(heat, x).every((y) => newestBusy.includes(y)))) x--;
    const f = K - 63 + x;
    const hbox = await page.locator('#heat').boundingBox();
    await page.mouse.click(hbox.x + (x + 0.5) * hbox.width / 64, hbox.y + hbox.height / 2);
    await page.waitForFunction((fr) => x16scope.status().selected === fr
      && document.querySelector('#split-note').textContent === `frame ${fr}, selected`, f, { timeout: 5000 });
    const picked = await canvasRGB(page, 'split');
    const pickedRows = cpuRows(picked);
    const pickedBusy = busyRows(heat, x);
    assert.ok(pickedRows.length > 0 && pickedRows.every((y) => pickedBusy.includes(y)),
      `frame ${f}: split rows ${pickedRows} vs its heat rows ${pickedBusy}`);
    assert.ok(pickedRows.some((y) => !newestBusy.includes(y)), `frame ${f}'s split is not frame ${K}'s`);
    assert.ok(!picked.data.equals(newest.data), 'the split canvas changed');
    await shot(page, 'split-selected');

    // A bar older than the heatmap: frame 3. K bars of floor(600/K) px, right-aligned.
    const bw = Math.floor(600 / K);
    const col = 600 - bw * K + 2 * bw + Math.floor(bw / 2);
    const bbox = await page.locator('#bars').boundingBox();
    await page.mouse.click(bbox.x + (col + 0.5) * bbox.width / 600, bbox.y + bbox.height / 2);
    await page.waitForFunction(() => x16scope.status().selected === 3, null, { timeout: 5000 });
    await page.waitForFunction(() => document.querySelector('#split-note').textContent.startsWith('frame 3 (selected) is too old'));
    assert.match(await note(), /lines are kept for the newest 64 frames only/);
    const old = await canvasRGB(page, 'split');
    assert.deepEqual(cpuRows(old), [], 'no figures are shown for a frame without lines');
    assert.deepEqual([...old.data.subarray(0, 8)], [0x1d, 0x21, 0x29, 255, 0x0b, 0x0c, 0x0f, 255], 'hatched, not an idle frame');
    assert.deepEqual(page.x16errors, []);
  } finally { await page.close(); }
});

test('a corrupt file shows the error banner and the program keeps running', async () => {
  const page = await openApp(browser, server.url);
  try {
    await dropFiles(page, [{ name: 'smoke.prg', bytes: testdata('smoke.prg') }]);
    await page.waitForFunction(() => x16scope.status().frame >= 5, null, { timeout: 20000 });
    await dropFiles(page, [{ name: 'broken.zip', bytes: Buffer.from('PK\x03\x04 this is not a zip') }]);
    await page.waitForSelector('#banner:not([hidden])', { timeout: 5000 });
    const banner = await page.locator('#banner-text').textContent();
    assert.match(banner, /broken\.zip is not a readable zip/);
    const f0 = await page.evaluate(() => x16scope.status().frame);
    await page.waitForFunction((f) => x16scope.status().frame >= f + 10, f0, { timeout: 10000 });
    const st = await page.evaluate(() => x16scope.status());
    assert.equal(st.program, 'smoke.prg');
    assert.equal(st.stopped, '');
    // A PRG that loads into ROM is refused the same way.
    await dropFiles(page, [{ name: 'rom-load.prg', bytes: Buffer.from([0x00, 0xC0, 1, 2, 3]) }]);
    await page.waitForFunction(() => document.querySelector('#banner-text').textContent.includes('rom-load.prg'));
    assert.equal((await page.evaluate(() => x16scope.status())).program, 'smoke.prg');
    await shot(page, 'banner');
  } finally { await page.close(); }
});

test('keyboard input reaches the program', async () => {
  const page = await openApp(browser, server.url);
  try {
    await dropFiles(page, [{ name: 'keyecho.prg', bytes: testdata('keyecho.prg') }]);
    await page.waitForFunction(() => x16scope.status().program === 'keyecho.prg' && x16scope.status().frame >= 5,
      null, { timeout: 20000 });
    const box = await page.locator('#screen-slot').boundingBox();
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await page.waitForSelector('#screen-slot.focused', { timeout: 5000 });
    await page.keyboard.press('KeyH');
    await page.keyboard.press('KeyI');
    await page.waitForFunction(() => x16scope.peek(0x31)[0] === 2, null, { timeout: 10000 });
    const [last, count] = await page.evaluate(() => Array.from(x16scope.peek(0x30, 2)));
    assert.equal(count, 2, 'two keys read by GETIN');
    assert.equal(last, 0x49, 'the last key was I (PETSCII $49)');
    // A browser shortcut (Ctrl+Shift+K here) stays with the browser: the X16 never sees it.
    const ev0 = (await page.evaluate(() => x16scope.status())).keyEvents;
    await page.keyboard.press('Control+Shift+KeyK');
    await page.keyboard.press('KeyJ');
    await page.waitForFunction(() => x16scope.peek(0x31)[0] === 3, null, { timeout: 10000 });
    assert.equal((await page.evaluate(() => x16scope.peek(0x30)))[0], 0x4A, 'J arrived, K did not');
    // Control and Shift themselves reach the X16 (down and up: 4 events), then J (2).
    assert.equal((await page.evaluate(() => x16scope.status())).keyEvents - ev0, 6);
    await shot(page, 'keyboard');
  } finally { await page.close(); }
});

// warpShare runs the loaded program in warp for 4 s and measures the emulation time per
// machine frame and the overlay time per displayed frame.
async function warpShare(page) {
  await page.evaluate(() => x16scope.setWarp(true));
  await page.waitForTimeout(1000);
  const a = await page.evaluate(() => x16scope.hostStats());
  await page.waitForTimeout(4000);
  const b = await page.evaluate(() => x16scope.hostStats());
  await page.evaluate(() => x16scope.setWarp(false));
  const frames = b.WarpFrames - a.WarpFrames;
  const emu = (b.WarpEmuMs - a.WarpEmuMs) / frames;
  const overlay = (b.WarpOverlay - a.WarpOverlay) / (b.WarpTicks - a.WarpTicks);
  return {
    framesPerSecond: +(frames / 4).toFixed(1),
    idleFrameShare: +((b.WarpIdleFrames - a.WarpIdleFrames) / frames).toFixed(2),
    realTimeFactor: +(frames / 4 / 59.52).toFixed(2),
    emulationMsPerFrame: +emu.toFixed(2),
    overlayMsPerDisplayedFrame: +overlay.toFixed(2),
    shareOf16_8ms: +((emu + overlay) / 16.8 * 100).toFixed(1),
    longestTickMs: +b.MaxTickMs.toFixed(1),
  };
}

test('budgets: first frame, emulation share in warp', async () => {
  const page = await openApp(browser, server.url, '?prg=testdata/smoke.prg');
  try {
    await page.waitForFunction(() => window.x16scopeFirstFrameMs > 0, null, { timeout: 30000 });
    measured.firstFrameMs = Math.round(await page.evaluate(() => window.x16scopeFirstFrameMs));
    measured.timeline = await page.evaluate(() => window.x16scopeTimeline);
    // smoke.prg polls VERA's ISR in a tight loop while it waits: the busiest case for the
    // machine's I/O path. keyecho.prg waits with WAI under the KERNAL's interrupt.
    measured.warpSmoke = await warpShare(page);
    await page.evaluate((b) => x16scope.loadPRG(new Uint8Array(b), 'keyecho.prg'), Array.from(testdata('keyecho.prg')));
    measured.warpKeyecho = await warpShare(page);
    // Paused in warp, neither the ticks nor the idle callbacks run the machine.
    const paused = await page.evaluate(async () => {
      x16scope.setWarp(true);
      x16scope.pause();
      await new Promise((r) => setTimeout(r, 200));
      const a = x16scope.status().cycle;
      await new Promise((r) => setTimeout(r, 500));
      const b = x16scope.status().cycle;
      x16scope.setWarp(false);
      x16scope.resume();
      return { a, b };
    });
    assert.equal(paused.b, paused.a, 'a paused machine ran in warp');
    for (const m of [measured.warpSmoke, measured.warpKeyecho]) {
      assert.ok(m.framesPerSecond > 0, 'warp ran frames');
      // Chromium has requestIdleCallback: warp also runs between displayed frames.
      assert.ok(m.idleFrameShare > 0.2, `idle warp ran ${m.idleFrameShare} of warp's frames`);
      // The page stays responsive: a displayed frame never took much more than the warp
      // budget plus drawing (generous: the machine is shared).
      assert.ok(m.longestTickMs < 250, `longest tick ${m.longestTickMs} ms`);
    }
    assert.ok(measured.firstFrameMs < 10000, `first frame after ${measured.firstFrameMs} ms`);
  } finally { await page.close(); }
});
