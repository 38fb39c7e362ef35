package amd64

import (
	"golang.org/x/arch/x86/x86asm"

	"vg.dev/symexec/term"
)

// AVX-512 selection by an opmask: the integer compares that write an
// opmask (VPCMP[U]D, VPCMP[U]Q), the sign bits as an opmask (VPMOVD2M,
// VPMOVQ2M; AVX512DQ) and the compress into a register
// (VPCOMPRESSD, VPCOMPRESSQ). The compress to memory is not modelled: it
// stores a variable number of elements at consecutive addresses, and on
// AMD Zen 4 and Zen 5 it is microcoded and an order of magnitude slower
// than the register form followed by a store.

func init() {
	registerVec(vpcmpMask(32, false), x86asm.VPCMPD, "EVEX.128|256|512.66.0F3A.W0 1F /r ib K,H,W,I k b4")
	registerVec(vpcmpMask(32, true), x86asm.VPCMPUD, "EVEX.128|256|512.66.0F3A.W0 1E /r ib K,H,W,I k b4")
	registerVec(vpcmpMask(64, false), x86asm.VPCMPQ, "EVEX.128|256|512.66.0F3A.W1 1F /r ib K,H,W,I k b8")
	registerVec(vpcmpMask(64, true), x86asm.VPCMPUQ, "EVEX.128|256|512.66.0F3A.W1 1E /r ib K,H,W,I k b8")
	registerVec(vpmovToMask(32), x86asm.VPMOVD2M, "EVEX.128|256|512.F3.0F38.W0 39 /r K,U")
	registerVec(vpmovToMask(64), x86asm.VPMOVQ2M, "EVEX.128|256|512.F3.0F38.W1 39 /r K,U")
	registerVec(vpcompress(32), x86asm.VPCOMPRESSD, "EVEX.128|256|512.66.0F38.W0 8B /r U,V k z")
	registerVec(vpcompress(64), x86asm.VPCOMPRESSQ, "EVEX.128|256|512.66.0F38.W1 8B /r U,V k z")
}

// vpcmpMask: VPCMP[U]{D,Q} k1{k2}, a, b, imm sets bit j of k1 to the
// comparison imm[2:0] (0 EQ, 1 LT, 2 LE, 3 FALSE, 4 NE, 5 NLT, 6 NLE,
// 7 TRUE; signed or unsigned) of element j of a and b, and to 0 where the
// write mask k2 has a 0; the bits above the elements are cleared.
func vpcmpMask(ew int, unsigned bool) vecSemFunc {
	return func(v *vinst) error {
		b := v.b
		x, y, err := v.binary(ew)
		if err != nil {
			return err
		}
		lt, le := b.Slt, b.Sle
		if unsigned {
			lt, le = b.Ult, b.Ule
		}
		pred := v.imm() & 7
		bits := make([]*term.Term, len(x))
		for j := range x {
			var c *term.Term
			switch pred {
			case 0:
				c = b.Eq(x[j], y[j])
			case 1:
				c = lt(x[j], y[j])
			case 2:
				c = le(x[j], y[j])
			case 3:
				c = b.Bool(false)
			case 4:
				c = b.Not(b.Eq(x[j], y[j]))
			case 5:
				c = b.Not(lt(x[j], y[j]))
			case 6:
				c = b.Not(le(x[j], y[j]))
			default:
				c = b.Bool(true)
			}
			if v.e.aaa != 0 {
				c = b.And(c, b.Bit(v.s.kreg(v.e.aaa), j))
			}
			bits[j] = c
		}
		return v.write(0, v.join(bits))
	}
}

// vpmovToMask: VPMOV{D,Q}2M k, src sets bit j of k to the top bit of
// element j of src and clears the bits above the elements.
func vpmovToMask(ew int) vecSemFunc {
	return func(v *vinst) error {
		x, err := v.readLanes(1, ew)
		if err != nil {
			return err
		}
		bits := make([]*term.Term, len(x))
		for j := range x {
			bits[j] = v.b.Bit(x[j], ew-1)
		}
		return v.write(0, v.join(bits))
	}
}

// vpcompress: VPCOMPRESS{D,Q} dst{k}, src packs the elements of src that
// the mask selects (all of them without a mask) into the low elements of
// dst, in order; the elements above their count are zeroed ({z}) or kept.
// Element j of dst is src[i] for the i with k[i] set and j set bits of k
// below it, if there is one.
func vpcompress(ew int) vecSemFunc {
	return func(v *vinst) error {
		b, s := v.b, v.s
		src, err := v.readLanes(1, ew)
		if err != nil {
			return err
		}
		n := len(src)
		out := make([]*term.Term, n)
		if v.e.aaa == 0 {
			copy(out, src)
			return v.write(0, v.join(out))
		}
		if v.e.z {
			for j := range out {
				out[j] = b.Zero(ew)
			}
		} else {
			old, err := v.readLanes(0, ew)
			if err != nil {
				return err
			}
			copy(out, old)
		}
		// The SDM's loop: element i, if selected, goes to the position
		// counting the selected elements below it.
		k := s.kreg(v.e.aaa)
		v.varTime(k) // VarTimePolicy: the mask must be public
		pos := b.Zero(8)
		for i := range src {
			sel := b.Bit(k, i)
			for j := range out {
				out[j] = b.Ite(sel, b.Ite(b.Eq(pos, b.Uint(uint64(j), 8)), src[i], out[j]), out[j])
			}
			pos = b.Ite(sel, b.Add(pos, b.Uint(1, 8)), pos)
		}
		return v.write(0, v.join(out))
	}
}
