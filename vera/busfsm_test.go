package vera

import "testing"

// A raster effect that sets either layer's scroll on every line meets at most 32 x 32
// combinations that change the fetches (fine scroll and column parity): each has a cache
// slot of its own, so no line runs the fetch machines twice for the same combination.
func TestLineFetchCacheHoldsEveryScroll(t *testing.T) {
	var c lineFetchCache
	var l [2]Layer
	l[0].Config, l[1].Config = 0x03, 0x02
	for pass := range 2 {
		for h0 := range 32 {
			for h1 := range 32 {
				l[0].HScroll, l[1].HScroll = uint16(h0), uint16(h1)
				k0, k1 := fetchKey(&l[0], true), fetchKey(&l[1], true)
				key := (k0 | k1<<11) + 1
				e := &c.slot[fetchSlot(k0, k1)]
				if pass == 1 && e.key != key {
					t.Fatalf("scrolls %d/%d were evicted", h0, h1)
				}
				got := c.get(&l, 0x31)
				want := LineFetches(l[0], l[1], true, true)
				if int(got[0]) != want[0].Total() || int(got[1]) != want[1].Total() {
					t.Fatalf("scrolls %d/%d: cached %v, want %+v", h0, h1, got, want)
				}
			}
		}
	}
}
