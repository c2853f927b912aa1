package core

// The buffer that batches instructions for observers (observe_events.go).

// instrBatch is how many instructions the machine collects before handing them over.
const instrBatch = 256

// traceBuffer collects instructions for the recorder and for a tracer that wants every one.
type traceBuffer struct {
	tracer Tracer   // receives the batch when every is set
	every  bool     // the tracer wants every instruction (Watch.Every)
	rec    Recorder // receives the batch when not nil
	n      int
	buf    [instrBatch]InstrEvent
}

// record stores one instruction and reports whether the buffer is now full (the caller
// flushes: keeping the call out of record keeps it small enough to inline).
func (t *traceBuffer) record(e InstrEvent) (full bool) {
	t.buf[t.n&(instrBatch-1)] = e
	t.n++
	return t.n == instrBatch
}

// flush hands the collected instructions over. Call it before any other event.
func (t *traceBuffer) flush() {
	if t.n > 0 {
		if t.rec != nil {
			t.rec.Instrs(t.buf[:t.n])
		}
		if t.every && t.tracer != nil {
			t.tracer.Instrs(t.buf[:t.n])
		}
	}
	t.n = 0
}
