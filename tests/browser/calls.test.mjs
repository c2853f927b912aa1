// Browser tests of the call profile panel (overlay/calls.go): busy.prg with its labels
// runs, the panel shows the selected frame's timeline (drawn, hover names a call, a click
// selects its routine), the beam view beside the heatmap, the routine table (sorts, the
// window's figures), the Trace and pprof buttons save files; the JS API's timeline() and
// routines() return the same figures and check their arguments; the page keeps its frame
// rate with the panel open; the <x16-scope> embed shows the timeline with overlay=timeline.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { useBrowser, openApp, dropFiles, root, artifacts } from './harness.mjs';

let server;
let browser;
const measured = {};
useBrowser((s, b) => { server = s; browser = b; }, { measured, file: 'calls-measurements.json', label: 'call profile' });

const busy = [
  { name: 'busy.prg', bytes: readFileSync(path.join(root, 'core', 'testdata', 'busy.prg')) },
  { name: 'busy.sym', bytes: readFileSync(path.join(root, 'core', 'testdata', 'busy.sym')) },
];

// drawn counts a canvas's pixels that are not the charts' background (#0b0c0f).
const drawn = (page, id) => page.evaluate((sel) => {
  const c = document.getElementById(sel);
  const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
  let n = 0;
  for (let i = 0; i < d.length; i += 4) if (d[i] !== 0x0b || d[i + 1] !== 0x0c || d[i + 2] !== 0x0f) n++;
  return n;
}, id);

// client is the page position of canvas pixel (x, y) of the timeline.
async function client(page, x, y) {
  const box = await page.locator('#timeline').boundingBox();
  return { x: box.x + (x / 880) * box.width, y: box.y + (y / 160) * box.height };
}

const tipText = (page) => page.evaluate(() => {
  const t = document.getElementById('timeline-tip');
  return t.hidden ? '' : t.textContent;
});

// hoverFind looks for the canvas pixel around column x whose hover tip starts with
// prefix, with synthetic mousemove events (the Go handler answers each at once), and
// returns it ({x, y} in canvas pixels; null: nowhere).
const hoverFind = (page, x, prefix) => page.evaluate(([x0, pre]) => {
  const c = document.getElementById('timeline');
  const tip = document.getElementById('timeline-tip');
  const r = c.getBoundingClientRect();
  for (let dx = 0; dx <= 80; dx = dx > 0 ? -dx : -dx + 2) {
    for (let y = 17; y < 160; y += 2) {
      const x = x0 + dx;
      c.dispatchEvent(new MouseEvent('mousemove', { clientX: r.left + (x / 880) * r.width, clientY: r.top + (y / 160) * r.height, bubbles: true }));
      if (!tip.hidden && tip.textContent.startsWith(pre)) return { x, y };
    }
  }
  return null;
}, [x, prefix]);

// tableRows is the routine table's rows: [name, address (0), calls, inclusive, exclusive, max/frame].
const tableRows = (page) => page.evaluate(() => Array.from(document.querySelectorAll('#calls-table table.routines tbody tr'),
  (tr) => Array.from(tr.children, (td, i) => (i === 0 ? td.textContent : Number(td.textContent.replace(/,/g, '').replace(/[^0-9].*$/, ''))))));
const nonIncreasing = (v) => v.every((x, i) => i === 0 || x <= v[i - 1]);

