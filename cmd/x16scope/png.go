package main

import (
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"

	"x16scope/vera"
)

// writeFramePNG saves a 640x480 RGBA frame from VERA as a PNG file.
func writeFramePNG(path string, rgba []byte) error {
	img := &image.RGBA{
		Pix:    rgba,
		Stride: vera.ScreenWidth * 4,
		Rect:   image.Rect(0, 0, vera.ScreenWidth, vera.ScreenHeight),
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := png.Encode(f, img); err != nil {
		f.Close()
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return f.Close()
}

// framePNGPath names the PNG for frame n inside dir, zero-padded so the files sort.
func framePNGPath(dir string, n uint64) string {
	return filepath.Join(dir, fmt.Sprintf("frame-%06d.png", n))
}
