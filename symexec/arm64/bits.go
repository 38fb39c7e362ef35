package arm64

import (
	"golang.org/x/arch/arm64/arm64asm"

	"vg.dev/symexec/term"
)

// Data-processing (1 source): RBIT, REV16, REV32, REV, CLZ, CLS. No flags.

func init() {
	register("RBIT/REV16/REV32/REV", 0x7FFFF000, 0x5AC00000, reverse,
		arm64asm.RBIT, arm64asm.REV16, arm64asm.REV32, arm64asm.REV)
	register("CLZ/CLS", 0x7FFFF800, 0x5AC01000, countLeading, arm64asm.CLZ, arm64asm.CLS)
}

// reverse: RBIT reverses the bits; REV16, REV32 and REV reverse the bytes
// of each 16-bit, 32-bit or whole-register container (REV of a 32-bit
// register is opc 10, of a 64-bit one opc 11; REV32 is opc 10 with sf).
func reverse(s *state) error {
	w := width(s.enc)
	opc := field(s.enc, 11, 10)
	if w == 32 && opc == 3 {
		return s.unsupported("unallocated REV with sf 0")
	}
	b := s.b
	x := s.reg(fRn(s.enc), w)
	if opc == 0 {
		bits := make([]*term.Term, w)
		for i := range bits {
			bits[i] = b.Bit(x, i) // bit i becomes the i-th most significant
		}
		return s.setReg(fRd(s.enc), b.Concat(bits...))
	}
	container := [4]int{0, 16, 32, 64}[opc]
	if opc == 2 && w == 32 {
		container = 32
	}
	var parts []*term.Term // most significant first
	for c := w/container - 1; c >= 0; c-- {
		for k := 0; k < container/8; k++ {
			lo := c*container + 8*k // byte k of the container becomes its k-th most significant
			parts = append(parts, b.Extract(x, lo+7, lo))
		}
	}
	return s.setReg(fRd(s.enc), b.Concat(parts...))
}

// countLeading: CLZ counts the leading zero bits (the width for 0), CLS
// the leading bits after the top one that equal it.
func countLeading(s *state) error {
	w := width(s.enc)
	b := s.b
	x := s.reg(fRn(s.enc), w)
	if bit(s.enc, 10) { // CLS: the leading zeros of x ⊕ (x >> 1) below the top bit
		x = b.Extract(b.Xor(x, b.LshrC(x, 1)), w-2, 0)
	}
	n := x.Width()
	r := b.Uint(uint64(n), w)
	for i := 0; i < n; i++ {
		r = b.Ite(b.Bit(x, i), b.Uint(uint64(n-1-i), w), r)
	}
	return s.setReg(fRd(s.enc), r)
}
