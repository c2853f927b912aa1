package core_test

import "testing"

// rom/testdata/kdsprite.s: sprite_set_image (the 16x16 1 bpp masked format the official
// KERNAL converts) and sprite_set_position in seeded random cases.
var kdSprite = kdProg{
	prg: "kdsprite.prg", golden: "kdsprite.golden", env: "KDSPRITE_GOLDEN", test: "TestKdSpriteOfficial",
	out: 0x4000, ncase: 400, frames: 300, minSeen: 20,
	ops: []string{"sprite_set_image", "sprite_set_position"},
}

func TestKdSpriteBuiltin(t *testing.T)  { kdSprite.checkBuiltin(t) }
func TestKdSpriteOfficial(t *testing.T) { kdSprite.checkOfficial(t) }
