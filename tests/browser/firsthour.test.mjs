// Browser tests of what a new user meets first: the JS API's argument checks, what the page
// says about bad or unexpected files and URL parameters, picking files and folders, the
// screen's scale and fullscreen, the selected frame, and the save and help buttons.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, writeFileSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { useBrowser, openApp as openPage, dropFiles, testdata, artifacts, makeZip } from './harness.mjs';

// The machine these run on may be shared and slow: generous waits.
async function openApp(...args) {
  const page = await openPage(...args);
  page.setDefaultTimeout(90000);
  return page;
}

let server;
let browser;
useBrowser((s, b) => { server = s; browser = b; });

const loaded = (page) => page.waitForFunction(() => window.x16scopeTimeline && window.x16scopeTimeline.loaded > 0,
  null, { timeout: 30000 });

async function runsSmoke(page) {
  await page.evaluate((b) => x16scope.loadPRG(new Uint8Array(b), 'smoke.prg'), Array.from(testdata('smoke.prg')));
  await page.waitForFunction(() => x16scope.status().frame >= 5, null, { timeout: 20000 });
}

// The machine still runs: frames advance, and the API answers.
async function stillRuns(page, what) {
  const f0 = await page.evaluate(() => x16scope.status().frame);
  await page.waitForFunction((f) => x16scope.status().frame >= f + 5, f0, { timeout: 10000 })
    .catch(() => assert.fail(`${what}: the machine stopped at frame ${f0}`));
  const st = await page.evaluate(() => x16scope.status());
  assert.equal(st.stopped, '', what);
}

const noticeText = (page) => page.locator('#notice-text').textContent();
const bannerLines = (page) => page.locator('#banner-text > div').allTextContents();

test('every API function refuses missing, wrong-typed and out-of-range arguments, and the machine runs on', async () => {
  const page = await openApp(browser, server.url);
  try {
    await runsSmoke(page);
    const results = await page.evaluate(() => {
      const bytes = new Uint8Array([1, 8, 0x60]);
      const calls = [
        ['loadPRG', []], ['loadPRG', ['smoke.prg']], ['loadPRG', [new Uint8Array(0)], '0 bytes'],
        ['loadPRG', [bytes, 5], 'name must be a string'], ['loadPRG', [[1, 8, 0x60]], 'Uint8Array'],
        ['loadROM', []], ['loadROM', [123]], ['loadROM', [new Uint8Array(100)], '16 KB banks'],
        ['loadFiles', []], ['loadFiles', ['a.prg']], ['loadFiles', [[]], 'empty list'],
        ['loadFiles', [[{ name: 'a.prg' }]], 'files[0].bytes'], ['loadFiles', [[{ name: 3, bytes }]], 'files[0].name'],
        ['loadFiles', [[null]], 'files[0] must be'],
        ['loadSym', []], ['loadSym', [5]], ['loadZones', []], ['loadZones', [{}]], ['loadZones', ['not json']],
        ['setSpeed', []], ['setSpeed', ['fast']], ['setSpeed', [10], 'from 25 to 400'], ['setSpeed', [1000]], ['setSpeed', [50.5]],
        ['setWarp', []], ['setWarp', ['yes'], 'true or false'], ['setWarp', [1]],
        ['setTargetFps', []], ['setTargetFps', ['x']], ['setTargetFps', [0]], ['setTargetFps', [-5]], ['setTargetFps', [NaN]],
        ['setTargetFps', [Infinity]],
        ['timeOverlaySteps', []], ['timeOverlaySteps', [2]],
        ['peek', [], 'addr is missing'], ['peek', ['a']], ['peek', [-1]], ['peek', [65536]], ['peek', [65535, 2], 'run past $FFFF'],
        ['peek', [0, 0]], ['peek', [0, 1.5]], ['peek', [0x800, {}]],
        ['setMachine', []], ['setMachine', [4096, 'de']], ['setMachine', [100, 'de'], 'multiple of 8'],
        ['setMachine', [512, 'xx'], 'no such keyboard layout'], ['webLink', [5]],
        ['openWebLink', [[]], 'empty list'], ['openWebLink', [[], '{}'], 'no resources list'], ['openWebLink', [[{ name: 'a.prg', bytes: new Uint8Array(0) }], '[]'], 'not a JSON object'],
      ];
      // Every function, this table's or not (other parts of the page add their own), refuses
      // an argument more than its signature lists.
      for (const [name, sig] of Object.entries(x16scope.signatures)) {
        const n = sig.slice(sig.indexOf('(') + 1, -1).split(',').filter((p) => p.trim()).length;
        if (name !== 'forgetROM') calls.push([name, new Array(n + 1).fill(0), 'takes at most']);
      }
      const out = [];
      for (const [name, args, want] of calls) {
        let err = null;
        try { x16scope[name](...args); } catch (e) { err = e instanceof Error ? e.message : String(e); }
        out.push({ name, args: JSON.stringify(args), err, want: want || name });
      }
      return out;
    });
    const bad = results.filter((r) => r.err === null || !r.err.includes(r.want) || !r.err.includes(r.name));
    assert.deepEqual(bad, [], 'every bad call throws an Error naming the function and the problem');
    assert.ok(results.length > 60, `${results.length} bad calls tried`);
    assert.deepEqual(page.x16errors.filter((e) => /exited|panic/i.test(e)), [], 'the Go program never exited');
    await stillRuns(page, 'after the bad calls');
    assert.equal((await page.evaluate(() => x16scope.status())).program, 'smoke.prg', 'bad loads changed nothing');
    // Good calls still work.
    const ok = await page.evaluate(() => {
      x16scope.setSpeed(200);
      x16scope.setWarp(false);
      x16scope.setTargetFps(30);
      return { speed: x16scope.status().speed, fps: x16scope.status().targetFps, peek: x16scope.peek(0x9FBE, 2).length };
    });
    assert.deepEqual(ok, { speed: 200, fps: 30, peek: 2 });
  } finally { await page.close(); }
});

