// Package savestate is x16scope's container format for save states and captures. It knows
// nothing about the machine: the share service imports it to check uploads without linking
// the emulator, and the machine's packages (core, vera, perf) each encode their own
// sections with the Enc and Dec helpers here.
//
// Layout, all integers little-endian:
//
//	offset size field
//	0      8    magic "X16SCOPE"
//	8      4    kind: "STAT" (a save state) or "CAPT" (a capture: a save state plus the
//	            profiler's records, a screenshot and metadata)
//	12     2    format version (the writer's; Version)
//	14     2    oldest reader version that can load this file
//	16     4    uncompressed size of the section stream (bounded by MaxExpanded)
//	20     4    CRC-32 (IEEE) of the uncompressed section stream
//	24     ...  the section stream, compressed with DEFLATE (compress/flate)
//
// The section stream is a sequence of sections, each:
//
//	4      tag (four ASCII bytes, for example "CPU ", "VERA")
//	2      the section's own version
//	4      payload length n
//	n      payload
//
// A reader skips sections it does not know, so adding a component is one new section and
// older readers keep working; a reader refuses a file whose oldest-reader version is newer
// than its own Version, and a section whose version is newer than the one it knows.
package savestate
