// Browser tests of time travel over the bars' whole window: a program runs for a minute
// (in warp), the page goes to a frame 50 s back, captures it, and the capture opened in
// another page shows that frame with the same figures and picture; Step back and Step frame
// move one frame at a time (buttons, keys, the API); Resume from the past drops the bars
// after the frame; the <x16-scope> element offers the same calls.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { useBrowser, root, artifacts } from './harness.mjs';

let server;
let browser;
const measured = {};
useBrowser((s, b) => { server = s; browser = b; }, { measured, file: 'timetravel-measurements.json', label: 'time travel' });

// A page can take tens of seconds to start on a loaded machine, and a minute of warp longer.
const slow = 240000;
const x16Hz = 8e6 / (525 * 256);

// The game-shaped benchmark: its picture changes every frame (scrolling layers, moving
// sprites), so a wrong frame on the screen shows.
const game = Array.from(readFileSync(path.join(root, 'core', 'testdata', 'bench', 'game.prg')));

async function openApp(url, query = '') {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const page = await ctx.newPage();
  page.setDefaultTimeout(slow);
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await page.goto(`${url}/index.html${query}`, { timeout: slow });
  await page.waitForFunction(() => window.x16scopeCapture !== undefined && window.x16scope !== undefined, null, { timeout: slow });
  await page.evaluate(() => window.x16scopeCapture.ready);
  page.x16errors = errors;
  return page;
}

const status = (page) => page.evaluate(() => x16scope.status());
const shot = (page) => page.evaluate(() => Array.from(x16scope.screenshot()));
const csv = (page) => page.evaluate(() => x16scope.framesCSV());
// perfStats, every field (an opened capture's bars are records a profiler that was on made).
const stats = (page) => page.evaluate(() => x16scope.perfStats());
// csvRow is frame f's line of framesCSV (the first column is the frame number).
const csvRow = (text, f) => text.split('\n').find((l) => l.split(',')[0] === String(f));

// stepFrame runs one frame (it takes effect at the next displayed frame) and waits for it.
async function stepFrame(page) {
  const f = (await status(page)).frame;
  await page.evaluate(() => x16scope.stepFrame());
  await page.waitForFunction((n) => x16scope.status().frame !== n, f);
  return status(page);
}

let page; // the page that ran the minute, shared by the tests below (they run in order)
let target; // the frame 50 s back it went to (the machine at its start)

