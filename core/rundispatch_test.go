package core

import (
	"flag"
	"fmt"
	"os"
	"reflect"
	"runtime"
	"strings"
	"testing"
)

var updateDispatch = flag.Bool("update", false, "rewrite the run loop's dispatch switch from opTable")

// dispatchSwitch is the run loop's switch for opTable: one case per handler, in opcode
// order, indented to its place in run.
func dispatchSwitch() string {
	var sb strings.Builder
	sb.WriteString("\t\t\tswitch op {\n")
	for op, h := range opTable {
		if h == nil {
			continue // a 1-cycle NOP: the run loop finishes it before the switch
		}
		name := runtime.FuncForPC(reflect.ValueOf(h).Pointer()).Name()
		fmt.Fprintf(&sb, "\t\t\tcase 0x%02X:\n\t\t\t\t%s(c, v)\n", op, name[strings.LastIndexByte(name, '.')+1:])
	}
	sb.WriteString("\t\t\t}\n")
	return sb.String()
}

// The run loop dispatches with a switch written out from opTable (runloop.go): every case
// must call the handler opTable has for its opcode, and every handler must have its case,
// so Step and run execute the same code. With -update the switch is rewritten.
func TestRunDispatchMatchesOpTable(t *testing.T) {
	const file, begin, end = "runloop.go", "// dispatch:begin\n", "\t\t\t// dispatch:end\n"
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	s := string(src)
	i, j := strings.Index(s, begin), strings.Index(s, end)
	if i < 0 || j < i {
		t.Fatalf("%s: no dispatch markers", file)
	}
	i += len(begin)
	want := dispatchSwitch()
	if got := s[i:j]; got != want {
		if *updateDispatch {
			if err := os.WriteFile(file, []byte(s[:i]+want+s[j:]), 0o644); err != nil {
				t.Fatal(err)
			}
			return
		}
		t.Errorf("%s: the dispatch switch does not match opTable; run go test ./core -run TestRunDispatchMatchesOpTable -update", file)
	}
}