test('bad drops name the problem, files not run are reported, and the banner never covers the screen', async () => {
  const page = await openApp(browser, server.url);
  try {
    await runsSmoke(page);
    const slot0 = await page.locator('#screen-slot').boundingBox();
    const prg = (load, n) => Buffer.concat([Buffer.from([load & 0xFF, load >> 8]), Buffer.alloc(n, 0xEA)]);
    const drops = [
      ['empty.prg', Buffer.alloc(0), /^empty\.prg: 0 bytes, too short/],
      ['io.prg', prg(0x9F00, 4), /^io\.prg: load address \$9F00 is in the I\/O page/],
      ['long.prg', prg(0x0801, 0x10000), /^long\.prg: 65536 bytes at \$0801 run past the end of the 64 KB address space/],
      ['evil.zip', makeZip({ '../a.prg': prg(0x801, 4) }), /^evil\.zip: entry "\.\.\/a\.prg" is outside the zip's root$/],
    ];
    for (const [i, [name, bytes, want]] of drops.entries()) {
      await dropFiles(page, [{ name, bytes }]);
      await page.waitForFunction((n) => document.querySelectorAll('#banner-text > div').length === n, i + 1)
        .catch(async (e) => assert.fail(`${name}: ${e.message}; banner ${await bannerLines(page)}`));
      const lines = await bannerLines(page);
      assert.match(lines[i], want);
    }
    assert.equal((await bannerLines(page)).length, 4, 'each bad drop is its own line');
    // Below the screen: it neither covers nor moves it, and the canvas is still on the slot.
    const slot = await page.locator('#screen-slot').boundingBox();
    const banner = await page.locator('#banner').boundingBox();
    assert.deepEqual(slot, slot0, 'the screen did not move');
    assert.ok(banner.y >= slot.y + slot.height, `banner at y=${banner.y}, screen ends at ${slot.y + slot.height}`);
    assertOnSlot(await page.locator('body > canvas').boundingBox(), slot);
    await page.screenshot({ path: path.join(artifacts, 'errors-below-screen.png') });
    await stillRuns(page, 'after bad drops');

    // Files that are not run are reported, and a good load clears the errors.
    await dropFiles(page, [{ name: 'notes.txt', bytes: Buffer.from('level ideas') }]);
    await page.waitForFunction(() => document.querySelector('#notice-text').textContent.includes('notes.txt'));
    assert.match(await noticeText(page), /notes\.txt is not a program: put on device 8 \(the host file system\)/);
    assert.equal(await page.locator('#banner').isHidden(), true, 'a successful load clears the errors');
    await dropFiles(page, [{ name: 'table.bin', bytes: Buffer.from([1, 2, 3]) }]);
    await page.waitForFunction(() => document.querySelector('#notice-text').textContent.includes('table.bin is not a program'));
    await dropFiles(page, [{ name: 'levels.zip', bytes: makeZip({ 'L1.DAT': Buffer.from([1]), 'L2.DAT': Buffer.from([2]) }) }]);
    await page.waitForFunction(() => document.querySelector('#notice-text').textContent.includes('levels.zip holds no program'));
    assert.equal((await page.evaluate(() => x16scope.status())).program, 'smoke.prg', 'the program kept running');

    // The same .sym twice adds no zones; a region named like a built-in bucket is told apart.
    const sym = { name: 'smoke.sym', bytes: testdata('smoke.sym') };
    await dropFiles(page, [sym]);
    await page.waitForFunction(() => document.querySelector('#notice-text').textContent.includes('zones added from smoke.sym'));
    // The zone editor lists the zones set (perfStats lists only zones that ran in its window,
    // which grows as the program runs).
    const zoneRows = () => page.evaluate(() => document.querySelectorAll('#zone-rows tr').length);
    const zones1 = await zoneRows();
    assert.ok(zones1 > 0, 'smoke.sym gave zones');
    await dropFiles(page, [sym]);
    await page.waitForFunction(() => document.querySelector('#notice-text').textContent.includes('updated (no new ones)'));
    assert.equal(await zoneRows(), zones1, 'the second drop duplicated zones');
    await page.evaluate(() => x16scope.loadZones('[{"name":"irq","marker":1}]'));
    await page.waitForFunction(() => document.querySelector('#bars-legend').textContent.includes('irq (region)'), null, { timeout: 10000 });
  } finally { await page.close(); }
});

test('two bad URL parameters are both shown; a URL another site blocks says CORS and what to do', async () => {
  let page = await openApp(browser, server.url, '?prg=testdata/nosuch.prg&fps=abc');
  try {
    await loaded(page);
    const lines = await bannerLines(page);
    assert.equal(lines.length, 2, `banner: ${lines}`);
    assert.match(lines[0], /^\?prg=: .*nosuch\.prg: HTTP 404 \(no such file\)/);
    assert.match(lines[1], /^\?fps=abc: setTargetFps\(fps\): fps must be a number/);
  } finally { await page.close(); }
  // localhost is another origin than 127.0.0.1, and the server sends no CORS header.
  const other = server.url.replace('127.0.0.1', 'localhost');
  page = await openApp(browser, server.url, `?prg=${encodeURIComponent(`${other}/testdata/smoke.prg`)}`);
  try {
    await loaded(page);
    const lines = await bannerLines(page);
    assert.equal(lines.length, 1, `banner: ${lines}`);
    assert.match(lines[0], /localhost:\d+ does not allow this page to read it \(the browser blocks it by CORS\)/);
    assert.match(lines[0], /Access-Control-Allow-Origin/);
  } finally { await page.close(); }
});

test('the file picker loads several files, and a folder with sub-folders (picked or dropped)', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'x16scope-pick-'));
  const files = {
    'smoke.prg': testdata('smoke.prg'), 'smoke.sym': testdata('smoke.sym'), 'TBL/LEVEL1.BIN': Buffer.from([1, 2]),
    'TBL/DEEP/MAP.BIN': Buffer.from([3]),
  };
  const game = path.join(dir, 'game');
  for (const [name, bytes] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(game, name)), { recursive: true });
    writeFileSync(path.join(game, name), bytes);
  }
  writeFileSync(path.join(dir, 'notes.bin'), Buffer.from([9]));
  const page = await openApp(browser, server.url);
  try {
    // Several files through the picker: the program, its labels and a data file all arrive.
    await page.setInputFiles('#picker', [path.join(game, 'smoke.prg'), path.join(game, 'smoke.sym'), path.join(dir, 'notes.bin')]);
    await page.waitForFunction(() => document.querySelector('#notice-text').textContent.includes('started smoke.prg'), null, { timeout: 20000 });
    let notice = await noticeText(page);
    assert.match(notice, /started smoke\.prg, with notes\.bin on device 8; \d+ zones added from smoke\.sym/);
    assert.equal(await page.inputValue('#picker'), '', 'the input is cleared after reading');

    // A folder through the folder picker: sub-folders included, the folder itself the root.
    await page.setInputFiles('#picker-dir', game);
    await page.waitForFunction((n) => document.querySelector('#notice-text').textContent !== n, notice, { timeout: 20000 });
    notice = await noticeText(page);
    assert.match(notice, /started smoke\.prg, with 2 files \(TBL\/DEEP\/MAP\.BIN, TBL\/LEVEL1\.BIN\) on device 8/);
    assert.match(notice, /zones from smoke\.sym updated/);

    // A folder dropped: walked through the File and Directory Entries API.
    await page.evaluate((list) => {
      const fileEntry = (name, bytes) => ({ isFile: true, isDirectory: false, name,
        file: (ok) => ok(new File([new Uint8Array(bytes)], name)) });
      const dirEntry = (name, children) => ({ isFile: false, isDirectory: true, name,
        createReader: () => { let done = false; return { readEntries: (ok) => { ok(done ? [] : children); done = true; } }; } });
      const tree = {};
      for (const { name, bytes } of list) {
        const parts = name.split('/');
        let node = tree;
        for (const p of parts.slice(0, -1)) node = (node[p] = node[p] || {});
        node[parts[parts.length - 1]] = bytes;
      }
      const build = (name, node) => (Array.isArray(node) ? fileEntry(name, node)
        : dirEntry(name, Object.entries(node).map(([n, v]) => build(n, v))));
      const root = build('game', tree);
      const dt = { files: [], items: [{ kind: 'file', webkitGetAsEntry: () => root }] };
      const ev = new Event('drop', { bubbles: true, cancelable: true });
      Object.defineProperty(ev, 'dataTransfer', { value: dt });
      document.querySelector('#screen-col').dispatchEvent(ev);
    }, [{ name: 'smoke.prg', bytes: Array.from(files['smoke.prg']) }, { name: 'TBL/LEVEL1.BIN', bytes: [1, 2] },
      { name: 'TBL/DEEP/MAP.BIN', bytes: [3] }, { name: 'README.TXT', bytes: [65] }]);
    await page.waitForFunction(() => document.querySelector('#notice-text').textContent.includes('README.TXT'), null, { timeout: 20000 });
    assert.match(await noticeText(page), /started smoke\.prg, with 3 files \(README\.TXT, TBL\/DEEP\/MAP\.BIN, TBL\/LEVEL1\.BIN\) on device 8/);
    await stillRuns(page, 'after the folder');
  } finally { await page.close(); }
});

