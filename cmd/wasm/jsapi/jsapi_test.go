//go:build js && wasm

package jsapi

import (
	"errors"
	"strings"
	"syscall/js"
	"testing"
)

// These run under Node: GOOS=js GOARCH=wasm go test ./cmd/wasm/jsapi (make unit-js puts Go's
// go_js_wasm_exec on the PATH).

func testAPI(t *testing.T) (js.Value, *[]string) {
	t.Helper()
	reports := &[]string{}
	r := New()
	r.Version = "v9.9.9-test"
	r.Report = func(msg string) { *reports = append(*reports, msg) }
	r.Add("peek(addr, n?)", func(a *Args) (any, error) {
		addr, n := a.Int(0, 0, 0xFFFF), a.OptInt(1, 1, 0x10000, 1)
		b := make([]byte, n)
		b[0] = byte(addr)
		return b, nil
	})
	r.Add("setWarp(on)", func(a *Args) (any, error) { return a.Bool(0), nil })
	r.Add("setFps(fps)", func(a *Args) (any, error) { return a.Number(0, 1, 240), nil })
	r.Add("load(files)", func(a *Args) (any, error) { return len(a.Files(0)), nil })
	r.Add("named(text, name?)", func(a *Args) (any, error) { return a.String(0) + a.OptString(1, "!"), nil })
	r.Add("fails()", func(a *Args) (any, error) { return nil, errors.New("no program loaded") })
	r.Add("crash(i)", func(a *Args) (any, error) {
		var s []int
		return s[a.Int(0, 0, 10)], nil // index out of range: a real runtime panic
	})
	return r.Object(), reports
}

// errMsg is the message of an Error result, or "" for any other result.
func errMsg(v js.Value) string {
	if v.Type() == js.TypeObject && v.InstanceOf(js.Global().Get("Error")) {
		return v.Get("message").String()
	}
	return ""
}

func u8(b ...byte) js.Value {
	u := js.Global().Get("Uint8Array").New(len(b))
	js.CopyBytesToJS(u, b)
	return u
}

func obj(kv ...any) js.Value {
	o := js.Global().Get("Object").New()
	for i := 0; i < len(kv); i += 2 {
		o.Set(kv[i].(string), kv[i+1])
	}
	return o
}

func arr(v ...any) js.Value { return js.ValueOf(v) }

func TestBadArgumentsAreErrors(t *testing.T) {
	api, reports := testAPI(t)
	cases := []struct {
		fn   string
		args []any
		want string // in the Error's message
	}{
		{"peek", nil, "peek(addr, n?): addr is missing"},
		{"peek", []any{"12"}, `addr must be an integer from 0 to 65535 ($FFFF), got the string "12"`},
		{"peek", []any{-1}, "addr must be an integer from 0 to 65535 ($FFFF), got -1"},
		{"peek", []any{0x10000}, "got 65536"},
		{"peek", []any{1.5}, "got 1.5"},
		{"peek", []any{js.Global().Get("NaN")}, "got NaN"},
		{"peek", []any{0, 0}, "n must be an integer from 1 to 65536 ($10000), got 0"},
		{"peek", []any{0, js.Null()}, "n must be an integer from 1 to 65536 ($10000), got null"},
		{"peek", []any{0, 1, 2}, "peek(addr, n?): takes at most 2 arguments, got 3"},
		{"setWarp", nil, "on is missing"},
		{"setWarp", []any{1}, "on must be true or false, got 1"},
		{"setFps", []any{0}, "fps must be a number from 1 to 240, got 0"},
		{"setFps", []any{js.Global().Get("Infinity")}, "got +Inf"},
		{"setFps", []any{js.Global().Get("NaN")}, "got NaN"},
		{"load", []any{"x.prg"}, `files must be an array of {name, bytes} objects, got the string "x.prg"`},
		{"load", []any{arr()}, "files is an empty list"},
		{"load", []any{arr(5)}, "files[0] must be a {name, bytes} object, got 5"},
		{"load", []any{arr(obj("bytes", u8(1)))}, "files[0].name must be a file name, got nothing"},
		{"load", []any{arr(obj("name", "a.prg", "bytes", "abc"))}, `files[0].bytes must be a Uint8Array or an ArrayBuffer, got the string "abc"`},
		{"load", []any{arr(obj("name", "a.prg", "bytes", arr(1, 2)))}, "files[0].bytes must be a Uint8Array or an ArrayBuffer, got an array of 2"},
		{"named", []any{js.Global().Get("Object").New()}, "text must be a string, got an object"},
		{"named", []any{"a", u8(1)}, "name must be a string, got a Uint8Array"},
		{"fails", nil, "fails: no program loaded"},
	}
	for _, c := range cases {
		got := errMsg(api.Call(c.fn, c.args...))
		if !strings.Contains(got, c.want) {
			t.Errorf("%s%v: error %q, want it to contain %q", c.fn, c.args, got, c.want)
		}
	}
	if len(*reports) != 0 {
		t.Errorf("bad arguments were reported as internal errors: %q", *reports)
	}
}

func TestGoodArguments(t *testing.T) {
	api, _ := testAPI(t)
	if v := api.Call("peek", 0x1234, 3); errMsg(v) != "" || v.Length() != 3 || v.Index(0).Int() != 0x34 {
		t.Errorf("peek(0x1234, 3) = %v", v)
	}
	if v := api.Call("peek", 7, js.Undefined()); v.Length() != 1 {
		t.Errorf("peek(7, undefined) has length %d, want the default 1", v.Length())
	}
	if v := api.Call("setWarp", true); !v.Bool() {
		t.Errorf("setWarp(true) = %v", v)
	}
	if v := api.Call("setFps", 29.97); v.Float() != 29.97 {
		t.Errorf("setFps(29.97) = %v", v)
	}
	buf := js.Global().Get("ArrayBuffer").New(4)
	if v := api.Call("load", arr(obj("name", "a.prg", "bytes", u8(1, 8)), obj("name", "b.bin", "bytes", buf))); v.Int() != 2 {
		t.Errorf("load(two files) = %v", v)
	}
	if v := api.Call("named", "x", js.Null()); v.String() != "x!" {
		t.Errorf("named(x, null) = %v", v)
	}
}

func TestPanicIsRecoveredAndReported(t *testing.T) {
	api, reports := testAPI(t)
	msg := errMsg(api.Call("crash", 3))
	if !strings.Contains(msg, "internal error in crash") || !strings.Contains(msg, "index out of range") || !strings.Contains(msg, "x16scope v9.9.9-test") {
		t.Errorf("crash(3) returned %q", msg)
	}
	if len(*reports) != 1 || !strings.Contains((*reports)[0], "index out of range") {
		t.Errorf("reports = %q, want the panic once", *reports)
	}
	// The Go side is still alive: later calls work.
	if v := api.Call("peek", 1); errMsg(v) != "" || v.Length() != 1 {
		t.Errorf("peek after a panic = %v", v)
	}
}

func TestSignatures(t *testing.T) {
	api, _ := testAPI(t)
	if s := api.Get("signatures").Get("peek").String(); s != "peek(addr, n?)" {
		t.Errorf("signatures.peek = %q", s)
	}
	defer func() {
		if recover() == nil {
			t.Error("registering a name twice did not panic")
		}
	}()
	r := New()
	r.Add("a()", func(*Args) (any, error) { return nil, nil })
	r.Add("a(x)", func(*Args) (any, error) { return nil, nil })
}