test('the call profile panel: timeline, beam view, routine table, exports and the JS API', async () => {
  const page = await openApp(browser, server.url);
  try {
    await dropFiles(page, busy);
    await page.waitForFunction(() => x16scope.status().program === 'busy.prg' && x16scope.status().profiledFrames >= 90,
      null, { timeout: 60000 });
    assert.equal(await page.locator('#beam').isHidden(), true, 'no beam view while the panel is closed');

    // The JS API first (the panel is closed: nothing else computes a timeline).
    const api = await page.evaluate(() => {
      const t0 = performance.now();
      const tl = x16scope.timeline();
      const ms = performance.now() - t0;
      const st = x16scope.status();
      const again = x16scope.timeline(tl.frame - 10);
      const errs = {};
      for (const [k, f] of Object.entries({
        negative: () => x16scope.timeline(-1), text: () => x16scope.timeline('x'), extra: () => x16scope.timeline(1, 2),
        notDone: () => x16scope.timeline(st.currentFrame), outside: () => x16scope.routines(4e9),
      })) {
        try { f(); errs[k] = 'no error'; } catch (e) { errs[k] = e.message; }
      }
      return { tl, ms, again: { frame: again.frame, slices: again.slices.length }, window: x16scope.routines(), frame: x16scope.routines(tl.frame), errs };
    });
    measured.timelineApiMs = Math.round(api.ms);
    measured.slicesPerFrame = api.tl.slices.length;
    assert.ok(api.tl.slices.some((s) => s.name === 'mix' && s.address === '$0857' && s.inclusive > 0), 'the timeline names mix');
    assert.equal(api.tl.cycles > 134000 && api.tl.cycles < 135000, true, `a frame's cycles: ${api.tl.cycles}`);
    assert.equal(api.tl.startLine, 480, 'a frame begins at VSYNC');
    assert.equal(api.again.frame, api.tl.frame - 10);
    for (const list of [api.window, api.frame]) {
      const mix = list.find((r) => r.name === 'mix');
      assert.ok(mix && mix.calls > 0 && mix.inclusive > 0, `routines() lists mix with calls: ${JSON.stringify(mix)}`);
    }
    assert.match(api.errs.negative, /timeline\(frame\?\): frame must be an integer from 0/);
    assert.match(api.errs.text, /frame must be an integer .* got the string "x"/);
    assert.match(api.errs.extra, /takes at most 1 argument/);
    assert.match(api.errs.notDone, /timeline: frame not finished/);
    assert.match(api.errs.outside, /routines: .*frame 4000000000 has no record/);

    // The frame rate at 100 %, panel closed then open: the panel computes nothing per frame.
    const rate = async () => {
      const a = await page.evaluate(() => ({ st: x16scope.status(), h: x16scope.hostStats(), t: performance.now() }));
      await page.waitForTimeout(3000);
      const b = await page.evaluate(() => ({ st: x16scope.status(), h: x16scope.hostStats(), t: performance.now() }));
      return {
        framesPerSecond: +((b.st.frame - a.st.frame) / ((b.t - a.t) / 1000)).toFixed(1),
        overlayMsPerTick: +((b.h.OverlayMs - a.h.OverlayMs) / (b.h.Ticks - a.h.Ticks)).toFixed(3),
        longestTickMs: +b.h.MaxTickMs.toFixed(1),
      };
    };
    measured.panelClosed = await rate();

    // Open the panel: it shows the newest frame (running), once.
    await page.click('#calls-panel summary');
    await page.waitForFunction(() => /^frame [\d,]+: [\d,]+ calls/.test(document.getElementById('calls-note').textContent), null, { timeout: 20000 });
    assert.equal(await page.locator('#beam').isVisible(), true, 'the beam view shows beside the heatmap');
    const heat = await page.locator('#heat').boundingBox();
    const beam = await page.locator('#beam').boundingBox();
    assert.ok(Math.abs(heat.y - beam.y) < 1 && Math.abs(heat.height - beam.height) < 1, `beam ${JSON.stringify(beam)} beside heatmap ${JSON.stringify(heat)}`);
    assert.ok(await drawn(page, 'timeline') > 5000, 'the timeline canvas is drawn');
    assert.ok(await drawn(page, 'beam') > 100000, 'the beam canvas is drawn');

    await page.evaluate(() => x16scope.hostStats()); // the longest tick from here on
    measured.panelOpen = await rate();
    assert.ok(measured.panelOpen.framesPerSecond > 50, `frames a second with the panel open: ${measured.panelOpen.framesPerSecond}`);

    // Pause: the panel shows the frame paused on; its time to compute is in the note.
    await page.evaluate(() => x16scope.pause());
    await page.waitForFunction(() => {
      const m = document.getElementById('calls-note').textContent.match(/^frame ([\d,]+)/);
      const st = x16scope.status();
      return m && Number(m[1].replace(/,/g, '')) === st.currentFrame - 1;
    }, null, { timeout: 20000 });
    measured.timelinePanelMs = Number((await page.locator('#calls-note').textContent()).match(/run again in (\d+) ms/)[1]);
    const tl = await page.evaluate(() => x16scope.timeline());

    // Hover: over a call of mix, zoomed in around it.
    const mix = tl.slices.find((s) => s.name === 'mix' && s.start > 20000);
    const mx = ((mix.start + mix.end) / 2 / tl.cycles) * 880;
    const at = await client(page, mx, 60);
    await page.mouse.move(at.x, at.y);
    // Zoomed in 16 times: a call of mix (about 40 cycles) is 4 canvas pixels wide, and
    // within 80 of the pointer (placed to a CSS pixel, up to 230 cycles before the zoom).
    for (let i = 0; i < 4; i++) await page.mouse.wheel(0, -300);
    const found = await hoverFind(page, mx, 'mix ($0857)');
    if (!found) {
      const seen = [];
      for (let yy = 17; yy < 160; yy += 6) {
        const q = await client(page, mx, yy);
        await page.mouse.move(q.x, q.y);
        seen.push(`${yy}: ${(await tipText(page)).split('\n')[0]}`);
      }
      await page.screenshot({ path: path.join(artifacts, 'calls-hover-failed.png') });
      assert.fail(`hovering near mix (${JSON.stringify(mix)}, frame ${tl.frame}, note ${await page.locator('#calls-note').textContent()}) shows ${seen.join('; ')}`);
    }
    const p = await client(page, found.x, found.y);
    await page.mouse.move(p.x, p.y);
    const tip = await tipText(page);
    assert.match(tip, /^mix \(\$0857\)/, 'the real pointer there shows mix too');
    assert.match(tip, /inclusive [\d,]+ cycles/);
    assert.match(tip, /cycles [\d,]+–[\d,]+ of the frame · lines? \d+/);
    await page.screenshot({ path: path.join(artifacts, 'calls-hover.png') });

    // Click it: mix is selected in the table, with its callers.
    await page.mouse.click(p.x, p.y);
    await page.waitForSelector('#calls-table tr.sel');
    assert.match(await page.locator('#calls-table tr.sel td').first().textContent(), /^mix$/);
    assert.match(await page.locator('#calls-table .calls-edges').textContent(), /callers/);

    // Drag pans: the view moves, the drawing changes.
    const before = await page.evaluate(() => document.getElementById('timeline').toDataURL());
    await page.mouse.move(p.x, p.y);
    await page.mouse.down();
    await page.mouse.move(p.x + 120, p.y, { steps: 5 });
    await page.mouse.up();
    assert.notEqual(await page.evaluate(() => document.getElementById('timeline').toDataURL()), before, 'a drag pans the timeline');
    assert.equal(await page.locator('#calls-table tr.sel').count(), 1, 'a drag is not a click');

    // The table sorts by each column.
    for (const [col, idx] of [['calls', 2], ['exclusive', 4], ['inclusive', 3]]) {
      await page.click(`#calls-table th[data-sort=${col}]`);
      await page.waitForSelector(`#calls-table th.sorted[data-sort=${col}]`);
      const rows = await tableRows(page);
      assert.ok(rows.length > 1 && nonIncreasing(rows.map((r) => r[idx])), `sorted by ${col}: ${JSON.stringify(rows.slice(0, 5))}`);
    }
    await page.click('#calls-table button[data-scope=window]');
    await page.waitForSelector('#calls-table button.on[data-scope=window]');
    assert.ok((await tableRows(page)).some((r) => r[0] === 'mix' && r[2] > 0), 'the window lists mix');
    await page.screenshot({ path: path.join(artifacts, 'calls.png'), fullPage: true });
    await page.locator('.heat-row').screenshot({ path: path.join(artifacts, 'calls-beam.png') });

    // Exports: the frame shown and the 59 before it.
    const save = async (id) => {
      const [dl] = await Promise.all([page.waitForEvent('download', { timeout: 60000 }), page.click(id)]);
      return { name: dl.suggestedFilename(), bytes: readFileSync(await dl.path()) };
    };
    const t0 = Date.now();
    const trace = await save('#btn-trace');
    measured.traceExportMs = Date.now() - t0;
    assert.match(trace.name, new RegExp(`^x16scope-busy-frames-${tl.frame - 59}-${tl.frame}\\.trace\\.json$`));
    const events = JSON.parse(trace.bytes.toString()).traceEvents;
    assert.ok(events.length > 1000 && events.some((e) => e.name === 'mix'), `trace: ${events.length} events`);
    const t1 = Date.now();
    const pprof = await save('#btn-pprof');
    measured.pprofExportMs = Date.now() - t1;
    assert.match(pprof.name, /\.pb\.gz$/);
    const raw = zlib.gunzipSync(pprof.bytes);
    assert.ok(raw.includes(Buffer.from('mix')) && raw.includes(Buffer.from('x16 memory')), 'the pprof profile names mix');
    measured.traceBytes = trace.bytes.length;
    measured.pprofBytes = pprof.bytes.length;
    assert.deepEqual(page.x16errors, []);
  } finally { await page.close(); }
});

