package perf

import "x16scope/core"

// History sizes (PROFILER.md section 5).
const (
	// HistoryFrames is the frame ring: 60 s at 60 Hz.
	HistoryFrames = 3600
	// PeriodHistory is the period ring. Periods are usually one or two frames long; sub-frame
	// framed periods fill it faster, and then it covers less time than the frame ring.
	PeriodHistory = 4096
	// HeatFrames is how many recent frames keep their per-line bus clocks (the heatmap).
	HeatFrames = 64
	// LinesPerFrame is the number of VGA lines in a frame (525).
	LinesPerFrame = core.LinesPerFrame
	// maxPeriodVSyncs caps an unframed period that never sees the CPU waiting at a VSYNC.
	maxPeriodVSyncs = 8
)

// FrameFlags describe a frame record.
type FrameFlags uint16

const (
	FramePartial   FrameFlags = 1 << iota // began before profiling (re)started: not all its cycles were seen
	FrameReset                            // the machine was reset in it (the 7 reset cycles are not reported)
	FramePeriodEnd                        // a period closed in it
	FrameOverrun                          // a period that closed in it overran the budget
	FrameUnsynced                         // a period closed in it by the 8-VSYNC cap
	FrameMarkers                          // marker mode was on at its end
	FrameFramed                           // the guest frames its work with $F0/$F1
	FrameBus                              // bus statistics are present (the frame ended at a VSYNC)
)

// FrameRecord is one machine frame, VSYNC to VSYNC (about 90 bytes, fixed size).
// Cycle fields are CPU cycles; Bus* and the per-client fields are VERA bus clocks
// (2 x accesses, the uncontended cost: a lower bound).
type FrameRecord struct {
	Frame       uint32     // frame number: VSYNCs seen by this profiler (the first is 1)
	Flags       FrameFlags //
	BusPeakLine uint16     // the line the bus peak fell on (the first, if several)
	EndCycle    uint64     // machine cycle at which the VSYNC ending this frame was seen
	Cycles      uint32     // all cycles charged in the frame: the sum of the six buckets below
	Other       uint32     // work nothing named
	Wait        uint32     // automatic wait detection, framed guest's $F1-$F0 gap
	IRQ         uint32     // interrupt handlers
	Regions     uint32     // marker regions
	ZoneWork    uint32     // work zones
	ZoneIdle    uint32     // idle zones (waiting)

	BusPeak    uint16 // clocks on the busiest line
	BusP95     uint16 // 95th percentile of clocks per line over the frame's 525 lines
	BusClocks  uint32 // clocks over all lines: the mean is BusClocks / 525
	Layer0     uint32 // clocks per client over the frame
	Layer1     uint32
	Sprite     uint32
	CPUPort    uint32
	PortReads  uint32 // CPU reads of DATA0/DATA1
	PortWrites uint32 // CPU writes of DATA0/DATA1 (bytes pushed)
	PortBytes  uint32 // bytes that reached VRAM through the port (FX cache writes move 4)
	SpriteOver uint16 // lines whose sprite fetches exceed the headroom after layers and CPU
}

// Work is the frame's work cycles: everything not waiting.
func (r *FrameRecord) Work() uint32 { return r.Other + r.IRQ + r.Regions + r.ZoneWork }

// Waiting is the frame's waiting cycles.
func (r *FrameRecord) Waiting() uint32 { return r.Wait + r.ZoneIdle }

// PeriodFlags describe a period record.
type PeriodFlags uint8

const (
	PeriodOverrun  PeriodFlags = 1 << iota // work > budget + 8 x VSYNCs
	PeriodUnsynced                         // closed by the 8-VSYNC cap: never waited, not judged
	PeriodFramed                           // delimited by the guest's $F0 markers
)

