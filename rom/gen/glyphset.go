package main

// The glyph files of the bank-6 character sets (rom/src/glyphs-*.txt). Each glyph is either
// drawn (8 rows of '.'/'#' under its header) or composed from other glyphs:
//
//	== XX name              a glyph of the file's set at code XX (hex), rows follow
//	== XX name = TOK TOK    the same, the OR of the tokens' glyphs (no rows; " = " with spaces)
//	== piece NAME           a named building block (an accent, a short capital), rows follow
//	== piece NAME = TOK ... a composed building block
//
// A token is a piece name, $XX (a code of the same set), SET:$XX (a code of another set:
// iso, pet = PETSCII upper/graphics screen code, petl = PETSCII upper/lower screen code,
// ansi, cyr, lae, kat), box:UDLR (a CP437 line-drawing glyph, rom/gen/box.go) or an
// operation applied to the token after it: hflip:, vflip:, inv:, up1:/up2:, down1:/down2:,
// left1:, right1:, rowsNNNNN: (the listed rows, placed from row 2 down: a capital made
// small for the x-height, e.g. rows02346:).

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
)

// entry is one glyph definition: drawn rows or a composition of tokens.
type entry struct {
	where  string
	drawn  bool
	g      glyph
	tokens []string
}

func parseGlyphFile(path string, pieces map[string]*entry) (map[int]*entry, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	codes := map[int]*entry{}
	var cur *entry
	rows := 0
	finish := func() error {
		if cur != nil && cur.drawn && rows != 8 {
			return fmt.Errorf("%s: glyph has %d rows, want 8", cur.where, rows)
		}
		return nil
	}
	sc := bufio.NewScanner(f)
	line := 0
	for sc.Scan() {
		line++
		t := strings.TrimSpace(sc.Text())
		if t == "" || strings.HasPrefix(t, ";") {
			continue
		}
		if rest, ok := strings.CutPrefix(t, "== "); ok {
			if err := finish(); err != nil {
				return nil, err
			}
			head, comp, composed := strings.Cut(rest, " = ")
			fields := strings.Fields(head)
			if len(fields) == 0 {
				return nil, fmt.Errorf("%s:%d: empty glyph header", path, line)
			}
			e := &entry{where: fmt.Sprintf("%s:%d (%s)", path, line, strings.TrimSpace(head)), drawn: !composed}
			if composed {
				e.tokens = strings.Fields(comp)
				if len(e.tokens) == 0 {
					return nil, fmt.Errorf("%s: composition without tokens", e.where)
				}
			}
			if fields[0] == "piece" {
				if len(fields) < 2 {
					return nil, fmt.Errorf("%s: piece without a name", e.where)
				}
				if pieces[fields[1]] != nil {
					return nil, fmt.Errorf("%s: piece %q defined twice", e.where, fields[1])
				}
				pieces[fields[1]] = e
			} else {
				n, err := strconv.ParseUint(fields[0], 16, 8)
				if err != nil {
					return nil, fmt.Errorf("%s: bad code", e.where)
				}
				if codes[int(n)] != nil {
					return nil, fmt.Errorf("%s: code defined twice", e.where)
				}
				codes[int(n)] = e
			}
			cur, rows = e, 0
			continue
		}
		if cur == nil || !cur.drawn {
			return nil, fmt.Errorf("%s:%d: pixel rows without a drawn glyph header", path, line)
		}
		if len(t) != 8 || strings.Trim(t, ".#") != "" || rows >= 8 {
			return nil, fmt.Errorf("%s: row %q must be 8 of '.' and '#' (8 rows)", cur.where, t)
		}
		for i, c := range t {
			if c == '#' {
				cur.g[rows] |= 0x80 >> i
			}
		}
		rows++
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	return codes, finish()
}

// resolver turns definitions into glyphs, following compositions across sets.
type resolver struct {
	pieces map[string]*entry
	sets   map[string]*charSet
	busy   map[string]bool // cycle detection
}

func (r *resolver) piece(name string) (glyph, error) {
	e := r.pieces[name]
	if e == nil {
		return glyph{}, fmt.Errorf("no piece %q", name)
	}
	key := "piece " + name
	if r.busy[key] {
		return glyph{}, fmt.Errorf("piece %q refers to itself", name)
	}
	r.busy[key] = true
	defer delete(r.busy, key)
	return r.entry(e, nil)
}

func (r *resolver) entry(e *entry, set *charSet) (glyph, error) {
	if e.drawn {
		return e.g, nil
	}
	var g glyph
	for _, tok := range e.tokens {
		t, err := r.token(tok, set)
		if err != nil {
			return g, fmt.Errorf("%s: %v", e.where, err)
		}
		for i := range g {
			g[i] |= t[i]
		}
	}
	return g, nil
}

func (r *resolver) token(tok string, set *charSet) (glyph, error) {
	head, rest, hasColon := strings.Cut(tok, ":")
	if hasColon {
		if op, ok := glyphOps[head]; ok {
			g, err := r.token(rest, set)
			return op(g), err
		}
		if head == "box" {
			return boxGlyph(rest)
		}
		if sel, ok := strings.CutPrefix(head, "rows"); ok && sel != "" && strings.Trim(sel, "01234567") == "" && len(sel) <= 6 {
			// rowsNNNNN: those rows of the glyph, from row 2 down (a capital made small)
			g, err := r.token(rest, set)
			var o glyph
			for i, c := range sel {
				o[2+i] = g[c-'0']
			}
			return o, err
		}
		s := r.sets[head]
		if s == nil {
			return glyph{}, fmt.Errorf("token %q: no set or operation %q", tok, head)
		}
		return r.code(s, rest)
	}
	if strings.HasPrefix(tok, "$") {
		if set == nil {
			return glyph{}, fmt.Errorf("token %q: a piece cannot refer to a bare code", tok)
		}
		return r.code(set, tok)
	}
	return r.piece(tok)
}

func (r *resolver) code(s *charSet, hex string) (glyph, error) {
	n, err := strconv.ParseUint(strings.TrimPrefix(hex, "$"), 16, 8)
	if err != nil || !strings.HasPrefix(hex, "$") {
		return glyph{}, fmt.Errorf("bad code %q", hex)
	}
	return s.glyph(r, int(n))
}

var glyphOps = map[string]func(glyph) glyph{
	"hflip": func(g glyph) glyph {
		for i, b := range g {
			var o byte
			for j := 0; j < 8; j++ {
				if b&(1<<j) != 0 {
					o |= 0x80 >> j
				}
			}
			g[i] = o
		}
		return g
	},
	"vflip": func(g glyph) glyph {
		for i := 0; i < 4; i++ {
			g[i], g[7-i] = g[7-i], g[i]
		}
		return g
	},
	"inv":    func(g glyph) glyph { return invert(g) },
	"up1":    func(g glyph) glyph { return shiftRows(g, -1) },
	"up2":    func(g glyph) glyph { return shiftRows(g, -2) },
	"down1":  func(g glyph) glyph { return shiftRows(g, 1) },
	"down2":  func(g glyph) glyph { return shiftRows(g, 2) },
	"left1":  func(g glyph) glyph { return shiftCols(g, 1) },
	"right1": func(g glyph) glyph { return shiftCols(g, -1) },
}

func invert(g glyph) glyph {
	for i := range g {
		g[i] ^= 0xFF
	}
	return g
}

// shiftRows moves the drawing n rows down (n < 0: up); rows moved out are lost.
func shiftRows(g glyph, n int) glyph {
	var o glyph
	for i := range g {
		if j := i + n; j >= 0 && j < 8 {
			o[j] = g[i]
		}
	}
	return o
}

// shiftCols moves the drawing n columns left (n < 0: right).
func shiftCols(g glyph, n int) glyph {
	for i, b := range g {
		if n > 0 {
			g[i] = b << n
		} else {
			g[i] = b >> -n
		}
	}
	return g
}
