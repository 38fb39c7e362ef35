package decode

import (
	"fmt"

	"golang.org/x/arch/arm64/arm64asm"
)

// The SHA3 and SHA512 extensions' instructions (FEAT_SHA3, FEAT_SHA512),
// which arm64asm does not decode. Inst.ARM64.Op holds these values for
// them and Args is empty; format them with Inst.String or Inst.Intel. The
// encodings are the Arm ARM's "Cryptographic four-register" (EOR3, BCAX),
// "Cryptographic three-register, imm6" (XAR), "Cryptographic
// three-register SHA 512" (RAX1, SHA512H, SHA512H2, SHA512SU1) and
// "Cryptographic two-register SHA 512" (SHA512SU0) classes, with the
// fields Rd 4:0, Rn 9:5, Ra 14:10 (imm6 15:10 for XAR) and Rm 20:16.
const (
	// OpEOR3 is EOR3 Vd.16B, Vn.16B, Vm.16B, Va.16B: Vd = Vn ⊕ Vm ⊕ Va.
	OpEOR3 arm64asm.Op = 0xF000 + iota
	// OpBCAX is BCAX Vd.16B, Vn.16B, Vm.16B, Va.16B: Vd = Vn ⊕ (Vm ∧ ¬Va).
	OpBCAX
	// OpRAX1 is RAX1 Vd.2D, Vn.2D, Vm.2D: Vd = Vn ⊕ rol(Vm, 1) per lane.
	OpRAX1
	// OpXAR is XAR Vd.2D, Vn.2D, Vm.2D, #imm6: Vd = ror(Vn ⊕ Vm, imm6).
	OpXAR
	// OpSHA512H is SHA512H Qd, Qn, Vm.2D: two rounds' Σ1 and Ch half.
	OpSHA512H
	// OpSHA512H2 is SHA512H2 Qd, Qn, Vm.2D: two rounds' Σ0 and Maj half.
	OpSHA512H2
	// OpSHA512SU0 is SHA512SU0 Vd.2D, Vn.2D: the σ0 half of the schedule.
	OpSHA512SU0
	// OpSHA512SU1 is SHA512SU1 Vd.2D, Vn.2D, Vm.2D: the σ1 half.
	OpSHA512SU1
)

// sha3Ops are the SHA3 and SHA512 encodings: mask, value, op.
var sha3Ops = []struct {
	mask, value uint32
	op          arm64asm.Op
	name        string
}{
	{0xFFE08000, 0xCE000000, OpEOR3, "EOR3"},
	{0xFFE08000, 0xCE200000, OpBCAX, "BCAX"},
	{0xFFE0FC00, 0xCE608C00, OpRAX1, "RAX1"},
	{0xFFE00000, 0xCE800000, OpXAR, "XAR"},
	{0xFFE0FC00, 0xCE608000, OpSHA512H, "SHA512H"},
	{0xFFE0FC00, 0xCE608400, OpSHA512H2, "SHA512H2"},
	{0xFFFFFC00, 0xCEC08000, OpSHA512SU0, "SHA512SU0"},
	{0xFFE0FC00, 0xCE608800, OpSHA512SU1, "SHA512SU1"},
}

// ARM64OpName returns the mnemonic of one of the ops above ("EOR3", …),
// or "" for any other op.
func ARM64OpName(op arm64asm.Op) string {
	for _, s := range sha3Ops {
		if s.op == op {
			return s.name
		}
	}
	return ""
}

// ARM64 decodes one arm64 instruction word as this package does: with
// arm64asm, and the SHA3 and SHA512 instructions above.
func ARM64(w []byte) (arm64asm.Inst, error) {
	in, err := arm64asm.Decode(w)
	if err == nil || len(w) < 4 {
		return in, err
	}
	e := le32(w)
	for _, s := range sha3Ops {
		if e&s.mask == s.value {
			return arm64asm.Inst{Op: s.op, Enc: e}, nil
		}
	}
	return in, err
}

// formatSHA3 formats a SHA3 instruction in Go assembler syntax (operands
// reversed: VEOR3 Va, Vm, Vn, Vd) or in the Arm ARM's (GNU) syntax.
func formatSHA3(x arm64asm.Inst, gnu bool) string {
	e := x.Enc
	d, n, m, a := e&31, e>>5&31, e>>16&31, e>>10&31
	name := ARM64OpName(x.Op)
	switch x.Op {
	case OpEOR3, OpBCAX:
		if gnu {
			return fmt.Sprintf("%s v%d.16b, v%d.16b, v%d.16b, v%d.16b", lower(name), d, n, m, a)
		}
		return fmt.Sprintf("V%s V%d.B16, V%d.B16, V%d.B16, V%d.B16", name, a, m, n, d)
	case OpRAX1, OpSHA512SU1:
		if gnu {
			return fmt.Sprintf("%s v%d.2d, v%d.2d, v%d.2d", lower(name), d, n, m)
		}
		if x.Op == OpRAX1 {
			name = "V" + name
		}
		return fmt.Sprintf("%s V%d.D2, V%d.D2, V%d.D2", name, m, n, d)
	case OpSHA512H, OpSHA512H2:
		if gnu {
			return fmt.Sprintf("%s q%d, q%d, v%d.2d", lower(name), d, n, m)
		}
		return fmt.Sprintf("%s V%d.D2, V%d, V%d", name, m, n, d)
	case OpSHA512SU0:
		if gnu {
			return fmt.Sprintf("sha512su0 v%d.2d, v%d.2d", d, n)
		}
		return fmt.Sprintf("SHA512SU0 V%d.D2, V%d.D2", n, d)
	}
	imm := e >> 10 & 63
	if gnu {
		return fmt.Sprintf("xar v%d.2d, v%d.2d, v%d.2d, #%d", d, n, m, imm)
	}
	return fmt.Sprintf("VXAR $%d, V%d.D2, V%d.D2, V%d.D2", imm, m, n, d)
}

func lower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}
