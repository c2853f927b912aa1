package core_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"x16scope/core"
)

// TestKitMarioKart2MB: the starter kit's DEMOS/VERAFX/MARIOKART-2MB ("requires 2MB of RAM",
// its README says; -ram 2048 on the official emulator) draws its road in perspective from
// tables in banked RAM: with 2048 KB the top window shows the grey road, with 512 KB the
// tables above bank 63 are open bus and it shows stripes. The built-in ROM, and the official
// one with X16_ROM. Needs X16KIT (the kit's sdcard_root).
func TestKitMarioKart2MB(t *testing.T) {
	kit := os.Getenv("X16KIT")
	if kit == "" {
		t.Skip("X16KIT is not set: this test needs the X16 starter kit's sdcard_root")
	}
	if testing.Short() {
		t.Skip("-short: 6000 frames of a 3D demo")
	}
	dir := filepath.Join(kit, "DEMOS", "VERAFX")
	prg, err := os.ReadFile(filepath.Join(dir, "MARIOKART-2MB.PRG"))
	if err != nil {
		t.Fatal(err)
	}
	// The folder without its AUTOBOOT.X16 (a menu the official ROM would run at boot).
	files := map[string][]byte{}
	err = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || d.Name() == "AUTOBOOT.X16" {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		files[filepath.ToSlash(rel)], err = os.ReadFile(p)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	for name, img := range bothROMs(t) {
		for _, kb := range []int{512, 2048} {
			fsys, err := core.NewMemFS(files)
			if err != nil {
				t.Fatal(err)
			}
			m, err := core.New(core.Config{ROM: img, RAMKB: kb})
			if err != nil {
				t.Fatal(err)
			}
			m.SetFileSystem(fsys)
			if _, err := m.StartPRG(prg); err != nil {
				t.Fatal(err)
			}
			for range 1500 {
				m.RunFrame()
			}
			road := greyShare(m.VERA().FrameView(), 70, 570, 70, 220)
			t.Logf("%s ROM, %d KB: %.0f%% of the top window grey", name, kb, road*100)
			if kb == 2048 && road < 0.4 {
				t.Errorf("%s ROM, 2048 KB: the road is missing (%.0f%% grey)", name, road*100)
			}
			if kb == 512 && road > 0.25 {
				t.Errorf("%s ROM, 512 KB: %.0f%% grey: the road drawn without its tables above 512 KB?", name, road*100)
			}
		}
	}
}

// greyShare is the share of pixels in x0..x1, y0..y1 of a 640x480 RGBA frame that are a
// mid grey (the road).
func greyShare(px []byte, x0, x1, y0, y1 int) float64 {
	n, grey := 0, 0
	for y := y0; y < y1; y++ {
		for x := x0; x < x1; x++ {
			p := px[(y*640+x)*4:]
			n++
			if p[0] == p[1] && p[1] == p[2] && p[0] > 0x40 && p[0] < 0xD0 {
				grey++
			}
		}
	}
	return float64(grey) / float64(n)
}
