package main

import (
	"strings"
	"testing"
)

// TestRunBreak: --break stops before the instruction at a label of hello's .sym, prints
// the registers there and the instructions that led to it, and exits with status 8 (exitBreak).
func TestRunBreak(t *testing.T) {
	code, out, errs := runCLI("run", "testdata/hello.prg", "--break", "step", "--break-last", "4")
	if code != exitBreak {
		t.Fatalf("exit %d, want %d; stderr %q\n%s", code, exitBreak, errs, out)
	}
	wantLines(t, out,
		"HELLO FROM THE X16\n",
		"outcome: break: breakpoint at $0822\n",
		"cpu: PC=$0822 A=$01 X=$13 Y=$0A",
		"last 4 instructions:\n",
		"$081C     LDA #$01",
		"$0820     LDY #$0A",
	)
	// The same place by address, and the program runs to its end without a break that
	// is never reached.
	if code, out, _ := runCLI("run", "testdata/hello.prg", "--break", "$0822"); code != exitBreak || !strings.Contains(out, "breakpoint at $0822") {
		t.Errorf("--break $0822: exit %d\n%s", code, out)
	}
	if code, out, _ := runCLI("run", "testdata/hello.prg", "--break", "$0300"); code != 0 || !strings.Contains(out, "returned to READY") {
		t.Errorf("--break $0300 (never reached): exit %d\n%s", code, out)
	}
}

func TestRunBreakBadInput(t *testing.T) {
	for _, tc := range []struct{ spec, want string }{
		{"nosuch", "neither a label"},
		{"01:0810", "only $A000-$FFFF is banked"},
		{"$12345", "want hex"},
		{"100:A000", "hex bank"},
	} {
		code, _, errs := runCLI("run", "testdata/hello.prg", "--break", tc.spec)
		if code != 1 || !strings.Contains(errs, tc.want) {
			t.Errorf("--break %s: exit %d, stderr %q, want 1 and %q", tc.spec, code, errs, tc.want)
		}
	}
	if code, _, errs := runCLI("run", "testdata/hello.prg", "--break", "step", "--sym", "testdata/nothere.sym"); code != 1 || !strings.Contains(errs, "no label file") {
		t.Errorf("missing --sym file: exit %d, stderr %q", code, errs)
	}
}
