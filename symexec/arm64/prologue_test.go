package arm64

import (
	"testing"

	"vg.dev/symexec/machine"
)

// TestPrologueShape: the stack-growth prologue is recognised in the two
// shapes the assembler emits and in no variant of them: each case changes
// one thing the recognition checks.
func TestPrologueShape(t *testing.T) {
	const base, morestack, other = 0x1000, 0x8000, 0x9000
	rel := func(from, to, bits int) uint32 { return uint32((to-from)/4) & (1<<bits - 1) }
	bcond := func(from, to int, cond uint32) uint32 { return 0x54000000 | rel(from, to, 19)<<5 | cond }
	bl := func(from, to int) uint32 { return 0x94000000 | rel(from, to, 26) }
	b := func(from, to int) uint32 { return 0x14000000 | rel(from, to, 26) }
	const nop, retw = 0xd503201f, 0xd65f03c0
	// small lays out LDR; CMP; B.cond slow; NOP; RET; slow: MOV; BL; B
	// with the edits applied, large the same with SUB before the CMP.
	layout := func(large bool, edit func(w []uint32)) []uint32 {
		w := []uint32{encLoadGuard}
		if large {
			w = append(w, 0xd10483f1) // SUB $288, RSP, R17
			w = append(w, encCmpR17)
		} else {
			w = append(w, encCmpSP)
		}
		i := len(w)
		slow := base + 4*(i+3)
		w = append(w, bcond(base+4*i, slow, 9), nop, retw)
		w = append(w, encSaveLR, bl(slow+4, morestack), b(slow+8, base))
		if edit != nil {
			edit(w)
		}
		return w
	}
	prog := func(morestackName string) testProg {
		return testProg{
			morestackName: program(t, retw),
			"other":       at(other, program(t, retw)),
		}
	}
	fix := func(p testProg) testProg {
		for name, insts := range p {
			if name != "other" {
				p[name] = at(morestack, insts)
			}
		}
		return p
	}
	cases := []struct {
		name  string
		large bool
		edit  func(w []uint32)
		prog  string // the callee's name at morestack ("": no Program)
		n     int    // the prologue's instructions (0: not recognised)
		d     int64
	}{
		{name: "small", prog: "runtime.morestack_noctxt.abi0", n: 3},
		{name: "large", large: true, prog: "runtime.morestack_noctxt.abi0", n: 4, d: 288},
		{name: "no program", prog: ""},
		{name: "callee not morestack", prog: "runtime.other"},
		{name: "stackguard1", prog: "runtime.morestack", edit: func(w []uint32) { w[0] = 0xf9400f90 }},
		{name: "g not R28", prog: "runtime.morestack", edit: func(w []uint32) { w[0] = 0xf9400b70 }},
		{name: "guard not in R16", prog: "runtime.morestack", edit: func(w []uint32) { w[0] = 0xf9400b8f }},
		{name: "compare with R1", prog: "runtime.morestack", edit: func(w []uint32) { w[1] = 0xeb2163ff }},
		{name: "large compare with SP", large: true, prog: "runtime.morestack", edit: func(w []uint32) { w[2] = encCmpSP }},
		{name: "SUB into R16", large: true, prog: "runtime.morestack", edit: func(w []uint32) { w[1] = 0xd10483f0 }},
		{name: "B.LO", prog: "runtime.morestack", edit: func(w []uint32) { w[2] = bcond(base+8, base+20, 3) }},
		{name: "B.LS elsewhere", prog: "runtime.morestack", edit: func(w []uint32) { w[2] = bcond(base+8, base+16, 9) }},
		{name: "no MOVD R30, R3", prog: "runtime.morestack", edit: func(w []uint32) { w[5] = nop }},
		{name: "BL elsewhere", prog: "runtime.morestack", edit: func(w []uint32) { w[6] = bl(base+24, other) }},
		{name: "B back past the entry", prog: "runtime.morestack", edit: func(w []uint32) { w[7] = b(base+28, base+4) }},
		{name: "B, not BL", prog: "runtime.morestack", edit: func(w []uint32) { w[6] = b(base+24, morestack) }},
	}
	for _, c := range cases {
		f := &function{name: "f", insts: program(t, layout(c.large, c.edit)...)}
		var p machine.Program
		if c.prog != "" {
			p = fix(prog(c.prog))
		}
		got := findPrologue(f, p)
		if got.n != c.n || got.n != 0 && got.d != c.d {
			t.Errorf("%s: prologue %+v, want %d instructions (d %d)", c.name, got, c.n, c.d)
		}
	}
}
