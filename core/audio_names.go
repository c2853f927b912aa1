package core

import "fmt"

// audioBank is the ROM bank of the audio API (X16 Reference "Sound Programming").
const audioBank = 10

// audioNames are the audio API's entries by jump-table slot ($C000 + 3*i), as the official
// audio bank's table lists them.
var audioNames = [...]string{
	"bas_fmfreq", "bas_fmnote", "bas_fmplaystring", "bas_fmvib", "bas_playstringvoice",
	"bas_psgfreq", "bas_psgnote", "bas_psgwav", "bas_psgplaystring", "notecon_bas2fm",
	"notecon_bas2midi", "notecon_bas2psg", "notecon_fm2bas", "notecon_fm2midi",
	"notecon_fm2psg", "notecon_freq2bas", "notecon_freq2fm", "notecon_freq2midi",
	"notecon_freq2psg", "notecon_midi2bas", "notecon_midi2fm", "notecon_midi2psg",
	"notecon_psg2bas", "notecon_psg2fm", "notecon_psg2midi", "psg_init", "psg_playfreq",
	"psg_read", "psg_setatten", "psg_setfreq", "psg_setpan", "psg_setvol", "psg_write",
	"ym_init", "ym_loaddefpatches", "ym_loadpatch", "ym_loadpatchlfn", "ym_playdrum",
	"ym_playnote", "ym_setatten", "ym_setdrum", "ym_setnote", "ym_setpan", "ym_read",
	"ym_release", "ym_trigger", "ym_write", "bas_fmchordstring", "bas_psgchordstring",
	"psg_getatten", "psg_getpan", "ym_getatten", "ym_getpan", "audio_init",
	"psg_write_fast", "ym_get_chip_type",
}

// audioCallLabel is "NAME (bank 10 $C0xx)" for a slot of the audio jump table, or
// "(bank 10 $xxxx)" for an address outside it.
func audioCallLabel(addr uint16) string {
	if addr >= 0xC000 && (addr-0xC000)%3 == 0 && int(addr-0xC000)/3 < len(audioNames) {
		return fmt.Sprintf("%s (bank %d $%04X)", audioNames[(addr-0xC000)/3], audioBank, addr)
	}
	return fmt.Sprintf("(bank %d $%04X)", audioBank, addr)
}
