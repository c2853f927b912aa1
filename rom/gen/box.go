package main

import "fmt"

// boxGlyph draws a CP437 line-drawing character from the weights of its four arms, given as
// four digits up, down, left, right: 0 none, 1 single, 2 double. A single line is two pixels
// wide through the middle (columns/rows 3-4, like the PETSCII lines); a double line is two
// one-pixel walls at columns/rows 2 and 5.
func boxGlyph(arms string) (glyph, error) {
	var w [4]int
	if len(arms) != 4 {
		return glyph{}, fmt.Errorf("box:%s: want four digits up, down, left, right", arms)
	}
	for i, c := range arms {
		if c < '0' || c > '2' {
			return glyph{}, fmt.Errorf("box:%s: weights are 0, 1 or 2", arms)
		}
		w[i] = int(c - '0')
	}
	up, down, left, right := w[0], w[1], w[2], w[3]
	var ink [8][8]bool // [row][column]
	set := func(x0, x1, y0, y1 int) {
		for y := y0; y <= y1; y++ {
			for x := x0; x <= x1; x++ {
				ink[y][x] = true
			}
		}
	}
	vline := func(x, y0, y1 int) { set(x, x, y0, y1) }
	hline := func(y, x0, x1 int) { set(x0, x1, y, y) }
	hasSingle := up == 1 || down == 1 || left == 1 || right == 1
	hasDouble := up == 2 || down == 2 || left == 2 || right == 2
	switch {
	case !hasDouble:
		// single lines only: each arm runs from its edge into the centre square
		if up == 1 {
			set(3, 4, 0, 4)
		}
		if down == 1 {
			set(3, 4, 3, 7)
		}
		if left == 1 {
			set(0, 4, 3, 4)
		}
		if right == 1 {
			set(3, 7, 3, 4)
		}
	case !hasSingle:
		// double lines only: the walls are the border of the channels between them
		var ch [8][8]bool
		mark := func(x0, x1, y0, y1 int) {
			for y := y0; y <= y1; y++ {
				for x := x0; x <= x1; x++ {
					ch[y][x] = true
				}
			}
		}
		if up == 2 {
			mark(3, 4, 0, 4)
		}
		if down == 2 {
			mark(3, 4, 3, 7)
		}
		if left == 2 {
			mark(0, 4, 3, 4)
		}
		if right == 2 {
			mark(3, 7, 3, 4)
		}
		for y := 0; y < 8; y++ {
			for x := 0; x < 8; x++ {
				if ch[y][x] {
					continue
				}
				for dy := -1; dy <= 1; dy++ {
					for dx := -1; dx <= 1; dx++ {
						if yy, xx := y+dy, x+dx; yy >= 0 && yy < 8 && xx >= 0 && xx < 8 && ch[yy][xx] {
							ink[y][x] = true
						}
					}
				}
			}
		}
	default:
		// a single line meets a double one: the double arms are walls reaching across
		// the single line; a single arm reaches the far wall, or only the near wall when
		// the double line passes straight through (unless the single one crosses it too)
		vThrough := up > 0 && down > 0
		hThrough := left > 0 && right > 0
		if up == 2 {
			vline(2, 0, 4)
			vline(5, 0, 4)
		}
		if down == 2 {
			vline(2, 3, 7)
			vline(5, 3, 7)
		}
		if left == 2 {
			hline(2, 0, 4)
			hline(5, 0, 4)
		}
		if right == 2 {
			hline(2, 3, 7)
			hline(5, 3, 7)
		}
		stopNear := hThrough && !vThrough
		if up == 1 {
			end := 5
			if stopNear {
				end = 2
			}
			set(3, 4, 0, end)
		}
		if down == 1 {
			start := 2
			if stopNear {
				start = 5
			}
			set(3, 4, start, 7)
		}
		stopNear = vThrough && !hThrough
		if left == 1 {
			end := 5
			if stopNear {
				end = 2
			}
			set(0, end, 3, 4)
		}
		if right == 1 {
			start := 2
			if stopNear {
				start = 5
			}
			set(start, 7, 3, 4)
		}
	}
	var g glyph
	for y := range ink {
		for x := range ink[y] {
			if ink[y][x] {
				g[y] |= 0x80 >> x
			}
		}
	}
	return g, nil
}
