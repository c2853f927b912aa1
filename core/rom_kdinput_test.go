package core_test

import "testing"

// rom/testdata/kdinput.s: the keyboard buffer calls, GETIN, extapi functions 3-20,
// joystick_get, mouse_config/mouse_get, in seeded random cases with no input.
var kdInput = kdProg{
	prg: "kdinput.prg", golden: "kdinput.golden", env: "KDINPUT_GOLDEN", test: "TestKdInputOfficial",
	out: 0x4000, ncase: 480, frames: 300, minSeen: 4,
	ops: []string{"kbdbuf_put", "kbdbuf_peek", "GETIN", "kbdbuf_get", "kbdbuf_clear",
		"kbdbuf_get_modifiers", "mouse_sprite_offset", "joystick_ps2_keycodes", "iso_cursor_char",
		"ps2kbd_typematic", "scnsiz", "default_palette", "has_machine_property", "blink_enable",
		"kbd_leds", "mouse_config+mouse_get", "mouse_set_position+mouse_get", "joystick_get",
		"ps2data_raw", "pfkey", "cursor_blink"},
}

func TestKdInputBuiltin(t *testing.T)  { kdInput.checkBuiltin(t) }
func TestKdInputOfficial(t *testing.T) { kdInput.checkOfficial(t) }
