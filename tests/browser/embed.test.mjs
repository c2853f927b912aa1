// Browser tests of embedding (embed.html, <x16-scope>, the postMessage API, Copy embed
// code) and its measurements: two embeds' emulation time per frame, the bytes an embed
// loads besides the wasm, the time from a click to the first frame.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { useBrowser, artifacts, root, decodeInPage } from './harness.mjs';

let server;
let browser;
const measured = {};
useBrowser((s, b) => { server = s; browser = b; },
  { measured, file: 'embed-measurements.json', label: 'embed measurements' });

// The same server under another origin: localhost and 127.0.0.1 are different origins.
const otherOrigin = () => server.url.replace('127.0.0.1', 'localhost');

async function newPage(opts = {}) {
  const ctx = await browser.newContext({ viewport: opts.viewport || { width: 1000, height: 900 } });
  const page = await ctx.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.x16errors = errors;
  return page;
}

// embedFrame finds the embed iframe that runs the named program.
async function embedFrame(page, program) {
  for (let i = 0; i < 300; i++) {
    for (const f of page.frames()) {
      if (!f.url().includes('/embed.html')) continue;
      try {
        const p = await f.evaluate(() => window.x16scope && window.x16scopeEmbed.state.ready && x16scope.status().program);
        if (p === program) return f;
      } catch (e) { /* still navigating */ }
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no embed runs ${program}`);
}

const call = (page, id, method, ...args) => page.evaluate(([i, m, a]) => document.getElementById(i)[m](...a), [id, method, args]);

// hostProbe is what the docs page looks like to itself: computed styles of its own elements
// and of elements named like the embed's (#app, #overlay, #cover, canvas, .heat-row), its
// style sheets, and the globals added since the page began (recorded by an init script).
async function hostProbe(page) {
  return page.evaluate(() => {
    const canary = document.createElement('div');
    canary.innerHTML = '<div id="app" class="embed no-bars"><div id="overlay" class="heat-row"><canvas id="bars"></canvas></div>'
      + '<button id="cover">x</button><div id="screen-slot"></div><div id="embed-msg">m</div></div>';
    document.body.append(canary);
    const pick = (el) => {
      const s = getComputedStyle(el);
      return ['display', 'position', 'color', 'background-color', 'font-family', 'font-size', 'margin-top', 'width', 'max-width',
        'z-index', 'pointer-events', 'image-rendering', 'overflow'].map((p) => `${p}=${s.getPropertyValue(p)}`).join(';');
    };
    const sel = ['html', 'body', 'h1', 'h2', 'p', 'pre', 'code', 'figure', 'figcaption', '#app', '#overlay', '#bars', '#cover',
      '#screen-slot', '#embed-msg'];
    const styles = Object.fromEntries(sel.map((s) => [s, pick(document.querySelector(s))]));
    canary.remove();
    const before = window[Symbol.for('x16scope-test-globals')] || [];
    const globals = Object.getOwnPropertyNames(window).filter((k) => !before.includes(k));
    const sheets = Array.from(document.styleSheets).map((s) => s.href || `inline:${s.cssRules.length}`);
    return { styles, globals, sheets, headChildren: document.head.children.length };
  });
}
const recordGlobals = () => {
  if (window === window.top) window[Symbol.for('x16scope-test-globals')] = Object.getOwnPropertyNames(window);
};

test('embed.html has every element that app.js and the Go overlay look up', () => {
  const html = readFileSync(path.join(root, 'web', 'embed.html'), 'utf8');
  const ids = new Set([...html.matchAll(/id="([^"]+)"/g)].map((m) => m[1]));
  const want = new Set();
  for (const m of readFileSync(path.join(root, 'web', 'app.js'), 'utf8').matchAll(/\$\('([^']+)'\)/g)) want.add(m[1]);
  for (const f of readdirSync(path.join(root, 'overlay')).filter((n) => n.endsWith('_js.go'))) {
    const src = readFileSync(path.join(root, 'overlay', f), 'utf8');
    for (const m of src.matchAll(/newCanvasImage\("([^"]+)"/g)) want.add(m[1]);
    for (const m of src.matchAll(/"([a-z-]+)": &u\./g)) want.add(m[1]);
  }
  assert.ok(want.size > 15, `found ${want.size} ids: the patterns still match the sources`);
  const missing = [...want].filter((id) => !ids.has(id));
  assert.deepEqual(missing, [], 'embed.html lacks elements the app scripts need');
});

test('docs example: two independent embeds, overlay only where asked, postMessage, off-screen pause, host untouched', async () => {
  // The control: the same page with x16scope-embed.js blocked.
  const control = await newPage();
  await control.addInitScript(recordGlobals);
  await control.route('**/x16scope-embed.js', (r) => r.abort());
  await control.goto(`${server.url}/examples/docs.html`);
  const want = await hostProbe(control);
  await control.context().close();

  const page = await newPage();
  await page.addInitScript(recordGlobals);
  try {
    await page.goto(`${server.url}/examples/docs.html`);
    const ready = (id) => page.evaluate((i) => new Promise((res) => {
      document.getElementById(i).addEventListener('x16scope-ready', (e) => res(e.detail), { once: true });
    }), id);
    const [ra, rb] = await Promise.all([ready('demo-raster'), ready('demo-pulse')]);
    assert.equal(ra.program, 'rasterbars.prg');
    assert.equal(rb.program, 'pulse.prg');
    // Nothing runs before a click.
    const raster = await embedFrame(page, 'rasterbars.prg');
    const pulse = await embedFrame(page, 'pulse.prg');
    // (Loading a program boots the machine to its start: a couple of frames.)
    const boot = await raster.evaluate(() => x16scope.status().frame);
    await page.waitForTimeout(500);
    assert.equal(await raster.evaluate(() => x16scope.status().frame), boot, 'no frames before the click');
    assert.equal(await raster.evaluate(() => x16scope.status().paused), true);
    assert.equal(await raster.locator('#cover').isVisible(), true, 'the click-to-run cover shows');
    await page.locator('#demo-raster').click();
    await page.locator('#demo-pulse').click();
    await page.waitForFunction(async () => (await document.getElementById('demo-raster').status()).frame >= 40
      && (await document.getElementById('demo-pulse').status()).frame >= 40, null, { timeout: 60000, polling: 250 });

    // Different programs, different screens, different numbers.
    const sa = await call(page, 'demo-raster', 'perfStats');
    const sb = await call(page, 'demo-pulse', 'perfStats');
    assert.ok(sa.periods.utilisation.p50 > 80, `raster bars work most of each frame (p50 ${sa.periods.utilisation.p50}%)`);
    assert.ok(sb.periods.utilisation.p50 < 70 && sb.periods.utilisation.max > sb.periods.utilisation.p50,
      `pulse's work varies (${JSON.stringify(sb.periods.utilisation)})`);
    const rows = async (frame) => {
      const png = await frame.evaluate(() => Array.from(x16scope.screenshot()));
      const img = await decodeInPage(page, Buffer.from(png));
      const colours = new Set();
      for (let y = 0; y < 460; y += 2) {
        const i = (y * img.width + 320) * 4;
        colours.add(img.data.slice(i, i + 3).join(','));
      }
      return colours.size;
    };
    const ca = await rows(raster);
    const cb = await rows(pulse);
    assert.ok(ca >= 8, `raster bars: ${ca} colours down the screen`);
    assert.equal(cb, 1, 'pulse: one colour fills the screen');

    // The overlay only where asked.
    assert.equal(await raster.locator('#overlay').isHidden(), true, 'no overlay without overlay=');
    assert.equal(await pulse.locator('#bars').isVisible(), true, 'bars with overlay=bars');
    assert.equal(await pulse.locator('#heat').isHidden(), true, 'no heatmap with overlay=bars');
    const barPixels = (frame) => frame.evaluate(() => {
      const c = document.getElementById('bars');
      const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
      let n = 0;
      for (let i = 0; i < d.length; i += 4) if (d[i + 2] > 200 && d[i] > 100) n++; // the violet work bars
      return n;
    });
    const shownBars = await barPixels(pulse);
    assert.ok(shownBars > 100, `the bar chart is drawn (${shownBars} bar pixels)`);
    assert.equal(await barPixels(raster), 0, 'charts an embed does not show are not drawn');

    // postMessage round trip, by hand: pause, then perfStats equals the embed's own JS API.
    const viaMessage = await page.evaluate(async () => {
      const iframe = document.getElementById('demo-pulse').shadowRoot.querySelector('iframe');
      const ask = (cmd, id) => new Promise((resolve, reject) => {
        const t = setTimeout(() => reject(new Error(`${cmd}: no reply`)), 10000);
        const on = (e) => {
          if (e.source !== iframe.contentWindow || !e.data || e.data.id !== id) return;
          window.removeEventListener('message', on);
          clearTimeout(t);
          resolve(e.data);
        };
        window.addEventListener('message', on);
        iframe.contentWindow.postMessage({ type: 'x16scope', cmd, id }, location.origin);
      });
      const paused = await ask('pause', 'p1');
      const stats = await ask('perfStats', 's1');
      const unknown = await ask('format-disk', 'u1');
      return { paused, stats, unknown };
    });
    assert.equal(viaMessage.paused.ok, true);
    assert.equal(viaMessage.paused.result.running, false);
    assert.equal(viaMessage.unknown.ok, false);
    assert.match(viaMessage.unknown.error, /unknown command/);
    const direct = await pulse.evaluate(() => x16scope.perfStats());
    assert.deepEqual(viaMessage.stats.result, direct, 'perfStats over postMessage is the JS API object');
    const f1 = await pulse.evaluate(() => x16scope.status().frame);
    await page.waitForTimeout(400);
    assert.equal(await pulse.evaluate(() => x16scope.status().frame), f1, 'paused by the host');
    // The element's methods and events.
    const stateEvent = page.evaluate(() => new Promise((res) => {
      document.getElementById('demo-pulse').addEventListener('x16scope-state', (e) => res(e.detail), { once: true });
    }));
    const started = await call(page, 'demo-pulse', 'start');
    assert.equal(started.running, true);
    assert.equal((await stateEvent).running, true, 'x16scope-state event');
    await pulse.waitForFunction((f) => x16scope.status().frame > f + 5, f1);

    // Scrolled out of view: the raster embed stops; back in view: it runs again.
    await page.locator('#page-end').scrollIntoViewIfNeeded();
    await raster.waitForFunction(() => !x16scopeEmbed.state.running && x16scope.status().paused, null, { timeout: 10000 });
    const r1 = await raster.evaluate(() => x16scope.status().frame);
    await page.waitForTimeout(500);
    assert.equal(await raster.evaluate(() => x16scope.status().frame), r1, 'no frames while out of view');
    assert.equal((await call(page, 'demo-raster', 'status')).embed.onScreen, false);
    await page.locator('#demo-raster').scrollIntoViewIfNeeded();
    await raster.waitForFunction((f) => x16scope.status().frame > f + 3, r1, { timeout: 10000 });
    // A hidden tab (as the browser reports it) pauses it too.
    const setHidden = (on) => raster.evaluate((h) => {
      Object.defineProperty(document, 'hidden', { value: h, configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    }, on);
    await setHidden(true);
    assert.equal(await raster.evaluate(() => x16scopeEmbed.state.running || !x16scope.status().paused), false, 'paused while the tab is hidden');
    await setHidden(false);
    assert.equal(await raster.evaluate(() => x16scopeEmbed.state.running && !x16scope.status().paused), true, 'runs again when shown');

    // The host page: no errors, and exactly what the control page has.
    assert.deepEqual(page.x16errors, []);
    const got = await hostProbe(page);
    assert.deepEqual(got.styles, want.styles, 'host styles untouched');
    assert.deepEqual(got.sheets, want.sheets, 'no style sheets added to the host');
    assert.equal(got.headChildren, want.headChildren, 'nothing added to the host <head>');
    assert.deepEqual(got.globals, want.globals, 'no globals added to the host');
    await page.screenshot({ path: path.join(artifacts, 'embed-docs.png') });
  } finally { await page.context().close(); }
});

test('origins: an embed answers another origin only when told to', async () => {
  const page = await newPage();
  try {
    // A host page on the other origin (localhost) with two iframes of the embed (127.0.0.1).
    

    await page.goto(`${otherOrigin()}/testdata/embed-host.html`);
    const prg = `${server.url}/examples/testdata/pulse.prg`;
    const result = await page.evaluate(async ([base, p, host]) => {
      const make = (q) => new Promise((resolve) => {
        const f = document.createElement('iframe');
        f.src = `${base}/embed.html?${q}`;
        f.width = 320; f.height = 240;
        f.onload = () => resolve(f);
        document.body.append(f);
      });
      const closed = await make(`prg=${encodeURIComponent(p)}&autoplay=1`);
      const open = await make(`prg=${encodeURIComponent(p)}&autoplay=1&origin=${encodeURIComponent(host)}`);
      const ask = (f, id, ms) => new Promise((resolve) => {
        const t = setTimeout(() => resolve(null), ms);
        window.addEventListener('message', (e) => {
          if (e.source === f.contentWindow && e.data && e.data.id === id) { clearTimeout(t); resolve(e.data); }
        });
        f.contentWindow.postMessage({ type: 'x16scope', cmd: 'status', id }, base);
      });
      const yes = await ask(open, 'a', 30000);
      const no = await ask(closed, 'b', 3000);
      return { yes, no };
    }, [server.url, prg, otherOrigin()]);
    assert.equal(result.no, null, 'no reply to an origin the embed was not told about');
    assert.equal(result.yes && result.yes.ok, true, 'origin= lets that host in');
    assert.equal(result.yes.result.program, 'pulse.prg');

    // <x16-scope> from the x16scope origin in the other origin's page passes origin= itself.
    const viaElement = await page.evaluate(async ([base, p]) => {
      await new Promise((resolve, reject) => {
        const s = document.createElement('script');
        s.src = `${base}/x16scope-embed.js`;
        s.onload = resolve;
        s.onerror = reject;
        document.head.append(s);
      });
      const el = document.createElement('x16-scope');
      el.setAttribute('src', p);
      el.setAttribute('autoplay', '');
      document.body.append(el);
      const st = await el.status();
      return { program: st.program, url: el.shadowRoot.querySelector('iframe').src };
    }, [server.url, prg]);
    assert.equal(viaElement.program, 'pulse.prg');
    assert.match(viaElement.url, /origin=http%3A%2F%2Flocalhost/);
    assert.deepEqual(page.x16errors, []);
  } finally { await page.context().close(); }
});

test('bad input: a short message in the embed\'s box, the host page carries on', async () => {
  const page = await newPage();
  try {
    
    await page.goto(`${server.url}/testdata/embed-host.html`);
    const cases = [
      ['prg=examples/testdata/missing.prg', /prg=: .*missing\.prg: HTTP 404/],
      ['prg=examples/docs.html', /is a web page, not a program file/],
      [`prg=${encodeURIComponent(`${otherOrigin()}/examples/testdata/pulse.prg`)}`, /could not fetch .*cross-origin/],
      ['prg=javascript:alert(1)', /prg=javascript:alert\(1\): not a web address/],
      ['overlay=sideways&fps=abc&scale=9&autoplay=maybe&origin=nowhere', /fps=abc: want a frame rate from 1 to 240\noverlay=sideways: want bars, heatmap, both, timeline or none\nautoplay=maybe: want 1 or 0\nscale=9: want 1, 2, 3 or 4\norigin=nowhere: want an origin/],
      ['prg=a.prg&zip=b.zip', /give one of prg=, zip= or c=/],
      ['c=../../etc', /c=\.\.\/\.\.\/etc: not a capture id/],
    ];
    await page.evaluate((list) => {
      for (const [i, [q]] of list.entries()) {
        const f = document.createElement('iframe');
        f.id = `bad${i}`;
        f.src = `/embed.html?${q}`;
        f.width = 400; f.height = 300;
        document.body.append(f);
      }
    }, cases.map(([q]) => [q]));
    for (const [i, [q, re]] of cases.entries()) {
      const frame = page.frameLocator(`#bad${i}`);
      const msg = frame.locator('#embed-msg');
      await msg.waitFor({ state: 'visible', timeout: 60000 });
      await assert.doesNotReject(async () => {
        await page.waitForFunction(([id, src]) => new RegExp(src).test(document.getElementById(id).contentDocument.getElementById('embed-msg').textContent),
          [`bad${i}`, re.source], { timeout: 30000 });
      }, `${q}: message matching ${re}`);
      const box = await msg.boundingBox();
      const frameBox = await page.locator(`#bad${i}`).boundingBox();
      assert.ok(box.x >= frameBox.x && box.y >= frameBox.y && box.x + box.width <= frameBox.x + frameBox.width + 1
        && box.y + box.height <= frameBox.y + frameBox.height + 1, `${q}: the message is inside the embed's box`);
    }
    // Nothing to run after a failed load: the cover says so, and a click does not start it.
    const failed = page.frameLocator('#bad0');
    await assert.doesNotReject(failed.locator('#cover-text', { hasText: 'could not load missing.prg' }).waitFor({ timeout: 60000 }));
    await failed.locator('#cover').click();
    assert.equal(await page.evaluate(() => document.getElementById('bad0').contentWindow.x16scopeEmbed.state.running), false);
    // A bad program loaded through the API is refused with a reason.
    const reply = await page.evaluate(() => new Promise((resolve) => {
      const iframe = document.getElementById('bad4');
      window.addEventListener('message', (e) => { if (e.data && e.data.id === 'bad') resolve(e.data); });
      iframe.contentWindow.postMessage({ type: 'x16scope', cmd: 'load', id: 'bad', args: { bytes: new Uint8Array([1]), name: 'tiny.prg' } }, location.origin);
    }));
    assert.equal(reply.ok, false);
    assert.match(reply.error, /tiny\.prg/);
    assert.equal(await page.locator('#host').textContent(), 'host page');
    assert.deepEqual(page.x16errors, []);
  } finally { await page.context().close(); }
});

test('c= loads a capture when this build can (else a clear message)', async (t) => {
  const page = await newPage({ viewport: { width: 640, height: 480 } });
  try {
    await page.goto(`${server.url}/embed.html?c=AAAAAAAAAAAAAAAA`);
    await page.waitForFunction(() => window.x16scopeEmbed && x16scopeEmbed.state.ready, null, { timeout: 60000 });
    const hasCaptures = await page.evaluate(() => typeof x16scope.loadCapture === 'function');
    const msg = await page.locator('#embed-msg').textContent();
    if (!hasCaptures) {
      assert.match(msg, /this build of x16scope has no capture support/);
      t.diagnostic('x16scope.loadCapture is absent in this build: only the message is tested');
      return;
    }
    assert.match(msg, /c=: .*\/api\/captures\/AAAAAAAAAAAAAAAA: HTTP 404/);
  } finally { await page.context().close(); }
});

test('Copy embed code gives iframe and element code for the program URL', async () => {
  const page = await newPage({ viewport: { width: 1280, height: 720 } });
  try {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await page.goto(`${server.url}/index.html?prg=examples/testdata/pulse.prg&fps=30`);
    await page.waitForFunction(() => window.x16scopeTimeline && window.x16scopeTimeline.loaded > 0, null, { timeout: 60000 });
    await page.click('#btn-embed-code');
    await page.waitForFunction(() => document.getElementById('embed-code-note').textContent.includes('clipboard'));
    const prg = `${server.url}/examples/testdata/pulse.prg`;
    const clip = await page.evaluate(() => navigator.clipboard.readText());
    assert.equal(clip, `<iframe src="${server.url}/embed.html?prg=${encodeURIComponent(prg)}&amp;fps=30&amp;overlay=bars" width="640" height="576" `
      + 'style="border:0;max-width:100%" title="x16scope" allow="autoplay; fullscreen; gamepad"></iframe>');
    assert.equal(await page.inputValue('#embed-code-element'),
      `<script src="${server.url}/x16scope-embed.js" defer></script>\n<x16-scope src="${prg}" fps="30" overlay="bars"></x16-scope>`);
    // The copied code works: in a page of its own, the iframe runs the program.
    const host = await newPage({ viewport: { width: 700, height: 700 } });
    try {
      await host.route(`${server.url}/copied.html`, (r) => r.fulfill({ contentType: 'text/html', body: `<!DOCTYPE html><body>${clip}</body>` }));
      await host.goto(`${server.url}/copied.html`);
      const f = await embedFrame(host, 'pulse.prg');
      assert.equal(await f.evaluate(() => x16scope.status().targetFps), 30);
      assert.equal(await f.locator('#bars').isVisible(), true);
    } finally { await host.context().close(); }
    // A dropped file has no URL: the panel says so.
    await page.evaluate(async () => {
      const bytes = await (await fetch('examples/testdata/rasterbars.prg')).arrayBuffer();
      x16scope.loadPRG(new Uint8Array(bytes), 'dropped.prg');
    });
    await page.click('#btn-embed-code');
    await page.waitForFunction(() => /dropped\.prg was opened from a file/.test(document.getElementById('embed-code-note').textContent));
    assert.deepEqual(page.x16errors, []);
  } finally { await page.context().close(); }
});

test('measured: two embeds on one page, bytes per embed, click to first frame', async (t) => {
  const page = await newPage({ viewport: { width: 1000, height: 1800 } });
  try {
    // Cold: the first embed is clicked as soon as its cover is there, the wasm still loading
    // (from inside the frame: a click from the test would wait for the busy page).
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        const e = window.x16scopeEmbed;
        if (e && e.config.source && String(e.config.source.prg).endsWith('/rasterbars.prg')) document.getElementById('cover').click();
      });
    });
    await page.goto(`${server.url}/examples/docs.html`);
    const raster = await embedFrame(page, 'rasterbars.prg');
    await raster.waitForFunction(() => x16scopeEmbed.state.firstFrameMs > 0, null, { timeout: 60000 });
    const cold = await raster.evaluate(() => ({ ...x16scopeEmbed.state, timeline: x16scopeEmbed.timeline }));
    // Warm: the second embed is up and paused when clicked.
    const pulse = await embedFrame(page, 'pulse.prg');
    await page.locator('#demo-pulse').click();
    await pulse.waitForFunction(() => x16scopeEmbed.state.firstFrameMs > 0, null, { timeout: 60000 });
    const warm = await pulse.evaluate(() => x16scopeEmbed.state.firstFrameMs);
    measured.clickToFirstFrameMs = { coldBoot: Math.round(cold.firstFrameMs), booted: Math.round(warm) };
    measured.coldTimeline = { ...cold.timeline, clicked: cold.startAt };

    // Both running: host timings over 5 s.
    await page.waitForTimeout(1000);
    const host = (f) => f.evaluate(() => ({ ...x16scope.hostStats(), at: performance.now() }));
    const a0 = await host(raster);
    const b0 = await host(pulse);
    await page.waitForTimeout(5000);
    const a1 = await host(raster);
    const b1 = await host(pulse);
    const per = (x0, x1) => {
      const ticks = x1.Ticks - x0.Ticks;
      const frames = x1.EmuFrames - x0.EmuFrames;
      const r = (v) => Math.round(v * 100) / 100;
      return {
        ticks, frames, fps: r(frames / ((x1.at - x0.at) / 1000)),
        emuMsPerFrame: r((x1.EmuMs - x0.EmuMs) / Math.max(frames, 1)),
        emuMsPerTick: r((x1.EmuMs - x0.EmuMs) / Math.max(ticks, 1)),
        overlayMsPerTick: r((x1.OverlayMs - x0.OverlayMs) / Math.max(ticks, 1)),
        drawMsPerDraw: r((x1.DrawMs - x0.DrawMs) / Math.max(x1.Draws - x0.Draws, 1)),
        maxTickMs: r(x1.MaxTickMs),
      };
    };
    measured.twoEmbeds = { rasterbars: per(a0, a1), pulseWithBars: per(b0, b1) };
    const { rasterbars: ra, pulseWithBars: pb } = measured.twoEmbeds;
    measured.twoEmbeds.sumEmuMsPerFrame = Math.round((ra.emuMsPerFrame + pb.emuMsPerFrame) * 100) / 100;
    measured.twoEmbeds.sumTickMs = Math.round((ra.emuMsPerTick + ra.overlayMsPerTick + pb.emuMsPerTick + pb.overlayMsPerTick) * 100) / 100;
    assert.ok(ra.frames > 0 && pb.frames > 0, 'both embeds emulate');
    // Host milliseconds are wall time: on a machine busy with other work they measure the
    // other work too, so the budget is asserted only when the machine has a core to spare.
    measured.loadPerCore = Math.round((os.loadavg()[0] / os.cpus().length) * 100) / 100;
    if (measured.loadPerCore <= 1) {
      assert.ok(measured.twoEmbeds.sumEmuMsPerFrame < 16.8, `two embeds emulate within a 16.8 ms frame (${measured.twoEmbeds.sumEmuMsPerFrame} ms)`);
    } else {
      t.diagnostic(`load ${measured.loadPerCore} per core: the frame budget is reported, not asserted`);
    }

    // Bytes each embed loads, the shared wasm apart.
    const bytes = (f) => f.evaluate(() => {
      const list = [performance.getEntriesByType('navigation')[0], ...performance.getEntriesByType('resource')];
      const out = { files: {}, beyondWasm: 0, wasmTransfer: 0 };
      for (const e of list) {
        const name = new URL(e.name).pathname.split('/').pop() || e.name;
        out.files[name] = e.decodedBodySize;
        if (name === 'x16scope.wasm') out.wasmTransfer = e.transferSize;
        else out.beyondWasm += e.decodedBodySize;
      }
      return out;
    });
    measured.embedBytes = { rasterbars: await bytes(raster), pulse: await bytes(pulse) };
    // Compressed, as a server with gzip on would send them.
    measured.embedBytes.beyondWasmGzip = ['embed.html', 'embed.css', 'embed.js', 'app.js', 'wasm_exec.js']
      .reduce((n, f) => n + zlib.gzipSync(readFileSync(path.join(root, 'web', f)), { level: 9 }).length, 0);
    measured.embedBytes.elementScript = await page.evaluate(() => performance.getEntriesByType('resource')
      .filter((e) => e.name.endsWith('/x16scope-embed.js')).map((e) => e.decodedBodySize)[0]);
    assert.ok(measured.embedBytes.rasterbars.beyondWasm < 100000, `an embed loads ${measured.embedBytes.rasterbars.beyondWasm} bytes besides the wasm`);
  } finally { await page.context().close(); }
});