// PeriodRecord is one period: the guest's own frame (PROFILER.md section 1).
type PeriodRecord struct {
	EndFrame uint32 // number of the frame in which it closed
	Work     uint32 // work cycles
	Cycles   uint32 // all cycles
	Budget   uint32 // the budget it was judged by
	VSyncs   uint16 // VSYNCs inside it
	Flags    PeriodFlags
}

// history holds the rings and the state of the frame and period in progress.
type history struct {
	frames  [HistoryFrames]FrameRecord
	nFrames uint64 // records ever written: the newest is frames[(nFrames-1) % HistoryFrames]

	// zoneRows holds each frame's cycles per bucket: HistoryFrames rows of stride entries
	// (the fixed buckets, every region slot, every zone), row i beside frames[i], in chunks
	// of rowChunk rows allocated as the ring first reaches them: a profiler restored from a
	// capture (a few hundred frames) or watching a short run does not pay for 60 s.
	zoneRows [HistoryFrames / rowChunk][]uint32
	stride   int

	periods  [PeriodHistory]PeriodRecord
	nPeriods uint64

	heat  [HeatFrames][LinesPerFrame]uint16     // per-line bus clocks of recent frames
	lines [HeatFrames][LinesPerFrame]LineClocks // per-line clocks by client, beside heat

	frameNo uint32     // number of the frame in progress
	flags   FrameFlags // flags of the frame in progress

	periodOpen bool
	pWork      uint64 // work and wait totals when the period opened
	pWait      uint64
	pVSyncs    uint32
}

// init sizes the zone breakdown for nzones address zones. Existing rows keep their fixed and
// region columns; zone columns start over (zone ids changed meaning).
func (h *history) init(nzones int) {
	stride := zoneBase + nzones
	if h.frameNo == 0 {
		h.frameNo = 1
	}
	for c, old := range h.zoneRows {
		switch {
		case old == nil:
		case stride == h.stride:
			for i := range rowChunk {
				clear(old[i*stride+zoneBase : (i+1)*stride])
			}
		default:
			rows := make([]uint32, rowChunk*stride)
			for i := range rowChunk {
				copy(rows[i*stride:i*stride+zoneBase], old[i*h.stride:i*h.stride+zoneBase])
			}
			h.zoneRows[c] = rows
		}
	}
	h.stride = stride
}

// rowChunk is how many rows of zoneRows are allocated at a time.
const rowChunk = 240

// row is the zone breakdown of ring slot i. The first use of a chunk allocates it (once
// per 240 frames in the first minute of a profiler's life, never after).
func (h *history) row(i int) []uint32 {
	c := h.zoneRows[i/rowChunk]
	if c == nil {
		c = make([]uint32, rowChunk*h.stride)
		h.zoneRows[i/rowChunk] = c
	}
	j := i % rowChunk
	return c[j*h.stride : (j+1)*h.stride]
}

// restart marks the frame in progress partial and closes the period: profiling (re)started.
func (h *history) restart() {
	h.flags |= FramePartial
	h.periodOpen = false
}

// machineReset flags the frame and abandons the period: it began under a program that is gone.
func (h *history) machineReset() {
	h.flags |= FrameReset
	h.periodOpen = false
}

// appendFrame adds a finished frame's record to the ring, with its per-line clocks (nil
// when none were kept), and returns its bucket row, cleared, for the caller to fill.
func (h *history) appendFrame(r *FrameRecord, heat *[LinesPerFrame]uint16, lines *[LinesPerFrame]LineClocks) []uint32 {
	i := slot(h.nFrames)
	h.frames[i] = *r
	row := h.row(i)
	clear(row)
	hi := h.nFrames % HeatFrames
	if heat != nil && lines != nil {
		h.heat[hi], h.lines[hi] = *heat, *lines
	} else {
		clear(h.heat[hi][:])
		clear(h.lines[hi][:])
	}
	h.nFrames++
	return row
}

// slot is the ring index of the n-th record (0-based, n < nFrames).
func slot(n uint64) int { return int(n % HistoryFrames) }
