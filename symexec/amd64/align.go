package amd64

import (
	"fmt"

	"golang.org/x/arch/x86/x86asm"

	"vg.dev/symexec/machine"
	"vg.dev/symexec/mem"
)

// Alignment. Most memory operands may be at any address, but some forms
// fault (#GP) when theirs is not aligned (Intel SDM vol. 1, 14.9 and
// 15.7; vol. 2, each instruction's exceptions):
//
//   - the aligned moves, MOVDQA, MOVAPS, MOVAPD, VMOVDQA, VMOVAPS,
//     VMOVAPD, VMOVDQA32 and VMOVDQA64, need their operand's size;
//   - every other legacy-SSE instruction with a 16-byte memory operand
//     needs 16 bytes (MXCSR.MM, AMD's misaligned-SSE mode, is not
//     assumed), except the explicitly unaligned MOVDQU, MOVUPS, MOVUPD and
//     LDDQU, and the string compare PCMPESTRI;
//   - VEX and EVEX forms other than the aligned moves need none.
//
// The lifter proves each such access aligned from what every caller
// guarantees (mem.Region.Align and the offset) or reports it
// (mem.ErrMisaligned): on a real call it may fault.

// alignedMoves need their operand's size at any encoding.
var alignedMoves = map[x86asm.Op]bool{
	x86asm.MOVDQA: true, x86asm.MOVAPS: true, x86asm.MOVAPD: true,
	x86asm.VMOVDQA: true, x86asm.VMOVAPS: true, x86asm.VMOVAPD: true,
	x86asm.VMOVDQA32: true, x86asm.VMOVDQA64: true,
}

// unalignedSSE are the legacy-SSE forms with a 16-byte memory operand
// that need no alignment.
var unalignedSSE = map[x86asm.Op]bool{
	x86asm.MOVDQU: true, x86asm.MOVUPS: true, x86asm.MOVUPD: true, x86asm.LDDQU: true,
	// The SSE4.2 string compares read unaligned operands (internal/bytealg's
	// Index steps its haystack by 16-len(sep) bytes);
	// TestPCMPESTRINative runs them misaligned on this CPU.
	x86asm.PCMPESTRI: true,
}

// alignment is the alignment the current vector instruction needs of a
// memory operand of n bytes (1: none).
func (v *vinst) alignment(n int) int {
	op := v.s.x.Op
	switch {
	case alignedMoves[op]:
		return n
	case v.e.enc == encSSE && n == 16 && !unalignedSSE[op]:
		return 16
	}
	return 1
}

// checkAligned proves the n bytes at m aligned as the instruction needs.
func (v *vinst) checkAligned(m x86asm.Mem, n int) error {
	need := v.alignment(n)
	if need == 1 {
		return nil
	}
	s := v.s
	a, err := s.addr(m)
	if err != nil {
		return err
	}
	a, err = s.realigned(a)
	if err != nil {
		return err
	}
	if r, pl, err := machine.SymbolicPlaces(s.mem, a, n); s.probe == nil && pl != nil && err == nil {
		if err := mem.CheckAlignAt("access", r, pl, need); err != nil {
			return fmt.Errorf("%s: %w", OpName(s.x.Op), err)
		}
		return nil
	}
	r, off, err := s.mem.ConstOffset(a)
	if err != nil {
		return nil // the access itself reports it
	}
	if err := s.checkAlign(r, off, need); err != nil {
		return fmt.Errorf("%s: %w", OpName(s.x.Op), err)
	}
	return nil
}
