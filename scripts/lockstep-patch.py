#!/usr/bin/env python3
# lockstep-patch.py SRC: the trace edit scripts/lockstep.sh makes to a copy of the official
# emulator's source (X16Community/x16-emulator; never committed here). With X16TRACE_FILE=F
# in its environment the patched emulator writes the lockstep trace (cmd/lockstep/trace.go
# describes the format) to F:
#   - one 'I' record per instruction, before it executes (not while halted in WAI; an
#     interrupt entry shows as the handler's first instruction), and
#   - one 'W' record per write to VERA's registers ($9F20-$9F3F), after its instruction's.
# X16TRACE_START=HEX starts the trace when the PC first reaches HEX, X16TRACE_CYCLE=N at
# CPU cycle N (default: power-on); X16TRACE_COUNT=N exits after N instructions (default
# 20,000,000). Unless X16TRACE_HOSTTIME=1, a host-file (IEEE) call it intercepts no longer
# adds the host's wall-clock time of the call to the CPU clock, which would make every run
# differ.
import sys

src = sys.argv[1]


def edit(name, anchor, new):
    p = f"{src}/src/{name}"
    s = open(p).read()
    if s.count(anchor) != 1:
        sys.exit(f"{name} does not look as expected: update scripts/lockstep-patch.py")
    open(p, "w").write(s.replace(anchor, new))


helpers = r'''
/* lockstep trace (scripts/lockstep-patch.py) */
static FILE *x16trace_f;
static int x16trace_state = -1; /* -1 unread, 0 off, 1 armed, 2 tracing */
static long x16trace_pc = -1;
static uint64_t x16trace_from, x16trace_left = 20000000, x16trace_cycles;
static uint32_t x16trace_last;
static bool x16trace_hosttime;
uint64_t x16trace_now;
int x16trace_on;

static void x16trace_put(const uint8_t *b, size_t n) {
	if (fwrite(b, 1, n, x16trace_f) != n) { perror("x16trace"); exit(1); }
}

static void x16trace_u64(uint8_t *b, uint64_t v) { for (int i = 0; i < 8; i++) b[i] = v >> (8 * i); }

void x16trace_vera(uint8_t reg, uint8_t value) {
	uint8_t b[12] = {'W'};
	x16trace_u64(b + 1, x16trace_now);
	b[9] = reg + 0x20; b[10] = 0x9F; b[11] = value;
	x16trace_put(b, sizeof b);
}

static void x16trace_instr(void) {
	extern float vga_scan_pos_x;
	extern uint16_t vga_scan_pos_y;
	x16trace_cycles += (uint32_t)(clockticks6502 - x16trace_last);
	x16trace_last = clockticks6502;
	if (x16trace_state < 0) {
		char *e = getenv("X16TRACE_FILE");
		x16trace_state = 0;
		if (e) {
			x16trace_f = fopen(e, "wb");
			if (!x16trace_f) { perror(e); exit(1); }
			x16trace_put((const uint8_t *)"X16LS\x01\x00\x00", 8);
			x16trace_state = 1;
			if ((e = getenv("X16TRACE_START"))) x16trace_pc = strtol(e, NULL, 16);
			if ((e = getenv("X16TRACE_CYCLE"))) x16trace_from = strtoull(e, NULL, 10);
			if ((e = getenv("X16TRACE_COUNT"))) x16trace_left = strtoull(e, NULL, 10);
			x16trace_hosttime = getenv("X16TRACE_HOSTTIME") != NULL;
		}
	}
	if (x16trace_state == 0 || waiting) return;
	if (x16trace_state == 1) {
		if (x16trace_cycles < x16trace_from || (x16trace_pc >= 0 && regs.pc != x16trace_pc)) return;
		x16trace_state = 2;
		x16trace_on = 1;
	}
	if (x16trace_left == 0) {
		fclose(x16trace_f);
		exit(0);
	}
	x16trace_left--;
	x16trace_now = x16trace_cycles;
	uint8_t b[25] = {'I'};
	x16trace_u64(b + 1, x16trace_cycles);
	uint16_t line = vga_scan_pos_y, col = (uint16_t)vga_scan_pos_x;
	b[9] = line; b[10] = line >> 8; b[11] = col; b[12] = col >> 8;
	b[13] = regs.pc; b[14] = regs.pc >> 8;
	for (int i = 0; i < 3; i++) b[15 + i] = debug_read6502(regs.pc + i, regs.k, USE_CURRENT_X16_BANK);
	b[18] = regs.a; b[19] = regs.xl; b[20] = regs.yl; b[21] = regs.sp; b[22] = regs.status;
	b[23] = memory_get_ram_bank(); b[24] = memory_get_rom_bank();
	x16trace_put(b, sizeof b);
}

bool
handle_ieee_intercept()
{'''
edit("main.c", "\n\nbool\nhandle_ieee_intercept()\n{", "\n" + helpers)
edit("main.c", "\t\tif (handle_ieee_intercept()) {\n\t\t\tcontinue;\n\t\t}\n",
     "\t\tx16trace_instr();\n\t\tif (handle_ieee_intercept()) {\n\t\t\tcontinue;\n\t\t}\n")
edit("main.c", "\t\tclockticks6502 += missed_ticks;\n",
     "\t\tif (x16trace_state == 0 || x16trace_hosttime) clockticks6502 += missed_ticks;\n")
edit("video.c", "void video_write(uint8_t reg, uint8_t value) {\n",
     "void video_write(uint8_t reg, uint8_t value) {\n\t{ extern int x16trace_on; void x16trace_vera(uint8_t, uint8_t); if (x16trace_on) x16trace_vera(reg, value); }\n")
