package session

import (
	"x16scope/perf"
	"x16scope/savestate"
)

// A capture carries the labels routines were named with, so the call profile of the page
// that opens it names them as the capturing page did.

const (
	tagNames     = "NAME"
	namesVersion = 1
	maxNames     = 1 << 16
)

func encodeNames(syms []perf.Symbol) []byte {
	var e savestate.Enc
	e.U32(uint32(len(syms)))
	for _, s := range syms {
		e.String(s.Name)
		e.U16(s.Addr)
		e.Int(s.Bank)
		e.Bool(s.Data)
	}
	return e.B
}

func decodeNames(sec *savestate.Section) ([]perf.Symbol, error) {
	d := savestate.NewDec(sec)
	n := int(d.U32())
	if n > maxNames {
		d.Fail("%d labels", n)
	}
	var out []perf.Symbol
	for i := 0; i < n && d.Err() == nil; i++ {
		out = append(out, perf.Symbol{Name: d.String(256), Addr: d.U16(), Bank: d.Int(perf.AnyBank, 255), Data: d.Bool()})
	}
	if err := d.Done(); err != nil {
		return nil, err
	}
	return out, nil
}