// The canvas is on the slot, to the whole pixel (the slot may sit at a fraction).
function assertOnSlot(canvas, slot) {
  for (const k of ['x', 'y', 'width', 'height']) {
    assert.ok(Math.abs(canvas[k] - slot[k]) < 1, `canvas ${JSON.stringify(canvas)} is not on the slot ${JSON.stringify(slot)}`);
  }
}

// bodyBox is where the canvas is (ebiten sizes it to <body>).
const bodyBox = (page) => page.locator('body > canvas').boundingBox();

test('screen scale 1x, 2x and fit, fullscreen, and the layouts at 1280x720 and 1920x1080', async () => {
  const page = await openApp(browser, server.url);
  try {
    await runsSmoke(page);
    // 1280x720 at 1x: the profiler panel is entirely in the window, beside the screen.
    await page.selectOption('#scale', '1');
    let slot = await page.locator('#screen-slot').boundingBox();
    let panel = await page.locator('#overlay').boundingBox();
    assert.deepEqual([slot.width, slot.height], [640, 480]);
    assert.ok(panel.x >= slot.x + slot.width, 'panel beside the screen');
    assert.ok(panel.x + panel.width <= 1280 && panel.y + panel.height <= 720,
      `panel ${JSON.stringify(panel)} inside 1280x720`);
    assertOnSlot(await bodyBox(page), slot);
    await page.screenshot({ path: path.join(artifacts, 'layout-1280x720.png') });

    // 1920x1080 at 2x: the panel beside (or below) the screen, in the window's width.
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.selectOption('#scale', '2');
    await page.waitForFunction(() => document.querySelector('#screen-slot').getBoundingClientRect().width === 1280);
    slot = await page.locator('#screen-slot').boundingBox();
    panel = await page.locator('#overlay').boundingBox();
    assert.deepEqual([slot.width, slot.height], [1280, 960]);
    assert.ok(slot.y + slot.height <= 1080, 'the 2x screen fits the height');
    const beside = panel.x >= slot.x + slot.width && panel.x + panel.width <= 1920 && panel.y + panel.height <= 1080;
    const below = panel.y >= slot.y + slot.height;
    assert.ok(beside || below, `panel ${JSON.stringify(panel)} beside or below the screen ${JSON.stringify(slot)}`);
    assertOnSlot(await bodyBox(page), slot);
    // What the page shows is the picture at 2x (the golden's border and background colours).
    const shot = await page.screenshot({ clip: { x: slot.x + 4, y: slot.y + 4, width: 2, height: 2 } });
    assert.ok(shot.length > 0);
    await page.screenshot({ path: path.join(artifacts, 'layout-1920x1080-2x.png') });

    // fit picks 2x here; the choice is remembered.
    await page.selectOption('#scale', 'fit');
    await page.waitForFunction(() => document.querySelector('#screen-slot').getBoundingClientRect().width === 1280);
    assert.equal(await page.evaluate(() => localStorage.getItem('x16scope-scale')), 'fit');

    // Fullscreen: the canvas is the whole screen, and leaving restores the layout.
    await page.click('#btn-fullscreen');
    const entered = await page.waitForFunction(() => document.fullscreenElement !== null, null, { timeout: 5000 })
      .then(() => true, () => false);
    if (entered) {
      await page.waitForFunction(() => document.querySelector('body > canvas').getBoundingClientRect().width === window.innerWidth);
      assert.equal(await page.locator('#app').isHidden(), true);
      await page.evaluate(() => document.exitFullscreen());
      await page.waitForFunction(() => !document.fullscreenElement
        && document.querySelector('body > canvas').getBoundingClientRect().width === 1280);
    } else {
      assert.fail('headless chromium refused fullscreen');
    }
  } finally { await page.close(); }
});

