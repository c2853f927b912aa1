// Browser tests of the debugger panel (web/debugger.js over cmd/wasm/debugapi_js.go):
// a breakpoint set in the panel stops the program, the keys step, registers and memory are
// edited, the VERA viewers draw, and bad input leaves the machine running.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { useBrowser, openApp, dropFiles, artifacts, root } from './harness.mjs';

let server;
let browser;
useBrowser((s, b) => { server = s; browser = b; });

const demo = (ext) => readFileSync(path.join(root, 'cmd/x16scope/testdata', `dapdemo.${ext}`));
const state = (page) => page.evaluate(() => x16scope.debug.state());

test('debugger panel: breakpoint, keys, registers, memory, VERA viewers', async () => {
  const page = await openApp(browser, server.url);
  try {
    await page.waitForFunction(() => window.x16scope && window.x16scope.debug, null, { timeout: 30000 });
    await dropFiles(page, [{ name: 'dapdemo.prg', bytes: demo('prg') }]);
    await page.waitForFunction(() => x16scope.status().program === 'dapdemo.prg' && x16scope.status().frame >= 2, null, { timeout: 20000 });
    await page.click('#debugger > summary');
    await page.evaluate((b) => x16scope.debug.loadDebugInfo('dapdemo.dbg', new Uint8Array(b)), Array.from(demo('dbg')));
    // Under the screen, beside the overlay (at 1x and, in a wide window, at 2x).
    for (const width of [1280, 1920]) {
      await page.setViewportSize({ width, height: 1000 });
      const r = await page.evaluate(() => {
        const b = (sel) => document.querySelector(sel).getBoundingClientRect();
        return { o: b('#overlay'), d: b('#debugger'), s: b('#screen-slot') };
      });
      assert.ok(r.d.top >= r.s.bottom && r.d.right <= r.o.left + 1 && r.d.top < r.o.bottom,
        `${width} px: panel ${JSON.stringify(r.d)}, screen ${JSON.stringify(r.s)}, overlay ${JSON.stringify(r.o)}`);
    }
    await page.setViewportSize({ width: 1280, height: 720 });

    // A breakpoint typed into the panel: the program stops on "again: jsr work".
    await page.fill('#dbg-bp-addr', '$0812');
    await page.click('#dbg-bp-add');
    await page.waitForFunction(() => x16scope.debug.state().stopped, null, { timeout: 20000 });
    let s = await state(page);
    assert.equal(s.pc, 0x0812);
    assert.equal(s.source, 'dapdemo.s:15');
    await page.waitForFunction(() => document.querySelector('#dbg-why').textContent.includes('breakpoint'));
    const cur = await page.locator('#dbg-disasm .cur').textContent();
    assert.match(cur, /again:\n>0812 {2}20 25 08 {2}JSR \$0825/);
    assert.match(cur, /dapdemo\.s:15/);
    assert.equal(await page.locator('#dbg-run').textContent(), 'Continue');
    const frame = s.frame;
    await page.waitForTimeout(300);
    assert.equal((await state(page)).cycle, s.cycle, 'stopped: the machine does not run');

    // F10 steps over the call, F11 into the next instruction.
    await page.keyboard.press('F10');
    await page.waitForFunction(() => x16scope.debug.state().stopped && x16scope.debug.state().pc === 0x0815, null, { timeout: 10000 });
    assert.equal((await state(page)).x, 100, 'the subroutine ran');
    await page.keyboard.press('F11');
    await page.waitForFunction(() => x16scope.debug.state().pc === 0x0817, null, { timeout: 10000 });

    // Registers and flags are edited in place.
    await page.fill('#dbg-reg-A', '42');
    await page.dispatchEvent('#dbg-reg-A', 'change');
    const p0 = (await state(page)).p;
    await page.click('#dbg-flag-C');
    s = await state(page);
    assert.equal(s.a, 0x42);
    assert.equal(s.p & 1, (p0 & 1) ^ 1, 'the carry checkbox flips C');

    // Memory: write bytes, read them back, banked and VRAM views.
    await page.fill('#dbg-m-edit', '$0040: 01 02 03');
    await page.click('#dbg-m-write');
    assert.deepEqual(Array.from(await page.evaluate(() => x16scope.debug.read('cpu', 0, 0x40, 3))), [1, 2, 3]);
    await page.fill('#dbg-m-addr', '$0040');
    await page.dispatchEvent('#dbg-m-addr', 'change');
    await page.waitForFunction(() => document.querySelector('#dbg-mem').textContent.startsWith('00040  01 02 03'));
    await page.selectOption('#dbg-m-space', 'vram');
    await page.fill('#dbg-m-addr', '$1FA00');
    await page.dispatchEvent('#dbg-m-addr', 'change');
    await page.waitForFunction(() => document.querySelector('#dbg-mem').textContent.startsWith('1FA00  00 00 FF 0F'));

    // VERA viewers: the palette, sprites, tiles.
    await page.click('#dbg-vera > summary');
    await page.waitForFunction(() => document.querySelector('#dbg-sprites').textContent.includes('no sprite enabled'));
    const white = await page.evaluate(() => Array.from(document.querySelector('#dbg-palette').getContext('2d').getImageData(20, 4, 1, 1).data));
    assert.deepEqual(white, [255, 255, 255, 255], 'palette entry 1 is white');
    await page.click('#dbg-t-show');
    assert.ok(await page.evaluate(() => document.querySelector('#dbg-tiles').width) >= 256);
    await page.screenshot({ path: path.join(artifacts, 'debugger.png'), fullPage: true });

    // Profiler tie and exception stops are set from the panel.
    await page.check('#dbg-tie-overrun');
    assert.equal((await state(page)).breakOnOverrun, true);
    await page.uncheck('#dbg-tie-overrun');
    await page.check('#dbg-tie-overrun-start');
    assert.equal((await state(page)).breakAtOverrunStart, true);
    await page.uncheck('#dbg-tie-overrun-start');

    // Continue: the breakpoint stops the next frame; removing it lets the program run.
    await page.click('#dbg-run');
    await page.waitForFunction((f) => x16scope.debug.state().stopped && x16scope.debug.state().frame > f, frame, { timeout: 20000 });
    await page.click('#dbg-bps li button');
    await page.click('#dbg-run');
    await page.waitForFunction(() => x16scope.debug.state().running, null, { timeout: 10000 });

    // Bad input: errors, and the program keeps running.
    const errs = await page.evaluate(() => {
      const out = [];
      for (const f of [() => x16scope.debug.loadDebugInfo('junk.dbg', new Uint8Array([1, 2, 3])),
        () => x16scope.debug.setBreakpoint(0x12345), () => x16scope.debug.read('disk', 0, 0, 1),
        () => x16scope.debug.setRegister('A', 1), () => x16scope.debug.step('sideways'),
        () => x16scope.debug.setWatchpoints([{ space: 'cpu', access: '', addr: 1 }]),
        () => x16scope.debug.tiles(0, 3, 8, 8, 1), () => x16scope.debug.breakOnRegion(500, 10)]) {
        try { f(); out.push('accepted'); } catch (e) { out.push(e.message); }
      }
      return out;
    });
    assert.ok(errs.every((e) => e !== 'accepted'), `every bad call refused: ${errs}`);
    assert.match(errs[0], /junk\.dbg/);
    assert.equal(await page.evaluate(() => String(window.x16scopeGo.dbgToggleBreakpoint().message)), 'dbgToggleBreakpoint(addr): addr is missing');
    const f0 = (await state(page)).frame;
    await page.waitForFunction((f) => x16scope.debug.state().frame > f + 2, f0, { timeout: 10000 });
    assert.deepEqual(page.x16errors, []);
  } finally { await page.close(); }
});
