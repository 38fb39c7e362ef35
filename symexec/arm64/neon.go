package arm64

import (
	"fmt"
	"sort"

	"golang.org/x/arch/arm64/arm64asm"

	"vg.dev/symexec/machine"
	"vg.dev/symexec/term"
)

// NEON (AdvSIMD) integer semantics.
//
// V0..V31 are 128-bit terms (state.v), the variable entry.Vn until first
// written; a vector value is the Concat of its lanes (lane 0 least
// significant), so lane-wise operations stay lane-wise. A write of a 64-bit
// (Q = 0) result zeroes bits 127:64.
//
// The NEON forms are kept in their own table (neonForms) and are executed
// unless EnableNEON is cleared (tests of the scalar forms alone do so). The
// NEON forms are checked by TestNeon* (lane tests) and, on arm64 or under
// qemu-aarch64, by TestNeonCosim against the processor.

// EnableNEON makes the lifter execute the NEON forms (NeonModelled); on by
// default.
var EnableNEON = true

// neonForms lists the modelled NEON forms; their masks do not overlap each
// other's or the scalar forms'.
var neonForms []*Form

func registerNeon(name string, mask, value uint32, sem semFunc, ops ...arm64asm.Op) {
	if value&^mask != 0 {
		panic("arm64: form " + name + ": value outside its mask")
	}
	neonForms = append(neonForms, &Form{Name: name, Mask: mask, Value: value, Ops: ops, sem: sem})
}

// neonFormOf returns the NEON form of e, or nil (always nil unless
// EnableNEON).
func neonFormOf(e uint32) *Form {
	if !EnableNEON {
		return nil
	}
	for _, f := range neonForms {
		if e&f.Mask == f.Value {
			return f
		}
	}
	return nil
}

// NeonModelled lists the modelled NEON forms, sorted by name.
func NeonModelled() []Form {
	fs := make([]Form, len(neonForms))
	for i, f := range neonForms {
		fs[i] = *f
		fs[i].sem = nil
	}
	sort.Slice(fs, func(i, j int) bool { return fs[i].Name < fs[j].Name })
	return fs
}

// Vector multiplies: data-independent timing of the AdvSIMD multiplies is
// not architecturally guaranteed unless PSTATE.DIT is set, so each records
// a VarTime event with a Warning policy.
func init() {
	for _, m := range []string{"MUL", "MLA", "MLS", "SQDMULH", "SQRDMULH", "UMULL", "UMULL2",
		"SMULL", "SMULL2", "UMLAL", "UMLAL2", "SMLAL", "SMLAL2"} {
		if _, ok := VarTimePolicy[m]; !ok {
			VarTimePolicy[m] = machine.VarTimeRule{Severity: machine.Warning,
				Why: "SIMD multiply timing is data-independent only with PSTATE.DIT set", Source: srcDIT}
		}
	}
}

// vreg reads V register n (128 bits).
func (s *state) vreg(n int) *term.Term {
	if s.v[n] == nil {
		s.v[n] = s.entryV(n)
	}
	return s.v[n]
}

// entryV is the value of Vn at entry, which a nil s.v[n] stands for.
func (s *state) entryV(n int) *term.Term { return s.b.Var(fmt.Sprintf("entry.V%d", n), 128) }

// vregQ reads the low 64 bits of Vn (q false) or all 128.
func (s *state) vregQ(n int, q bool) *term.Term {
	if q {
		return s.vreg(n)
	}
	return s.b.Extract(s.vreg(n), 63, 0)
}

// setV writes Vn; a value narrower than 128 bits is zero-extended.
func (s *state) setV(n int, v *term.Term) {
	if v.Width() < 128 {
		v = s.b.ZeroExt(v, 128)
	}
	s.v[n] = v
}

// lanes splits v into lanes of esize bits, lane 0 the least significant.
func (s *state) lanes(v *term.Term, esize int) []*term.Term {
	n := v.Width() / esize
	ls := make([]*term.Term, n)
	for i := range ls {
		ls[i] = s.b.Extract(v, i*esize+esize-1, i*esize)
	}
	return ls
}

// join is the inverse of lanes.
func (s *state) join(ls []*term.Term) *term.Term {
	r := make([]*term.Term, len(ls))
	for i, l := range ls {
		r[len(ls)-1-i] = l
	}
	return s.b.Concat(r...)
}

// mapLanes applies f lane-wise to the lanes of xs (all of one width).
func (s *state) mapLanes(esize int, f func(i int, x []*term.Term) *term.Term, xs ...*term.Term) *term.Term {
	ls := make([][]*term.Term, len(xs))
	for k, x := range xs {
		ls[k] = s.lanes(x, esize)
	}
	out := make([]*term.Term, len(ls[0]))
	arg := make([]*term.Term, len(xs))
	for i := range out {
		for k := range xs {
			arg[k] = ls[k][i]
		}
		out[i] = f(i, arg)
	}
	return s.join(out)
}

// vq is bit 30 of the word (Q: 128-bit operation).
func vq(e uint32) bool { return bit(e, 30) }

// mask1 is an all-ones lane when c, else zero.
func (s *state) mask1(c *term.Term, w int) *term.Term {
	return s.b.Ite(c, s.b.Ones(w), s.b.Zero(w))
}

// reserved refuses a reserved or unmodelled field combination.
func (s *state) reserved(what string) error { return s.unsupported(what) }
