// x16scope page glue: boots the wasm, reads dropped/picked/URL files and folders, keeps the
// ROM in IndexedDB, wires the toolbar, lays out the screen, and publishes window.x16scope
// as a thin wrapper over the Go functions in window.x16scopeGo (cmd/wasm/api_js.go).
// Everything the emulator decides (what a file is, whether it is good) happens in Go; this
// file only moves bytes and shows what Go says.
'use strict';

(() => {
  const $ = (id) => document.getElementById(id);
  let go = null; // window.x16scopeGo once the wasm is up

  // ---- messages, below the screen: bad files never stop the running program ----
  // Errors pile up (two bad URL parameters are two lines) until dismissed or until a
  // later load succeeds. The notice says what the last load did.
  const maxErrors = 6;
  function showError(msg) {
    const box = $('banner-text');
    const line = document.createElement('div');
    line.textContent = msg;
    box.appendChild(line);
    while (box.childElementCount > maxErrors) box.firstElementChild.remove();
    $('banner').hidden = false;
  }
  function clearErrors() {
    $('banner-text').replaceChildren();
    $('banner').hidden = true;
  }
  function showNotice(msg) {
    $('notice-text').textContent = msg;
    $('notice').hidden = !msg;
  }
  $('banner-close').addEventListener('click', clearErrors);
  $('notice-close').addEventListener('click', () => showNotice(''));
  // Go reports a recovered panic through this (cmd/wasm/jsapi).
  window.x16scopeShowError = showError;

  // ---- the public API ----
  // call runs a Go function: Go checks every argument and returns an Error for a bad one (or
  // a panic), which becomes an exception here.
  function call(name, ...args) {
    const r = go[name](...args);
    if (r instanceof Error) throw r;
    return r;
  }
  // The wrappers pass every argument on, so Go sees (and refuses) extra ones too.
  const json = (name) => (...args) => JSON.parse(call(name, ...args));
  const api = {
    // Each load returns what it did, in words ("started game.prg, with 3 files on device 8").
    loadPRG(...args) { return call('loadPRG', ...args); },
    loadROM(...args) { const r = call('loadROM', ...args); storeROM(new Uint8Array(args[0])); return r; },
    loadFiles(...args) { const r = call('loadFiles', ...args); rememberROM(args[0]); filesLoaded(); return r; },
    perfStats: json('perfStats'),
    status: json('status'),
    hostStats: json('hostStats'),
    collection: json('collection'), // a loaded collection's programs (launcher.js)
    forgetROM() { return forgetROM(); },
  };
  // Every other Go function is published as it is (pause, resume, stepFrame, reset, setSpeed,
  // setWarp, runToOverrun, setTargetFps, seek, stepBack, goToFrame, timeOverlaySteps,
  // screenshot, peek, framesCSV, and whatever other parts of the page register), with the
  // same error handling.
  function publishAPI() {
    for (const name of Object.keys(go)) {
      if (name !== 'signatures' && !(name in api)) api[name] = (...args) => call(name, ...args);
    }
    api.signatures = { ...go.signatures, forgetROM: 'forgetROM()' };
    window.x16scope = api;
  }

  // ---- files ----
  // A ROM is a file given by itself, as Go decides (session/files.go): a folder's files are
  // its content (the starter kit holds ROM.BIN and .ROM files of its own tools).
  function isROMName(name) {
    const n = name.toLowerCase();
    return !n.includes('/') && (n === 'rom.bin' || n.endsWith('.rom'));
  }
  // Other parts of the page (launcher.js: a collection's programs) look again at what is
  // loaded after each load.
  function filesLoaded() { document.dispatchEvent(new Event('x16scope-files')); }
  function rememberROM(files) {
    const rom = files.find((f) => isROMName(f.name));
    if (rom) storeROM(new Uint8Array(rom.bytes));
  }
  // loadFiles takes [{name, bytes}], shows what happened (an error naming the problem, or
  // what was done with each file) and returns true when they loaded.
  function loadFiles(files) {
    let summary;
    try {
      summary = call('loadFiles', files);
    } catch (e) {
      // "loadFiles: bad file: x.prg: 0 bytes, ..." reads "x.prg: 0 bytes, ..." on the page.
      showError(e.message.replace(/^loadFiles: (bad file: )?/, ''));
      return false;
    }
    clearErrors();
    showNotice(summary);
    rememberROM(files);
    filesLoaded();
    return true;
  }

  // Limits on what a folder may bring, as for a zip (session/files.go): a dropped home
  // folder must not fill the tab's memory. A collection such as the starter kit (4573
  // files, 152 MB) fits.
  const maxFiles = 16384, maxBytes = 256 << 20;
  // One SD card image (.img, or one in a .zip or .gz: web/sdcard.js) may be bigger: the
  // starter kit's card is about 200 MB. 1 GB keeps within what a tab can hold twice (the
  // file's bytes and Go's copy).
  const maxCardBytes = 1 << 30;
  class TooMuch extends Error {}
  // Reads [{name, file}] into [{name, bytes}].
  async function readAll(list) {
    if (list.length > maxFiles) throw new TooMuch(`${list.length} files; at most ${maxFiles} are loaded at once`);
    const total = list.reduce((n, f) => n + f.file.size, 0);
    const limit = list.length === 1 && /\.(img|gz|zip)$/i.test(list[0].name) ? maxCardBytes : maxBytes;
    if (total > limit) throw new TooMuch(`${(total / 1048576).toFixed(1)} MB; at most ${limit >> 20} MB are loaded at once`);
    return Promise.all(list.map(async (f) => ({ name: f.name, bytes: new Uint8Array(await f.file.arrayBuffer()) })));
  }
  async function loadList(list, what) {
    if (!list || list.length === 0) return;
    try {
      loadFiles(await readAll(list));
    } catch (e) {
      showError(`could not read the ${what}: ${e.message || e}`);
    }
  }
  // A picked folder's files carry their path below it (webkitRelativePath "game/TBL/A.BIN"):
  // the folder itself is the root of device 8, so its own name is dropped.
  function pickedFiles(fileList) {
    return Array.from(fileList, (file) => {
      const rel = file.webkitRelativePath || file.name;
      const slash = rel.indexOf('/');
      return { name: slash >= 0 ? rel.substring(slash + 1) : rel, file };
    });
  }

  // Dropped folders are walked with the File and Directory Entries API, sub-folders included.
  const entryFile = (entry) => new Promise((resolve, reject) => entry.file(resolve, reject));
  const readBatch = (reader) => new Promise((resolve, reject) => reader.readEntries(resolve, reject));
  async function walk(entry, prefix, out) {
    if (out.length > maxFiles) throw new TooMuch(`more than ${maxFiles} files; at most ${maxFiles} are loaded at once`);
    if (entry.isFile) {
      out.push({ name: prefix + entry.name, file: await entryFile(entry) });
    } else if (entry.isDirectory) {
      const reader = entry.createReader();
      // readEntries returns a folder's entries in batches until an empty one.
      for (let batch = await readBatch(reader); batch.length > 0; batch = await readBatch(reader)) {
        for (const e of batch) await walk(e, `${prefix}${entry.name}/`, out);
      }
    }
  }
  // droppedFiles reads a drop: plain files, or folders walked to every file below them. One
  // folder dropped alone is the root of device 8 (its name is dropped from the paths).
  // entries must be taken during the drop event; the walk may finish later.
  async function droppedFiles(entries, files) {
    if (!entries.some((e) => e && e.isDirectory)) return Array.from(files, (file) => ({ name: file.name, file }));
    const out = [];
    if (entries.length === 1) {
      const reader = entries[0].createReader();
      for (let batch = await readBatch(reader); batch.length > 0; batch = await readBatch(reader)) {
        for (const e of batch) await walk(e, '', out);
      }
    } else {
      for (const e of entries) if (e) await walk(e, '', out);
    }
    return out;
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
    const dt = e.dataTransfer;
    if (!dt) return;
    // Both must be read now: the DataTransfer is emptied when the event ends.
    const entries = Array.from(dt.items || [], (it) => (it.kind === 'file' && it.webkitGetAsEntry ? it.webkitGetAsEntry() : null));
    const files = Array.from(dt.files || []);
    droppedFiles(entries, files)
      .then((list) => loadList(list, 'dropped files'))
      .catch((err) => showError(`could not read the dropped folder: ${err.message || err}`));
  }, true);
  $('btn-open').addEventListener('click', () => $('picker').click());
  $('btn-open-dir').addEventListener('click', () => $('picker-dir').click());
  // The input is cleared (so picking the same files again fires change) only after its
  // FileList has been copied: clearing it empties the list being read.
  for (const id of ['picker', 'picker-dir']) {
    $(id).addEventListener('change', (e) => {
      const list = pickedFiles(e.target.files);
      e.target.value = '';
      if (!go) { showError('still loading; pick the files again in a moment'); return; }
      loadList(list, id === 'picker' ? 'picked files' : 'picked folder');
    });
  }

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
    defaultROMRunning(false); // the visitor's own ROM replaced it
    dbDo('readwrite', (s) => s.put(bytes.slice(), 'rom'))
      .then(() => { localStorage.setItem(romFlag, '1'); $('btn-forget-rom').hidden = false; })
      .catch((e) => console.warn('x16scope: could not store the ROM', e));
  }
  function romFlagSet() {
    try { return !!localStorage.getItem(romFlag); } catch (e) { return false; }
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
    call('forgetROM');
    await startDefaultROM();
  }
  $('btn-forget-rom').addEventListener('click', () => forgetROM());

  // ---- the site's default ROM ----
  // A server that has one (cmd/serve -rom FILE, the Workers service's DEFAULT_ROM) names it
  // in the page, <meta name="x16scope-default-rom" content="URL"> (share/defaultrom); a page
  // without the marker fetches nothing. It runs for a visitor who has chosen no ROM (?rom=
  // and a ROM kept in this browser win) and again after Forget ROM. It is never stored: it is
  // the site's ROM, not the visitor's. A default that cannot be had or that Go refuses leaves
  // the built-in ROM running, with a message saying so.
  const defaultROM = (() => {
    const meta = document.querySelector('meta[name="x16scope-default-rom"]');
    const url = meta ? meta.content.trim() : '';
    return url ? { url, name: nameOf(url, 'rom.bin'), bytes: null, running: false } : null;
  })();
  window.x16scopeDefaultROM = defaultROM; // read by embed.js (and the tests)
  function fetchDefaultROM() {
    if (!defaultROM.bytes) {
      defaultROM.bytes = fetchBytes(defaultROM.url);
      defaultROM.bytes.catch(() => { defaultROM.bytes = null; }); // a later try fetches again
    }
    return defaultROM.bytes;
  }
  async function startDefaultROM() {
    if (!defaultROM) return;
    try {
      const bytes = await fetchDefaultROM();
      try {
        call('loadROM', bytes);
      } catch (e) {
        throw new Error(e.message.replace(/^loadROM: (bad file: )?/, ''));
      }
      defaultROMRunning(true);
    } catch (e) {
      defaultROMRunning(false);
      showError(`this site's default ROM (${defaultROM.url}) did not load, so the built-in ROM runs: ${e.message || e}`);
    }
  }
  // The toolbar says when the site's ROM runs (the status line says "user ROM" for any ROM
  // that is not the built-in one).
  function defaultROMRunning(on) {
    if (!defaultROM) return;
    defaultROM.running = on;
    const info = $('rom-info');
    if (!info) return;
    info.textContent = `ROM: ${defaultROM.name} (this site's default)`;
    info.title = `This site starts every visitor on the ROM at ${defaultROM.url}. Drop a rom.bin to use your own.`;
    info.hidden = !on;
  }

  // ---- URL parameters: ?rom= ?prg= ?zip= ?sym= ?zones= ?fps= (and ?rtc=, set at boot; the
  // official web emulator's ?manifest= ?ram= ?keymap= ?capture in weblinks.js) ----
  // fetchBytes explains the two failures a user can act on: a file on another site that
  // does not let this page read it (CORS), and a missing file.
  async function fetchBytes(url) {
    let abs;
    try { abs = new URL(url, location.href); } catch (e) { throw new Error(`${url} is not a URL`); }
    let res;
    try {
      res = await fetch(abs);
    } catch (e) {
      if (abs.origin !== location.origin) {
        throw new Error(`${abs.href} could not be read: ${abs.host} does not allow this page to read it (the browser blocks it by CORS), `
          + `or it is unreachable. Serve it with the header "Access-Control-Allow-Origin: *", or put it beside this page and use a relative URL, or download it and drop it here.`);
      }
      throw new Error(`${abs.href} could not be fetched: ${e.message || e}`);
    }
    if (!res.ok) throw new Error(`${abs.href}: HTTP ${res.status}${res.status === 404 ? ' (no such file)' : ''}`);
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
      const bytes = fetchBytes(url);
      bytes.catch(() => {}); // reported in order by loadFromURL
      return { key, url, fallback, forceName, bytes };
    });
  }
  // Every parameter is tried, and every failure shown (one line each).
  async function loadFromURL(params, pending) {
    const notes = [];
    let failed = false;
    for (const { key, url, fallback, forceName, bytes: promise } of pending) {
      try {
        const bytes = await promise;
        timeline[`fetched_${key}`] = performance.now();
        let name = forceName ? fallback : nameOf(url, fallback);
        // The file's role comes from its parameter, whatever its URL ends with.
        const want = { zip: '.zip', prg: '.prg', sym: '.sym', zones: '.json' }[key];
        if (want && !name.toLowerCase().endsWith(want)) name += want;
        try {
          notes.push(call('loadFiles', [{ name, bytes }]));
        } catch (e) {
          throw new Error(e.message.replace(/^loadFiles: (bad file: )?/, ''));
        }
        if (key === 'rom') storeROM(bytes);
      } catch (e) {
        failed = true;
        showError(`?${key}=: ${e.message || e}`);
      }
    }
    // ?start=PATH: the program of a collection (?zip=) to start, in its own folder.
    const start = params.get('start');
    if (start !== null) {
      try {
        notes.push(call('startProgram', start));
      } catch (e) {
        failed = true;
        showError(`?start=${start}: ${e.message.replace(/^startProgram: (bad file: )?/, '')}`);
      }
    }
    if (notes.length) filesLoaded();
    const fps = params.get('fps');
    if (fps !== null) {
      try {
        call('setTargetFps', fps.trim() === '' ? NaN : Number(fps));
        $('fps').value = fps;
      } catch (e) {
        failed = true;
        showError(`?fps=${fps}: ${e.message}`);
      }
    }
    if (!failed && notes.length) clearErrors();
    if (notes.length) showNotice(notes.filter(Boolean).join('; '));
  }

  // ---- toolbar ----
  // Controls report a refused value (a target fps out of range) like any other error.
  function control(fn) {
    return (...args) => {
      if (!go) return;
      try { fn(...args); } catch (e) { showError(e.message); }
    };
  }
  $('btn-reset').addEventListener('click', control(() => call('reset')));
  $('btn-pause').addEventListener('click', control(() => call(api.status().paused ? 'resume' : 'pause')));
  $('btn-step').addEventListener('click', control(() => call('stepFrame')));
  // Time travel (overlay/travel.go): back a frame; the selected bar's frame on the screen.
  $('btn-stepback').addEventListener('click', control(() => call('stepBack')));
  $('btn-goto').addEventListener('click', control(() => call('goToFrame')));
  // Their keys, while the keyboard is the page's: a click on the screen gives the X16 every
  // key (overlay/input_js.go), so these never take one from it. Comma steps back a frame,
  // period one forward (held, they repeat), as video players step a paused video.
  if (!$('app').classList.contains('embed')) {
    window.addEventListener('keydown', (e) => {
      const act = { ',': 'stepBack', '.': 'stepFrame' }[e.key];
      if (!act || !go || e.defaultPrevented || e.ctrlKey || e.altKey || e.metaKey) return;
      const t = e.target;
      if (t && (t === document.querySelector('body > canvas') || t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName))) return;
      if (document.querySelector('dialog[open]')) return;
      e.preventDefault();
      control(() => call(act))();
    });
  }
  $('btn-overrun').addEventListener('click', control(() => call('runToOverrun')));
  $('chk-warp').addEventListener('change', control((e) => call('setWarp', e.target.checked)));
  $('speed').addEventListener('input', (e) => {
    $('speed-out').textContent = `${e.target.value}%`;
    control(() => call('setSpeed', Number(e.target.value)))();
  });
  $('fps').addEventListener('change', control((e) => call('setTargetFps', Number(e.target.value))));
  // An opened capture brings its own target and clock start: the controls show them (link,
  // file or API).
  document.addEventListener('x16scope-capture-opened', (e) => {
    $('fps').value = String(e.detail.targetFps);
    try { showRTC(api.status().rtc); } catch (err) { /* not up */ }
  });
  // The real-time clock at power-on (session/rtc.go, setRTC): "stopped" (the default, the
  // same on every run), "host" or a date and time; a change powers the machine on again.
  function showRTC(value) {
    const sel = $('rtc');
    if (![...sel.options].some((o) => o.value === value)) sel.add(new Option(value, value));
    sel.value = value;
  }
  $('rtc').addEventListener('change', control((e) => call('setRTC', e.target.value)));

  // Saving: the screen as PNG, the profile as JSON and CSV.
  function save(bytesOrText, name, type) {
    const url = URL.createObjectURL(new Blob([bytesOrText], { type }));
    const a = document.createElement('a');
    a.href = url;
    a.download = name;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
  }
  const baseName = () => {
    const st = api.status();
    const prog = (st.program || 'x16scope').replace(/^.*\//, '').replace(/\.[^.]*$/, '');
    return `${prog}-frame${st.frame}`;
  };
  $('btn-screenshot').addEventListener('click', control(() => save(call('screenshot'), `${baseName()}.png`, 'image/png')));
  $('btn-export-json').addEventListener('click', control(() => save(JSON.stringify(api.perfStats(), null, 2), `${baseName()}-profile.json`, 'application/json')));
  $('btn-export-csv').addEventListener('click', control(() => save(call('framesCSV'), `${baseName()}-frames.csv`, 'text/csv')));
  $('btn-help').addEventListener('click', () => {
    try { $('help-version').textContent = api.status().version; } catch (e) { /* not booted yet */ }
    $('help-panel').showModal();
  });

  // Screen scale and fullscreen.
  const scaleKey = 'x16scope-scale';
  // localStorage throws in a page embedded by another site (embed.html): then nothing is
  // remembered.
  try { $('scale').value = localStorage.getItem(scaleKey) || 'fit'; } catch (e) { $('scale').value = 'fit'; }
  $('scale').addEventListener('change', (e) => {
    try { localStorage.setItem(scaleKey, e.target.value); } catch (err) { /* not remembered */ }
    layout();
  });
  $('btn-fullscreen').addEventListener('click', () => {
    const req = document.documentElement.requestFullscreen;
    if (!req) { showError('this browser has no fullscreen mode'); return; }
    document.documentElement.requestFullscreen().catch((e) => showError(`fullscreen: ${e.message}`));
  });
  document.addEventListener('fullscreenchange', () => {
    document.documentElement.classList.toggle('fullscreen', !!document.fullscreenElement);
    layout();
  });

  // ---- layout: <body> (which holds ebiten's canvas) is moved onto the screen slot and
  // sized to it (see style.css). The slot is 640x480 times the chosen scale; "fit" is the
  // largest whole number that leaves the profiler panel its width beside the screen and fits
  // the window's height. In fullscreen the canvas is the whole screen (ebiten draws the
  // picture centred at the largest whole-number scale). ----
  function layout() {
    const root = document.documentElement.style;
    if (document.fullscreenElement) {
      root.setProperty('--slot-x', '0px');
      root.setProperty('--slot-y', '0px');
      root.setProperty('--body-w', `${window.innerWidth}px`);
      root.setProperty('--body-h', `${window.innerHeight}px`);
      return;
    }
    const overlayMin = 580, chrome = 40;
    // A collection's launcher (launcher.js) sits between the screen and the profiler.
    const launcher = $('launcher');
    const launcherW = launcher && !launcher.hidden ? launcher.offsetWidth + 14 : 0;
    const slot = $('screen-slot');
    const app = $('app').getBoundingClientRect();
    const r0 = slot.getBoundingClientRect();
    const mode = $('scale').value;
    let s = Number(mode);
    if (!(s >= 1)) {
      const availW = window.innerWidth - overlayMin - launcherW - chrome;
      const availH = window.innerHeight - (r0.top - app.top) - 8;
      s = Math.max(1, Math.floor(Math.min(availW / 640, availH / 480)));
    }
    root.setProperty('--screen-w', `${640 * s}px`);
    root.setProperty('--screen-h', `${480 * s}px`);
    root.setProperty('--body-w', `${640 * s}px`);
    root.setProperty('--body-h', `${480 * s}px`);
    const r = slot.getBoundingClientRect();
    root.setProperty('--slot-x', `${Math.round(r.left - app.left)}px`);
    root.setProperty('--slot-y', `${Math.round(r.top - app.top)}px`);
  }
  // An embed (embed.html) sizes its picture itself (embed.js): the app's layout stays out.
  if (!$('app').classList.contains('embed')) {
    window.addEventListener('resize', layout);
    // The slot moves when what is above it changes height (the toolbar wraps when buttons
    // are added, fonts load): the canvas must follow it, or the picture and the slot part.
    if (window.ResizeObserver) {
      const ro = new ResizeObserver(() => layout());
      ro.observe(document.querySelector('#app > header'));
      ro.observe($('toolbar'));
    }
    layout();
  }

  // ---- boot ----
  // Milestones since navigation (ms), for the first-frame measurement.
  const timeline = window.x16scopeTimeline = { script: performance.now() };
  async function boot() {
    const params = new URLSearchParams(location.search);
    const pending = prefetch(params);
    // Links made for the official web emulator (weblinks.js): ?manifest= is fetched now too.
    const links = window.x16scopeWebLinks;
    if (links) links.start(params, fetchBytes);
    const romStored = params.get('rom') ? Promise.resolve(undefined) : storedROM();
    // The site's default ROM is fetched while the wasm compiles, unless the visitor has a ROM.
    const wantDefault = defaultROM && !params.get('rom');
    if (wantDefault && !romFlagSet()) fetchDefaultROM();
    const ready = new Promise((resolve) => document.addEventListener('x16scope-ready', resolve, { once: true }));
    const goRuntime = new Go();
    let result;
    try {
      const res = await fetch('x16scope.wasm');
      if (!res.ok) throw new Error(`x16scope.wasm: HTTP ${res.status} ${res.statusText}`);
      if ((res.headers.get('Content-Type') || '').split(';')[0].trim() === 'application/wasm') {
        result = await WebAssembly.instantiateStreaming(res, goRuntime.importObject);
      } else {
        // A static host that does not know .wasm (instantiateStreaming refuses any other
        // type): compile from the whole download instead, slower to start but the same.
        result = await WebAssembly.instantiate(await res.arrayBuffer(), goRuntime.importObject);
      }
    } catch (e) {
      $('status').textContent = `could not start the emulator: ${e.message || e} (the page needs x16scope.wasm beside it: make run, or a release's web folder)`;
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
    publishAPI();
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
    // ?rtc= first: the machines the ROM and the files start on power on with it.
    const rtc = params.get('rtc');
    if (rtc !== null) {
      try {
        const set = call('setRTC', rtc);
        showRTC(rtc.trim().toLowerCase() === 'host' ? 'host' : set);
      } catch (e) {
        showError(`?rtc=${rtc}: ${e.message.replace(/^setRTC: /, '')}`);
      }
    }
    // ?ram= and ?keymap= (or the layout kept in this browser), before the ROM and the
    // programs start: the machines they build have that RAM and layout.
    if (links) {
      try { links.machine({ call, showError, showNotice }, location.search); } catch (e) { showError(e.message || String(e)); }
    }
    const rom = await romStored;
    if (rom) {
      try {
        call('loadROM', new Uint8Array(rom));
        $('btn-forget-rom').hidden = false;
      } catch (e) {
        showError(`stored ROM: ${e.message}`);
        if (wantDefault) await startDefaultROM();
      }
    } else if (wantDefault) {
      await startDefaultROM();
    }
    timeline.romChecked = performance.now();
    await loadFromURL(params, pending);
    if (links) {
      try { await links.open(); } catch (e) { showError(e.message || String(e)); }
    }
    timeline.loaded = performance.now();
    // Scripts that come after this one may run after the event (a cached wasm boots before
    // they arrive): they check x16scopeLoaded first.
    window.x16scopeLoaded = true;
    document.dispatchEvent(new Event('x16scope-loaded'));
  }
  boot();
})();
