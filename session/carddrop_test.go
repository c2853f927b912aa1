package session

import (
	"archive/zip"
	"bytes"
	"testing"
)

func zipOf(t *testing.T, names ...string) []byte {
	var b bytes.Buffer
	w := zip.NewWriter(&b)
	for _, n := range names {
		f, _ := w.Create(n)
		f.Write([]byte("x"))
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// A drop is a card when it is an image (or holds one); a zip of programs is not.
func TestIsCardFile(t *testing.T) {
	for _, c := range []struct {
		name string
		data []byte
		want bool
	}{
		{"card.IMG", nil, true},
		{"card.img.gz", nil, true},
		{"cards.zip", zipOf(t, "README.TXT", "IMAGES/x16.img"), true},
		{"game.zip", zipOf(t, "GAME.PRG", "DATA.BIN"), false},
		{"broken.zip", []byte("PK nothing"), false},
		{"game.prg", nil, false},
	} {
		if got := IsCardFile(c.name, c.data); got != c.want {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}
