//go:build js && wasm

// Package jsapi turns Go functions into the functions of the page's JavaScript API so that
// no call from JavaScript can stop the Go program: every argument is checked (type, range,
// count) against the function's signature, a bad one is returned to JavaScript as an Error
// that names the function, the argument and what was expected, and a panic inside a function
// is recovered, reported on the page, and returned as an Error too. A panic that escaped a
// js.FuncOf callback would end the Go program and every later call would fail with "Go
// program has already exited".
package jsapi

import (
	"fmt"
	"runtime/debug"
	"sort"
	"strings"
	"syscall/js"
)

// Func is one API function. It reads its arguments through Args (a bad one stops it there
// and becomes the call's Error) and returns a result (nil, a string, a number, a bool,
// []byte as a Uint8Array, or a js.Value) or an error.
type Func func(a *Args) (any, error)

// Registry collects API functions and publishes them as one JavaScript object.
type Registry struct {
	funcs map[string]js.Func
	sigs  map[string]string
	// Report is called with a message when a function panicked (the page shows it).
	Report func(msg string)
	// Version names the build in that message, for the bug report it asks for.
	Version string
}

// New makes an empty registry.
func New() *Registry {
	return &Registry{funcs: map[string]js.Func{}, sigs: map[string]string{}}
}

// Add registers f under the signature sig, "name(a, b, c?)": the name, then the
// arguments' names, those that may be left out marked with "?". The names are what error
// messages call the arguments; a call with more arguments than listed is refused.
func (r *Registry) Add(sig string, f Func) {
	name, params := parseSig(sig)
	if _, dup := r.funcs[name]; dup {
		panic("jsapi: " + name + " registered twice")
	}
	required := 0
	for i, p := range params {
		if !strings.HasSuffix(p, "?") {
			required = i + 1
		}
	}
	r.sigs[name] = sig
	r.funcs[name] = js.FuncOf(func(this js.Value, args []js.Value) any {
		return r.call(name, sig, params, required, f, args)
	})
}

// Names lists the registered functions' names, sorted.
func (r *Registry) Names() []string {
	names := make([]string, 0, len(r.funcs))
	for n := range r.funcs {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// Object is a JavaScript object holding every registered function.
func (r *Registry) Object() js.Value {
	o := js.Global().Get("Object").New()
	for name, f := range r.funcs {
		o.Set(name, f)
	}
	sigs := js.Global().Get("Object").New()
	for name, s := range r.sigs {
		sigs.Set(name, s)
	}
	o.Set("signatures", sigs)
	return o
}

// argError is how Args stops a function at a bad argument (recovered in call).
type argError struct{ msg string }

func (r *Registry) call(name, sig string, params []string, required int, f Func, args []js.Value) (result any) {
	defer func() {
		p := recover()
		if p == nil {
			return
		}
		if ae, ok := p.(argError); ok {
			result = jsError(sig + ": " + ae.msg)
			return
		}
		msg := fmt.Sprintf("internal error in %s: %v (the emulator carries on; please report it, with the version: x16scope %s)", name, p, r.Version)
		js.Global().Get("console").Call("error", msg+"\n"+string(debug.Stack()))
		if r.Report != nil {
			r.Report(msg)
		}
		result = jsError(msg)
	}()
	if len(args) > len(params) {
		return jsError(fmt.Sprintf("%s: takes at most %d argument%s, got %d", sig, len(params), plural(len(params)), len(args)))
	}
	if len(args) < required {
		return jsError(fmt.Sprintf("%s: %s is missing", sig, strings.TrimSuffix(params[len(args)], "?")))
	}
	a := &Args{params: params, v: args}
	v, err := f(a)
	if err != nil {
		return jsError(name + ": " + err.Error())
	}
	return toJS(v)
}

func toJS(v any) any {
	switch x := v.(type) {
	case nil:
		return js.Undefined()
	case []byte:
		u := js.Global().Get("Uint8Array").New(len(x))
		js.CopyBytesToJS(u, x)
		return u
	}
	return v
}

func jsError(msg string) js.Value { return js.Global().Get("Error").New(msg) }

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

func parseSig(sig string) (string, []string) {
	open := strings.IndexByte(sig, '(')
	if open <= 0 || !strings.HasSuffix(sig, ")") {
		panic("jsapi: bad signature " + sig)
	}
	name := sig[:open]
	inner := strings.TrimSpace(sig[open+1 : len(sig)-1])
	if inner == "" {
		return name, nil
	}
	params := strings.Split(inner, ",")
	for i := range params {
		params[i] = strings.TrimSpace(params[i])
	}
	return name, params
}
