// The page benchmark (make bench-browser): each benchmark program of BenchmarkProgram
// (vera/programs_bench_test.go) runs in the real page in headless Chromium with the browser
// tests' flags (software GL), the overlay on. Per program it reports:
//   - fps: displayed frames a second at speed 100 % (page repaints, requestAnimationFrame),
//     and the machine frames emulated a second (the X16 makes 59.52);
//   - emu / overlay: host milliseconds per displayed frame in emulation and in the overlay
//     (x16scope.hostStats()), and their share of a 60 Hz frame;
//   - readPixels/frame: GPU-to-CPU reads (GLES2 ReadPixels in a Chrome trace) per page
//     repaint: the screen must reach the canvas with uploads alone;
//   - warp: the real-time factor in warp (machine frames a second / 59.52), the host ms a
//     displayed frame that warp emulated in the tick and in the browser's idle callback,
//     and how many ticks came a refresh late;
//   - time travel (budgets in brackets): keeping keyframes, host ms per displayed frame at
//     100 % (hostStats' KeyframeMs over its Ticks) [<= 0.3 ms]; after a minute and a bit of
//     emulated time in warp (the bars' whole 60 s window), the memory the window's keyframes
//     and inputs hold (status().timelineBytes) [<= 64 MB], the live Go heap (collected first)
//     then, against the page's with no program [<= 64 MB more], the wasm memory; seeks to
//     random frames of the window, timed in the page, p50/p95/max [p95 <= 150 ms].
// Usage: node scripts/bench-browser.mjs [seconds per measurement, default 3] [program ...]
// X16SCOPE_BENCH_SEEKS sets the number of seeks (default 40; 0 skips the window's figures).
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { root, ensureBuilt, startServer, launch, artifacts } from '../tests/browser/harness.mjs';

const programs = {
  game320: 'core/testdata/bench/game.prg',
  'bitmap320-fx': 'core/testdata/bench/bitmap.prg',
  text40: 'core/testdata/bench/text40.prg',
  'text80-wai': 'tests/browser/testdata/keyecho.prg',
  busy80: 'core/testdata/busy.prg',
};
const secs = Number(process.argv[2] || 3);
const only = process.argv.slice(3);
const x16Hz = 8e6 / (525 * 256);
const seeks = Number(process.env.X16SCOPE_BENCH_SEEKS ?? 40);
const budgets = { keyframeMs: 0.3, windowMB: 64, seekP95Ms: 150 };

// measure runs the page for secs seconds and returns the host timings over that time.
async function measure(page, seconds) {
  return page.evaluate(async (ms) => {
    const a = x16scope.hostStats();
    let paints = 0;
    let run = true;
    const tick = () => { paints++; if (run) requestAnimationFrame(tick); };
    requestAnimationFrame(tick);
    const t0 = performance.now();
    await new Promise((r) => setTimeout(r, ms));
    run = false;
    const dt = (performance.now() - t0) / 1000;
    const b = x16scope.hostStats();
    const ticks = b.Ticks - a.Ticks;
    return {
      seconds: dt,
      paintFps: paints / dt,
      tickFps: ticks / dt,
      machineFps: (b.EmuFrames - a.EmuFrames) / dt,
      emuMs: (b.EmuMs - a.EmuMs) / Math.max(ticks, 1),
      overlayMs: (b.OverlayMs - a.OverlayMs) / Math.max(ticks, 1),
      drawMs: (b.DrawMs - a.DrawMs) / Math.max(b.Draws - a.Draws, 1),
      draws: (b.Draws - a.Draws) / dt,
      warpFrames: b.WarpFrames - a.WarpFrames,
      warpEmuMs: (b.WarpEmuMs - a.WarpEmuMs) / Math.max(b.WarpTicks - a.WarpTicks, 1),
      warpIdleMs: (b.WarpIdleMs - a.WarpIdleMs) / Math.max(b.WarpTicks - a.WarpTicks, 1),
      warpTicks: b.WarpTicks - a.WarpTicks, warpLate: b.WarpLateTicks - a.WarpLateTicks,
      warpBudgetMs: b.WarpBudgetMs,
      warpReserveMs: b.WarpReserveMs,
      gcMs: b.GC.PauseMs - a.GC.PauseMs,
      keyframes: b.Keyframes - a.Keyframes,
      keyframeMs: (b.KeyframeMs - a.KeyframeMs) / Math.max(ticks, 1),
    };
  }, seconds * 1000);
}

