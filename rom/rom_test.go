package rom

import "testing"

func TestImageLayout(t *testing.T) {
	img := Image()
	if len(img) != Size {
		t.Fatalf("image is %d bytes, want %d", len(img), Size)
	}
	img[0] ^= 0xFF
	if Image()[0] == img[0] {
		t.Error("Image returned shared storage, not a copy")
	}
	for i := 16384; i < Size; i++ {
		if i/16384 == 1 {
			continue // the keyboard layouts (keymaps.s, rom/gen TestCommittedKeymaps)
		}
		if i/16384 == 6 {
			continue // the character sets (charset_test.go)
		}
		if i/16384 == 8 {
			continue // the graphics library and its system font (graph.s, core/rom_graph_test.go)
		}
		if i/16384 == 4 || i/16384 == 10 {
			continue // the KERNAL jump table bridged to bank 0, bank 10's audio API (bankgate.s)
		}
		if img[i] != 0xFF {
			t.Fatalf("byte $%05X of the unused banks is $%02X, want $FF", i, img[i])
		}
	}
	// bank 1 starts with the layouts' directory, the official order's first name first
	if got := string(img[16384 : 16384+8]); got != "ABC/X16\x00" {
		t.Errorf("bank 1 starts with %q, want the directory's ABC/X16", got)
	}
	// bank 0 vectors (X16-HARDWARE.md 1.1): NMI -> $03B7, IRQ -> $038B, RESET in ROM
	vec := func(a int) int { return int(img[a-0xC000]) | int(img[a-0xC000+1])<<8 }
	if vec(0xFFFA) != 0x03B7 || vec(0xFFFE) != 0x038B || vec(0xFFFC) < 0xC000 {
		t.Errorf("vectors NMI $%04X RESET $%04X IRQ $%04X", vec(0xFFFA), vec(0xFFFC), vec(0xFFFE))
	}
	// jump table: CHROUT at $FFD2 is JMP ($0326), like the official KERNAL
	if o := img[0xFFD2-0xC000:][:3]; o[0] != 0x6C || o[1] != 0x26 || o[2] != 0x03 {
		t.Errorf("$FFD2 = % X, want 6C 26 03", o)
	}
}
