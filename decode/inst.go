package decode

import (
	"encoding/binary"
	"errors"
	"fmt"
	"sort"
	"strings"

	"golang.org/x/arch/arm64/arm64asm"
	"golang.org/x/arch/x86/x86asm"
)

// ErrUndecodable is wrapped by errors for machine code that does not
// decode as an instruction of the binary's architecture.
var ErrUndecodable = errors.New("undecodable instruction")

// Func is a decoded function of a Binary.
type Func struct {
	// Name is the qualified Go name importpath.Name (unescaped, without
	// ABI suffix), e.g. "crypto/internal/fips140/edwards25519/field.feMul".
	Name string
	// Sym is the linker symbol, e.g. ".../field.feMul.abi0" for the ABI0
	// body of an assembly function.
	Sym string
	// Addr and Size delimit the function's code: the symbol's extent,
	// which on amd64 excludes the INT3 padding after it and on arm64
	// includes zero padding words (Insts with Data set).
	Addr, Size uint64
	// Code is the machine code (shared with the binary, do not modify).
	Code []byte
	// Insts are the instructions covering Code in address order.
	Insts []Inst
	// Bin is the binary holding the function; use it to resolve the
	// addresses the code refers to (Bin.SymbolAt, Bin.FuncAt).
	Bin *Binary
}

// String returns f.Name.
func (f *Func) String() string { return f.Name }

// InstAt returns the index in f.Insts of the instruction starting at pc.
func (f *Func) InstAt(pc uint64) (int, bool) {
	i := sort.Search(len(f.Insts), func(i int) bool { return f.Insts[i].PC >= pc })
	return i, i < len(f.Insts) && f.Insts[i].PC == pc
}

// Inst is one decoded machine instruction. Exactly one of X86 and ARM64
// is valid, according to the binary's architecture. An INT3 inside a
// function's extent is kept as an ordinary instruction (Go's INT3 padding
// between amd64 functions lies outside the symbols). X86.Op may be one of
// the ops x86asm lacks, OpADCX and OpADOX.
type Inst struct {
	PC    uint64
	Len   int
	Bytes []byte // the instruction's encoding (shared, do not modify)
	// File and Line give the source position from the DWARF line table
	// ("" and 0 if unknown). For assembly functions File is the .s file.
	File string
	Line int
	// X86 is the decoded instruction when the architecture is "amd64",
	// ARM64 when it is "arm64"; the other points to a zero instruction.
	// Pointers, into one array per function, because an Inst is kept
	// for every instruction of a long kernel: both by value were most of
	// its size. Shared: do not modify.
	X86   *x86asm.Inst
	ARM64 *arm64asm.Inst
	// Data marks bytes that are not an instruction: on arm64 zero words
	// (alignment padding inside the symbol, or UNDEF) and literal pool
	// constants read by PC-relative loads (ARM64 is zero); on amd64 bytes
	// no path from the entry reaches, when a linear sweep fails (X86 is
	// zero; see decodeReachable). Executing it is an error.
	Data bool

	bin *Binary
}

// Pos returns "file:line" (or "?" when unknown).
func (in Inst) Pos() string {
	if in.File == "" {
		return "?"
	}
	return fmt.Sprintf("%s:%d", in.File, in.Line)
}

// String returns the instruction in Go assembler syntax, with addresses
// resolved to symbol names of its binary.
func (in Inst) String() string {
	if in.bin == nil {
		return "<invalid instruction>"
	}
	switch {
	case in.Data && in.bin.Arch == "amd64":
		return fmt.Sprintf("BYTE % x", in.Bytes)
	case in.Data:
		return fmt.Sprintf("WORD $%#08x", le32(in.Bytes))
	case in.bin.Arch == "amd64" && adxName[in.X86.Op] != "":
		return formatADX(in, false)
	case in.bin.Arch == "amd64":
		return x86asm.GoSyntax(in.x86Operands(), in.PC, in.operandSymname())
	case in.bin.Arch == "arm64" && ARM64OpName(in.ARM64.Op) != "":
		return formatSHA3(*in.ARM64, false)
	case in.bin.Arch == "arm64":
		return arm64asm.GoSyntax(*in.ARM64, in.PC, in.bin.symname, in.bin)
	}
	return "<unknown architecture>"
}

