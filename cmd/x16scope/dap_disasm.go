package main

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/google/go-dap"

	"x16scope/core"
)

// The disassembly view: instructions around an address, with labels and source lines.

// maxDisassemble bounds one request (VS Code asks for a few hundred at a time).
const maxDisassemble = 4096

func (s *dapSession) disassemble(a dap.DisassembleArguments) ([]dap.DisassembledInstruction, error) {
	base, err := s.address(a.MemoryReference)
	if err != nil {
		return nil, err
	}
	base += int64(a.Offset)
	if base < 0 || base > 0xFFFF {
		return nil, fmt.Errorf("$%X is outside the CPU's 64 KB", base)
	}
	if a.InstructionCount < 0 || a.InstructionCount > maxDisassemble || a.InstructionOffset < -maxDisassemble || a.InstructionOffset > maxDisassemble {
		return nil, fmt.Errorf("instructionCount %d / instructionOffset %d: at most %d", a.InstructionCount, a.InstructionOffset, maxDisassemble)
	}
	peek := s.machine().Peek
	start := int(base)
	if k := -a.InstructionOffset; k > 0 {
		start = backUp(uint16(base), k, peek)
	} else {
		for range a.InstructionOffset {
			_, size := core.Disassemble(uint16(start), peek)
			start += size
		}
	}
	out := make([]dap.DisassembledInstruction, 0, a.InstructionCount)
	addr := start
	for range a.InstructionCount {
		if addr < 0 || addr > 0xFFFF {
			// Outside the address space: VS Code wants the count it asked for.
			out = append(out, dap.DisassembledInstruction{Address: fmt.Sprintf("0x%X", max(addr, 0)), Instruction: "??"})
			addr++
			continue
		}
		pc := uint16(addr)
		text, size := core.Disassemble(pc, peek)
		var hex strings.Builder
		for i := range size {
			fmt.Fprintf(&hex, "%02X ", peek(pc+uint16(i)))
		}
		in := dap.DisassembledInstruction{Address: fmt.Sprintf("0x%04X", pc), Instruction: text,
			InstructionBytes: strings.TrimSpace(hex.String())}
		if l := s.labelFor(pc); !strings.HasPrefix(l, "$") && !strings.Contains(l, "+") {
			in.Symbol = l
		}
		if line, _, _, ok := s.lineAt(pc); ok {
			l := s.info.Lines[line]
			in.Location = s.source(l.File)
			in.Line = l.Line
		}
		out = append(out, in)
		addr += size
	}
	return out, nil
}

// backUp finds where to start so that k instructions end exactly at addr: 6502 code has
// no marks between instructions, so it tries every start and takes the first that lines
// up (else it counts 1-byte steps back).
func backUp(addr uint16, k int, peek func(uint16) uint8) int {
	for back := k; back <= 3*k; back++ {
		a, n := int(addr)-back, 0
		for a < int(addr) && n < k {
			if a < 0 {
				a++
				n++
				continue
			}
			_, size := core.Disassemble(uint16(a), peek)
			a += size
			n++
		}
		if a == int(addr) && n == k {
			return int(addr) - back
		}
	}
	return int(addr) - k
}

// source is the editor's path for a .dbg file id.
func (s *dapSession) source(file int) *dap.Source {
	name := s.info.Files[file].Name
	path, ok := s.srcPaths[file]
	if !ok {
		path = name
		if !filepath.IsAbs(path) {
			path = filepath.Join(s.srcRoot, name)
		}
	}
	return &dap.Source{Name: filepath.Base(name), Path: path}
}