test('Next overrun selects the frame that went over, and both charts mark it', async () => {
  const page = await openApp(browser, server.url);
  try {
    await runsSmoke(page);
    await page.click('#btn-overrun');
    await page.waitForFunction(() => { const s = x16scope.status(); return !s.seekingOverrun && s.paused && s.selected > 0; },
      null, { timeout: 20000 });
    const sel = (await page.evaluate(() => x16scope.status())).selected;
    const rows = (await page.evaluate(() => x16scope.framesCSV())).trim().split('\n').map((l) => l.split(','));
    const col = (n) => rows[0].indexOf(n);
    const row = (f) => rows.find((r) => Number(r[col('frame')]) === f);
    // smoke.s's long pass fills the frame it starts in and spills into the selected one; the
    // period is closed (and flagged) in the frame after.
    assert.equal(row(sel)[col('overrun')], '0', `selected frame ${sel} is not the flagged one`);
    assert.equal(row(sel + 1)[col('overrun')], '1', `the frame after ${sel} is flagged`);
    assert.ok(Number(row(sel - 1)[col('work_pct_of_budget')]) > 90, 'the frame before is all work');
    // Marked in both charts: white caps in the bars (under the red one) and the heatmap.
    await page.waitForTimeout(200);
    const marks = await page.evaluate(() => {
      const whiteCols = (id, rowsToCheck) => {
        const c = document.getElementById(id);
        const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
        const cols = [];
        for (let x = 0; x < c.width; x++) {
          if (rowsToCheck.every((y) => { const i = (y * c.width + x) * 4; return d[i] === 255 && d[i + 1] === 255 && d[i + 2] === 255; })) cols.push(x);
        }
        return cols;
      };
      // Rows 4-5 are in the cap whether or not the frame overran (its red cap is rows 0-3).
      return { bars: whiteCols('bars', [4, 5]), heat: whiteCols('heat', [0, 1, 2, 3, 4, 5]) };
    });
    assert.ok(marks.bars.length > 0, 'the selected bar has its white cap');
    assert.equal(marks.heat.length, 1, `one heatmap column marked (${marks.heat})`);
    await page.screenshot({ path: path.join(artifacts, 'next-overrun.png') });
  } finally { await page.close(); }
});