test('a frame 50 s back: go there, capture it, and the link opens it with the same picture and figures', async () => {
  page = await openApp(server.url);
  await page.evaluate((b) => x16scope.loadPRG(new Uint8Array(b), 'game.prg'), game);
  await page.evaluate(() => x16scope.setWarp(true));
  const t0 = Date.now();
  // A minute and a bit: the bars' window (3,600 frames) is full.
  await page.waitForFunction(() => x16scope.status().currentFrame >= 3800, null, { timeout: slow, polling: 250 });
  measured.warpSecondsForAMinute = (Date.now() - t0) / 1000;
  await page.evaluate(() => { x16scope.setWarp(false); x16scope.pause(); });
  await stepFrame(page); // paused exactly at a frame's start
  const head = await status(page);
  const [first, last] = head.window;
  assert.equal(last, head.currentFrame, 'the window ends at the frame in progress');
  assert.ok(last - first >= 3590, `window ${first}-${last}: the whole 60 s`);
  assert.equal(head.inPast, false);
  assert.equal(head.framesAhead, 0);
  measured.timelineMB = head.timelineBytes / 1048576;
  measured.keyframes = head.keyframes;

  const headCSV = await csv(page);
  const headStats = await stats(page);
  target = last - Math.round(50 * x16Hz);
  const shown = target - 1; // the frame on the screen when the machine waits at target's start
  assert.ok(csvRow(headCSV, shown), `frame ${shown} has a bar`);

  const t1 = Date.now();
  await page.evaluate((f) => x16scope.seek(f), target);
  measured.seekMs = Date.now() - t1;
  const st = await status(page);
  assert.deepEqual({ paused: st.paused, inPast: st.inPast, frame: st.frame, currentFrame: st.currentFrame, selected: st.selected, framesAhead: st.framesAhead },
    { paused: true, inPast: true, frame: shown, currentFrame: target, selected: shown, framesAhead: last - target });
  assert.equal(await csv(page), headCSV, 'the bars keep every frame of the window');
  assert.deepEqual(await stats(page), headStats, 'the figures are the window\'s');
  await page.waitForSelector('#travel:not([hidden])');
  assert.match(await page.textContent('#travel-text'),
    new RegExp(`^Back in time: frame ${shown.toLocaleString('en-US')} is on the screen, 50\\.0 s \\(${(last - target).toLocaleString('en-US')} frames\\) before the newest\\. `
      + `Step frame replays what was recorded; Resume runs on from here and drops the ${(last - target).toLocaleString('en-US')} frames after it`));
  assert.match(await page.textContent('#status'), /^paused, back in time · game\.prg/);
  const picture = await shot(page);
  await page.screenshot({ path: path.join(artifacts, 'timetravel-past.png') });

  // Capture (the selected frame: the one on the screen) and open the link in another browser context.
  await page.click('#btn-capture');
  await page.waitForSelector('#share-link');
  const href = await page.getAttribute('#share-link', 'href');
  assert.match(href, /\?c=[A-Za-z0-9_-]{16}$/);
  measured.captureKB = Number((await page.textContent('#share-panel')).match(/\(([\d.]+) KB/)[1]);
  const other = await openApp(server.url, href.slice(href.indexOf('?')));
  try {
    const ost = await status(other);
    assert.deepEqual({ program: ost.program, paused: ost.paused, frame: ost.frame, currentFrame: ost.currentFrame, selected: ost.selected, framesAhead: ost.framesAhead },
      { program: 'game.prg', paused: true, frame: shown, currentFrame: target, selected: shown, framesAhead: last - target });
    assert.deepEqual(await shot(other), picture, 'the same picture');
    const otherCSV = await csv(other);
    assert.equal(csvRow(otherCSV, shown), csvRow(headCSV, shown), 'the same figures for the frame');
    assert.equal(otherCSV, headCSV, 'the same bars: the whole window');
    assert.deepEqual(await stats(other), headStats, 'the same percentiles and overrun counts over the window');
    assert.equal(await other.textContent('#inspect-frame'), await page.textContent('#inspect-frame'), 'the inspector shows the same');
    assert.equal(await other.textContent('#inspect-stats'), await page.textContent('#inspect-stats'));
    assert.match(await other.textContent('#travel-text'), new RegExp(`^The capture's frame ${shown.toLocaleString('en-US')} is on the screen`));
    await other.screenshot({ path: path.join(artifacts, 'timetravel-opened.png') });
    assert.deepEqual(other.x16errors, []);
  } finally { await other.context().close(); }

  // Outside the window: an error that names it.
  const err = await page.evaluate(() => { try { x16scope.seek(1); return ''; } catch (e) { return e.message; } });
  assert.match(err, new RegExp(`^seek: outside the time-travel window: frame 1 \\(frames ${first}-${last} can be reached\\)`));
  assert.equal((await status(page)).currentFrame, target, 'a refused seek changes nothing');
});

test('step back and forth frame by frame: the API, the buttons, the keys', async () => {
  assert.ok(page, 'the first test ran');
  const at = await status(page);
  const a = await shot(page); // frame target-1
  await page.evaluate(() => x16scope.stepBack());
  let st = await status(page);
  assert.deepEqual([st.frame, st.currentFrame, st.selected, st.framesAhead], [target - 2, target - 1, target - 2, at.framesAhead + 1]);
  const b = await shot(page);
  assert.notDeepEqual(b, a, 'the picture of the frame before differs (the program animates)');
  st = await stepFrame(page);
  assert.deepEqual([st.frame, st.currentFrame, st.selected, st.inPast], [target - 1, target, target - 1, true]);
  assert.deepEqual(await shot(page), a, 'stepping forward replays the same frame');
  st = await stepFrame(page);
  assert.deepEqual([st.frame, st.selected, st.framesAhead], [target, target, at.framesAhead - 1]);
  const c = await shot(page);
  // A seek straight to each start shows the same pictures.
  await page.evaluate((f) => x16scope.seek(f), target - 1);
  assert.deepEqual(await shot(page), b);
  await page.evaluate((f) => x16scope.seek(f), target + 1);
  assert.deepEqual(await shot(page), c);

  // The Step back button and the comma key (the keyboard is the page's, not the screen's).
  await page.click('#btn-stepback');
  assert.equal((await status(page)).frame, target - 1);
  await page.evaluate(() => document.activeElement && document.activeElement.blur());
  await page.keyboard.press(',');
  assert.equal((await status(page)).frame, target - 2);
  assert.deepEqual(await shot(page), b);
  await page.keyboard.press('.');
  await page.waitForFunction((f) => x16scope.status().frame === f, target - 1);
  assert.deepEqual(await shot(page), a);
  // Typing in a field is not a step.
  await page.focus('#fps');
  await page.keyboard.press(',');
  assert.equal((await status(page)).frame, target - 1);
  await page.evaluate(() => document.activeElement.blur());

  // Click a bar, then Go to this frame: that frame's picture, paused after it.
  await page.evaluate(() => document.getElementById('bars').scrollIntoView());
  const box = await page.locator('#bars').boundingBox();
  await page.mouse.click(box.x + box.width * 0.8, box.y + box.height / 2);
  const sel = (await status(page)).selected;
  assert.ok(sel > 0 && sel !== target - 1, `clicked frame ${sel}`);
  await page.waitForSelector('#btn-goto:not([hidden])');
  assert.match(await page.textContent('#travel-text'), new RegExp(`Selected: frame ${sel.toLocaleString('en-US')}\\. Go to this frame`));
  await page.click('#btn-goto');
  st = await status(page);
  assert.deepEqual([st.frame, st.currentFrame, st.selected, st.paused], [sel, sel + 1, sel, true]);
  await page.waitForSelector('#btn-goto', { state: 'hidden' });
  const viaGo = await shot(page);
  await page.evaluate((f) => x16scope.seek(f), sel + 1);
  assert.deepEqual(await shot(page), viaGo, 'Go to this frame is a seek to the start of the frame after');
  assert.deepEqual(page.x16errors, []);
});

test('Resume from the past runs on from there and drops the bars after it', async () => {
  assert.ok(page, 'the first test ran');
  await page.evaluate((f) => x16scope.seek(f), target);
  const before = await status(page);
  assert.ok(before.framesAhead > 2900, `${before.framesAhead} frames ahead`);
  await page.evaluate(() => x16scope.resume());
  await page.waitForFunction((f) => x16scope.status().currentFrame > f + 5, target);
  await page.evaluate(() => x16scope.pause());
  const st = await status(page);
  assert.equal(st.inPast, false);
  assert.equal(st.framesAhead, 0);
  assert.equal(st.window[1], st.currentFrame, 'the window ends where the machine is');
  // The records up to the frame gone to, and the frames run since.
  assert.equal(st.profiledFrames, before.profiledFrames - before.framesAhead + (st.currentFrame - target),
    `${st.profiledFrames} bars: the ${before.framesAhead} after frame ${target - 1} were dropped`);
  await page.waitForSelector('#travel', { state: 'hidden' });
  const rows = (await csv(page)).trim().split('\n');
  assert.equal(Number(rows[rows.length - 1].split(',')[0]), st.currentFrame - 1, 'the newest bar is the frame just run');
  assert.deepEqual(page.x16errors, []);
  await page.context().close();
  page = null;
});

test('<x16-scope>: seek, stepBack, stepFrame and capture through the element', async () => {
  const ctx = await browser.newContext({ viewport: { width: 1000, height: 900 } });
  const host = await ctx.newPage();
  host.setDefaultTimeout(slow);
  try {
    await host.goto(`${server.url}/testdata/embed-host.html`);
    const r = await host.evaluate(async (base) => {
      await new Promise((resolve, reject) => {
        const s = document.createElement('script');
        s.src = `${base}/x16scope-embed.js`;
        s.onload = resolve;
        s.onerror = reject;
        document.head.append(s);
      });
      const el = document.createElement('x16-scope');
      el.setAttribute('src', `${base}/examples/testdata/pulse.prg`);
      el.setAttribute('autoplay', '');
      el.setAttribute('overlay', 'bars');
      document.body.append(el);
      let st = await el.status();
      const t0 = performance.now();
      while (st.currentFrame < 200) {
        if (performance.now() - t0 > 200000) throw new Error(`the embed ran ${st.currentFrame} frames`);
        await new Promise((res) => setTimeout(res, 200));
        st = await el.status();
      }
      const f = st.currentFrame - 100;
      const seek = await el.seek(f);
      const back = await el.stepBack();
      await el.stepFrame();
      let step = await el.status();
      while (step.frame !== f - 1 && performance.now() - t0 < 200000) {
        await new Promise((res) => setTimeout(res, 50));
        step = await el.status();
      }
      const bytes = await el.capture();
      const older = await el.capture(f - 50);
      let err = '';
      try { await el.seek(1000000); } catch (e) { err = e.message; }
      // Coming back on screen (or any visibility change) does not resume a held embed.
      const held = await el.status();
      return { f, seek, back, step, held, magic: String.fromCharCode(...bytes.slice(0, 8)), isBytes: bytes instanceof Uint8Array,
        olderMagic: String.fromCharCode(...older.slice(0, 8)), err };
    }, server.url);
    assert.deepEqual([r.seek.inPast, r.seek.paused, r.seek.frame, r.seek.selected], [true, true, r.f - 1, r.f - 1]);
    assert.deepEqual([r.back.frame, r.back.currentFrame], [r.f - 2, r.f - 1]);
    assert.deepEqual([r.step.frame, r.step.inPast], [r.f - 1, true]);
    assert.equal(r.isBytes, true);
    assert.equal(r.magic, 'X16SCOPE');
    assert.equal(r.olderMagic, 'X16SCOPE');
    assert.match(r.err, /outside the time-travel window/);
    assert.equal(r.held.embed.held, true, 'the embed is held where it was taken');
  } finally { await ctx.close(); }
});