test('the picture fits the frame: whole-number scale when it fits, crisply shrunk otherwise, scale= caps it', async () => {
  const page = await newPage({ viewport: { width: 1400, height: 1100 } });
  const geometry = () => page.evaluate(() => {
    const c = document.querySelector('body > canvas');
    const r = c.getBoundingClientRect();
    return { w: Math.round(r.width), h: Math.round(r.height), x: Math.round(r.left), rendering: getComputedStyle(c).imageRendering };
  });
  try {
    await page.goto(`${server.url}/embed.html?prg=examples/testdata/pulse.prg&autoplay=1`);
    await page.waitForFunction(() => window.x16scopeEmbed && x16scopeEmbed.state.ready && document.querySelector('body > canvas'), null, { timeout: 60000 });
    assert.deepEqual(await geometry(), { w: 1280, h: 960, x: 60, rendering: 'pixelated' }, '2x in a 1400 x 1100 frame');
    await page.setViewportSize({ width: 400, height: 300 });
    await page.waitForFunction(() => Math.round(document.querySelector('body > canvas').getBoundingClientRect().width) === 400);
    assert.deepEqual(await geometry(), { w: 400, h: 300, x: 0, rendering: 'pixelated' }, 'shrunk to a 400 x 300 frame');
    // The picture is still drawn at 1x underneath: the shrink is the browser's, nearest-pixel.
    assert.equal(await page.evaluate(() => document.querySelector('body > canvas').width), 640);
    await page.goto(`${server.url}/embed.html?prg=examples/testdata/pulse.prg&scale=1&overlay=both`);
    await page.setViewportSize({ width: 1400, height: 1500 });
    await page.waitForFunction(() => window.x16scopeEmbed && x16scopeEmbed.state.ready && document.querySelector('body > canvas'), null, { timeout: 60000 });
    assert.deepEqual(await geometry(), { w: 640, h: 480, x: 380, rendering: 'pixelated' }, 'scale=1 keeps 1x');
    assert.equal(await page.locator('#bars').isVisible(), true);
    assert.equal(await page.locator('#heat').isVisible(), true, 'overlay=both shows the heatmap too');
    assert.deepEqual(page.x16errors, []);
  } finally { await page.context().close(); }
});
