package core

import "fmt"

// Names of the KERNAL jump-table slots ($FEA8-$FFF3, three bytes each) and of the extapi
// ($FEAB) functions, as the X16 KERNAL documentation calls them. The built-in ROM's
// "unimplemented" notice names the call with them, so a program that stops on a missing
// call says which one.

// kernalSlotNames maps (slot - $FEA8) / 3 to the slot's name.
var kernalSlotNames = [72]string{
	"extapi16", "extapi", "(reserved $FEAE)", "MCIOUT", "i2c_batch_read", "i2c_batch_write",
	"BSAVE", "kbdbuf_peek", "kbdbuf_get_modifiers", "kbdbuf_put", "i2c_read_byte",
	"i2c_write_byte", "monitor", "entropy_get", "keymap", "console_set_paging_message",
	"console_put_image", "console_init", "console_put_char", "console_get_char",
	"memory_fill", "memory_copy", "memory_crc", "memory_decompress", "sprite_set_image",
	"sprite_set_position",
	// $FEF6 framebuffer API
	"FB_init", "FB_get_info", "FB_set_palette", "FB_cursor_position", "FB_cursor_next_line",
	"FB_get_pixel", "FB_get_pixels", "FB_set_pixel", "FB_set_pixels", "FB_set_8_pixels",
	"FB_set_8_pixels_opaque", "FB_fill_pixels", "FB_filter_pixels", "FB_move_pixels",
	// $FF20 graphics API
	"GRAPH_init", "GRAPH_clear", "GRAPH_set_window", "GRAPH_set_colors", "GRAPH_draw_line",
	"GRAPH_draw_rect", "GRAPH_move_rect", "GRAPH_draw_oval", "GRAPH_draw_image",
	"GRAPH_set_font", "GRAPH_get_char_size", "GRAPH_put_char",
	// $FF44
	"MACPTR", "enter_basic", "CLOSE_ALL", "clock_set_date_time", "clock_get_date_time",
	"joystick_scan", "joystick_get", "LKUPLA", "LKUPSA", "screen_mode", "screen_set_charset",
	"PFKEY (not in the X16 KERNAL: use extapi pfkey, A=7)", "mouse_config", "mouse_get",
	"JSRFAR", "mouse_scan", "FETCH", "STASH",
	"CMPARE", "PRIMM",
	// $FF80 is the version byte; the C64 table starts at $FF81
}

// c64SlotNames maps (slot - $FF81) / 3 to the name of a C64-compatible call.
var c64SlotNames = [39]string{
	"CINT", "IOINIT", "RAMTAS", "RESTOR", "VECTOR", "SETMSG", "SECOND", "TKSA", "MEMTOP",
	"MEMBOT", "SCNKEY", "SETTMO", "ACPTR", "CIOUT", "UNTLK", "UNLSN", "LISTEN", "TALK",
	"READST", "SETLFS", "SETNAM", "OPEN", "CLOSE", "CHKIN", "CHKOUT", "CLRCHN", "CHRIN",
	"CHROUT", "LOAD", "SAVE", "SETTIM", "RDTIM", "STOP", "GETIN", "CLALL", "UDTIM", "SCREEN",
	"PLOT", "IOBASE",
}

// extapiNames maps an extapi function number (A) to its name; 0 is reserved.
var extapiNames = [...]string{
	"", "clear_status", "getlfs", "mouse_sprite_offset", "joystick_ps2_keycodes",
	"iso_cursor_char", "ps2kbd_typematic", "pfkey", "ps2data_fetch", "ps2data_raw",
	"cursor_blink", "led_update", "mouse_set_position", "scnsiz", "kbd_leds",
	"memory_decompress_from_func", "default_palette", "has_machine_property", "kbdbuf_get",
	"kbdbuf_clear", "blink_enable",
}

// KernalCallName returns the name of the jump-table call at addr, "" for an address that
// is not the start of a slot.
func KernalCallName(addr uint16) string {
	switch {
	case addr >= 0xFEA8 && addr < 0xFF80 && (addr-0xFEA8)%3 == 0:
		return kernalSlotNames[(addr-0xFEA8)/3]
	case addr >= 0xFF81 && addr <= 0xFFF3 && (addr-0xFF81)%3 == 0:
		return c64SlotNames[(addr-0xFF81)/3]
	}
	return ""
}

// kernalCallLabel is "NAME ($FFxx)", or "$FFxx" for an address outside the table.
func kernalCallLabel(addr uint16) string {
	if n := KernalCallName(addr); n != "" {
		return fmt.Sprintf("%s ($%04X)", n, addr)
	}
	return fmt.Sprintf("$%04X", addr)
}

// extapiLabel is "extapi function $NN" plus the documented name when there is one.
func extapiLabel(fn uint8) string {
	if int(fn) < len(extapiNames) && extapiNames[fn] != "" {
		return fmt.Sprintf("extapi function $%02X (%s)", fn, extapiNames[fn])
	}
	return fmt.Sprintf("extapi function $%02X", fn)
}

// unimplemented reports a call the built-in ROM does not have. The ROM stops the CPU (STP)
// right after this host call, so the program never runs on with a made-up result; the
// message is a notice and stays as the reason of the stop (UnimplementedCall).
func (s *sysDevices) unimplemented(msg string) {
	s.notice("%s", msg)
	s.unimpl = msg
}

// UnimplementedCall is the message naming the unimplemented KERNAL call the built-in ROM
// stopped the program on ("unimplemented KERNAL call GRAPH_draw_oval ($FF35) at $0815"),
// or "" if it has not stopped on one since the last reset.
func (m *Machine) UnimplementedCall() string { return m.sys.unimpl }
