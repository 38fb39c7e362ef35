package amd64

import (
	"golang.org/x/arch/x86/x86asm"

	"vg.dev/symexec/term"
)

func init() {
	// Whole-register moves. The aligned forms are proved aligned at lift
	// time (align.go); otherwise they are the unaligned forms.
	registerVec(vmov(0), x86asm.MOVDQU, "F3.0F 6F /r V,W", "F3.0F 7F /r W,V")
	registerVec(vmov(0), x86asm.MOVDQA, "66.0F 6F /r V,W", "66.0F 7F /r W,V")
	registerVec(vmov(0), x86asm.MOVUPS, "NP.0F 10 /r V,W", "NP.0F 11 /r W,V")
	registerVec(vmov(0), x86asm.MOVAPS, "NP.0F 28 /r V,W", "NP.0F 29 /r W,V")
	registerVec(vmov(0), x86asm.VMOVDQU, "VEX.128|256.F3.0F.WIG 6F /r V,W", "VEX.128|256.F3.0F.WIG 7F /r W,V")
	registerVec(vmov(0), x86asm.VMOVDQA, "VEX.128|256.66.0F.WIG 6F /r V,W", "VEX.128|256.66.0F.WIG 7F /r W,V")
	evexMov := func(op x86asm.Op, pp string, w, ew int) {
		h := "EVEX.128|256|512." + pp + ".0F.W" + string(rune('0'+w))
		registerVec(vmov(ew), op, h+" 6F /r V,W k z", h+" 7F /r U,V k z", h+" 7F /r M,V k")
	}
	evexMov(x86asm.VMOVDQU32, "F3", 0, 32)
	evexMov(x86asm.VMOVDQU64, "F3", 1, 64)
	evexMov(x86asm.VMOVDQA32, "66", 0, 32)
	evexMov(x86asm.VMOVDQA64, "66", 1, 64)

	// Scalar moves between vector registers, general registers and memory.
	registerVec(vmovScalar(32), x86asm.MOVD, "66.0F 6E /r V,E", "66.0F 7E /r E,V")
	registerVec(vmovScalar(64), x86asm.MOVQ,
		"66.REX.W.0F 6E /r V,E", "66.REX.W.0F 7E /r E,V", "F3.0F 7E /r V,W", "66.0F D6 /r W,V")
	registerVec(vmovScalar(32), x86asm.VMOVD, "VEX.128.66.0F.W0 6E /r V,E", "VEX.128.66.0F.W0 7E /r E,V")
	registerVec(vmovScalar(64), x86asm.VMOVQ,
		"VEX.128.66.0F.W1 6E /r V,E", "VEX.128.66.0F.W1 7E /r E,V",
		"VEX.128.F3.0F.WIG 7E /r V,W", "VEX.128.66.0F.WIG D6 /r W,V")

	registerVec(vpmovmskb, x86asm.VPMOVMSKB, "VEX.128|256.66.0F.WIG D7 /r G,U")
	registerVec(vpmovmskb, x86asm.PMOVMSKB, "66.0F D7 /r G,U")
	registerVec(vzeroupper, x86asm.VZEROUPPER, "VEX.128.0F.WIG 77")
}

// vmov: the whole-register moves, between registers or to and from memory
// of the vector length. ew is the EVEX masking granularity (0 for the
// unmasked legacy and VEX forms).
func vmov(ew int) vecSemFunc {
	return func(v *vinst) error {
		x, err := v.read(1, v.vl)
		if err != nil {
			return err
		}
		if ew == 0 {
			return v.write(0, x)
		}
		return v.writeLanes(0, v.lanes(x, ew))
	}
}

// vmovScalar: MOVD/MOVQ and VMOVD/VMOVQ move the low w bits of the source;
// into a vector register they are zero-extended to 128 bits (legacy SSE
// keeps bits 511..128, VEX zeroes them), into a 32-bit general register
// the usual zero extension applies.
func vmovScalar(w int) vecSemFunc {
	return func(v *vinst) error {
		x, err := v.read(1, w)
		if err != nil {
			return err
		}
		if r, ok := v.args[0].(x86asm.Reg); ok {
			if n, _, ok := vecRegOf(r); ok {
				v.setVec(n, v.b.ZeroExt(x, 128))
				return nil
			}
		}
		return v.write(0, x)
	}
}

// vpmovmskb: VPMOVMSKB r, xmm/ymm gathers the sign bits of the bytes into
// the low bits of the general register and zeroes the rest.
func vpmovmskb(v *vinst) error {
	x, err := v.read(1, v.vl)
	if err != nil {
		return err
	}
	bs := v.lanes(x, 8)
	signs := make([]*term.Term, len(bs))
	for i, b := range bs {
		signs[i] = v.b.Bit(b, 7)
	}
	return v.write(0, v.join(signs))
}

// vzeroupper: VZEROUPPER zeroes bits 511..128 of ZMM0–15 (ZMM16–31 are
// unchanged).
func vzeroupper(v *vinst) error {
	s, b := v.s, v.b
	for n := 0; n < 16; n++ {
		s.vregs[n] = b.ZeroExt(b.Extract(s.vreg(n), 127, 0), 512)
	}
	return nil
}
