package amd64

import (
	"golang.org/x/arch/x86/x86asm"

	"vg.dev/symexec/term"
)

// AVX-512: the 52-bit integer multiply-adds (IFMA), the two-table qword
// permute and the opmask moves. EVEX merging and zeroing masking
// (vinst.writeLanes) applies to every EVEX form whose specification has
// the k flag.

func init() {
	registerVec(vpmadd52(false), x86asm.VPMADD52LUQ, "EVEX.128|256|512.66.0F38.W1 B4 /r V,H,W k z b8")
	registerVec(vpmadd52(true), x86asm.VPMADD52HUQ, "EVEX.128|256|512.66.0F38.W1 B5 /r V,H,W k z b8")
	registerVec(vpermi2q, x86asm.VPERMI2Q, "EVEX.128|256|512.66.0F38.W1 76 /r V,H,W k z b8")

	registerVec(kmov(8), x86asm.KMOVB,
		"VEX.L0.66.0F.W0 90 /r K,Q", "VEX.L0.66.0F.W0 91 /r M,K",
		"VEX.L0.66.0F.W0 92 /r K,R", "VEX.L0.66.0F.W0 93 /r G,N")
	registerVec(kmov(16), x86asm.KMOVW,
		"VEX.L0.0F.W0 90 /r K,Q", "VEX.L0.0F.W0 91 /r M,K",
		"VEX.L0.0F.W0 92 /r K,R", "VEX.L0.0F.W0 93 /r G,N")
	registerVec(kmov(32), x86asm.KMOVD,
		"VEX.L0.66.0F.W1 90 /r K,Q", "VEX.L0.66.0F.W1 91 /r M,K",
		"VEX.L0.F2.0F.W0 92 /r K,R", "VEX.L0.F2.0F.W0 93 /r G,N")
	registerVec(kmov(64), x86asm.KMOVQ,
		"VEX.L0.0F.W1 90 /r K,Q", "VEX.L0.0F.W1 91 /r M,K",
		"VEX.L0.F2.0F.W1 92 /r K,R", "VEX.L0.F2.0F.W1 93 /r G,N")
}

// vpmadd52: VPMADD52LUQ and VPMADD52HUQ add to each destination qword the
// low (high) 52 bits of the 104-bit product of the low 52 bits of the
// qwords of the two sources. The product is one term for both halves, so
// that an LUQ/HUQ pair on the same operands shares it.
func vpmadd52(high bool) vecSemFunc {
	return func(v *vinst) error {
		b := v.b
		acc, err := v.readLanes(0, 64)
		if err != nil {
			return err
		}
		x, y, err := v.binary(64)
		if err != nil {
			return err
		}
		v.varTime(v.join(x), v.join(y))
		out := make([]*term.Term, len(acc))
		for j := range out {
			p := b.Mul(b.ZeroExt(b.Extract(x[j], 51, 0), 104), b.ZeroExt(b.Extract(y[j], 51, 0), 104))
			var h *term.Term
			if high {
				h = b.Extract(p, 103, 52)
			} else {
				h = b.Extract(p, 51, 0)
			}
			out[j] = b.Add(acc[j], b.ZeroExt(h, 64))
		}
		return v.writeLanes(0, out)
	}
}

// vpermi2q: VPERMI2Q idx{k}, t1, t2 replaces each index qword by the qword
// it selects from the table t1:t2 (t1 first): its low log2(n)+1 bits, for
// n qwords per vector. Masked-off lanes keep the index.
func vpermi2q(v *vinst) error {
	idx, err := v.readLanes(0, 64)
	if err != nil {
		return err
	}
	t1, t2, err := v.binary(64)
	if err != nil {
		return err
	}
	table := append(append([]*term.Term(nil), t1...), t2...)
	bits := log2(len(table))
	out := make([]*term.Term, len(idx))
	for j, i := range idx {
		out[j] = pick(v.b, table, v.b.Extract(i, bits-1, 0))
	}
	return v.writeLanes(0, out)
}

// kmov: KMOVB/W/D/Q move the low w bits between opmask registers, memory
// and general registers; opmask and general register destinations are
// zero-extended.
func kmov(w int) vecSemFunc {
	return func(v *vinst) error {
		x, err := v.read(1, w)
		if err != nil {
			return err
		}
		return v.write(0, x)
	}
}
