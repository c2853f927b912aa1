package main

import (
	"image"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func picture(fill byte) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, width, height))
	for i := range img.Pix {
		img.Pix[i] = fill
	}
	return img
}

func TestJudge(t *testing.T) {
	ref := picture(10)
	other := picture(10)
	other.Pix[4*(7*width+5)] = 99 // one pixel at x 5, y 7
	v, ok := judge(ref, [5]*image.RGBA{nil, other, other, ref, other})
	if !ok || v.Exact.Pixels != 1 || v.Exact.MinX != 5 || v.Exact.MinY != 7 || !v.Same() || v.BestOff != 1 {
		t.Errorf("one frame later identical: %+v (ok %v)", v, ok)
	}
	if got := v.String(); got != "identical at frame +1" {
		t.Errorf("String: %q", got)
	}
	v, _ = judge(ref, [5]*image.RGBA{other, nil, ref, nil, ref})
	if v.String() != "identical" || v.BestOff != 0 {
		t.Errorf("identical at the target: %q, offset %d", v, v.BestOff)
	}
	v, _ = judge(ref, [5]*image.RGBA{nil, nil, other, nil, nil})
	if v.Same() || !strings.HasPrefix(v.String(), "1 px (0.00%) in x 5-5, y 7-7") {
		t.Errorf("a pixel off: %q", v)
	}
	if _, ok := judge(ref, [5]*image.RGBA{ref}); ok {
		t.Error("judged without the target frame")
	}
}

func TestWriteTableKeepsWhyAndTheRest(t *testing.T) {
	md := filepath.Join(t.TempDir(), "REAL.md")
	before := "# Title\n\nIntro.\n\n" + tableBegin + "\n\n| Program | x | Why |\n|---|---|---|\n" +
		"| `GAMES/A` | old | a reason \\| with a pipe |\n| `GAMES/B` | old |  |\n\n" + tableEnd + "\n\n## After\n"
	if err := os.WriteFile(md, []byte(before), 0o644); err != nil {
		t.Fatal(err)
	}
	rs := []result{
		{Program: program{Name: "GAMES/A", Kind: "machine code"}, OfficialStart: 31, OfficialStartX: 31, BuiltinStart: 3},
		{Program: program{Name: "GAMES/B", Kind: "BASIC"}, BuiltinErr: "needs | BASIC"},
		{Program: program{Name: "GAMES/C", Kind: "machine code"}, OfficialErr: "no frame"},
	}
	if err := writeTable(md, 600, rs); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(md)
	s := string(got)
	for _, want := range []string{
		"# Title\n\nIntro.\n\n" + tableBegin,
		tableEnd + "\n\n## After\n",
		"| `GAMES/A` | machine code | 31 / 31 / 3 | identical | identical | a reason \\| with a pipe |",
		"| `GAMES/B` | BASIC | - / - / - | identical | needs \\| BASIC |  |",
		"| `GAMES/C` | machine code | - / - / - | not compared: no frame | not compared |  |",
		"3 programs. Official ROM: 2 identical",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("missing %q in\n%s", want, s)
		}
	}
	if strings.Count(s, tableBegin) != 1 || strings.Count(s, "## After") != 1 {
		t.Errorf("the table or the rest doubled:\n%s", s)
	}
	// A file without markers gets the table appended.
	plain := filepath.Join(t.TempDir(), "plain.md")
	os.WriteFile(plain, []byte("# Only text"), 0o644)
	if err := writeTable(plain, 600, rs[:1]); err != nil {
		t.Fatal(err)
	}
	got, _ = os.ReadFile(plain)
	if !strings.HasPrefix(string(got), "# Only text\n"+tableBegin) {
		t.Errorf("appended table:\n%s", got)
	}
}