// Intel returns the instruction in Intel syntax on amd64 and in GNU (ARM
// reference) syntax on arm64.
func (in Inst) Intel() string {
	if in.bin == nil {
		return "<invalid instruction>"
	}
	switch {
	case in.Data && in.bin.Arch == "amd64":
		return fmt.Sprintf(".byte % x", in.Bytes)
	case in.Data:
		return fmt.Sprintf(".word %#08x", le32(in.Bytes))
	case in.bin.Arch == "amd64" && adxName[in.X86.Op] != "":
		return formatADX(in, true)
	case in.bin.Arch == "amd64":
		return x86asm.IntelSyntax(in.x86Operands(), in.PC, in.operandSymname())
	case in.bin.Arch == "arm64" && ARM64OpName(in.ARM64.Op) != "":
		return formatSHA3(*in.ARM64, true)
	case in.bin.Arch == "arm64":
		return arm64asm.GNUSyntax(*in.ARM64)
	}
	return "<unknown architecture>"
}

// operandSymname resolves, for the amd64 formatters, only the addresses
// in's operands name: branch targets and RIP-relative or absolute memory
// operands. x86asm also offers a 32-bit MOV immediate to the lookup, and
// an immediate such as q = 0x7fe001 would print as whatever symbol the
// linker happened to put at that address, so the text (and the proof
// records' code hashes) would change with the layout of the binary.
func (in Inst) operandSymname() x86asm.SymLookup {
	next := in.PC + uint64(in.Len)
	var addrs []uint64
	for _, a := range in.x86Operands().Args {
		switch a := a.(type) {
		case x86asm.Rel:
			addrs = append(addrs, next+uint64(int64(a)))
		case x86asm.Mem:
			switch a.Base {
			case x86asm.RIP:
				addrs = append(addrs, next+uint64(a.Disp))
			case 0:
				addrs = append(addrs, uint64(a.Disp))
			}
		}
	}
	bin := in.bin // not in: the closure would hold a copy of the whole instruction
	return func(addr uint64) (string, uint64) {
		for _, x := range addrs {
			if x == addr {
				return bin.symname(addr)
			}
		}
		return "", 0
	}
}

// x86Operands returns in.X86 with the base of a RIP-relative VEX or EVEX
// memory operand set: x86asm leaves it empty, so the operand would print
// as the absolute address of its displacement (what the lifter reads is
// PC-relative: symexec/amd64 sets the base the same way).
func (in Inst) x86Operands() x86asm.Inst {
	x := *in.X86
	modrm := -1 // x86asm decodes VEX and EVEX only without legacy prefixes
	if len(in.Bytes) > 0 {
		switch in.Bytes[0] {
		case 0xC5:
			modrm = 3
		case 0xC4:
			modrm = 4
		case 0x62:
			modrm = 5
		}
	}
	if modrm < 0 || modrm >= len(in.Bytes) || in.Bytes[modrm]&0xC7 != 0x05 {
		return x
	}
	for i, a := range x.Args {
		if m, ok := a.(x86asm.Mem); ok && m.Base == 0 && m.Index == 0 {
			m.Base = x86asm.RIP
			x.Args[i] = m
		}
	}
	return x
}

// symname resolves addresses for the disassemblers.
func (b *Binary) symname(addr uint64) (string, uint64) {
	if s, ok := b.SymbolAt(addr); ok {
		return s.Name, s.Addr
	}
	return "", 0
}

// Disasm returns a listing of f: one line per instruction with pc, source
// position, encoding and Go syntax.
func (f *Func) Disasm() string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "TEXT %s(SB) [%s %#x-%#x]\n", f.Name, f.Sym, f.Addr, f.Addr+f.Size)
	for i := range f.Insts {
		in := &f.Insts[i]
		file := in.File
		if j := strings.LastIndexByte(file, '/'); j >= 0 {
			file = file[j+1:]
		}
		fmt.Fprintf(&sb, "  %s:%d\t%#x\t%-20x\t%s\n", file, in.Line, in.PC, in.Bytes, in.String())
	}
	return sb.String()
}

