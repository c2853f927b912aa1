package main

import (
	"math/rand"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// committedKeymaps reads rom/src/keymaps.s back: the directory's names in order, each
// layout's LZSA2 block and the first layout unpacked for bank 0 (keymap_image0).
func committedKeymaps(t *testing.T) (names []string, blocks [][]byte, image0 []byte) {
	t.Helper()
	src, err := os.ReadFile("../src/keymaps.s")
	if err != nil {
		t.Fatal(err)
	}
	name := regexp.MustCompile(`^\s+\.byte "([^"]+)"`)
	label := regexp.MustCompile(`^km_(\d+):`)
	cur := -1
	var into *[]byte
	for _, line := range strings.Split(string(src), "\n") {
		if strings.HasPrefix(line, "keymap_image0:") {
			into = &image0
			continue
		}
		if m := name.FindStringSubmatch(line); m != nil {
			names = append(names, m[1])
			continue
		}
		if m := label.FindStringSubmatch(line); m != nil {
			n, _ := strconv.Atoi(m[1])
			if n != len(blocks) {
				t.Fatalf("block km_%d out of order", n)
			}
			blocks = append(blocks, nil)
			cur = n
			into = &blocks[cur]
			continue
		}
		if rest, ok := strings.CutPrefix(strings.TrimSpace(line), ".byte $"); ok && into != nil {
			for _, h := range strings.Split(rest, ",$") {
				v, err := strconv.ParseUint(h, 16, 8)
				if err != nil {
					t.Fatalf("bad byte %q", h)
				}
				*into = append(*into, byte(v))
			}
		}
	}
	return names, blocks, image0
}

// TestCommittedKeymaps: every layout in rom/src/keymaps.s unpacks to a well-formed RAM image
// (the format key_type and keyiso.s read) named as its directory entry, in the official
// order with ABC/X16 (the boot default) first.
func TestCommittedKeymaps(t *testing.T) {
	names, blocks, image0 := committedKeymaps(t)
	if len(names) != 28 || len(blocks) != len(names) {
		t.Fatalf("%d names, %d blocks, want 28 of each", len(names), len(blocks))
	}
	if names[0] != "ABC/X16" || names[4] != "DE-DE" || names[27] != "LT-LT" {
		t.Errorf("order: %v", names)
	}
	total := 0
	for i, b := range blocks {
		img, err := lzsa2Decode(b, kmSize)
		if err != nil {
			t.Fatalf("%s: %v", names[i], err)
		}
		if err := checkKeymap(names[i], kmLayout{name: names[i], block: b, image: img}); err != nil {
			t.Error(err)
		}
		total += len(b)
	}
	if dir := kmDirSlots * 16; dir+total > 0x4000 {
		t.Errorf("bank 1 needs %d bytes", dir+total)
	}
	// ABC/X16 is the US layout: Q in the plain and shifted PETSCII tables (layers 0 and 1);
	// bank 0's copy for the boot is the same image
	img, _ := lzsa2Decode(blocks[0], kmSize)
	if string(img) != string(image0) {
		t.Errorf("keymap_image0 (%d bytes) is not %s unpacked", len(image0), names[0])
	}
	if img[0] != 0x00 || img[17] != 'Q' || img[128] != 0x01 || img[128+17] != 0xD1 {
		t.Errorf("ABC/X16: layers %02X %02X, Q = %02X %02X", img[0], img[128], img[17], img[128+17])
	}
}

// TestLZSA2DecodeBadInput: cut or random blocks give an error, never a panic or an image
// past the limit.
func TestLZSA2DecodeBadInput(t *testing.T) {
	_, blocks, _ := committedKeymaps(t)
	b := blocks[4]
	for n := 0; n < len(b); n++ {
		if img, err := lzsa2Decode(b[:n], kmSize); err == nil {
			t.Errorf("block cut to %d bytes decoded to %d bytes without error", n, len(img))
		}
	}
	if _, err := lzsa2Decode(b, kmSize-1); err == nil {
		t.Error("a limit one byte short: no error")
	}
	rng := rand.New(rand.NewSource(1))
	for i := 0; i < 2000; i++ {
		in := make([]byte, rng.Intn(64))
		rng.Read(in)
		if img, err := lzsa2Decode(in, 4096); err == nil && len(img) > 4096 {
			t.Fatalf("random block decoded past the limit")
		}
	}
}

// TestLZSA2DecodeForms: a block encoded by hand from the format description: literals with a
// length nibble, a 5-bit offset, a repeat offset with a nibble length, a 9-bit offset, a
// 16-bit one, and the end marker (whose length nibble is the low half of an earlier byte).
func TestLZSA2DecodeForms(t *testing.T) {
	block := []byte{
		0x38, 0x0F, 'a', 'b', 'c', // LL 3 (nibble 0), 5-bit offset Z=1 (nibble 15: -2), length 2
		0xE7, 0x1F, // repeat offset (-2), length 7 -> nibble 1: 10 (low nibble 15 kept)
		0x49, 'z', 0xFC, // 1 literal, 9-bit offset Z=0 (byte $FC: -4), length 3
		0xC0, 0xFF, 0xED, // 16-bit offset -19, length 2
		0x47, 0x00, 0xE8, // end: 9-bit form, length nibble 15 (kept earlier) + byte 232
	}
	got, err := lzsa2Decode(block, 100)
	if want := "abcbcbcbcbcbcbczcbcab"; err != nil || string(got) != want {
		t.Errorf("got %q (%v), want %q", got, err, want)
	}
}
