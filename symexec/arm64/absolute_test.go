package arm64

import (
	"errors"
	"testing"

	"vg.dev/symexec/mem"
	"vg.dev/symexec/term"
)

// TestAbsoluteAddress: a data address that is a bare number (a wide
// immediate used as a pointer) is refused even when a data symbol lies
// there in the proving binary, while the same symbol reached by ADRP and
// its low bits, as the Go assembler writes it, is read.
func TestAbsoluteAddress(t *testing.T) {
	const (
		adrp     = 0x90000000 // ADRP X0, 0x2000 - 0x1000 (one page up), at 0x1000
		ldrX1    = 0xf9400001 // LDR X1, [X0]
		ldrX1off = 0xf9400401 // LDR X1, [X0, #8]
		strX1    = 0xf9000001 // STR X1, [X0]
	)
	for _, tt := range []struct {
		name  string
		words []uint32
		x0    uint64 // X0 at entry, as a number
		err   error
	}{
		{"adrp", []uint32{adrp | 1<<29, ldrX1}, 0, nil},          // immlo = 1: one page
		{"adrpOffset", []uint32{adrp | 1<<29, ldrX1off}, 0, nil}, // the symbol's second word
		{"immediatePointer", []uint32{ldrX1}, 0x2000, mem.ErrAbsolute},
		{"immediateStore", []uint32{strX1}, 0x2008, mem.ErrAbsolute},
	} {
		t.Run(tt.name, func(t *testing.T) {
			b := term.NewBuilder()
			m := mem.New(b)
			data := m.Add(&mem.Region{Name: "tab", Kind: mem.ReadOnly, Size: 32, Data: make([]byte, 32), Addr: 0x2000, Align: 8})
			data.Data[0], data.Data[8] = 0x42, 0x43
			m.SetDataResolver(func(addr uint64) (*mem.Region, bool) { return data, addr >= 0x2000 && addr < 0x2020 })
			r := &runner{cfg: Config{B: b, Mem: m, MaxPaths: 4, MaxSteps: 100}, b: b, funcs: map[string]*function{}}
			s := &state{r: r, b: b, mem: m, cond: b.Bool(true)}
			for i := range s.x {
				s.x[i] = b.Uint(0, 64)
			}
			s.x[0] = b.Uint(tt.x0, 64)
			s.sp = b.Uint(0x8000, 64)
			insts := program(t, tt.words...)
			insts = append(insts, dataWord(0x1000+4*uint64(len(insts)), 0))
			s.fn = &function{name: "test", insts: insts}
			var err error
			for err == nil && s.idx < len(tt.words) {
				err = r.step(s)
			}
			if tt.err == nil {
				if err != nil {
					t.Fatal(err)
				}
				want := uint64(0x42)
				if tt.name == "adrpOffset" {
					want = 0x43
				}
				if v, ok := s.x[1].Uint64(); !ok || v != want {
					t.Errorf("loaded %v, want %#x", s.x[1], want)
				}
				return
			}
			if !errors.Is(err, tt.err) {
				t.Errorf("got %v, want %v", err, tt.err)
			}
		})
	}
}
