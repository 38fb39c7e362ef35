package amd64

import (
	"errors"
	"testing"

	"golang.org/x/arch/x86/x86asm"

	"vg.dev/symexec/mem"
	"vg.dev/symexec/term"
)

// TestAbsoluteAddress: a data address that is a bare number (an absolute
// operand, or an immediate used as a pointer) is refused even when a data
// symbol lies there in the proving binary, while the same symbol named
// RIP-relative is read.
func TestAbsoluteAddress(t *testing.T) {
	rip := []byte{0x48, 0x8b, 0x05, 0, 0, 0, 0} // MOVQ tab(SB), AX
	rel := int32(0x2000 - (0x1000 + len(rip)))
	rip[3], rip[4], rip[5], rip[6] = byte(rel), byte(rel>>8), byte(rel>>16), byte(rel>>24)
	for _, tt := range []struct {
		name string
		code []byte
		regs map[int]uint64 // register number: value at entry
		err  error
	}{
		{"rip", rip, nil, nil},
		{"absoluteSIB", []byte{0x48, 0x8b, 0x04, 0x25, 0x00, 0x20, 0x00, 0x00}, nil, mem.ErrAbsolute},   // MOVQ 0x2000, AX
		{"immediatePointer", []byte{0x48, 0x8b, 0x01}, map[int]uint64{1: 0x2000}, mem.ErrAbsolute},      // MOVQ (CX), AX with CX = 0x2000
		{"absoluteStore", []byte{0x48, 0x89, 0x04, 0x25, 0x08, 0x20, 0x00, 0x00}, nil, mem.ErrAbsolute}, // MOVQ AX, 0x2008
	} {
		t.Run(tt.name, func(t *testing.T) {
			b := term.NewBuilder()
			m := mem.New(b)
			data := m.Add(&mem.Region{Name: "tab", Kind: mem.ReadOnly, Size: 32, Data: make([]byte, 32), Addr: 0x2000})
			data.Data[0] = 0x42
			m.SetDataResolver(func(addr uint64) (*mem.Region, bool) { return data, addr >= 0x2000 && addr < 0x2020 })
			x, err := x86asm.Decode(tt.code, 64)
			if err != nil {
				t.Fatal(err)
			}
			r := &runner{cfg: Config{B: b, Mem: m, MaxPaths: 4, MaxSteps: 100}, b: b, funcs: map[string]*function{}}
			s := &state{r: r, b: b, mem: m, cond: b.Bool(true)}
			in := Inst{PC: 0x1000, Len: len(tt.code), Bytes: tt.code, X86: &x}
			pad := Inst{PC: in.PC + uint64(in.Len), Len: 1, Bytes: []byte{0xCC}, X86: &x86asm.Inst{Op: x86asm.INT, Args: x86asm.Args{x86asm.Imm(3)}, Len: 1}}
			s.fn = &function{name: "test", insts: []Inst{in, pad}}
			for i := range s.regs {
				s.regs[i] = b.Uint(tt.regs[i], 64)
			}
			err = r.step(s)
			if tt.err == nil {
				if err != nil {
					t.Fatal(err)
				}
				if v, ok := s.regs[0].Uint64(); !ok || v != 0x42 {
					t.Errorf("loaded %v", s.regs[0])
				}
				return
			}
			if !errors.Is(err, tt.err) {
				t.Errorf("got %v, want %v", err, tt.err)
			}
		})
	}
}
