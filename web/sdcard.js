// The SD card on the page: a "Download card image" button once the running machine has
// written to the card in VERA's slot (the file dropped is never changed: the changed image
// is offered as a new file), and the ?sdcard=URL parameter, which puts the image at URL in
// the slot once the page is up (after ?rom= and ?prg=: with no program the machine boots
// from the card). Dropping an image (.img, or one inside a .zip or .gz) needs nothing here:
// Go's loadFiles recognises it (cmd/wasm/api_card_js.go).
'use strict';

(() => {
  const $ = (id) => document.getElementById(id);
  const api = () => window.x16scope;

  // ---- the download ----
  const btn = document.createElement('button');
  btn.id = 'btn-card-download';
  btn.textContent = 'Download card image';
  btn.title = 'Save the SD card image as the program has changed it (the file you gave is not changed)';
  btn.hidden = true;
  const extra = $('toolbar-extra');
  if (extra) extra.append(btn);

  function info() {
    try { return JSON.parse(api().cardInfo()); } catch (e) { return {}; }
  }
  // The button shows while the card has changed blocks: a poll, as a write can come from any
  // instruction (cheap: Go counts the blocks written).
  setInterval(() => {
    if (!api() || typeof api().cardInfo !== 'function') return;
    btn.hidden = !(info().changed > 0);
  }, 500);

  function downloadName(name) {
    const base = (name || 'card.img').replace(/\.(gz|zip)$/i, '').replace(/\.img$/i, '');
    return `${base || 'card'}.img`;
  }
  btn.addEventListener('click', () => {
    let bytes;
    const card = info();
    try {
      bytes = api().cardImage();
    } catch (e) {
      if (window.x16scopeShowError) window.x16scopeShowError(`card image: ${e.message || e}`);
      return;
    }
    const url = URL.createObjectURL(new Blob([bytes], { type: 'application/octet-stream' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = downloadName(card.name);
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
  });

  // ---- ?sdcard=URL ----
  const param = new URLSearchParams(location.search).get('sdcard');
  if (!param) return;
  const started = performance.now();
  let abs;
  try { abs = new URL(param, location.href); } catch (e) { abs = null; }
  // Fetched at once, while the wasm compiles.
  const fetched = abs ? fetch(abs).then((res) => {
    if (!res.ok) throw new Error(`${abs.href}: HTTP ${res.status}${res.status === 404 ? ' (no such file)' : ''}`);
    return res.arrayBuffer();
  }, (e) => {
    throw new Error(abs.origin !== location.origin
      ? `${abs.href} could not be read: ${abs.host} does not allow this page to read it (CORS), or it is unreachable; download it and drop it here`
      : `${abs.href} could not be fetched: ${e.message || e}`);
  }) : Promise.reject(new Error(`${param} is not a URL`));
  fetched.catch(() => {}); // reported once the page is up
  function nameOf(u) {
    const p = u ? u.pathname : '';
    const base = p.substring(p.lastIndexOf('/') + 1) || 'card.img';
    return /\.(img|gz|zip)$/i.test(base) ? base : `${base}.img`;
  }
  async function insert() {
    try {
      const bytes = new Uint8Array(await fetched);
      const t = performance.now();
      const summary = api().loadCard(bytes, nameOf(abs));
      const n = $('notice-text');
      if (n && summary) { n.textContent = summary; $('notice').hidden = false; }
      // For the measurement (tests/browser/sdcard.test.mjs): from this script's start, and
      // the loadCard call alone.
      const tl = window.x16scopeTimeline;
      if (tl) { tl.sdcard = performance.now() - started; tl.sdcardLoad = performance.now() - t; }
      // a card holding a collection opens the launcher (launcher.js looks again)
      document.dispatchEvent(new Event('x16scope-files'));
    } catch (e) {
      if (window.x16scopeShowError) window.x16scopeShowError(`?sdcard=: ${(e.message || String(e)).replace(/^loadCard: (bad file: )?/, '')}`);
    }
  }
  if (window.x16scopeLoaded) insert();
  else document.addEventListener('x16scope-loaded', insert, { once: true });
})();
