package perf

// Read-only views for the in-page overlay (package overlay), which renders its charts in Go
// and needs the whole 60 s ring with each frame's per-bucket row. Every view returns memory
// owned by the profiler: valid until the next instruction runs, never to be modified.

// FrameCount is the number of frame records held (at most HistoryFrames).
func (p *Profiler) FrameCount() int { return int(min(p.hist.nFrames, HistoryFrames)) }

// FrameAt is the k-th held frame record, 0 the oldest, FrameCount()-1 the newest.
func (p *Profiler) FrameAt(k int) *FrameRecord {
	return &p.hist.frames[slot(p.firstHeld()+uint64(k))]
}

// FrameBucketsAt is the same frame's cycles per bucket (index = bucket number: BucketOther,
// BucketWait, BucketIRQ, RegionBucket(n), ZoneBucket(i)).
func (p *Profiler) FrameBucketsAt(k int) []uint32 {
	return p.hist.row(slot(p.firstHeld() + uint64(k)))
}

// HeatAt is the per-line bus clocks of the same frame, or nil when the frame is older than
// the HeatFrames kept.
func (p *Profiler) HeatAt(k int) *[LinesPerFrame]uint16 {
	n := p.firstHeld() + uint64(k)
	if n+HeatFrames < p.hist.nFrames || n >= p.hist.nFrames {
		return nil
	}
	return &p.hist.heat[n%HeatFrames]
}

// LinesAt is the per-line bus clocks by client of the same frame, or nil when the frame is
// older than the HeatFrames kept (the heatmap's frames: any column a user can click).
func (p *Profiler) LinesAt(k int) *[LinesPerFrame]LineClocks {
	n := p.firstHeld() + uint64(k)
	if n+HeatFrames < p.hist.nFrames || n >= p.hist.nFrames {
		return nil
	}
	return &p.hist.lines[n%HeatFrames]
}

// BucketInfo names bucket b and tells its kind and whether its cycles are waiting.
func (p *Profiler) BucketInfo(b int) (name string, kind Kind, idle bool) {
	if b >= zoneBase+len(p.zoneList) {
		return p.BucketName(b), KindZone, false // not a bucket of the current zone list
	}
	kind, idle = p.bucketKind(b)
	return p.BucketName(b), kind, idle
}

func (p *Profiler) firstHeld() uint64 { return p.hist.nFrames - uint64(p.FrameCount()) }

// FrameIndex returns the ring index of frame number f, or -1. Frame numbers are consecutive
// in the ring, so this is arithmetic plus a check.
func (p *Profiler) FrameIndex(f uint32) int {
	n := p.FrameCount()
	if n == 0 || f == 0 {
		return -1
	}
	first := p.FrameAt(0).Frame
	k := int(f) - int(first)
	if k < 0 || k >= n || p.FrameAt(k).Frame != f {
		return -1
	}
	return k
}