func TestResultsKeptForLaterTables(t *testing.T) {
	out := t.TempDir()
	a := result{Program: program{Name: "GAMES/A", Kind: "machine code"}, OfficialStart: 31,
		Official: verdict{Exact: diff{Pixels: 5, MaxX: 3}, Best: diff{Pixels: 0}, BestOff: -1}}
	b := result{Program: program{Name: "DEMOS/B C", Kind: "BASIC"}, BuiltinErr: "needs BASIC"}
	for _, r := range []result{a, b} {
		if err := os.MkdirAll(workDir(out, r.Program.Name), 0o755); err != nil {
			t.Fatal(err)
		}
		saveResult(out, r)
	}
	// The kit's order, a program without a result left out.
	got := loadResults(out, []program{{Name: "DEMOS/B C"}, {Name: "GAMES/NEVER"}, {Name: "GAMES/A"}})
	if len(got) != 2 || got[0].Program.Name != "DEMOS/B C" || got[1].Program.Name != "GAMES/A" {
		t.Fatalf("loaded %+v", got)
	}
	if got[1].OfficialText() != "identical at frame -1" || got[0].BuiltinText() != "needs BASIC" {
		t.Errorf("round trip: %q, %q", got[1].OfficialText(), got[0].BuiltinText())
	}
}

// A difference is boot text only where the ROMs' screens differed at the start and neither
// picture changed there since.
func TestBootTextOnly(t *testing.T) {
	pic := func(set ...int) *image.RGBA {
		p := image.NewRGBA(image.Rect(0, 0, 4, 1))
		for _, i := range set {
			p.Pix[4*i] = 255
		}
		return p
	}
	drawn := func(p *image.RGBA, i int) *image.RGBA { p.Pix[4*i+1] = 7; return p }
	oStart, bStart := pic(0), pic(1) // the official banner at pixel 0, the built-in's at 1
	for _, c := range []struct {
		what string
		o, b *image.RGBA
		want bool
	}{
		{"the banners left as they were", pic(0), pic(1), true},
		{"the same picture", pic(0), pic(0), false},
		{"the program drew elsewhere, differently", pic(0, 2), pic(1), false},
		{"the program drew into the banners' place on one ROM", drawn(pic(0), 1), pic(1), false},
		{"the program drew the same over both", pic(0, 2), pic(1, 2), true},
	} {
		if got := bootTextOnly(c.o, oStart, c.b, bStart); got != c.want {
			t.Errorf("%s: bootTextOnly = %v, want %v", c.what, got, c.want)
		}
	}
	if bootTextOnly(pic(0), nil, pic(1), bStart) {
		t.Error("without a start picture the difference is called boot text")
	}
}

// Text printed from the cursor lands lower on the official ROM, below its longer boot text:
// that alone is boot text too.
func TestBootTextShifted(t *testing.T) {
	const rowPx = 2
	pic := func(rows ...int) *image.RGBA { // a 2x8 picture, 4 rows of 2 pixels; rows set white
		p := image.NewRGBA(image.Rect(0, 0, 2, 8))
		for _, r := range rows {
			for y := r * rowPx; y < (r+1)*rowPx; y++ {
				p.Pix[y*p.Stride] = 255
			}
		}
		return p
	}
	// official: boot text rows 0-1, start row 2; built-in: boot text row 0, start row 1
	oStart, bStart := pic(0, 1), pic(0)
	if !bootTextShifted(pic(0, 1, 2), oStart, 2, pic(0, 1), bStart, 1, rowPx) {
		t.Error("the program's row printed one row higher on the built-in ROM is not boot text")
	}
	if bootTextShifted(pic(0, 1, 2), oStart, 2, pic(0, 2), bStart, 1, rowPx) {
		t.Error("a program row printed elsewhere counts as boot text")
	}
	if bootTextShifted(pic(1, 2), oStart, 2, pic(0, 1), bStart, 1, rowPx) {
		t.Error("the official boot text drawn over counts as boot text")
	}
	if bootTextShifted(pic(0, 1, 2), oStart, 1, pic(0, 1), bStart, 1, rowPx) {
		t.Error("the same start row is a shift")
	}
}
