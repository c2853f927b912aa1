// x16scope embed: the emulator in an iframe of someone else's page (embed.html, README
// "Embedding"). app.js boots the wasm and publishes window.x16scope as on the full page;
// this file runs first and decides the rest:
//   - what is loaded: prg=, zip=, c= (a capture) or sdcard= (an SD card image the machine
//     boots from: cardSource below), with start= (the program of a collection zip to run,
//     e.g. GAMES/BRIXX/BRIXX.PRG), fps=, rtc= (the real-time clock at
//     power-on: stopped, the default, host or a date and time), ram= and keymap= (the banked
//     RAM in KB and the keyboard layout, as the official web emulator's), and rom= (the ROM it runs on,
//     instead of the site's default or the built-in one), checked here so that every
//     problem is a short message in the embed's own box and never an error in the host page;
//   - when the machine runs: only once started (a click, autoplay=1 or the host's "start"),
//     only while the frame is on screen (IntersectionObserver) and the tab visible;
//   - what is shown: the picture scaled to the frame (whole-number scale when it fits, else
//     shrunk crisply) and, with overlay=bars|heatmap|both, the charts under it (timeline:
//     the call profile's timeline of the frame the embed paused on);
//   - the postMessage API for the host page (start, pause, reset, load, perfStats, status,
//     hostStats, and time travel: seek, stepBack, stepFrame, capture), answering only
//     origins it was told to trust.
'use strict';

