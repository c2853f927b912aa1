package main

import (
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
)

// writePreview draws every bank-6 set as rows of 16 glyphs (scaled 3x, on a grid) into
// dir/LABEL.png, so the drawings can be checked by eye.
func writePreview(dir string, sets []bankSet) error {
	for _, s := range sets {
		if err := previewSet(filepath.Join(dir, s.label+".png"), s); err != nil {
			return err
		}
	}
	return nil
}

func previewSet(path string, s bankSet) error {
	const scale, cell = 3, 8*3 + 2
	rows := (len(s.glyphs) + 15) / 16
	img := image.NewRGBA(image.Rect(0, 0, 16*cell, rows*cell))
	grid := color.RGBA{40, 40, 160, 255}
	for y := 0; y < rows*cell; y++ {
		for x := 0; x < 16*cell; x++ {
			img.Set(x, y, color.RGBA{0, 0, 0x60, 255})
			if x%cell == 0 || y%cell == 0 {
				img.Set(x, y, grid)
			}
		}
	}
	for i, g := range s.glyphs {
		{
			cx, cy := (i%16)*cell+1, (i/16)*cell+1
			for y := 0; y < 8; y++ {
				for x := 0; x < 8; x++ {
					if g[y]&(0x80>>x) != 0 {
						for dy := 0; dy < scale; dy++ {
							for dx := 0; dx < scale; dx++ {
								img.Set(cx+x*scale+dx, cy+y*scale+dy, color.White)
							}
						}
					}
				}
			}
		}
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := png.Encode(f, img); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
