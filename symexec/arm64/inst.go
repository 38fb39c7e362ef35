package arm64

import (
	"encoding/binary"
	"errors"
	"fmt"

	"golang.org/x/arch/arm64/arm64asm"

	"vg.dev/decode"
	"vg.dev/symexec/machine"
)

// Inst is one decoded instruction, as package decode produces it.
type Inst = decode.Inst

// Program is what the lifter needs from the binary.
type Program = machine.Program

// UnsupportedError and Error are the architecture-neutral lifter errors.
type (
	UnsupportedError = machine.UnsupportedError
	Error            = machine.Error
)

// Errors of the lifter's own (wrapped in an *Error naming the instruction).
var (
	// ErrPlatformRegister: an instruction writes R18, which the platform
	// reserves (Go never allocates it; macOS and Windows clobber it).
	ErrPlatformRegister = errors.New("write to R18, the platform register")
	// ErrUndefinedFlags: an instruction reads NZCV before any instruction
	// of the path set it (the flags are undefined at function entry).
	ErrUndefinedFlags = fmt.Errorf("reads the condition flags, which are undefined at function entry (%w)", machine.ErrUndefinedFlags)
	// ErrDataWord: execution reached a word that is not an instruction
	// (alignment padding, UDF, or a literal pool constant).
	ErrDataWord = errors.New("execution reaches a data word")
)

// FromBinary returns the Program of the functions of a decoded binary.
func FromBinary(b *decode.Binary) Program { return machine.FromBinary(b) }

// word is the 32-bit encoding of in.
func word(in *Inst) uint32 {
	if len(in.Bytes) == 4 {
		return binary.LittleEndian.Uint32(in.Bytes)
	}
	return in.ARM64.Enc
}

// syntax prints in in Go assembler syntax (with symbol names when in comes
// from a binary).
func syntax(in *Inst) string {
	if s := in.String(); s != "<invalid instruction>" {
		return s
	}
	if in.Data || in.ARM64.Op == 0 {
		return fmt.Sprintf("WORD $%#08x", word(in))
	}
	return arm64asm.GoSyntax(*in.ARM64, in.PC, nil, nil)
}

// mnemonic is the decoder's mnemonic of in (the preferred alias, in the
// Arm ARM's spelling, e.g. UDIV, LSL, CSET).
func mnemonic(in *Inst) string {
	if in.Data || in.ARM64.Op == 0 {
		return "WORD"
	}
	if name := decode.ARM64OpName(in.ARM64.Op); name != "" {
		return name
	}
	return in.ARM64.Op.String()
}

// Encoding fields, named as in the Arm ARM.

// field returns bits hi..lo of e.
func field(e uint32, hi, lo int) uint32 { return e >> uint(lo) & (1<<uint(hi-lo+1) - 1) }

func bit(e uint32, i int) bool { return e>>uint(i)&1 == 1 }

func fRd(e uint32) int { return int(e & 31) }
func fRn(e uint32) int { return int(e >> 5 & 31) }
func fRm(e uint32) int { return int(e >> 16 & 31) }
func fRa(e uint32) int { return int(e >> 10 & 31) }

// width is the operand size selected by the sf bit (bit 31).
func width(e uint32) int {
	if bit(e, 31) {
		return 64
	}
	return 32
}

// sext sign-extends the low n bits of v.
func sext(v uint64, n int) int64 { return int64(v<<uint(64-n)) >> uint(64-n) }
