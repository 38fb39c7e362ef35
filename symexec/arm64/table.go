package arm64

import (
	"sort"

	"golang.org/x/arch/arm64/arm64asm"
)

// semFunc executes the current instruction (s.in, s.enc) on s. It returns
// with s.jumped set when it chose the next instruction itself.
type semFunc func(s *state) error

// A Form is an encoding class of the Arm ARM that the lifter models: the
// words w with w&Mask == Value. Ops are the mnemonics (the instruction and
// its aliases) the decoder may report for such a word; a word whose
// decoded mnemonic is not among them is not executed (the decoder and the
// lifter disagree about what it is).
type Form struct {
	Name        string // e.g. "ADD/ADDS/SUB/SUBS (immediate)"
	Mask, Value uint32
	Ops         []arm64asm.Op
	sem         semFunc
}

// forms lists the modelled forms. Each family file registers its forms
// from init, so the set of modelled instructions is data (Modelled). The
// masks of distinct forms do not overlap.
var forms []*Form

func register(name string, mask, value uint32, sem semFunc, ops ...arm64asm.Op) {
	if value&^mask != 0 {
		panic("arm64: form " + name + ": value outside its mask")
	}
	forms = append(forms, &Form{Name: name, Mask: mask, Value: value, Ops: ops, sem: sem})
}

// formOf returns the form of encoding e, or nil.
func formOf(e uint32) *Form {
	for _, f := range forms {
		if e&f.Mask == f.Value {
			return f
		}
	}
	return neonFormOf(e) // NEON forms (neon.go), when EnableNEON is set
}

// allows reports whether op is one of f's mnemonics.
func (f *Form) allows(op arm64asm.Op) bool {
	for _, o := range f.Ops {
		if o == op {
			return true
		}
	}
	return false
}

// Modelled lists the modelled forms, sorted by name. A listed form may
// still reject some encodings (reserved field values, CONSTRAINED
// UNPREDICTABLE register combinations) with an UnsupportedError.
func Modelled() []Form {
	fs := make([]Form, len(forms))
	for i, f := range forms {
		fs[i] = *f
		fs[i].sem = nil
	}
	sort.Slice(fs, func(i, j int) bool { return fs[i].Name < fs[j].Name })
	return fs
}

// Mnemonics lists the mnemonics of the modelled forms, sorted and without
// duplicates.
func Mnemonics() []string {
	seen := map[string]bool{}
	var ms []string
	for _, f := range forms {
		for _, op := range f.Ops {
			if m := op.String(); !seen[m] {
				seen[m] = true
				ms = append(ms, m)
			}
		}
	}
	sort.Strings(ms)
	return ms
}

// IsModelled reports whether the encoding e is of a modelled form.
func IsModelled(e uint32) bool { return formOf(e) != nil }

// unmodelledReason explains, for the major groups of the A64 encoding
// space, why an encoding of no form is not executed.
func unmodelledReason(e uint32) string {
	op0 := field(e, 28, 25)
	switch {
	case op0&0x7 == 0x7:
		return "SIMD and floating-point instructions are not modelled"
	case op0&0x5 == 0x4 && bit(e, 26):
		return "SIMD and floating-point loads and stores are not modelled"
	case op0&0x5 == 0x4:
		return "this load/store class (exclusive, acquire/release, atomic, unprivileged or prefetch) is not modelled"
	case op0&0xE == 0xA:
		return "system instructions, exceptions and this branch form are not modelled"
	}
	return ""
}
