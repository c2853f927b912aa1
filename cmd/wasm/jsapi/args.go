//go:build js && wasm

package jsapi

import (
	"fmt"
	"math"
	"strings"
	"syscall/js"
)

// Args are one call's arguments. Each getter checks the argument at index i against what
// it wants and, when it is missing (and required), of the wrong type or out of range, stops
// the function with an error naming the argument (the Registry turns it into the call's
// Error). Getters named Opt return def when the argument is absent (undefined).
type Args struct {
	params []string
	v      []js.Value
}

// Len is how many arguments were passed.
func (a *Args) Len() int { return len(a.v) }

func (a *Args) name(i int) string {
	if i < len(a.params) {
		return strings.TrimSuffix(a.params[i], "?")
	}
	return fmt.Sprintf("argument %d", i+1)
}

func (a *Args) fail(i int, format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	if !strings.HasPrefix(msg, "[") { // "files[2].name ...", else "files must ..."
		msg = " " + msg
	}
	panic(argError{a.name(i) + msg})
}

// Has tells whether argument i was given (not undefined).
func (a *Args) Has(i int) bool { return i < len(a.v) && !a.v[i].IsUndefined() }

// Value is argument i as it came, required to be present.
func (a *Args) Value(i int) js.Value {
	if !a.Has(i) {
		a.fail(i, "is missing")
	}
	return a.v[i]
}

// Int is argument i as an integer from lo to hi.
func (a *Args) Int(i, lo, hi int) int {
	v := a.Value(i)
	if v.Type() != js.TypeNumber {
		a.fail(i, "must be an integer from %s to %s, got %s", numText(lo), numText(hi), Describe(v))
	}
	f := v.Float()
	if f != math.Trunc(f) || f < float64(lo) || f > float64(hi) {
		a.fail(i, "must be an integer from %s to %s, got %s", numText(lo), numText(hi), Describe(v))
	}
	return int(f)
}

// OptInt is Int, or def when argument i is absent.
func (a *Args) OptInt(i, lo, hi, def int) int {
	if !a.Has(i) {
		return def
	}
	return a.Int(i, lo, hi)
}

// Number is argument i as a finite number from lo to hi.
func (a *Args) Number(i int, lo, hi float64) float64 {
	v := a.Value(i)
	if v.Type() != js.TypeNumber || math.IsNaN(v.Float()) || v.Float() < lo || v.Float() > hi {
		a.fail(i, "must be a number from %g to %g, got %s", lo, hi, Describe(v))
	}
	return v.Float()
}

// Bool is argument i, which must be true or false.
func (a *Args) Bool(i int) bool {
	v := a.Value(i)
	if v.Type() != js.TypeBoolean {
		a.fail(i, "must be true or false, got %s", Describe(v))
	}
	return v.Bool()
}

// String is argument i, which must be a string.
func (a *Args) String(i int) string {
	v := a.Value(i)
	if v.Type() != js.TypeString {
		a.fail(i, "must be a string, got %s", Describe(v))
	}
	return v.String()
}

// OptString is String, or def when argument i is absent (or null).
func (a *Args) OptString(i int, def string) string {
	if !a.Has(i) || a.v[i].IsNull() {
		return def
	}
	return a.String(i)
}

// Bytes is argument i, a Uint8Array or an ArrayBuffer, copied into Go in one call.
func (a *Args) Bytes(i int) []byte {
	return a.bytesOf(i, a.Value(i), "")
}

// BytesOf checks and copies v, found inside argument i at where (e.g. "[2].bytes").
func (a *Args) bytesOf(i int, v js.Value, where string) []byte {
	if v.InstanceOf(js.Global().Get("ArrayBuffer")) {
		v = js.Global().Get("Uint8Array").New(v)
	}
	if !v.InstanceOf(js.Global().Get("Uint8Array")) {
		a.fail(i, "%smust be a Uint8Array or an ArrayBuffer, got %s", where, Describe(v))
	}
	b := make([]byte, v.Get("length").Int())
	js.CopyBytesToGo(b, v)
	return b
}

// File is one {name, bytes} object of a file list.
type File struct {
	Name string
	Data []byte
}

// Files is argument i, an array of {name: string, bytes: Uint8Array | ArrayBuffer}, at least
// one of them.
func (a *Args) Files(i int) []File {
	v := a.Value(i)
	if !js.Global().Get("Array").Call("isArray", v).Bool() {
		a.fail(i, "must be an array of {name, bytes} objects, got %s", Describe(v))
	}
	n := v.Length()
	if n == 0 {
		a.fail(i, "is an empty list (nothing to load)")
	}
	files := make([]File, 0, n)
	for k := 0; k < n; k++ {
		f := v.Index(k)
		if f.Type() != js.TypeObject || f.IsNull() {
			a.fail(i, "[%d] must be a {name, bytes} object, got %s", k, Describe(f))
		}
		name := f.Get("name")
		if name.Type() != js.TypeString || name.String() == "" {
			a.fail(i, "[%d].name must be a file name, got %s", k, Describe(name))
		}
		files = append(files, File{Name: name.String(), Data: a.bytesOf(i, f.Get("bytes"), fmt.Sprintf("[%d].bytes ", k))})
	}
	return files
}

// Describe says what a JavaScript value is, for error messages: its type, and short values
// themselves.
func Describe(v js.Value) string {
	switch v.Type() {
	case js.TypeUndefined:
		return "nothing"
	case js.TypeNull:
		return "null"
	case js.TypeBoolean:
		return fmt.Sprint(v.Bool())
	case js.TypeNumber:
		return fmt.Sprint(v.Float())
	case js.TypeString:
		s := v.String()
		if len(s) > 20 {
			s = s[:20] + "..."
		}
		return fmt.Sprintf("the string %q", s)
	case js.TypeFunction:
		return "a function"
	}
	if js.Global().Get("Array").Call("isArray", v).Bool() {
		return fmt.Sprintf("an array of %d", v.Length())
	}
	if c := v.Get("constructor"); c.Type() == js.TypeFunction && c.Get("name").String() != "Object" {
		return "a " + c.Get("name").String()
	}
	return "an object"
}

func numText(n int) string {
	if n >= 0x100 {
		return fmt.Sprintf("%d ($%X)", n, n)
	}
	return fmt.Sprint(n)
}
