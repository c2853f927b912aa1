// Browser tests of captures and permalinks: Capture in one page, open the link in a new
// page: the same picture and figures, paused; Resume runs. Also the static-host fallback
// (the capture in the URL fragment) and dropping a capture file.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { useBrowser, dropFiles, artifacts } from './harness.mjs';

let server;
let browser;
useBrowser((s, b) => { server = s; browser = b; });

// These tests open up to four pages each; on a loaded machine a page can take tens of
// seconds to start, so the waits are generous (they end as soon as the page is ready).
const slow = 180000;

async function openApp(b, url, query = '') {
  const page = await b.newPage({ viewport: { width: 1280, height: 720 } });
  page.setDefaultTimeout(slow);
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await page.goto(`${url}/index.html${query}`, { timeout: slow });
  await page.waitForFunction(() => window.x16scopeCapture !== undefined && window.x16scope !== undefined, null, { timeout: slow });
  page.x16errors = errors;
  return page;
}

const captureReady = (page) => page.evaluate(() => window.x16scopeCapture.ready);

// newestFigures is what the overlay shows for the newest frame: its record and the
// window's statistics.
const figures = (page) => page.evaluate(() => {
  const s = x16scope.perfStats();
  return { frames: s.frames, budget: s.budget, periods: s.periods, cycles: s.cycles, zones: s.zones, markers: s.markers, bandwidth: s.bandwidth };
});

async function runAndCapture(page, frames) {
  await page.waitForFunction((n) => x16scope.perfStats().frames.count >= n, frames, { timeout: slow });
  await page.evaluate(() => x16scope.pause());
  // One frame step: paused exactly at a VSYNC, so the newest frame is the one shown.
  const f = await page.evaluate(() => x16scope.status().frame);
  await page.evaluate(() => x16scope.stepFrame());
  await page.waitForFunction((n) => x16scope.status().frame > n, f, { timeout: slow });
}

test('Capture gives a link; the link opens the same frame, paused, and resumes', async () => {
  const page = await openApp(browser, server.url, '?prg=testdata/smoke.prg&fps=30');
  let other;
  try {
    await captureReady(page);
    await runAndCapture(page, 40);
    await page.click('#btn-capture');
    await page.waitForSelector('#share-link', { timeout: slow });
    const href = await page.getAttribute('#share-link', 'href');
    assert.match(href, /\?c=[A-Za-z0-9_-]{16}$/, href);
    const shot = await page.evaluate(() => Array.from(x16scope.screenshot()));
    const want = await figures(page);
    await page.screenshot({ path: path.join(artifacts, 'capture-source.png') });

    other = await openApp(browser, server.url, href.slice(href.indexOf('?')));
    const meta = await captureReady(other);
    assert.equal(meta.program, 'smoke.prg');
    assert.equal(meta.targetFps, 30);
    assert.equal(await other.inputValue('#fps'), '30', "the toolbar shows the capture's target");
    assert.deepEqual(other.x16errors, []);
    const st = await other.evaluate(() => x16scope.status());
    assert.equal(st.paused, true, 'the permalink opens paused');
    const shot2 = await other.evaluate(() => Array.from(x16scope.screenshot()));
    assert.deepEqual(shot2, shot, 'same pixels');
    assert.deepEqual(await figures(other), want, 'same figures');
    await other.screenshot({ path: path.join(artifacts, 'capture-opened.png') });

    const frame = st.frame;
    await other.evaluate(() => x16scope.resume());
    await other.waitForFunction((f) => x16scope.status().frame > f + 10, frame, { timeout: slow });
  } finally {
    await page.close();
    if (other) await other.close();
  }
});

test('without a share service the link carries the capture; a dropped capture file opens', async () => {
  const page = await openApp(browser, server.url, '?prg=testdata/smoke.prg');
  let other;
  try {
    await captureReady(page);
    // A static host: the upload finds no service.
    await page.route('**/api/captures', (route) => route.fulfill({ status: 404, contentType: 'text/html', body: 'not found' }));
    await runAndCapture(page, 20);
    const r = await page.evaluate(() => x16scope.share());
    assert.equal(r.mode, 'fragment');
    assert.ok(r.size <= 64 * 1024, `capture of ${r.size} bytes`);
    const shot = await page.evaluate(() => Array.from(x16scope.screenshot()));
    other = await openApp(browser, server.url, r.url.slice(r.url.indexOf('#')));
    const meta = await captureReady(other);
    assert.equal(meta.program, 'smoke.prg');
    assert.deepEqual(await other.evaluate(() => Array.from(x16scope.screenshot())), shot, 'same pixels from the fragment link');

    // Dropping the capture file on a fresh page opens it too, with its target fps.
    await page.evaluate(() => x16scope.setTargetFps(45));
    const bytes = await page.evaluate(() => Array.from(x16scope.capture()));
    const third = await openApp(browser, server.url);
    try {
      await captureReady(third);
      await dropFiles(third, [{ name: 'frame.x16c', bytes: Buffer.from(bytes) }]);
      await third.waitForFunction(() => x16scope.status().program === 'smoke.prg' && x16scope.status().paused, null, { timeout: slow });
      assert.deepEqual(await third.evaluate(() => Array.from(x16scope.screenshot())), shot, 'same pixels from a dropped file');
      assert.equal(await third.inputValue('#fps'), '45', "the toolbar shows the dropped capture's target");
      // A broken capture is refused with a message; the page keeps what it runs.
      const broken = Buffer.from(bytes.slice(0, bytes.length >> 1));
      await dropFiles(third, [{ name: 'broken.x16c', bytes: broken }]);
      await third.waitForSelector('#banner:not([hidden])', { timeout: slow });
      assert.match(await third.textContent('#banner-text'), /capture/);
      assert.equal(await third.evaluate(() => x16scope.status().program), 'smoke.prg');
    } finally { await third.close(); }
  } finally {
    await page.close();
    if (other) await other.close();
  }
});

test('an unknown capture id shows an error and the page still runs', async () => {
  const page = await openApp(browser, server.url, '?c=AAAAAAAAAAAAAAAA');
  try {
    await captureReady(page);
    await page.waitForSelector('#banner:not([hidden])', { timeout: slow });
    assert.match(await page.textContent('#banner-text'), /no capture/);
    const f = await page.evaluate(() => x16scope.status().frame);
    await page.waitForFunction((n) => x16scope.status().frame > n, f, { timeout: slow });
  } finally { await page.close(); }
});