(() => {
  const $ = (id) => document.getElementById(id);
  const t0 = performance.now();

  // ---- parameters ----
  const query = new URLSearchParams(location.search);
  // app.js reads its own URL parameters (prg=, zip=, fps=, ...) when it starts. The embed
  // handles them itself (to check them, to load only once paused, to report problems in
  // its box), so they are taken out of the address before app.js runs.
  history.replaceState(history.state, '', location.pathname + location.hash);

  const overlayModes = ['none', 'bars', 'heatmap', 'both', 'timeline'];
  const cfg = parseConfig(query);
  // rom= replaces the site's default ROM (the marker share/defaultrom puts in this page):
  // taken out before app.js reads it, so that ROM is not fetched for nothing.
  if (cfg.rom) document.querySelectorAll('meta[name="x16scope-default-rom"]').forEach((m) => m.remove());
  // The Go overlay reads this when it starts and draws only the parts shown here.
  window.x16scopeShow = {
    bars: cfg.overlay === 'bars' || cfg.overlay === 'both',
    heat: cfg.overlay === 'heatmap' || cfg.overlay === 'both',
    inspector: false,
    // The timeline is worked out again (a frame run from its keyframe) only when the frame
    // it shows changes: when the embed pauses, seeks or steps, not while it runs.
    calls: cfg.overlay === 'timeline',
  };

  function parseConfig(q) {
    const c = { source: null, start: '', rom: '', fps: 0, rtc: '', ram: 0, keymap: '', overlay: 'none', autoplay: false, scale: 0, origins: [], problems: [] };
    const bad = (msg) => c.problems.push(msg);
    const sources = ['prg', 'zip', 'c', 'sdcard'].filter((k) => q.get(k));
    if (sources.length > 1) bad(`give one of prg=, zip= or c= (or sdcard=, a card image), not ${sources.map((k) => `${k}=`).join(' and ')}`);
    const key = sources[0];
    if (key === 'c') {
      const id = q.get('c');
      if (/^[A-Za-z0-9_-]{1,128}$/.test(id)) c.source = { capture: id };
      else bad(`c=${clip(id)}: not a capture id (letters, digits, - and _)`);
    } else if (key) {
      const url = webURL(q.get(key));
      if (url) c.source = { [key]: url };
      else bad(`${key}=${clip(q.get(key))}: not a web address`);
    }
    if (q.has('start')) {
      // a program of a collection: a path inside the zip, checked by Go when it starts
      const v = q.get('start').trim();
      if (key !== 'zip') bad('start= names a program inside the zip= collection: give zip= too');
      else if (/^[^\0-\x1f]{1,256}$/.test(v)) c.source.start = v;
      else bad(`start=${clip(v)}: want a program's path in the zip, such as GAMES/BRIXX/BRIXX.PRG`);
    }
    if (q.has('rom')) {
      c.rom = webURL(q.get('rom'));
      if (!c.rom) bad(`rom=${clip(q.get('rom'))}: not a web address`);
    }
    if (q.has('fps')) {
      const v = q.get('fps');
      const n = Number(v);
      if (v.trim() !== '' && Number.isFinite(n) && n > 0 && n <= 240) c.fps = n;
      else bad(`fps=${clip(v)}: want a frame rate from 1 to 240`);
    }
    if (q.has('rtc')) {
      // checked again, exactly, by setRTC (session/rtc.go): this is the form it reads
      const v = q.get('rtc').trim();
      if (/^(stopped|host|\d{4}-\d\d-\d\d([T ]\d\d:\d\d(:\d\d)?)?)$/i.test(v)) c.rtc = v;
      else bad(`rtc=${clip(v)}: want stopped, host or a date and time such as 2026-12-07T12:00:00`);
    }
    // ram= and keymap= as the official web emulator's (the RAM size in KB, a layout name
    // such as de): the layout is checked against the list by setMachine (session/weblink.go).
    if (q.has('ram')) {
      const v = q.get('ram').trim();
      const n = Number(v);
      if (/^\d+$/.test(v) && n >= 8 && n <= 2048 && n % 8 === 0) c.ram = n;
      else bad(`ram=${clip(v)}: want the RAM size in KB, a multiple of 8 from 8 to 2048 (512, 1024, 2048...)`);
    }
    if (q.has('keymap')) {
      const v = q.get('keymap').trim();
      if (/^[a-z-]{2,12}$/i.test(v)) c.keymap = v;
      else bad(`keymap=${clip(v)}: want a keyboard layout name such as en-us, de or fr`);
    }
    if (q.has('overlay')) {
      const v = q.get('overlay');
      if (overlayModes.includes(v)) c.overlay = v;
      else bad(`overlay=${clip(v)}: want bars, heatmap, both, timeline or none`);
    }
    if (q.has('autoplay')) {
      const v = q.get('autoplay');
      if (['', '1', 'true', 'yes'].includes(v)) c.autoplay = true;
      else if (!['0', 'false', 'no'].includes(v)) bad(`autoplay=${clip(v)}: want 1 or 0`);
    }
    if (q.has('scale')) {
      const v = q.get('scale');
      if (/^[1-4]$/.test(v)) c.scale = +v;
      else bad(`scale=${clip(v)}: want 1, 2, 3 or 4`);
    }
    for (const v of q.getAll('origin').flatMap((s) => s.split(/[\s,]+/)).filter(Boolean)) {
      if (v === '*') { c.origins.push(v); continue; }
      let o = '';
      try { o = new URL(v).origin; } catch (e) { /* reported below */ }
      if (o && o !== 'null' && o === v.replace(/\/$/, '')) c.origins.push(o);
      else bad(`origin=${clip(v)}: want an origin such as https://example.org, or *`);
    }
    return c;
  }
  function clip(s) { return s.length > 60 ? `${s.slice(0, 57)}...` : s; }
  function webURL(s) {
    try {
      const u = new URL(s, location.href);
      return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : '';
    } catch (e) { return ''; }
  }

  // ---- messages in the embed's box ----
  const notes = [];
  function showMessage(msg) {
    notes.push(msg);
    $('embed-msg').textContent = notes.join('\n');
    $('embed-msg').hidden = false;
    post('error', { message: msg });
  }
  function clearMessages() { notes.length = 0; $('embed-msg').hidden = true; }

  // ---- layout: picture on top, charts under it, sized to the frame ----
  const chartCount = { none: 0, bars: 1, heatmap: 1, both: 2, timeline: 1 }[cfg.overlay];
  function layout() {
    const W = window.innerWidth;
    const H = window.innerHeight;
    // Charts are 15% of the width high each: a frame of 640 x (480 + 96 per chart) shows the
    // picture at 1x; the custom element sizes itself with the same ratio.
    const chartH = Math.round(W * 0.15);
    const stripH = chartCount ? chartCount * chartH + (chartCount - 1) * 2 : 0;
    const availH = Math.max(H - stripH, 1);
    const fit = Math.min(W / 640, availH / 480);
    let k = fit >= 1 ? Math.floor(fit) : fit;
    if (cfg.scale && k > cfg.scale) k = cfg.scale;
    const w = Math.round(640 * k);
    const h = Math.round(480 * k);
    const x = Math.max(0, Math.floor((W - w) / 2));
    const y = Math.max(0, Math.floor((availH - h) / 2));
    const root = document.documentElement.style;
    const px = (v) => `${v}px`;
    root.setProperty('--body-x', px(x));
    root.setProperty('--body-y', px(y));
    root.setProperty('--body-w', px(k >= 1 ? w : 640));
    root.setProperty('--body-h', px(k >= 1 ? h : 480));
    root.setProperty('--shrink', String(k >= 1 ? 1 : k));
    root.setProperty('--pic-x', px(x));
    root.setProperty('--pic-y', px(y));
    root.setProperty('--pic-w', px(w));
    root.setProperty('--pic-h', px(h));
    root.setProperty('--chart-h', px(chartH));
    root.setProperty('--strip-h', px(stripH));
  }
  function applyOverlayMode() {
    const app = $('app');
    app.classList.toggle('no-bars', cfg.overlay !== 'bars' && cfg.overlay !== 'both');
    app.classList.toggle('no-heatmap', cfg.overlay !== 'heatmap' && cfg.overlay !== 'both');
    app.classList.toggle('no-timeline', cfg.overlay !== 'timeline');
    $('overlay').hidden = cfg.overlay === 'none';
  }

  // ---- running state: the machine runs only when all of these hold ----
  const state = {
    ready: false, // the emulator is up and the first load is done
    failed: false, // the program could not be loaded: nothing to run
    started: cfg.autoplay, // clicked, autoplay=1 or the host's "start"
    held: false, // the host's "pause"
    onScreen: false, // some of the frame is in the page's viewport
    running: false,
    startAt: 0, // performance.now() of the click (or start) that first started it
    firstFrameMs: 0, // from startAt to the first emulated frame on screen
  };
  const visible = () => state.onScreen && !document.hidden;
  function apply() {
    const api = window.x16scope;
    if (!state.ready || !api) return;
    const want = state.started && !state.held && !state.failed && visible();
    const paused = api.status().paused;
    if (want && paused) api.resume();
    if (!want && !paused) api.pause();
    if (want !== state.running) {
      state.running = want;
      post('state', stateDetail());
    }
    if (want && !state.firstFrameMs) watchFirstFrame();
  }
  function stateDetail() {
    return {
      running: state.running, started: state.started, held: state.held, onScreen: state.onScreen,
      hidden: document.hidden, ready: state.ready, firstFrameMs: state.firstFrameMs,
    };
  }
  // The first emulated frame after a start: the machine's frame counter moves, then the
  // next animation frame has it on screen (ebiten draws in the same animation frame).
  let watching = false;
  function watchFirstFrame() {
    if (watching) return;
    watching = true;
    const f0 = window.x16scope.status().frame;
    const poll = () => {
      if (window.x16scope.status().frame > f0) {
        requestAnimationFrame(() => {
          state.firstFrameMs = performance.now() - state.startAt;
          watching = false;
          post('firstframe', { ms: state.firstFrameMs });
        });
        return;
      }
      if (state.running) requestAnimationFrame(poll); else watching = false;
    };
    requestAnimationFrame(poll);
  }
  function start() {
    if (!state.startAt) state.startAt = performance.now();
    state.started = true;
    state.held = false;
    $('cover').hidden = true;
    enableSound();
    apply();
  }
  function hold() {
    state.held = true;
    apply();
  }

  // Sound needs a user gesture in browsers: the click that starts the embed turns it on
  // (window.x16scopeSound, cmd/wasm/sound_js.go). The Go side keeps it silent while the
  // embed is paused, off screen or in a hidden tab.
  let soundOn = false;
  function enableSound() {
    const snd = window.x16scopeSound;
    if (soundOn || !snd) return;
    try {
      const err = snd.start();
      if (err instanceof Error) throw err;
      snd.setMuted(false);
      snd.setVolume(1);
      soundOn = true;
    } catch (e) {
      console.warn('x16scope embed: could not turn sound on', e);
    }
  }
  window.addEventListener('pointerdown', () => { if (state.started) enableSound(); }, true);
  window.addEventListener('keydown', () => { if (state.started) enableSound(); }, true);

  $('cover').addEventListener('click', () => {
    if (state.failed) return;
    if (!state.startAt) state.startAt = performance.now();
    start();
  });
  let shownSource = cfg.source;
  let romName = ''; // the rom= file, once it runs
  // The ROM that runs, when it is not the built-in one: rom=, else the site's default.
  function romShown() {
    if (romName) return romName;
    const d = window.x16scopeDefaultROM;
    return d && d.running ? `${d.name} (this site's default ROM)` : '';
  }
  function coverText() {
    const rom = romShown();
    let name = shownSource ? describe(shownSource) : (rom || 'the built-in ROM');
    if (shownSource && rom) name += ` on ${rom}`;
    if (state.failed) return `could not load ${name}`;
    return state.ready ? `Click to run ${name}` : `loading ${name}…`;
  }
  function updateCover() {
    $('cover').classList.toggle('waiting', !state.ready || state.failed);
    $('cover-text').textContent = coverText();
  }
  function describe(src) {
    if (src.capture) return `capture ${src.capture}`;
    const url = src.prg || src.zip || src.sdcard;
    if (!url) return src.name || 'the program';
    try {
      const p = new URL(url).pathname;
      return decodeURIComponent(p.substring(p.lastIndexOf('/') + 1)) || url;
    } catch (e) { return url; }
  }

  new IntersectionObserver((entries) => {
    for (const e of entries) state.onScreen = e.isIntersecting;
    apply();
    post('state', stateDetail());
  }, { threshold: [0, 0.1] }).observe($('app'));
  document.addEventListener('visibilitychange', apply);

  // ---- loading ----
  class LoadError extends Error {}
  async function fetchBytes(url, what) {
    let res;
    try {
      res = await fetch(url);
    } catch (e) {
      const cross = new URL(url).origin !== location.origin;
      throw new LoadError(`${what}: could not fetch ${url}${cross
        ? ' (the server is unreachable, or it does not allow cross-origin requests: it must send Access-Control-Allow-Origin)'
        : ' (the server is unreachable)'}`);
    }
    if (!res.ok) throw new LoadError(`${what}: ${url}: HTTP ${res.status}${res.statusText ? ` ${res.statusText}` : ''}`);
    const type = (res.headers.get('Content-Type') || '').toLowerCase();
    // A missing file often comes back as the site's HTML page with status 200.
    if (type.startsWith('text/html')) throw new LoadError(`${what}: ${url} is a web page, not a ${{ 'zip=': 'zip', 'rom=': 'ROM image' }[what] || 'program'} file`);
    return new Uint8Array(await res.arrayBuffer());
  }
  function fileName(url, ext) {
    let n = describe({ prg: url });
    if (!n.toLowerCase().endsWith(ext)) n += ext;
    return n;
  }
  // load starts a source ({prg: url}, {zip: url}, {capture: id} or {bytes, name}); the
  // machine it installs stays paused until apply() lets it run. fetched, if given, is the
  // source's bytes already being fetched.
  async function load(src, fetched) {
    const api = window.x16scope;
    let err = '';
    if (src.capture) {
      if (typeof api.loadCapture !== 'function') throw new LoadError('c=: this build of x16scope has no capture support');
      const url = new URL(`/api/captures/${encodeURIComponent(src.capture)}`, location.href).href;
      const bytes = await fetchBytes(url, 'c=');
      try { await api.loadCapture(bytes); } catch (e) { err = `c=${src.capture}: ${e.message || e}`; }
    } else if (src.sdcard) {
      err = await cardSource(src.sdcard, fetched);
    } else if (src.zip) {
      const bytes = await (fetched || fetchBytes(src.zip, 'zip='));
      // The Go side's loadFiles returns the error text (the public wrapper would show it in
      // the full page's banner instead).
      // Go's functions return an Error for a refusal (the public wrapper would show it in the
      // full page's banner instead), else what they did, in words.
      const r = window.x16scopeGo.loadFiles([{ name: fileName(src.zip, '.zip'), bytes }]);
      if (r instanceof Error) err = `zip=: ${r.message.replace(/^loadFiles: (bad file: )?/, '')}`;
      else if (src.start) {
        const s = window.x16scopeGo.startProgram(src.start);
        if (s instanceof Error) err = `start=${src.start}: ${s.message.replace(/^startProgram: (bad file: )?/, '')}`;
      }
    } else if (src.prg) {
      const bytes = await (fetched || fetchBytes(src.prg, 'prg='));
      try { api.loadPRG(bytes, fileName(src.prg, '.prg')); } catch (e) { err = `prg=: ${e.message || e}`; }
    } else if (src.bytes) {
      const name = typeof src.name === 'string' && src.name ? src.name : 'program.prg';
      const r = window.x16scopeGo.loadFiles([{ name, bytes: toBytes(src.bytes) }]);
      if (r instanceof Error) err = r.message.replace(/^loadFiles: (bad file: )?/, '');
    } else {
      throw new LoadError('load: give prg, zip, capture or bytes');
    }
    if (err) throw new LoadError(err);
    state.firstFrameMs = 0;
    state.failed = false;
    shownSource = src.bytes ? { name: src.name || 'the program' } : src;
    updateCover();
  }
  // loadROM installs the rom= image (fetched: its bytes being fetched) before the program
  // loads. One that cannot be had or that Go refuses leaves the ROM there was, with a
  // message; the program still loads on it.
  async function loadROM(fetched) {
    try {
      const bytes = await fetched;
      // Go's own function: the public loadROM would keep the ROM in this browser, for the
      // full page too.
      const r = window.x16scopeGo.loadROM(bytes);
      if (r instanceof Error) throw new LoadError(`rom=: ${r.message.replace(/^loadROM: (bad file: )?/, '')}`);
      romName = describe({ prg: cfg.rom });
      const d = window.x16scopeDefaultROM;
      if (d) d.running = false;
    } catch (e) {
      const kept = window.x16scope.status().rom ? 'the ROM it had' : 'the built-in ROM';
      showMessage(`${e instanceof LoadError ? e.message : `rom=: ${e.message || e}`}; ${kept} runs instead`);
    }
  }
  // cardSource puts the SD card image at url (a .img, or one in a .zip or .gz) in VERA's
  // slot: the machine boots from it (the official ROM's DOS with rom=, else the built-in
  // ROM's host DOS serving the card). It returns the error text, '' when it went in.
  async function cardSource(url, fetched) {
    const bytes = await (fetched || fetchBytes(url, 'sdcard='));
    let name = describe({ prg: url });
    if (!/\.(img|gz|zip)$/i.test(name)) name += '.img';
    const r = window.x16scopeGo.loadCard(bytes, name);
    return r instanceof Error ? `sdcard=: ${r.message.replace(/^loadCard: (bad file: )?/, '')}` : '';
  }
  function toBytes(b) {
    if (b instanceof Uint8Array) return b;
    if (b instanceof ArrayBuffer) return new Uint8Array(b);
    if (ArrayBuffer.isView(b)) return new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
    if (Array.isArray(b)) return Uint8Array.from(b);
    throw new LoadError('load: bytes must be a Uint8Array or ArrayBuffer');
  }

  // ---- boot: app.js starts the wasm; the machine is paused before its first frame ----
  const timeline = { embedScript: t0 };
  // The program is fetched while the wasm compiles; a file that cannot be had is reported
  // at once, without waiting for the emulator.
  let prefetchFailed = false;
  const romFetch = cfg.rom ? fetchBytes(cfg.rom, 'rom=') : null;
  if (romFetch) romFetch.catch(() => {}); // reported by loadROM, in order
  const prefetchKey = cfg.source && ['prg', 'zip', 'sdcard'].find((k) => cfg.source[k]);
  const prefetch = prefetchKey ? fetchBytes(cfg.source[prefetchKey], `${prefetchKey}=`) : null;
  if (prefetch) {
    prefetch.catch((e) => {
      prefetchFailed = true;
      state.failed = true;
      updateCover();
      showMessage(e.message || String(e));
    });
  }
  document.addEventListener('x16scope-ready', () => {
    // Called from Go's main before the game loop starts: nothing has been emulated yet.
    window.x16scopeGo.pause();
    timeline.goReady = performance.now();
  }, { once: true });
  let readyResolve;
  const readyPromise = new Promise((resolve) => { readyResolve = resolve; });
  document.addEventListener('x16scope-loaded', async () => {
    timeline.appLoaded = performance.now();
    const api = window.x16scope;
    api.pause();
    if (cfg.fps) {
      try { api.setTargetFps(cfg.fps); } catch (e) { showMessage(`fps=${cfg.fps}: ${e.message || e}`); }
    }
    // The clock before the ROM and the program: the machines they start on power on with it.
    if (cfg.rtc) {
      try { api.setRTC(cfg.rtc); } catch (e) { showMessage(`rtc=${cfg.rtc}: ${(e.message || String(e)).replace(/^setRTC: /, '')}`); }
    }
    if (cfg.ram || cfg.keymap) {
      try {
        const st = api.status();
        api.setMachine(cfg.ram || st.ramKB, cfg.keymap || st.keymap);
      } catch (e) {
        showMessage(`${cfg.keymap ? `keymap=${cfg.keymap}` : `ram=${cfg.ram}`}: ${(e.message || String(e)).replace(/^setMachine: /, '')}`);
      }
    }
    if (romFetch) await loadROM(romFetch);
    if (cfg.source && !prefetchFailed) {
      try {
        await load(cfg.source, prefetch);
      } catch (e) {
        state.failed = true;
        if (!prefetchFailed) showMessage(e instanceof LoadError ? e.message : `could not load ${describe(cfg.source)}: ${e.message || e}`);
      }
    }
    timeline.loaded = performance.now();
    state.ready = true;
    updateCover();
    readyResolve();
    post('ready', { program: api.status().program, rom: romShown(), overlay: cfg.overlay, problems: cfg.problems.slice() });
    apply();
  }, { once: true });
  // app.js reports a wasm that cannot start in #status; the embed shows it in its box.
  new MutationObserver(() => {
    const t = $('status').textContent;
    if (t.startsWith('could not start')) showMessage(t);
  }).observe($('status'), { childList: true, characterData: true, subtree: true });

  // ---- postMessage API ----
  // Requests: {type: 'x16scope', cmd, id, args}; replies: {type: 'x16scope', reply: cmd, id,
  // ok, result | error}; events: {type: 'x16scope', event, detail}. Requests are honoured
  // from this page's own origin and from the origins named by origin= (or any, with *).
  const trusted = (origin) => origin === location.origin || cfg.origins.includes('*') || cfg.origins.includes(origin);
  function post(event, detail) {
    if (window.parent === window) return;
    const msg = { type: 'x16scope', event, detail };
    const targets = cfg.origins.includes('*') ? ['*'] : [location.origin, ...cfg.origins];
    for (const t of new Set(targets)) {
      try { window.parent.postMessage(msg, t); } catch (e) { /* a closed or navigated host */ }
    }
  }
  const commands = {
    start() { start(); return stateDetail(); },
    pause() { hold(); return stateDetail(); },
    reset() { window.x16scope.reset(); apply(); return stateDetail(); },
    async load(args) {
      clearMessages();
      const src = {};
      if (args && typeof args === 'object') {
        if (typeof args.capture === 'string') src.capture = args.capture;
        else if (typeof args.zip === 'string') src.zip = webURL(args.zip) || args.zip;
        else if (typeof args.prg === 'string') src.prg = webURL(args.prg) || args.prg;
        else if (args.bytes) { src.bytes = args.bytes; src.name = args.name; }
      }
      if ((src.prg !== undefined && !/^https?:/.test(src.prg)) || (src.zip !== undefined && !/^https?:/.test(src.zip))) {
        throw new LoadError(`load: ${clip(src.prg || src.zip)} is not a web address`);
      }
      if (src.capture !== undefined && !/^[A-Za-z0-9_-]{1,128}$/.test(src.capture)) throw new LoadError('load: not a capture id');
      try {
        await load(src);
      } catch (e) {
        showMessage(e.message || String(e));
        throw e;
      }
      apply();
      return window.x16scope.status();
    },
    perfStats() { return window.x16scope.perfStats(); },
    // Time travel, as the page's API: the embed is held (as by "pause"), so that coming
    // back on screen does not resume it, which would run on from the frame gone to and drop
    // the frames after it; "start" resumes.
    seek(frame) { hold(); window.x16scope.seek(frame); return window.x16scope.status(); },
    stepBack() { hold(); window.x16scope.stepBack(); return window.x16scope.status(); },
    stepFrame() { hold(); window.x16scope.stepFrame(); return window.x16scope.status(); },
    // capture(frame?) -> Uint8Array: the capture file (default: the selected frame).
    capture(frame) { return frame === undefined ? window.x16scope.captureFrame() : window.x16scope.captureFrame(frame); },
    framesCSV() { return window.x16scope.framesCSV(); },
    // The call profile: a frame's timeline (default the newest finished) and the routines
    // of a frame or (0, none) the window, as the page's timeline() and routines().
    timeline(frame) { return frame === undefined ? window.x16scope.timeline() : window.x16scope.timeline(frame); },
    routines(frame) { return frame === undefined ? window.x16scope.routines() : window.x16scope.routines(frame); },
    status() { return { ...window.x16scope.status(), embed: stateDetail() }; },
    hostStats() { return window.x16scope.hostStats(); },
  };
  window.addEventListener('message', async (e) => {
    const d = e.data;
    if (!d || typeof d !== 'object' || d.type !== 'x16scope' || typeof d.cmd !== 'string') return;
    if (!trusted(e.origin)) return; // silently: an untrusted page learns nothing
    const reply = (body) => {
      if (!e.source) return;
      try {
        e.source.postMessage({ type: 'x16scope', reply: d.cmd, id: d.id, ...body }, e.origin === 'null' ? '*' : e.origin);
      } catch (err) { /* the asker went away */ }
    };
    const fn = Object.prototype.hasOwnProperty.call(commands, d.cmd) ? commands[d.cmd] : null;
    if (!fn) { reply({ ok: false, error: `unknown command ${clip(String(d.cmd))}` }); return; }
    try {
      await readyPromise;
      reply({ ok: true, result: await fn(d.args) });
    } catch (err) {
      reply({ ok: false, error: err.message || String(err) });
    }
  });

  // ---- start-up ----
  window.x16scopeEmbed = { config: cfg, state, timeline };
  applyOverlayMode();
  layout();
  window.addEventListener('resize', layout);
  $('cover').hidden = cfg.autoplay;
  updateCover();
  for (const p of cfg.problems) showMessage(p);
  // The host may send requests before the emulator is up: they wait for it (readyPromise).
  post('hello', {});
})();