// timeTravel fills the bars' window (3,600 frames: 60 s of the X16's time, and a few more)
// in warp, then reads what the window's keyframes and inputs hold and the heap, and seeks to
// n random frames of the window, timing each in the page. The page then runs on from the last one.
async function timeTravel(page, n) {
  return page.evaluate(async (count) => {
    const until = x16scope.status().currentFrame + 3700;
    const t0 = performance.now();
    const a = x16scope.hostStats();
    x16scope.setWarp(true);
    while (x16scope.status().currentFrame < until) {
      if (performance.now() - t0 > 240000) throw new Error(`warp reached frame ${x16scope.status().currentFrame} of ${until} in 240 s`);
      await new Promise((r) => setTimeout(r, 200));
    }
    x16scope.setWarp(false);
    x16scope.pause();
    const b = x16scope.hostStats(true); // and with the window full
    const st = x16scope.status();
    const [first, last] = st.window;
    // A simple generator with a fixed seed: the same targets every run.
    let seed = 12345;
    const rand = () => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed / 2147483648; };
    const ms = [];
    for (let i = 0; i < count; i++) {
      const f = first + Math.floor(rand() * (last - first + 1));
      const s0 = performance.now();
      x16scope.seek(f);
      ms.push(performance.now() - s0);
      if (x16scope.status().currentFrame !== f) throw new Error(`seek(${f}) landed in frame ${x16scope.status().currentFrame}`);
      await new Promise((r) => setTimeout(r, 0)); // let the page draw between seeks
    }
    ms.sort((x, y) => x - y);
    const q = (p) => ms[Math.min(ms.length - 1, Math.floor(p * ms.length))];
    const c = x16scope.hostStats();
    x16scope.resume(); // runs on from the last frame gone to, for the next program's load
    return {
      windowFrames: last - first, windowSeconds: (last - first) / (8e6 / (525 * 256)), fillSeconds: (performance.now() - t0) / 1000,
      timelineMB: st.timelineBytes / 1048576, keyframesHeld: st.keyframes, heapMB: b.GC.HeapMB, sysMB: c.GC.SysMB,
      warpKeyframeMsPerFrame: (b.KeyframeMs - a.KeyframeMs) / Math.max(b.EmuFrames - a.EmuFrames, 1),
      seeks: ms.length, seekP50: ms.length ? q(0.5) : NaN, seekP95: ms.length ? q(0.95) : NaN, seekMax: ms.length ? ms[ms.length - 1] : NaN,
    };
  }, n);
}

// traceReadPixels records a Chrome trace with the GPU categories while the page runs and
// counts the ReadPixels calls and the frames the compositor drew.
async function traceReadPixels(page, seconds) {
  const cdp = await page.context().newCDPSession(page);
  const events = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...e.value));
  const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: {
      includedCategories: ['gpu', 'disabled-by-default-gpu.service', 'disabled-by-default-gpu.device',
        'cc', 'viz', 'blink', 'disabled-by-default-devtools.timeline.frame', 'devtools.timeline'],
    },
  });
  const paints = await page.evaluate(async (ms) => {
    let n = 0;
    let run = true;
    const tick = () => { n++; if (run) requestAnimationFrame(tick); };
    requestAnimationFrame(tick);
    await new Promise((r) => setTimeout(r, ms));
    run = false;
    return n;
  }, seconds * 1000);
  await cdp.send('Tracing.end');
  await done;
  await cdp.detach();
  const readPixels = events.filter((e) => /ReadPixels/i.test(e.name) && (e.ph === 'X' || e.ph === 'B')).length;
  const finish = events.filter((e) => /CommandBufferHelper::Finish/.test(e.name) && (e.ph === 'X' || e.ph === 'B')).length;
  return { paints, readPixels, finish, perPaint: readPixels / Math.max(paints, 1) };
}

const fmt = (x, d = 1) => (Number.isFinite(x) ? x.toFixed(d) : String(x));

// openPage opens the app once for all the programs (on a loaded machine compiling the wasm
// alone can take tens of seconds) and collects the page's errors.
async function openPage(browser, url) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await page.goto(`${url}/index.html`, { timeout: 180000 });
  await page.waitForFunction(() => window.x16scope !== undefined, null, { timeout: 180000 });
  page.x16errors = errors;
  return page;
}

