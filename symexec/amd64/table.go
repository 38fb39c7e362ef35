package amd64

import (
	"sort"

	"golang.org/x/arch/x86/x86asm"
)

// semFunc executes the current instruction (s.in, s.x) on s. It returns
// with s.jumped set when it chose the next instruction itself.
type semFunc func(s *state) error

// semantics maps each modelled operation to its meaning. Each family file
// registers its operations from init, so the set of modelled instructions
// is data (Modelled).
var semantics = map[x86asm.Op]semFunc{}

func register(f semFunc, ops ...x86asm.Op) {
	for _, op := range ops {
		if _, dup := semantics[op]; dup {
			panic("amd64: " + OpName(op) + " registered twice")
		}
		semantics[op] = f
	}
}

// Modelled lists the operations the lifter models, sorted. A listed
// operation may still reject some forms (operand sizes, operand kinds) with
// an UnsupportedError.
func Modelled() []x86asm.Op {
	ops := make([]x86asm.Op, 0, len(semantics))
	for op := range semantics {
		ops = append(ops, op)
	}
	sort.Slice(ops, func(i, j int) bool { return ops[i] < ops[j] })
	return ops
}

// IsModelled reports whether op is modelled.
func IsModelled(op x86asm.Op) bool {
	_, ok := semantics[op]
	return ok
}

// FormModelled reports whether the instruction in (its operation and, for
// a vector operation, its encoding form) is one the lifter models; when it
// is not, the reason. A modelled form may still be rejected for its
// operands (an UnsupportedError when it runs).
func FormModelled(in Inst) (bool, string) {
	op := in.X86.Op
	if !IsModelled(op) {
		return false, "unmodelled instruction " + OpName(op)
	}
	fs := vecForms[op]
	if len(fs) == 0 {
		return true, ""
	}
	e, ok := parseEncoding(in.Bytes)
	if !ok {
		return false, OpName(op) + ": cannot parse the vector encoding"
	}
	for _, f := range fs {
		if f.matches(&e) {
			return true, ""
		}
	}
	return false, OpName(op) + ": encoding form not modelled: " + e.describe()
}
