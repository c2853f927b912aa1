package main

import (
	"strings"
	"testing"
)

func TestParseData(t *testing.T) {
	src := `.segment "CHARPET"
; a comment
label:
.byte %00111100 ; row
.byte $3E,$00, 9
`
	got, err := parseData(strings.NewReader(src), "t.s")
	if err != nil {
		t.Fatal(err)
	}
	if want := []byte{0x3C, 0x3E, 0x00, 9}; string(got) != string(want) {
		t.Errorf("parseData = % X, want % X", got, want)
	}
}

// A file that is not plain data (another directive, a value that is not a byte) is an error
// naming the line, never data read wrongly.
func TestParseDataRejects(t *testing.T) {
	for _, src := range []string{
		".byte %100000000\n",
		".byte $100\n",
		".word $1234\n",
		".include \"x.s\"\n",
		".byte label\n",
		"lda #0\n",
	} {
		if _, err := parseData(strings.NewReader(src), "t.s"); err == nil || !strings.Contains(err.Error(), "t.s:1") {
			t.Errorf("%q: err = %v, want an error at t.s:1", src, err)
		}
	}
}

func TestCheckGEOSFont(t *testing.T) {
	// baseline 6, 2 bytes a row, height 2, index at 8, bitstream at 10: 14 bytes
	font := []byte{6, 2, 0, 2, 8, 0, 10, 0, 0, 0, 1, 2, 3, 4}
	if err := checkGEOSFont(font); err != nil {
		t.Errorf("good font: %v", err)
	}
	if err := checkGEOSFont(font[:13]); err == nil {
		t.Error("a truncated font passes")
	}
	if err := checkGEOSFont(font[:5]); err == nil {
		t.Error("a 5-byte font passes")
	}
}
