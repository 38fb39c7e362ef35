package prove

import "strings"

// Hint says, in one line, what usually fixes a violation: reports print it
// under the violation. It is advice, not part of the verdict.
func Hint(v Violation) string {
	d := v.Detail
	switch v.Kind {
	case KindSecretBranch:
		return "if the value is public, mark its parameter //vg:public; if not, compute both outcomes and keep one with CMOV/CSEL, SETcc or a mask instead of branching"
	case KindSecretAddress:
		return "if the index is public, mark its parameter //vg:public; if not, read every entry and keep the one wanted under a mask (or CMOV/CSEL), as kernels/ctselect does"
	case KindVariableTime:
		if v.Warning {
			return "SIMD multiplies run in constant time only with Intel's DOITM set: if the operand is public, mark it //vg:public; -warnings-as-errors makes this a violation"
		}
		return "if the operand is public, mark its parameter //vg:public; if not, replace the division by a multiplication with a precomputed reciprocal (Barrett reduction) or a shift"
	case KindStoreOutOfBounds, KindLoadOutOfBounds:
		switch {
		case strings.Contains(d, "frame record"):
			return "do not write at 0(RSP) or -8(RSP), the caller's saved LR and FP: declare a frame in the TEXT line ($16 or more) and use offsets inside it"
		case strings.Contains(d, "declared frame"):
			return "declare the stack the kernel uses in its TEXT line ($framesize-argsize; a SUBQ of SP is not counted on amd64), or keep to the declared frame"
		}
		return "keep the access within the argument's bytes (a slice's length, not its capacity): check the offset and the loop bound, and the //vg:sizes or //vg:requires that bound the length"
	case KindStoreReadOnly:
		return "read-only memory (a string's bytes, or data in a GLOBL with RODATA) cannot be written: keep results in the arguments' writable memory or in the kernel's own frame"
	case KindStoreGlobal:
		return "a kernel may not write a global (another goroutine may be reading it): write to an argument or to the kernel's own frame"
	case KindMisaligned:
		return "this form faults unless its memory is aligned, and Go aligns only to the type: use the unaligned form (MOVDQU, MOVUPS, VMOVDQU), or declare //vg:align p=n and align the memory in the Go wrapper"
	case KindNoRegion:
		return "the address is derived from no argument, frame or data symbol: compute it from a pointer loaded from the argument frame (x+0(FP))"
	case KindUndefinedRegister:
		return "the register holds whatever the caller left (ABI0 passes arguments only in the frame): load the value from its argument slot (x+0(FP)) or set the register first"
	case KindSPNotRestored:
		return "pop what was pushed and add back what was subtracted from SP on every path before RET"
	case KindReturnAddress:
		return "the return address at 0(SP) was overwritten: check the stack offsets of the stores (arguments are at x+0(FP), not 0(SP))"
	case KindBPClobbered:
		return "BP holds the caller's frame pointer: use another register, or save BP and restore it before RET"
	case KindRegClobbered:
		return "this register is reserved (g, the frame pointer or the platform register): use another one, or save and restore it"
	case KindResultNotWritten:
		return "store every result (ret+N(FP)) on every path before RET"
	}
	return ""
}
