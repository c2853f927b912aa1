// x16scope page glue: boots the wasm, reads dropped/picked/URL files, keeps the ROM in
// IndexedDB, wires the toolbar, and publishes window.x16scope (issue 6, item 4) as a thin
// wrapper over the Go functions in window.x16scopeGo. Everything the emulator decides
// (what a file is, whether it is good) happens in Go; this file only moves bytes.
'use strict';

(() => {
  const $ = (id) => document.getElementById(id);
  let go = null; // window.x16scopeGo once the wasm is up

  // ---- error banner: bad files never stop the running program, they only show here ----
  let bannerTimer = 0;
  function showError(msg) {
    $('banner-text').textContent = msg;
    $('banner').hidden = false;
    clearTimeout(bannerTimer);
    bannerTimer = setTimeout(() => { $('banner').hidden = true; }, 15000);
  }
  $('banner-close').addEventListener('click', () => { $('banner').hidden = true; });

  // ---- the public API ----
  function check(result) {
    if (result) throw new Error(result);
  }
  function u8(bytes) {
    if (bytes instanceof Uint8Array) return bytes;
    if (bytes instanceof ArrayBuffer) return new Uint8Array(bytes);
    if (ArrayBuffer.isView(bytes)) return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    if (Array.isArray(bytes)) return Uint8Array.from(bytes);
    throw new TypeError('expected a Uint8Array or ArrayBuffer');
  }
  const api = {
    loadPRG(bytes, name) { check(go.loadPRG(u8(bytes), name || 'program.prg')); },
    loadROM(bytes) { const b = u8(bytes); check(go.loadROM(b)); storeROM(b); },
    loadFiles(files) { return loadFiles(files); },
    pause() { go.pause(); },
    resume() { go.resume(); },
    stepFrame() { go.stepFrame(); },
    reset() { go.reset(); },
    setSpeed(pct) { go.setSpeed(pct | 0); },
    setWarp(on) { go.setWarp(!!on); },
    runToOverrun() { go.runToOverrun(); },
    setTargetFps(fps) { check(go.setTargetFps(+fps)); },
    perfStats() { return JSON.parse(go.perfStats()); },
    status() { return JSON.parse(go.status()); },
    hostStats() { return JSON.parse(go.hostStats()); },
    timeOverlaySteps(on) { go.timeOverlaySteps(!!on); },
    screenshot() { return go.screenshot(); },
    peek(addr, n) { return go.peek(addr, n || 1); },
    forgetROM() { return forgetROM(); },
  };

  // ---- files ----
  function isROMName(name) {
    const n = name.toLowerCase();
    return n === 'rom.bin' || n.endsWith('/rom.bin') || n.endsWith('.rom');
  }
  // loadFiles takes [{name, bytes}] and returns true when they loaded.
  function loadFiles(files) {
    const err = go.loadFiles(files.map((f) => ({ name: f.name, bytes: u8(f.bytes) })));
    if (err) { showError(err); return false; }
    const rom = files.find((f) => isROMName(f.name));
    if (rom) storeROM(u8(rom.bytes));
    return true;
  }
  async function readFiles(list) {
    const files = [];
    for (const f of list) files.push({ name: f.name, bytes: new Uint8Array(await f.arrayBuffer()) });
    return files;
  }
  async function loadFileList(list) {
    if (!list || list.length === 0) return;
    try {
      loadFiles(await readFiles(list));
    } catch (e) {
      showError(`could not read the dropped files: ${e.message || e}`);
    }
  }

  // Drop anywhere on the page.
  let dragDepth = 0;
  window.addEventListener('dragenter', (e) => { e.preventDefault(); dragDepth++; $('drop-hint').hidden = false; });
  window.addEventListener('dragleave', () => { if (--dragDepth <= 0) { dragDepth = 0; $('drop-hint').hidden = true; } });
  window.addEventListener('dragover', (e) => { e.preventDefault(); });
  // Capture phase: ebiten's canvas also listens for drops and would swallow them.
  window.addEventListener('drop', (e) => {
    e.preventDefault();
    e.stopPropagation();
    dragDepth = 0;
    $('drop-hint').hidden = true;
    if (!go) { showError('still loading; drop again in a moment'); return; }
    loadFileList(e.dataTransfer && e.dataTransfer.files);
  }, true);
  $('btn-open').addEventListener('click', () => $('picker').click());
  $('picker').addEventListener('change', (e) => { loadFileList(e.target.files); e.target.value = ''; });

  // ---- ROM kept in IndexedDB (512 KB is too big to be polite in localStorage) ----
  function db() {
    return new Promise((resolve, reject) => {
      const req = indexedDB.open('x16scope', 1);
      req.onupgradeneeded = () => req.result.createObjectStore('files');
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
  }
  async function dbDo(mode, fn) {
    const d = await db();
    return new Promise((resolve, reject) => {
      const tx = d.transaction('files', mode);
      const req = fn(tx.objectStore('files'));
      tx.oncomplete = () => { d.close(); resolve(req && req.result); };
      tx.onerror = () => { d.close(); reject(tx.error); };
    });
  }
  // A localStorage flag says whether a ROM is stored, so a visitor without one never waits
  // for IndexedDB to open (it can take a second in a fresh profile).
  const romFlag = 'x16scope-rom-stored';
  function storeROM(bytes) {
    dbDo('readwrite', (s) => s.put(bytes.slice(), 'rom'))
      .then(() => { localStorage.setItem(romFlag, '1'); $('btn-forget-rom').hidden = false; })
      .catch((e) => console.warn('x16scope: could not store the ROM', e));
  }
  async function storedROM() {
    // Storage can be refused (an embed in another site's page, strict privacy settings).
    try { if (!localStorage.getItem(romFlag)) return undefined; } catch (e) { return undefined; }
    try { return await dbDo('readonly', (s) => s.get('rom')); } catch (e) { return undefined; }
  }
  async function forgetROM() {
    localStorage.removeItem(romFlag);
    try { await dbDo('readwrite', (s) => s.delete('rom')); } catch (e) { /* nothing stored */ }
    $('btn-forget-rom').hidden = true;
    const err = go.forgetROM();
    if (err) showError(err);
  }
  $('btn-forget-rom').addEventListener('click', () => forgetROM());

  // ---- URL parameters: ?rom= ?prg= ?zip= ?sym= ?zones= ?fps= ----
  async function fetchBytes(url) {
    const res = await fetch(url);
    if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
    return new Uint8Array(await res.arrayBuffer());
  }
  function nameOf(url, fallback) {
    try {
      const p = new URL(url, location.href).pathname;
      const base = p.substring(p.lastIndexOf('/') + 1);
      return base || fallback;
    } catch (e) { return fallback; }
  }
  // Fetches start at once, in parallel with compiling the wasm; they are applied in this
  // order (ROM first) once the emulator is up.
  const urlSteps = [
    ['rom', 'rom.bin', true],
    ['zip', 'program.zip', false],
    ['prg', 'program.prg', false],
    ['sym', 'labels.sym', false],
    ['zones', 'zones.json', false],
  ];
  function prefetch(params) {
    return urlSteps.filter(([key]) => params.get(key)).map(([key, fallback, forceName]) => {
      const url = params.get(key);
      return { key, url, fallback, forceName, bytes: fetchBytes(url) };
    });
  }
  async function loadFromURL(params, pending) {
    for (const { key, url, fallback, forceName, bytes: promise } of pending) {
      try {
        const bytes = await promise;
        timeline[`fetched_${key}`] = performance.now();
        let name = forceName ? fallback : nameOf(url, fallback);
        // The file's role comes from its parameter, whatever its URL ends with.
        const want = { zip: '.zip', prg: '.prg', sym: '.sym', zones: '.json' }[key];
        if (want && !name.toLowerCase().endsWith(want)) name += want;
        loadFiles([{ name, bytes }]);
      } catch (e) {
        showError(`?${key}=: ${e.message || e}`);
      }
    }
    const fps = params.get('fps');
    if (fps) {
      const err = go.setTargetFps(+fps);
      if (err) showError(`?fps=: ${err}`); else $('fps').value = fps;
    }
  }

  // ---- toolbar ----
  $('btn-reset').addEventListener('click', () => go && go.reset());
  $('btn-pause').addEventListener('click', () => {
    if (!go) return;
    if (JSON.parse(go.status()).paused) go.resume(); else go.pause();
  });
  $('btn-step').addEventListener('click', () => go && go.stepFrame());
  $('btn-overrun').addEventListener('click', () => go && go.runToOverrun());
  $('chk-warp').addEventListener('change', (e) => go && go.setWarp(e.target.checked));
  $('speed').addEventListener('input', (e) => {
    $('speed-out').textContent = `${e.target.value}%`;
    if (go) go.setSpeed(+e.target.value);
  });
  $('fps').addEventListener('change', (e) => {
    if (!go) return;
    const err = go.setTargetFps(+e.target.value);
    if (err) showError(err);
  });

  // ---- layout: the screen gets the largest whole-number scale that fits, and <body>
  // (which holds ebiten's canvas) is moved onto the slot (see style.css) ----
  function layout() {
    const root = document.documentElement.style;
    const overlayMin = 580, chrome = 40;
    const slot = $('screen-slot');
    const app = $('app').getBoundingClientRect();
    const r0 = slot.getBoundingClientRect();
    const availW = window.innerWidth - overlayMin - chrome;
    const availH = window.innerHeight - (r0.top - app.top) - 40;
    const s = Math.max(1, Math.floor(Math.min(availW / 640, availH / 480)));
    root.setProperty('--screen-w', `${640 * s}px`);
    root.setProperty('--screen-h', `${480 * s}px`);
    const r = slot.getBoundingClientRect();
    root.setProperty('--slot-x', `${Math.round(r.left - app.left)}px`);
    root.setProperty('--slot-y', `${Math.round(r.top - app.top)}px`);
  }
  window.addEventListener('resize', layout);
  layout();

  // ---- boot ----
  // Milestones since navigation (ms), for the first-frame measurement.
  const timeline = window.x16scopeTimeline = { script: performance.now() };
  async function boot() {
    const params = new URLSearchParams(location.search);
    const pending = prefetch(params);
    const romStored = params.get('rom') ? Promise.resolve(undefined) : storedROM();
    const ready = new Promise((resolve) => document.addEventListener('x16scope-ready', resolve, { once: true }));
    const goRuntime = new Go();
    let result;
    try {
      result = await WebAssembly.instantiateStreaming(fetch('x16scope.wasm'), goRuntime.importObject);
    } catch (e) {
      $('status').textContent = `could not start the emulator: ${e.message || e} (run "make run")`;
      return;
    }
    timeline.compiled = performance.now();
    // The overlay shows its charts straight from Go's memory (overlay/ui_js.go, canvasImage):
    // putPixels(ctx, ptr, len, w, h, y0, rows) puts rows y0..y0+rows of the w x h RGBA image
    // at byte offset ptr of the wasm memory, through an ImageData that views that memory.
    // The view is checked here, inside the call: Go may grow the memory (which replaces its
    // buffer and detaches every view of the old one) while it prepares any call.
    const mem = result.instance.exports.mem;
    const views = new WeakMap(); // ctx -> ImageData viewing the memory
    window.x16scopePutPixels = (ctx, ptr, len, w, h, y0, rows) => {
      let img = views.get(ctx);
      if (!img || img.data.buffer !== mem.buffer || img.data.byteOffset !== ptr || img.width !== w || img.height !== h) {
        img = new ImageData(new Uint8ClampedArray(mem.buffer, ptr, len), w, h);
        views.set(ctx, img);
      }
      ctx.putImageData(img, 0, 0, 0, y0, w, rows);
    };
    goRuntime.run(result.instance);
    await ready;
    timeline.goReady = performance.now();
    go = window.x16scopeGo;
    window.x16scope = api;
    // Ebiten appends its canvas once the wasm starts: mark it for the focus outline.
    const canvas = document.querySelector('body > canvas');
    if (canvas) {
      const focus = (on) => {
        $('screen-slot').classList.toggle('focused', on);
        $('focus-hint').textContent = on
          ? 'keyboard → X16 (Cmd/Win, Ctrl+Shift, F5, F11, F12 stay with the browser; click outside to release)'
          : 'click to type';
      };
      canvas.addEventListener('focus', () => focus(true));
      canvas.addEventListener('blur', () => focus(false));
      focus(document.activeElement === canvas);
    }
    const rom = await romStored;
    if (rom) {
      const err = go.loadROM(u8(rom));
      if (err) showError(`stored ROM: ${err}`); else $('btn-forget-rom').hidden = false;
    }
    timeline.romChecked = performance.now();
    await loadFromURL(params, pending);
    timeline.loaded = performance.now();
    document.dispatchEvent(new Event('x16scope-loaded'));
  }
  boot();
})();
