package core_test

import "testing"

// rom/testdata/kdc64.s: SETLFS, READST, SETMSG, MEMTOP, MEMBOT, SETTIM/RDTIM/UDTIM, IOBASE,
// STOP, CLRCHN, CLALL, JSRFAR, FETCH, STASH, entropy_get, i2c_read_byte/i2c_write_byte
// (SMC, RTC, an absent device), clock_set/get_date_time, in seeded random cases.
var kdC64 = kdProg{
	prg: "kdc64.prg", golden: "kdc64.golden", env: "KDC64_GOLDEN", test: "TestKdC64Official",
	out: 0x4000, ncase: 480, frames: 300, minSeen: 4,
	ops: []string{"SETLFS+getlfs", "READST", "SETMSG", "MEMTOP", "MEMBOT", "SETTIM+RDTIM",
		"SETTIM+UDTIM+RDTIM", "IOBASE", "STOP", "CLRCHN", "CLALL", "JSRFAR", "FETCH", "STASH",
		"entropy_get", "i2c_read_byte(SMC)", "i2c_read_byte(RTC)", "i2c_write/read(RTC SRAM)",
		"i2c(absent device)", "clock_set/get_date_time"},
}

func TestKdC64Builtin(t *testing.T)  { kdC64.checkBuiltin(t) }
func TestKdC64Official(t *testing.T) { kdC64.checkOfficial(t) }
