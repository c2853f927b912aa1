package perf

import "encoding/binary"

// The overlay's bulk copy: a fixed-size byte image of the recent frames that the browser
// copies in one js.CopyBytesToJS call per refresh and reads with a DataView. It holds the last
// SnapFrames frame records (buckets and bus figures), their per-line bus clocks (a heatmap),
// and the newest frame's per-line clocks split by client (for tooltips).
//
// Layout, version 1, all integers little-endian, frames oldest first (slots older than the
// first recorded frame are zero):
//
//	offset          size  field
//	0               4     magic "X16P"
//	4               2     version (1)
//	6               2     header size (SnapHeaderSize)
//	8               4     newest frame number (0: no frame yet)
//	12              2     frame records that follow (SnapFrames)
//	14              2     record size (SnapRecordSize)
//	16              2     lines per frame (525)
//	18              2     line budget in bus clocks (800)
//	20              4     budget cycles
//	24              4     status bits: 0 profiling on, 1 marker mode, 2 framed guest, 3 the newest frame has bus statistics
//	28              4     valid frames (records that hold a frame, at the end of the array)
//	32              4     marker protocol errors
//	36              28    reserved (zero)
//	SnapRecordsAt   SnapFrames x SnapRecordSize: frame records (below)
//	SnapHeatAt      SnapFrames x 525 x u16: bus clocks per line, same frames as the records
//	SnapLinesAt     525 x 5 x u16: newest frame per line: layer0, layer1, sprites, CPU port
//	                (bus clocks), sprite render (VCLK, a different unit: budget 798)
//
// Frame record (SnapRecordSize bytes; cycles are CPU cycles, bus fields bus clocks):
//
//	0 frame u32   4 flags u16 (FrameFlags)   6 bus peak line u16   8 cycles u32
//	12 other u32  16 wait u32  20 irq u32  24 regions u32  28 zone work u32  32 zone idle u32
//	36 bus peak u16  38 bus p95 u16  40 bus clocks (all lines) u32
//	44 layer0 u32  48 layer1 u32  52 sprites u32  56 CPU port u32
//	60 port reads u32  64 port writes u32  68 port bytes into VRAM u32
//	72 sprite-over lines u16  74 reserved u16  76 reserved u32
const (
	SnapVersion    = 1
	SnapHeaderSize = 64
	SnapFrames     = HeatFrames
	SnapRecordSize = 80
	SnapLineFields = 5
	SnapRecordsAt  = SnapHeaderSize
	SnapHeatAt     = SnapRecordsAt + SnapFrames*SnapRecordSize
	SnapLinesAt    = SnapHeatAt + SnapFrames*LinesPerFrame*2
	SnapshotSize   = SnapLinesAt + LinesPerFrame*SnapLineFields*2
)

// Snapshot is the overlay's byte image (see the layout above).
type Snapshot [SnapshotSize]byte

// WriteSnapshot fills s with the newest frames. It allocates nothing.
func (p *Profiler) WriteSnapshot(s *Snapshot) {
	h := &p.hist
	le := binary.LittleEndian
	clear(s[:])
	copy(s[0:4], "X16P")
	le.PutUint16(s[4:], SnapVersion)
	le.PutUint16(s[6:], SnapHeaderSize)
	if h.nFrames > 0 {
		le.PutUint32(s[8:], h.frames[slot(h.nFrames-1)].Frame)
	}
	le.PutUint16(s[12:], SnapFrames)
	le.PutUint16(s[14:], SnapRecordSize)
	le.PutUint16(s[16:], LinesPerFrame)
	le.PutUint16(s[18:], LineBudget)
	le.PutUint32(s[20:], p.budget.Cycles)
	var status uint32
	for i, b := range [...]bool{p.On(), p.mk.on, p.mk.framed, p.hist.nFrames > 0 && p.hist.frames[slot(p.hist.nFrames-1)].Flags&FrameBus != 0} {
		if b {
			status |= 1 << i
		}
	}
	le.PutUint32(s[24:], status)
	valid := min(h.nFrames, SnapFrames)
	le.PutUint32(s[28:], uint32(valid))
	le.PutUint32(s[32:], p.mk.errors)

	for j := SnapFrames - int(valid); j < SnapFrames; j++ {
		k := h.nFrames - SnapFrames + uint64(j)
		putRecord(s[SnapRecordsAt+j*SnapRecordSize:], &h.frames[slot(k)])
		heat := &h.heat[k%HeatFrames]
		o := SnapHeatAt + j*LinesPerFrame*2
		for y, v := range heat {
			le.PutUint16(s[o+2*y:], v)
		}
	}
	for y, l := range h.newestLines() {
		o := SnapLinesAt + y*SnapLineFields*2
		le.PutUint16(s[o:], l.Layer0)
		le.PutUint16(s[o+2:], l.Layer1)
		le.PutUint16(s[o+4:], l.Sprite)
		le.PutUint16(s[o+6:], l.CPUPort)
		le.PutUint16(s[o+8:], l.SpriteRender)
	}
}

func putRecord(b []byte, r *FrameRecord) {
	le := binary.LittleEndian
	_ = b[SnapRecordSize-1]
	le.PutUint32(b[0:], r.Frame)
	le.PutUint16(b[4:], uint16(r.Flags))
	le.PutUint16(b[6:], r.BusPeakLine)
	for i, v := range [...]uint32{r.Cycles, r.Other, r.Wait, r.IRQ, r.Regions, r.ZoneWork, r.ZoneIdle} {
		le.PutUint32(b[8+4*i:], v)
	}
	le.PutUint16(b[36:], r.BusPeak)
	le.PutUint16(b[38:], r.BusP95)
	for i, v := range [...]uint32{r.BusClocks, r.Layer0, r.Layer1, r.Sprite, r.CPUPort, r.PortReads, r.PortWrites, r.PortBytes} {
		le.PutUint32(b[40+4*i:], v)
	}
	le.PutUint16(b[72:], r.SpriteOver)
}
