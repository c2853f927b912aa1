// Browser test of how the picture reaches the page: every changed frame is uploaded to the
// screen canvas, and nothing is read back from the GPU. A browser that composites in
// software (these flags: no GPU) must read back each new WebGL frame (GLES2 ReadPixels and
// a pipeline flush, about 25 ms of main-thread stall each), so the picture is not drawn
// with WebGL; a Chrome trace of a program that changes its picture every frame counts the
// read-backs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { useBrowser, root, openApp } from './harness.mjs';

let server;
let browser;
useBrowser((s, b) => { server = s; browser = b; });

test('a picture that changes every frame reaches the page with no GPU read-back', async () => {
  const page = await openApp(browser, server.url);
  try {
    // core/testdata/bench/game.s: two scrolling tile layers and 32 moving sprites.
    const prg = Array.from(readFileSync(path.join(root, 'core/testdata/bench/game.prg')));
    await page.evaluate((b) => x16scope.loadPRG(new Uint8Array(b), 'game.prg'), prg);
    await page.waitForFunction(() => x16scope.status().frame > 30, null, { timeout: 30000 });
    const cdp = await page.context().newCDPSession(page);
    const events = [];
    cdp.on('Tracing.dataCollected', (e) => events.push(...e.value));
    const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
    await cdp.send('Tracing.start', {
      transferMode: 'ReportEvents',
      traceConfig: { includedCategories: ['gpu', 'disabled-by-default-gpu.service', 'disabled-by-default-gpu.device'] },
    });
    const { draws, paints } = await page.evaluate(async () => {
      const a = x16scope.hostStats();
      let n = 0;
      let run = true;
      const tick = () => { n++; if (run) requestAnimationFrame(tick); };
      requestAnimationFrame(tick);
      await new Promise((r) => setTimeout(r, 2000));
      run = false;
      return { draws: x16scope.hostStats().Draws - a.Draws, paints: n };
    });
    await cdp.send('Tracing.end');
    await done;
    const readPixels = events.filter((e) => /ReadPixels/.test(e.name) && (e.ph === 'X' || e.ph === 'B')).length;
    assert.ok(paints > 5 && draws > 5, `the page painted ${paints} times and drew ${draws} pictures in 2 s`);
    assert.equal(readPixels, 0, `${readPixels} GPU read-backs over ${paints} page paints`);
    // The picture is on the page's screen canvas.
    const shown = await page.evaluate(() => {
      const c = document.getElementById('screen');
      return c ? { w: c.width, h: c.height, tag: c.tagName } : null;
    });
    assert.deepEqual(shown, { w: 640, h: 480, tag: 'CANVAS' });
  } finally { await page.close(); }
});
