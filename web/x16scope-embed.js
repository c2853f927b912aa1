// <x16-scope>: x16scope in a documentation page without iframe markup (README, "Embedding").
//
//   <script src="https://YOUR-X16SCOPE-HOST/x16scope-embed.js" defer></script>
//   <x16-scope src="demo.prg" fps="60" overlay="bars"></x16-scope>
//
// Each element is its own sandbox: it makes a shadow root holding an iframe of embed.html
// (next to this script) with the attributes as parameters. The emulator (Go's wasm, its
// globals, its styles) lives in that iframe, so several elements on one page are
// independent and nothing reaches the host page's globals or styles; this script defines
// the element and nothing else. The iframe is created when the element comes near the
// viewport, so a long page does not start every emulator at once.
//
// Attributes: src (a .prg URL, relative to the page), zip, start (with zip: the program of
// a collection to run, e.g. GAMES/BRIXX/BRIXX.PRG), capture, sdcard (an SD card image, .img
// or one in a .zip or .gz, that the machine boots from), rom (a ROM image's URL:
// the emulator starts on it instead of the site's default or the built-in ROM), fps, rtc
// (the real-time clock at power-on: stopped, the default, host or 2026-12-07T12:00:00), ram (the
// banked RAM in KB: 512 to 2048), keymap (the keyboard layout: en-us, de, fr...), overlay
// (bars|heatmap|both|timeline|none; timeline: the call profile of the frame it paused on), autoplay, scale (1-4: the picture's largest whole-number scale
// and the element's default width, 640 x scale pixels), embed (embed.html's URL, when not
// next to this script).
// Methods (each returns a Promise of the embed's answer): start(), pause(), reset(),
// load(url | {prg | zip | capture | bytes, name}), perfStats(), status(), hostStats(),
// framesCSV(), timeline(frame?) and routines(frame?) (the call profile, as on the page), and
// time travel as on the page: seek(frame), stepBack(), stepFrame() (each
// holds the embed paused and answers its status) and capture(frame?) (a Uint8Array).
// Events on the element: x16scope-ready, x16scope-state, x16scope-firstframe,
// x16scope-error (each with the embed's detail).
(() => {
  'use strict';
  if (!window.customElements || customElements.get('x16-scope')) return;
  const here = document.currentScript && document.currentScript.src ? document.currentScript.src : location.href;
  const chartCount = { bars: 1, heatmap: 1, both: 2, timeline: 1 };
  const sourceAttrs = ['src', 'zip', 'capture', 'sdcard'];
  const attrs = [...sourceAttrs, 'start', 'rom', 'fps', 'rtc', 'ram', 'keymap', 'overlay', 'autoplay', 'scale', 'embed'];

  class X16Scope extends HTMLElement {
    static get observedAttributes() { return attrs; }

    constructor() {
      super();
      this._root = this.attachShadow({ mode: 'open' });
      this._frame = null;
      this._origin = '';
      this._queue = []; // requests waiting for the embed to listen
      this._listening = false;
      this._pending = new Map(); // request id -> {resolve, reject}
      this._nextId = 1;
      this._onMessage = (e) => this._message(e);
      this._near = null;
      this._live = false; // between connectedCallback and disconnectedCallback
    }

    connectedCallback() {
      this._live = true;
      window.addEventListener('message', this._onMessage);
      this._render();
    }

    disconnectedCallback() {
      this._live = false;
      window.removeEventListener('message', this._onMessage);
      if (this._near) this._near.disconnect();
      this._near = null;
      this._drop(new Error('the x16-scope element was removed from the page'));
      this._root.replaceChildren();
      this._frame = null;
    }

    attributeChangedCallback(name, before, after) {
      // (An element upgraded in place gets these for its attributes before connectedCallback.)
      if (before === after || !this._live) return;
      // A new program or setting is a new embed: the old machine goes away with its iframe.
      this._drop(new Error(`${name} changed`));
      this._root.replaceChildren();
      this._frame = null;
      this._render();
    }

    // ---- methods ----
    start() { return this._send('start'); }
    pause() { return this._send('pause'); }
    reset() { return this._send('reset'); }
    load(what) {
      let args = what;
      if (typeof what === 'string') args = { prg: this._abs(what) };
      else if (what && typeof what === 'object' && !ArrayBuffer.isView(what) && !(what instanceof ArrayBuffer)) {
        args = { ...what };
        if (typeof args.prg === 'string') args.prg = this._abs(args.prg);
        if (typeof args.zip === 'string') args.zip = this._abs(args.zip);
      } else {
        args = { bytes: what };
      }
      return this._send('load', args);
    }
    perfStats() { return this._send('perfStats'); }
    status() { return this._send('status'); }
    hostStats() { return this._send('hostStats'); }
    framesCSV() { return this._send('framesCSV'); }
    timeline(frame) { return this._send('timeline', frame); }
    routines(frame) { return this._send('routines', frame); }
    seek(frame) { return this._send('seek', frame); }
    stepBack() { return this._send('stepBack'); }
    stepFrame() { return this._send('stepFrame'); }
    capture(frame) { return this._send('capture', frame); }

    // ---- the shadow root: styles and the iframe ----
    _render() {
      const scale = /^[1-4]$/.test(this.getAttribute('scale') || '') ? +this.getAttribute('scale') : 1;
      const charts = chartCount[this.getAttribute('overlay')] || 0;
      const style = document.createElement('style');
      // The embed shows the picture at 1x in 640 x (480 + 96 per chart): the element keeps
      // that shape at any width.
      style.textContent = `:host { display: block; width: ${640 * scale}px; max-width: 100%; contain: content; }
        :host([hidden]) { display: none; }
        .box { position: relative; width: 100%; aspect-ratio: 640 / ${480 + 96 * charts + 2 * Math.max(charts - 1, 0)}; background: #000; }
        iframe { position: absolute; inset: 0; width: 100%; height: 100%; border: 0; display: block; }`;
      const box = document.createElement('div');
      box.className = 'box';
      box.setAttribute('part', 'box');
      this._root.replaceChildren(style, box);
      if (this._near) this._near.disconnect();
      // The iframe (and so the emulator) is made only when the element is near the
      // viewport; a request (start(), load(), ...) makes it at once.
      this._near = new IntersectionObserver((entries) => {
        if (entries.some((e) => e.isIntersecting)) this._ensureFrame();
      }, { rootMargin: '200px' });
      this._near.observe(this);
    }

    _embedURL() {
      const q = new URLSearchParams();
      const map = { src: 'prg', zip: 'zip', start: 'start', capture: 'c', sdcard: 'sdcard', rom: 'rom', fps: 'fps', rtc: 'rtc', ram: 'ram', keymap: 'keymap', overlay: 'overlay', scale: 'scale' };
      for (const [attr, key] of Object.entries(map)) {
        const v = this.getAttribute(attr);
        if (v === null) continue;
        q.set(key, ['src', 'zip', 'rom', 'sdcard'].includes(attr) ? this._abs(v) : v);
      }
      if (this.hasAttribute('autoplay') && !['0', 'false'].includes(this.getAttribute('autoplay'))) q.set('autoplay', '1');
      let base;
      try { base = new URL(this.getAttribute('embed') || 'embed.html', here); } catch (e) { base = new URL('embed.html', here); }
      // An embed on another origin than this page answers this page only when told to.
      if (base.origin !== location.origin && location.origin !== 'null') q.set('origin', location.origin);
      base.search = q.toString();
      return base;
    }

    _abs(url) {
      try { return new URL(url, document.baseURI).href; } catch (e) { return url; }
    }

    _ensureFrame() {
      if (this._frame) return this._frame;
      if (this._near) { this._near.disconnect(); this._near = null; }
      const url = this._embedURL();
      this._origin = url.origin;
      this._listening = false;
      const f = document.createElement('iframe');
      f.title = this.getAttribute('title') || 'x16scope: Commander X16 emulator';
      f.setAttribute('allow', 'autoplay; fullscreen; gamepad');
      f.src = url.href;
      this._root.querySelector('.box').append(f);
      this._frame = f;
      return f;
    }

    // ---- messages ----
    _send(cmd, args) {
      return new Promise((resolve, reject) => {
        if (!this._live) { reject(new Error('the x16-scope element is not in the page')); return; }
        const id = this._nextId++;
        this._pending.set(id, { resolve, reject });
        this._queue.push({ type: 'x16scope', cmd, id, args });
        this._ensureFrame();
        this._flush();
      });
    }

    _flush() {
      if (!this._listening || !this._frame || !this._frame.contentWindow) return;
      for (const msg of this._queue.splice(0)) this._frame.contentWindow.postMessage(msg, this._origin);
    }

    _drop(err) {
      for (const p of this._pending.values()) p.reject(err);
      this._pending.clear();
      this._queue.length = 0;
      this._listening = false;
    }

    _message(e) {
      if (!this._frame || e.source !== this._frame.contentWindow || e.origin !== this._origin) return;
      const d = e.data;
      if (!d || d.type !== 'x16scope') return;
      if (d.reply !== undefined) {
        const p = this._pending.get(d.id);
        if (!p) return;
        this._pending.delete(d.id);
        if (d.ok) p.resolve(d.result); else p.reject(new Error(d.error));
        return;
      }
      if (d.event === 'hello') {
        this._listening = true;
        this._flush();
        return;
      }
      if (typeof d.event === 'string') this.dispatchEvent(new CustomEvent(`x16scope-${d.event}`, { detail: d.detail }));
    }
  }

  customElements.define('x16-scope', X16Scope);
})();