test('<x16-scope overlay="timeline"> shows the timeline of the frame it paused on; timeline() and routines() through the element', async () => {
  const page = await browser.newPage({ viewport: { width: 900, height: 800 } });
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  try {
    await page.goto(`${server.url}/testdata/embed-host.html`);
    const r = await page.evaluate(async (base) => {
      await new Promise((resolve, reject) => {
        const s = document.createElement('script');
        s.src = `${base}/x16scope-embed.js`;
        s.onload = resolve;
        s.onerror = reject;
        document.head.append(s);
      });
      const el = document.createElement('x16-scope');
      el.setAttribute('src', `${base}/testdata/smoke.prg`);
      el.setAttribute('autoplay', '');
      el.setAttribute('overlay', 'timeline');
      document.body.append(el);
      const t0 = performance.now();
      let st = await el.status();
      while (st.profiledFrames < 30) {
        if (performance.now() - t0 > 60000) throw new Error(`the embed ran ${st.profiledFrames} frames`);
        await new Promise((res) => setTimeout(res, 100));
        st = await el.status();
      }
      await el.pause();
      const frame = el.shadowRoot.querySelector('iframe');
      let doc = frame.contentDocument;
      let drawn = 0;
      while (drawn < 2000 && performance.now() - t0 < 60000) {
        await new Promise((res) => setTimeout(res, 100));
        doc = frame.contentDocument;
        const c = doc && doc.getElementById('timeline');
        if (!c) continue; // the iframe's document is not embed.html yet
        const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
        drawn = 0;
        for (let i = 0; i < d.length; i += 4) if (d[i] !== 0x0b || d[i + 1] !== 0x0c || d[i + 2] !== 0x0f) drawn++;
      }
      if (!doc || !doc.getElementById('timeline')) {
        throw new Error(`the embed's document (${doc ? doc.URL : 'none'}) has no #timeline`);
      }
      const tl = await el.timeline();
      const routines = await el.routines();
      let err = '';
      try { await el.timeline(-3); } catch (e) { err = e.message; }
      const shown = (id) => { const e = doc.getElementById(id); return !!e && e.getBoundingClientRect().height > 0; };
      return { drawn, slices: tl.slices.length, frame: tl.frame, routines: routines.length, err,
        timeline: shown('timeline'), bars: shown('bars'), heat: shown('heat') };
    }, server.url);
    assert.ok(r.drawn >= 2000, `the embed's timeline is drawn (${r.drawn} pixels)`);
    assert.ok(r.slices > 0 && r.routines > 0, `timeline() ${r.slices} slices, routines() ${r.routines}`);
    assert.match(r.err, /frame must be an integer/);
    assert.deepEqual([r.timeline, r.bars, r.heat], [true, false, false], 'only the timeline shows');
    await page.screenshot({ path: path.join(artifacts, 'calls-embed.png') });
    assert.deepEqual(errors, []);
  } finally { await page.close(); }
});