test('screenshot, profile export and help buttons', async () => {
  const page = await openApp(browser, server.url);
  try {
    await runsSmoke(page);
    const download = async (button) => {
      const [d] = await Promise.all([page.waitForEvent('download'), page.click(button)]);
      return { name: d.suggestedFilename(), bytes: readFileSync(await d.path()) };
    };
    const png = await download('#btn-screenshot');
    assert.match(png.name, /^smoke-frame\d+\.png$/);
    assert.deepEqual([...png.bytes.subarray(0, 8)], [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]);
    const json = await download('#btn-export-json');
    assert.match(json.name, /^smoke-frame\d+-profile\.json$/);
    const stats = JSON.parse(json.bytes.toString());
    assert.ok(stats.frames.count > 0 && stats.budget.cycles === 134400);
    const csv = await download('#btn-export-csv');
    assert.match(csv.name, /-frames\.csv$/);
    const lines = csv.bytes.toString().trim().split('\n');
    assert.match(lines[0], /^frame,cycles,work,wait,/);
    assert.ok(lines.length > 5);

    await page.click('#btn-help');
    assert.equal(await page.locator('#help-panel').isVisible(), true);
    const text = await page.locator('#help-panel').textContent();
    for (const want of ['$9FBC', '?prg=URL', '?fps=N', 'Esc', 'README']) assert.ok(text.includes(want), `help lacks ${want}`);
    // Every link of the help works: the README, the license, the third-party notices.
    const hrefs = await page.locator('#help-panel a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    assert.deepEqual(hrefs, ['README.md', 'LICENSE', 'THIRD_PARTY_NOTICES.txt']);
    for (const href of hrefs) {
      const res = await page.evaluate((h) => fetch(h).then((r) => r.status), href);
      assert.equal(res, 200, `the help's link ${href} works`);
    }
    await page.screenshot({ path: path.join(artifacts, 'help.png') });
    await page.click('#help-close');
    assert.equal(await page.locator('#help-panel').isVisible(), false);
    // The toolbar has a place for more tools.
    assert.equal(await page.locator('#toolbar #toolbar-extra').count(), 1);
  } finally { await page.close(); }
});
