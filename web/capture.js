// x16scope captures on the page: the Capture button, permalinks (/?c=ID through the share
// service, or #c=... carrying the capture itself on a static host), and the JS API
// x16scope.capture(frame?) / x16scope.loadCapture(bytes) / x16scope.share(frame?). The
// capture file is made and opened in Go (cmd/wasm/api_capture_js.go); this file moves bytes and links.
'use strict';

(() => {
  const $ = (id) => document.getElementById(id);
  // A capture rides in the URL fragment up to this size; bigger ones are downloaded.
  const fragmentLimit = 64 * 1024;

  function banner(msg) {
    const b = $('banner');
    if (!b) return;
    $('banner-text').textContent = msg;
    b.hidden = false;
  }

  // base64url without padding, in chunks (String.fromCharCode takes limited arguments).
  function toB64url(bytes) {
    let s = '';
    for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
    return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  }
  function fromB64url(text) {
    const s = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    const b = new Uint8Array(s.length);
    for (let i = 0; i < s.length; i++) b[i] = s.charCodeAt(i);
    return b;
  }

  function go() { return window.x16scopeGo; }

  // capture(frame?): any completed frame of the window (default: the selected one, else the
  // newest). The Go side checks the argument.
  function capture(...args) {
    const r = go().captureFrame(...args);
    if (r instanceof Error) throw r;
    return r;
  }

  // loadCapture passes its arguments through: the Go side checks them (a Uint8Array or an
  // ArrayBuffer, nothing more) and names what is wrong.
  function loadCapture(...args) {
    const r = go().loadCapture(...args);
    if (r instanceof Error) throw r;
    return JSON.parse(r); // the Go side dispatched x16scope-capture-opened
  }

  // share captures a frame (default: the selected one) and makes a link: through the share
  // service when the page's server has one, else in the URL fragment (small captures) or as
  // a file.
  async function share(...args) {
    const bytes = capture(...args);
    const base = location.origin + location.pathname;
    try {
      const res = await fetch('api/captures', { method: 'POST', body: bytes, headers: { 'Content-Type': 'application/octet-stream' } });
      const type = res.headers.get('Content-Type') || '';
      if (type.startsWith('application/json')) {
        const out = await res.json();
        if (res.ok && out.id) return { mode: 'service', id: out.id, url: `${base}?c=${out.id}`, size: bytes.length };
        if (res.status !== 404 && res.status !== 405) throw new Error(out.error || `upload failed (${res.status})`);
      }
    } catch (e) {
      if (!(e instanceof TypeError)) throw e; // TypeError: no server to talk to
    }
    if (bytes.length <= fragmentLimit) {
      return { mode: 'fragment', url: `${base}#c=${toB64url(bytes)}`, size: bytes.length };
    }
    const blob = new Blob([bytes], { type: 'application/octet-stream' });
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = 'x16scope-capture.x16c';
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60000);
    return { mode: 'download', url: '', size: bytes.length };
  }

  // The panel under the toolbar that shows the link.
  function showShare(r) {
    let panel = $('share-panel');
    if (!panel) {
      panel = document.createElement('div');
      panel.id = 'share-panel';
      panel.setAttribute('role', 'status');
      const toolbar = $('toolbar');
      toolbar.parentNode.insertBefore(panel, toolbar.nextSibling);
    }
    panel.textContent = '';
    const kb = (r.size / 1024).toFixed(1);
    if (r.mode === 'download') {
      panel.textContent = `Capture saved as a file (${kb} KB, too big for a link without the share service): drop it on x16scope to open it.`;
      return;
    }
    panel.append(r.mode === 'service' ? `Capture shared (${kb} KB): ` : `Capture link (${kb} KB, the capture is in the link): `);
    const a = document.createElement('a');
    a.id = 'share-link';
    a.href = r.url;
    a.target = '_blank';
    a.rel = 'noopener';
    a.textContent = r.mode === 'service' ? r.url : `${r.url.slice(0, 60)}…`;
    panel.append(a, ' ');
    const copy = document.createElement('button');
    copy.textContent = 'Copy link';
    copy.addEventListener('click', () => navigator.clipboard && navigator.clipboard.writeText(r.url));
    panel.append(copy);
  }

  // Opening a permalink: ?c=ID from the share service, #c=... carrying the capture.
  async function openFromURL() {
    const id = new URLSearchParams(location.search).get('c');
    if (id) {
      const res = await fetch(`api/captures/${encodeURIComponent(id)}`);
      if (!res.ok) {
        let msg = `capture ${id}: ${res.status}`;
        try { msg = `capture ${id}: ${(await res.json()).error}`; } catch (e) { /* not JSON */ }
        throw new Error(msg);
      }
      return loadCapture(new Uint8Array(await res.arrayBuffer()));
    }
    const m = location.hash.match(/^#c=([A-Za-z0-9_-]+)$/);
    if (m) return loadCapture(fromB64url(m[1]));
    return null;
  }

  let resolveReady;
  window.x16scopeCapture = { ready: new Promise((r) => { resolveReady = r; }) };

  // app.js may have booted before this script ran (x16scopeLoaded), else it says when.
  const whenLoaded = (f) => (window.x16scopeLoaded ? f() : document.addEventListener('x16scope-loaded', f, { once: true }));
  whenLoaded(async () => {
    Object.assign(window.x16scope, { capture, loadCapture, share });
    const btn = $('btn-capture');
    if (btn) {
      btn.addEventListener('click', async () => {
        try { showShare(await share()); } catch (e) { banner(`capture: ${e.message || e}`); }
      });
    }
    let opened = null;
    try {
      opened = await openFromURL();
    } catch (e) {
      banner(e.message || String(e));
    }
    resolveReady(opened);
  });
})();
