package amd64

import (
	"fmt"
	"strings"

	"golang.org/x/arch/x86/x86asm"

	"vg.dev/decode"
	"vg.dev/symexec/machine"
)

// Inst is one decoded instruction, as package decode produces it.
type Inst = decode.Inst

// Program is what the lifter needs from the binary.
type Program = machine.Program

// The operations x86asm (v0.33) lacks, which package decode decodes itself
// into Inst.X86 with these Op values.
const (
	OpADCX = decode.OpADCX // ADCX r32/64, r/m32/64 (66 0F 38 F6 /r)
	OpADOX = decode.OpADOX // ADOX r32/64, r/m32/64 (F3 0F 38 F6 /r)
)

// OpName is the mnemonic of op, including the pseudo-operations.
func OpName(op x86asm.Op) string {
	switch op {
	case OpADCX:
		return "ADCX"
	case OpADOX:
		return "ADOX"
	}
	return op.String()
}

// DecodeADX decodes an ADCX or ADOX instruction at the start of code, for
// producers of Insts other than package decode (tests, co-simulation),
// which x86asm alone cannot decode. The operands are decoded by x86asm from
// the same encoding with the opcode replaced by that of ADD r, r/m (03 /r),
// which has the same ModRM, SIB, displacement and REX layout; the result
// carries Op OpADCX or OpADOX and the length of the original encoding.
func DecodeADX(code []byte) (x86asm.Inst, bool) {
	i := 0
	var op x86asm.Op
	var keep []byte
	for ; i < len(code) && i < 15; i++ {
		switch c := code[i]; c {
		case 0x66, 0xF3:
			o := OpADCX
			if c == 0xF3 {
				o = OpADOX
			}
			if op != 0 && op != o {
				return x86asm.Inst{}, false
			}
			op = o
			continue
		case 0x2E, 0x36, 0x3E, 0x26, 0x64, 0x65, 0x67:
			keep = append(keep, c)
			continue
		}
		break
	}
	if op == 0 {
		return x86asm.Inst{}, false
	}
	var rex []byte
	if i < len(code) && code[i]&0xF0 == 0x40 {
		rex = code[i : i+1]
		i++
	}
	if i+3 > len(code) || code[i] != 0x0F || code[i+1] != 0x38 || code[i+2] != 0xF6 {
		return x86asm.Inst{}, false
	}
	rest := code[i+3:]
	sub := append(append(append(keep, rex...), 0x03), rest...)
	x, err := x86asm.Decode(sub, 64)
	if err != nil || x.Op != x86asm.ADD || x.Len < len(keep)+len(rex)+2 {
		return x86asm.Inst{}, false
	}
	if _, ok := x.Args[0].(x86asm.Reg); !ok || (x.DataSize != 32 && x.DataSize != 64) {
		return x86asm.Inst{}, false
	}
	x.Len += 3 - 1 + (i - len(keep) - len(rex)) // opcode 0F 38 F6 for 03, and the 66/F3 prefixes
	x.Op = op
	x.Opcode = 0x0F38F600
	return x, true
}

// machineInst returns the x86asm form of in. An instruction x86asm left
// undecoded (Op 0) that is ADCX or ADOX is decoded here.
func machineInst(in *Inst) (*x86asm.Inst, bool) {
	if in.X86.Op != 0 {
		return in.X86, true
	}
	x, ok := DecodeADX(in.Bytes)
	if !ok || x.Len != in.Len {
		return nil, false
	}
	return &x, true
}

// UnsupportedError and Error are the architecture-neutral lifter errors.
type (
	UnsupportedError = machine.UnsupportedError
	Error            = machine.Error
)

// UndefinedFlagError reports an instruction reading a flag whose value is
// undefined.
type UndefinedFlagError struct {
	Flag   string
	Inst   string // the reading instruction
	Func   string
	PC     uint64
	File   string
	Line   int
	By     string // the instruction that left it undefined ("" at function entry)
	ByPC   uint64
	ByFile string
	ByLine int
	Why    string
}

// Unwrap makes the error match machine.ErrUndefinedFlags.
func (e *UndefinedFlagError) Unwrap() error { return machine.ErrUndefinedFlags }

func (e *UndefinedFlagError) Error() string {
	s := fmt.Sprintf("%s at pc %#x (%s) in %s reads %s, ", e.Inst, e.PC, pos(e.File, e.Line), e.Func, e.Flag)
	if e.By == "" {
		return s + "which is undefined at function entry"
	}
	return s + fmt.Sprintf("left undefined by %s at pc %#x (%s): %s", e.By, e.ByPC, pos(e.ByFile, e.ByLine), e.Why)
}

func pos(file string, line int) string { return machine.Pos(file, line) }

// syntax prints in in Go assembler syntax (with symbol names when in comes
// from a binary).
func syntax(in *Inst, x *x86asm.Inst) string {
	if x == in.X86 {
		if s := in.String(); s != "<invalid instruction>" {
			return s
		}
	}
	switch x.Op {
	case OpADCX, OpADOX:
		w := "L"
		if x.DataSize == 64 {
			w = "Q"
		}
		y := *x
		y.Op = x86asm.ADD
		s := x86asm.GoSyntax(y, in.PC, nil)
		if j := strings.IndexByte(s, ' '); j > 0 {
			return OpName(x.Op) + w + s[j:]
		}
		return OpName(x.Op) + w
	case 0:
		return fmt.Sprintf("bytes % x", in.Bytes)
	}
	return x86asm.GoSyntax(*x, in.PC, nil)
}

// FromBinary returns the Program of the functions of a decoded binary.
func FromBinary(b *decode.Binary) Program { return machine.FromBinary(b) }