// decodeFunc decodes the function symbol s.
func (b *Binary) decodeFunc(s *Symbol) (*Func, error) {
	f := &Func{
		Name: unescapeSymbol(strings.TrimSuffix(s.Name, ".abi0")),
		Sym:  s.Name,
		Addr: s.Addr,
		Size: s.Size,
		Code: s.Data,
		Bin:  b,
	}
	if f.Code == nil || uint64(len(f.Code)) != f.Size {
		return nil, fmt.Errorf("decode %s: symbol %s has no code", f.Name, s.Name)
	}
	insts, off, err := decodeCode(b.Arch, f.Code, f.Addr)
	if err != nil {
		if off < 0 {
			return nil, fmt.Errorf("decode %s: %w", f.Name, err)
		}
		err = b.undecodable(f, off, err)
	} else {
		f.Insts = insts
		if err = b.finish(f); err == nil && b.Arch == "amd64" {
			err = branchesLand(f)
		}
	}
	if err != nil && b.Arch == "amd64" {
		// Data in the text (BYTE directives jumped over) desynchronises
		// a linear sweep: decode what the entry reaches instead.
		if insts, rerr := decodeReachable(f.Code, f.Addr); rerr == nil {
			f.Insts = insts
			if b.finish(f) == nil {
				return f, nil
			}
		}
	}
	if err != nil {
		return nil, err
	}
	return f, nil
}

// finish links f's instructions to b and gives them their positions.
func (b *Binary) finish(f *Func) error {
	for i := range f.Insts {
		f.Insts[i].bin = b
	}
	return b.positions(f)
}

// undecodable returns the error for the code at offset off of f.
func (b *Binary) undecodable(f *Func, off int, cause error) error {
	pc := f.Addr + uint64(off)
	pos := "?"
	if file, line, ok := b.Position(pc); ok {
		pos = fmt.Sprintf("%s:%d", file, line)
	}
	end := min(off+16, len(f.Code))
	return fmt.Errorf("decode %s: pc %#x (%s+%#x) at %s: bytes % x: %v: %w",
		f.Name, pc, f.Sym, off, pos, f.Code[off:end], cause, ErrUndecodable)
}

// le32 reads a little-endian word (0 if b is short).
func le32(b []byte) uint32 {
	if len(b) < 4 {
		return 0
	}
	return binary.LittleEndian.Uint32(b)
}

// Code decodes raw machine code of arch placed at addr, without a binary
// (no source positions, no symbol names). Fuzzing and co-simulation use it.
func Code(arch string, code []byte, addr uint64) ([]Inst, error) {
	insts, off, err := decodeCode(arch, code, addr)
	if err != nil {
		if off >= 0 {
			return nil, fmt.Errorf("%w at pc %#x: %v", ErrUndecodable, addr+uint64(off), err)
		}
		return nil, err
	}
	return insts, nil
}

// decodeCode decodes code at addr; on failure it returns the offset of the
// instruction that does not decode (-1 when the architecture is unknown).
func decodeCode(arch string, code []byte, addr uint64) ([]Inst, int, error) {
	switch arch {
	case "amd64":
		// Sized for an average instruction of 4 bytes, and kept at
		// that: an Inst is a few hundred bytes, growing by doubling
		// copied and kept up to twice what a long kernel needs, and a
		// copy to the length would hold two arrays at once.
		insts := make([]Inst, 0, len(code)/4+1)
		var xs []x86asm.Inst
		for off := 0; off < len(code); {
			x, err := decodeX86(code[off:])
			if err != nil {
				return nil, off, err
			}
			insts = append(insts, Inst{
				PC:    addr + uint64(off),
				Len:   x.Len,
				Bytes: code[off : off+x.Len : off+x.Len],
			})
			xs = append(xs, x)
			off += x.Len
		}
		return withX86(insts[:len(insts):len(insts)], xs), 0, nil
	case "arm64":
		return decodeARM64Code(code, addr)
	}
	return nil, -1, fmt.Errorf("unsupported architecture %q", arch)
}

// zeroX86 and zeroARM64 are the other architecture's instruction of every
// Inst, and an amd64 Data instruction's X86.
var (
	zeroX86   x86asm.Inst
	zeroARM64 arm64asm.Inst
)

// withX86 points the X86 of insts' instructions that are not Data, in
// order, at copies of xs, all in one array; Data instructions get the zero
// instruction.
func withX86(insts []Inst, xs []x86asm.Inst) []Inst {
	arr := make([]x86asm.Inst, len(xs))
	copy(arr, xs)
	k := 0
	for i := range insts {
		insts[i].ARM64 = &zeroARM64
		if insts[i].Data {
			insts[i].X86 = &zeroX86
			continue
		}
		insts[i].X86 = &arr[k]
		k++
	}
	return insts
}
