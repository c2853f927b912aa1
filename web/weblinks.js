// x16scope page: links made for the official web emulator (X16Community/x16-emulator,
// webassembly/main.js) and the machine's settings. ?manifest=URL (a folder holding
// manifest.json, or a .zip, .prg or .bas), ?ram=KB, ?keymap=NAME and ?capture open here as
// there (docs/WEB-LINKS.md); the RAM and Keyboard pickers set the same two settings. Go reads
// the parameters and the manifest and decides everything (session/weblink.go: webLink,
// openWebLink, setMachine); this file fetches bytes and fills the pickers. app.js calls
// start() when the page loads, machine() once Go is up, open() after its own parameters.
'use strict';

(() => {
  const $ = (id) => document.getElementById(id);
  const keymapKey = 'x16scope-keymap'; // the layout chosen in the picker, kept in this browser
  const maxResources = 4096;
  const programExts = ['.zip', '.prg', '.bas'];

  function storedKeymap() { try { return localStorage.getItem(keymapKey) || ''; } catch (e) { return ''; } }
  function storeKeymap(v) { try { localStorage.setItem(keymapKey, v); } catch (e) { /* not kept */ } }
  const extOf = (name) => { const m = /\.[^./]*$/.exec(name.toLowerCase()); return m ? m[0] : ''; };
  // The base name, as the official page names every file it writes (/^.*[\\/]/ removed).
  const baseName = (s) => s.replace(/^.*[\\/]/, '');

  // The file name a Content-Disposition header gives (the official page reads it first, so
  // a download link whose URL has no extension still opens).
  function dispositionName(h) {
    if (!h) return '';
    const utf8 = /filename\*=UTF-8''([\w%\-.]+)(?:; ?|$)/i.exec(h);
    if (utf8) { try { return decodeURIComponent(utf8[1]); } catch (e) { return ''; } }
    const i = h.toLowerCase().indexOf('filename=');
    if (i < 0) return '';
    const m = /^filename=(["']?)(.*?[^\\])\1(?:; ?|$)/i.exec(h.slice(i));
    return m ? m[2] : '';
  }

  // fetchManifest gets what ?manifest= names: {files: [{name, bytes}], manifest?: text,
  // problems: [...]}. A URL ending in .zip, .prg or .bas is that file; any other is a
  // folder, whose manifest.json lists the files (resources, relative to the folder).
  async function fetchManifest(url, fetchBytes) {
    let abs;
    try { abs = new URL(url, location.href); } catch (e) { throw new Error(`${url} is not a URL`); }
    const name = baseName(abs.pathname);
    if (programExts.includes(extOf(name))) return { files: [{ name, bytes: await fetchBytes(abs.href) }], problems: [] };
    try {
      const res = await fetch(abs);
      const fn = res.ok ? baseName(dispositionName(res.headers.get('Content-Disposition'))) : '';
      if (fn && programExts.includes(extOf(fn))) return { files: [{ name: fn, bytes: new Uint8Array(await res.arrayBuffer()) }], problems: [] };
    } catch (e) { /* a folder URL need not answer: its manifest.json must */ }
    const base = url.endsWith('/') ? url : `${url}/`;
    const text = new TextDecoder().decode(await fetchBytes(`${base}manifest.json`));
    let list = [];
    try {
      const j = JSON.parse(text);
      if (j && Array.isArray(j.resources)) list = j.resources.filter((r) => typeof r === 'string');
    } catch (e) { /* Go says what is wrong with it */ }
    const problems = [];
    if (list.length > maxResources) {
      problems.push(`manifest.json lists ${list.length} files; the first ${maxResources} are loaded`);
      list = list.slice(0, maxResources);
    }
    const got = await Promise.all(list.map(async (r) => {
      try {
        return { name: baseName(r), bytes: await fetchBytes(base + r) };
      } catch (e) {
        problems.push(`${r}: ${e.message || e}`);
        return null;
      }
    }));
    return { files: got.filter(Boolean), manifest: text, problems };
  }

  let pending = null; // the manifest's fetch, begun with the page
  let ctx = null; // app.js's call, showError, showNotice

  // ---- the pickers ----
  const ramSizes = [512, 1024, 1536, 2048];
  const ramLabel = (kb) => (kb >= 1024 ? `${kb / 1024} MB` : `${kb} KB`);
  function showMachine(st) {
    const ram = $('ram');
    const kb = String(st.ramKB);
    if (ram) {
      if (![...ram.options].some((o) => o.value === kb)) ram.add(new Option(ramLabel(st.ramKB), kb));
      ram.value = kb;
    }
    if ($('keymap')) $('keymap').value = st.keymap;
  }
  function setMachine(ramKB, keymap) {
    const r = JSON.parse(ctx.call('setMachine', ramKB, keymap));
    showMachine(r);
    return r;
  }
  function bindPickers() {
    const ram = $('ram');
    const km = $('keymap');
    if (!ram || !km) return;
    if (ram.options.length === 0) for (const kb of ramSizes) ram.add(new Option(ramLabel(kb), String(kb)));
    if (km.options.length === 0) for (const n of JSON.parse(ctx.call('keymaps'))) km.add(new Option(n, n));
    const change = () => {
      try {
        setMachine(Number(ram.value), km.value);
        storeKeymap(km.value);
      } catch (e) {
        ctx.showError(e.message);
      }
    };
    ram.addEventListener('change', change);
    km.addEventListener('change', change);
    // An opened capture brings its machine: the pickers show it.
    document.addEventListener('x16scope-capture-opened', () => {
      try { showMachine(JSON.parse(ctx.call('status'))); } catch (e) { /* not up */ }
    });
  }

  window.x16scopeWebLinks = {
    // start begins fetching ?manifest='s files while the wasm compiles.
    start(params, fetchBytes) {
      const url = (params.get('manifest') || '').trim();
      if (!url) return;
      pending = fetchManifest(url, fetchBytes);
      pending.catch(() => {}); // reported by open
    },
    // machine applies ?ram= and ?keymap= (else the layout kept in this browser) before the
    // ROM and the programs start, and reports bad values; it returns the parsed link.
    machine(c, query) {
      ctx = c;
      const link = JSON.parse(ctx.call('webLink', query));
      bindPickers();
      const st = JSON.parse(ctx.call('status'));
      const stored = storedKeymap();
      let keymap = link.keymap >= 0 ? JSON.parse(ctx.call('keymaps'))[link.keymap] : stored || st.keymap;
      try {
        setMachine(link.ramKB || st.ramKB, keymap);
      } catch (e) {
        ctx.showError(`keyboard layout ${keymap}: ${e.message}`); // a stale stored name
        setMachine(link.ramKB || st.ramKB, st.keymap);
      }
      this.link = link;
      return link;
    },
    // open loads what ?manifest= names, after app.js's own parameters.
    async open() {
      const link = this.link;
      if (!link) return;
      for (const e of link.errors || []) ctx.showError(e); // after app.js's loads, which clear older ones
      const notes = [...(link.notes || [])];
      let capture = link.capture;
      if (pending) {
        try {
          const got = await pending;
          for (const p of got.problems || []) ctx.showError(`?manifest=: ${p}`);
          if (got.files.length === 0 && got.manifest === undefined) throw new Error('nothing to load');
          const args = got.manifest === undefined ? [got.files] : [got.files, got.manifest];
          const r = JSON.parse(ctx.call('openWebLink', ...args));
          showMachine(r);
          notes.unshift(r.summary, ...(r.notes || []));
          capture = capture || r.capture;
        } catch (e) {
          ctx.showError(`?manifest=${link.manifest}: ${(e.message || String(e)).replace(/^openWebLink(\(files, manifest\?\))?: (bad file: )?/, '')}`);
        }
      }
      if (capture) {
        // The official emulator starts with the mouse and keyboard captured. Here the
        // keyboard goes to the X16 at once; the browser lets the mouse be captured only on a
        // click, which the screen does (Esc releases it).
        const canvas = document.querySelector('body > canvas');
        if (canvas) canvas.focus();
        notes.push('capture: the keyboard is the X16\'s; click the screen to capture the mouse (Esc releases it)');
      }
      if (notes.length) ctx.showNotice(notes.filter(Boolean).join('; '));
    },
  };
})();
