// "Copy embed code" in the app: the HTML that embeds the current program (by its URL) or
// the current capture in another page (README, "Embedding"). It adds its own button to
// the toolbar and its own panel; the only hook in index.html is this script's tag.
'use strict';

(() => {
  const toolbar = document.getElementById('toolbar');
  if (!toolbar) return;
  const btn = document.createElement('button');
  btn.id = 'btn-embed-code';
  btn.type = 'button';
  btn.textContent = 'Copy embed code';
  btn.title = 'HTML that shows this program (by its URL) or this capture live in another page';
  (document.getElementById('toolbar-extra') || toolbar).append(btn);

  const panel = document.createElement('section');
  panel.id = 'embed-code';
  panel.hidden = true;
  panel.setAttribute('aria-label', 'embed code');
  panel.innerHTML = `<div class="embed-code-head"><b>Embed in a page</b>
      <label>overlay <select id="embed-code-overlay">
        <option>none</option><option selected>bars</option><option>heatmap</option><option>both</option><option>timeline</option></select></label>
      <button type="button" id="embed-code-close" aria-label="close">×</button></div>
    <p id="embed-code-note"></p>
    <div id="embed-code-body">
      <p>iframe: <button type="button" data-copy="embed-code-iframe">Copy</button></p>
      <textarea id="embed-code-iframe" readonly rows="3"></textarea>
      <p>or the <code>&lt;x16-scope&gt;</code> element: <button type="button" data-copy="embed-code-element">Copy</button></p>
      <textarea id="embed-code-element" readonly rows="3"></textarea>
    </div>`;
  const style = document.createElement('style');
  style.textContent = `#embed-code { position: absolute; z-index: 6; right: 12px; top: 84px; width: min(620px, calc(100vw - 40px));
      background: var(--panel, #181b21); border: 1px solid var(--accent, #5ab0ff); border-radius: 4px; padding: 8px 10px;
      pointer-events: auto; font-size: 13px; box-shadow: 0 4px 18px rgba(0,0,0,.5); }
    #embed-code[hidden] { display: none; }
    #embed-code .embed-code-head { display: flex; gap: 12px; align-items: center; }
    #embed-code .embed-code-head b { flex: 1; }
    #embed-code p { margin: 6px 0 2px; }
    #embed-code textarea { width: 100%; box-sizing: border-box; font: 12px/1.35 ui-monospace, monospace; background: #0b0c0f;
      color: inherit; border: 1px solid var(--line, #2a2f38); resize: vertical; }
    #embed-code button { background: #262b34; color: inherit; border: 1px solid var(--line, #2a2f38); border-radius: 4px; cursor: pointer; }
    #embed-code-note.bad { color: var(--warn, #ffb13b); }`;
  document.head.append(style);
  (document.getElementById('app') || document.body).append(panel);
  const $ = (id) => document.getElementById(id);

  // What the page was opened with: the program named by ?prg= or ?zip= is "current" only
  // while the machine still runs it (a dropped file replaces it and has no URL).
  let urlProgram = null;
  // app.js may have booted before this script ran (x16scopeLoaded), else it says when.
  const noteProgram = () => { if (window.x16scope) urlProgram = window.x16scope.status().program; };
  if (window.x16scopeLoaded) noteProgram(); else document.addEventListener('x16scope-loaded', noteProgram, { once: true });

  const attr = (s) => String(s).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

  // source returns {key, value, what} for the current program or capture, or {problem}.
  function source() {
    const q = new URLSearchParams(location.search);
    const st = window.x16scope ? window.x16scope.status() : null;
    const same = st && urlProgram !== null && st.program === urlProgram;
    if (q.get('c') && same) return { key: 'c', attr: 'capture', value: q.get('c'), what: `capture ${q.get('c')}` };
    for (const key of ['zip', 'prg']) {
      if (!q.get(key) || !same) continue;
      let url;
      try { url = new URL(q.get(key), location.href); } catch (e) { continue; }
      if (url.protocol !== 'http:' && url.protocol !== 'https:') continue;
      return { key, attr: key === 'prg' ? 'src' : 'zip', value: url.href, what: url.href };
    }
    if (st && st.program) {
      return { problem: `${st.program} was opened from a file, so there is no address to embed. Put it on a web server ` +
        `(one that sends Access-Control-Allow-Origin if it is not this site) and open x16scope with ?prg=ITS-URL, ` +
        `or share it as a capture; the code below has a placeholder.`, key: 'prg', attr: 'src', value: 'https://example.org/your-program.prg' };
    }
    return { problem: 'No program is loaded: open one by URL (?prg=...) first; the code below has a placeholder.',
      key: 'prg', attr: 'src', value: 'https://example.org/your-program.prg' };
  }

  function snippets(src, overlay) {
    const base = new URL('.', location.href).href;
    const fps = window.x16scope ? window.x16scope.status().targetFps : 60;
    // The page's clock start (its Clock control) goes with the code, unless it is the default.
    const rtcSel = document.getElementById('rtc');
    const rtc = rtcSel && rtcSel.value !== 'stopped' ? rtcSel.value : '';
    // So do its RAM size and keyboard layout (the RAM and Keyboard pickers), unless the defaults.
    const st = window.x16scope ? window.x16scope.status() : {};
    const ram = st.ramKB && st.ramKB !== 512 ? String(st.ramKB) : '';
    const keymap = st.keymap && st.keymap !== 'en-us' ? st.keymap : '';
    const q = new URLSearchParams({ [src.key]: src.value });
    if (fps !== 60) q.set('fps', String(fps));
    if (rtc) q.set('rtc', rtc);
    if (ram) q.set('ram', ram);
    if (keymap) q.set('keymap', keymap);
    if (overlay !== 'none') q.set('overlay', overlay);
    const charts = { none: 0, bars: 1, heatmap: 1, both: 2, timeline: 1 }[overlay];
    const h = 480 + 96 * charts + 2 * Math.max(charts - 1, 0);
    const iframe = `<iframe src="${attr(`${base}embed.html?${q}`)}" width="640" height="${h}" style="border:0;max-width:100%" ` +
      `title="x16scope" allow="autoplay; fullscreen; gamepad"></iframe>`;
    let el = `<x16-scope ${src.attr}="${attr(src.value)}"`;
    if (fps !== 60) el += ` fps="${fps}"`;
    if (rtc) el += ` rtc="${attr(rtc)}"`;
    if (ram) el += ` ram="${ram}"`;
    if (keymap) el += ` keymap="${attr(keymap)}"`;
    if (overlay !== 'none') el += ` overlay="${overlay}"`;
    el += '></x16-scope>';
    const element = `<script src="${attr(`${base}x16scope-embed.js`)}" defer></` + `script>\n${el}`;
    return { iframe, element };
  }

  function fill() {
    const src = source();
    const s = snippets(src, $('embed-code-overlay').value);
    $('embed-code-iframe').value = s.iframe;
    $('embed-code-element').value = s.element;
    const note = $('embed-code-note');
    note.textContent = src.problem || `Embeds ${src.what}.`;
    note.classList.toggle('bad', !!src.problem);
    return !src.problem;
  }

  async function copy(id) {
    const ta = $(id);
    try {
      await navigator.clipboard.writeText(ta.value);
      return true;
    } catch (e) {
      // No clipboard permission (or not a secure context): select it for Ctrl+C.
      ta.focus();
      ta.select();
      return false;
    }
  }

  btn.addEventListener('click', async () => {
    // Below the toolbar, which wraps onto more lines as buttons are added.
    panel.style.top = `${Math.round(toolbar.getBoundingClientRect().bottom + window.scrollY + 6)}px`;
    panel.hidden = false;
    const ok = fill();
    if (!ok) return;
    const copied = await copy('embed-code-iframe');
    btn.textContent = copied ? 'Copied ✓' : 'Copy embed code';
    $('embed-code-note').textContent += copied ? ' The iframe code is on the clipboard.' : ' Press Ctrl+C to copy it.';
    if (copied) setTimeout(() => { btn.textContent = 'Copy embed code'; }, 2000);
  });
  panel.addEventListener('click', async (e) => {
    const id = e.target.getAttribute('data-copy');
    if (id) e.target.textContent = (await copy(id)) ? 'Copied ✓' : 'Ctrl+C';
  });
  $('embed-code-overlay').addEventListener('change', fill);
  $('embed-code-close').addEventListener('click', () => { panel.hidden = true; });
})();