ensureBuilt();
const { url, proc } = await startServer();
const browser = await launch();
const results = {};
try {
  const page = await openPage(browser, url);
  const emptyHeapMB = (await page.evaluate(() => x16scope.hostStats(true))).GC.HeapMB;
  results.emptyHeapMB = emptyHeapMB;
  let first = true;
  for (const name of only.length ? only : Object.keys(programs)) {
    const file = programs[name];
    if (!file) throw new Error(`no benchmark program ${name} (${Object.keys(programs).join(', ')})`);
    page.x16errors.length = 0;
    const bytes = Array.from(readFileSync(path.join(root, file)));
    await page.evaluate(([b, n]) => x16scope.loadPRG(new Uint8Array(b), n), [bytes, path.basename(file)]);
    await page.waitForTimeout(first ? 5000 : 1500); // setup, caches, JIT (longer for the first)
    first = false;
    const normal = await measure(page, secs);
    const trace = await traceReadPixels(page, Math.min(secs, 2));
    await page.evaluate(() => x16scope.setWarp(true));
    await page.waitForTimeout(500);
    const warp = await measure(page, secs);
    await page.evaluate(() => x16scope.setWarp(false));
    const travel = seeks > 0 ? await timeTravel(page, seeks) : null;
    const errors = page.x16errors.slice();
    const r = {
      fps: normal.paintFps, ticksPerSec: normal.tickFps, machineFps: normal.machineFps,
      emuMs: normal.emuMs, overlayMs: normal.overlayMs, drawMs: normal.drawMs, drawsPerSec: normal.draws,
      budgetShare: (normal.emuMs + normal.overlayMs) * x16Hz / 1000,
      readPixelsPerPaint: trace.perPaint, readPixels: trace.readPixels, tracePaints: trace.paints,
      warpX: warp.warpFrames / warp.seconds / x16Hz, warpFps: warp.paintFps, warpEmuMs: warp.warpEmuMs,
      warpIdleMs: warp.warpIdleMs, warpTicks: warp.warpTicks, warpLate: warp.warpLate,
      warpBudgetMs: warp.warpBudgetMs, warpReserveMs: warp.warpReserveMs,
      gcMs: normal.gcMs + warp.gcMs,
      keyframeMs: normal.keyframeMs, keyframesPerSec: normal.keyframes / normal.seconds, travel, errors,
    };
    results[name] = r;
    console.log(`${name.padEnd(13)} fps ${fmt(r.fps)} (machine ${fmt(r.machineFps)}/s)  emu ${fmt(r.emuMs, 2)} ms  overlay ${fmt(r.overlayMs, 2)} ms  ` +
      `(${fmt(100 * r.budgetShare)} % of a frame)  draw ${fmt(r.drawMs, 2)} ms  readPixels/paint ${fmt(r.readPixelsPerPaint, 2)}  ` +
      `warp ${fmt(r.warpX)}x (${fmt(r.warpFps)} fps, emu ${fmt(r.warpEmuMs - r.warpIdleMs, 1)} of ${fmt(r.warpBudgetMs, 1)} ms + idle ${fmt(r.warpIdleMs, 1)} ms, reserve ${fmt(r.warpReserveMs, 1)}, late ${r.warpLate}/${r.warpTicks})${errors.length ? '  ERRORS ' + errors.join('; ') : ''}`);
    const t = travel;
    const over = (v, b) => (v > b ? ` OVER BUDGET (${b})` : '');
    console.log(`${''.padEnd(13)} time travel: keyframes ${fmt(r.keyframeMs, 3)} ms/displayed frame${over(r.keyframeMs, budgets.keyframeMs)}` +
      (t ? `  window ${t.windowFrames} frames (${fmt(t.windowSeconds)} s, filled in ${fmt(t.fillSeconds)} s): timeline ${fmt(t.timelineMB)} MB` +
        ` in ${t.keyframesHeld} keyframes${over(t.timelineMB, budgets.windowMB)}, live heap ${fmt(t.heapMB)} MB (${fmt(emptyHeapMB)} with no program)${over(t.heapMB - emptyHeapMB, budgets.windowMB)}, wasm memory ${fmt(t.sysMB)} MB;` +
        ` keyframes in warp ${fmt(t.warpKeyframeMsPerFrame, 3)} ms/machine frame; ${t.seeks} seeks p50 ${fmt(t.seekP50)} p95 ${fmt(t.seekP95)}` +
        ` max ${fmt(t.seekMax)} ms${over(t.seekP95, budgets.seekP95Ms)}` : ''));
  }
} finally {
  await browser.close();
  proc.kill();
}
mkdirSync(artifacts, { recursive: true });
writeFileSync(path.join(artifacts, 'bench-browser.json'), JSON.stringify(results, null, 2));
