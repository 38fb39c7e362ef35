package decode

import (
	"encoding/binary"
	"errors"
	"fmt"
	"strings"

	"golang.org/x/arch/arm64/arm64asm"
	"golang.org/x/arch/x86/x86asm"
)

// Instructions that x86asm does not know. Inst.X86.Op holds these values
// for them; format such instructions with Inst.String or Inst.Intel, not
// with the x86asm formatters (which would index their tables out of range).
const (
	// OpADCX is ADCX r32/64, r/m32/64 (66 0F 38 F6 /r): add with carry
	// using and setting only CF. Args are as for x86asm (Intel order).
	OpADCX x86asm.Op = 0x10000 + iota
	// OpADOX is ADOX r32/64, r/m32/64 (F3 0F 38 F6 /r): add with carry
	// using and setting only OF.
	OpADOX
)

// adxName maps the extra ops to their Go assembler mnemonic stems.
var adxName = map[x86asm.Op]string{OpADCX: "ADCX", OpADOX: "ADOX"}

// decodeX86 decodes one amd64 instruction, working around gaps of x86asm:
// ADCX/ADOX are decoded here, VZEROUPPER/VZEROALL (which x86asm decodes
// with a spurious ModRM byte) get their real length, and a prefix-only
// result (x86asm's answer for an unknown opcode after prefixes) is an
// error.
func decodeX86(code []byte) (x86asm.Inst, error) {
	if in, ok, err := decodeADX(code); ok || err != nil {
		return in, err
	}
	in, err := x86asm.Decode(code, 64)
	if err != nil {
		return in, err
	}
	switch in.Op {
	case 0:
		return in, errors.New("unrecognized instruction")
	case x86asm.VZEROUPPER, x86asm.VZEROALL:
		n, ok := vexOpcodeEnd(code)
		if !ok || code[n-1] != 0x77 {
			return in, errors.New("malformed VZEROUPPER/VZEROALL")
		}
		in.Len = n
		in.Args = x86asm.Args{}
	}
	if in.Len <= 0 || in.Len > len(code) {
		return in, fmt.Errorf("bad instruction length %d", in.Len)
	}
	return in, nil
}

// isLegacyPrefix reports whether c is a legacy prefix byte.
func isLegacyPrefix(c byte) bool {
	switch c {
	case 0xF0, 0xF2, 0xF3, 0x2E, 0x36, 0x3E, 0x26, 0x64, 0x65, 0x66, 0x67:
		return true
	}
	return false
}

// vexOpcodeEnd returns the offset just past the opcode byte of a
// VEX-encoded instruction.
func vexOpcodeEnd(code []byte) (int, bool) {
	i := 0
	for i < len(code) && isLegacyPrefix(code[i]) {
		i++
	}
	if i >= len(code) {
		return 0, false
	}
	switch code[i] {
	case 0xC5:
		i += 3
	case 0xC4:
		i += 4
	default:
		return 0, false
	}
	return i, i <= len(code)
}

// decodeADX decodes ADCX/ADOX. It reports ok == false if code is not one.
// The operands are decoded by x86asm from a stand-in with the same
// operand form, IMUL r, r/m (0F AF /r), without the mandatory prefix.
func decodeADX(code []byte) (x86asm.Inst, bool, error) {
	var in x86asm.Inst
	i := 0
	var mandatory byte
	var stand []byte
	for ; i < len(code) && isLegacyPrefix(code[i]); i++ {
		switch c := code[i]; c {
		case 0x66, 0xF3:
			if mandatory != 0 && mandatory != c {
				return in, false, nil
			}
			mandatory = c
		case 0xF0, 0xF2:
			return in, false, nil
		default:
			stand = append(stand, c)
		}
	}
	if i < len(code) && code[i]&0xF0 == 0x40 { // REX
		stand = append(stand, code[i])
		i++
	}
	if mandatory == 0 || i+3 > len(code) || code[i] != 0x0F || code[i+1] != 0x38 || code[i+2] != 0xF6 {
		return in, false, nil
	}
	stand = append(stand, 0x0F, 0xAF)
	stand = append(stand, code[i+3:min(len(code), i+3+10)]...)
	sub, err := x86asm.Decode(stand, 64)
	if err != nil || sub.Op != x86asm.IMUL {
		if err == nil {
			err = errors.New("malformed ADCX/ADOX")
		}
		return in, true, err
	}
	in = sub
	in.Op = OpADCX
	if mandatory == 0xF3 {
		in.Op = OpADOX
	}
	in.Len = sub.Len + 2 // the mandatory prefix and the third opcode byte
	in.Opcode = 0x0F38F600
	return in, true, nil
}

// formatADX formats ADCX/ADOX through the IMUL stand-in.
func formatADX(in Inst, intel bool) string {
	x := *in.X86
	name := adxName[x.Op]
	x.Op = x86asm.IMUL
	if intel {
		s := x86asm.IntelSyntax(x, in.PC, in.bin.symname)
		return strings.ToLower(name) + strings.TrimPrefix(s, "imul")
	}
	s := x86asm.GoSyntax(x, in.PC, in.bin.symname)
	return name + strings.TrimPrefix(s, "IMUL")
}

// decodeARM64Code decodes the words of an arm64 function. Words that are
// not instructions are kept with Data set: zero words (Go's alignment
// padding within the symbol and UNDEF) and the literal pool words loaded
// by PC-relative LDR instructions of the function. Other undecodable words
// are errors.
func decodeARM64Code(code []byte, addr uint64) ([]Inst, int, error) {
	if len(code)%4 != 0 {
		return nil, len(code) &^ 3, fmt.Errorf("size %d is not a multiple of 4", len(code))
	}
	n := len(code) / 4
	insts := make([]Inst, n)
	arms := make([]arm64asm.Inst, n)
	errs := make([]error, n)
	data := make([]bool, n)
	for k := range n {
		w := code[4*k : 4*k+4 : 4*k+4]
		insts[k] = Inst{PC: addr + uint64(4*k), Len: 4, Bytes: w, X86: &zeroX86, ARM64: &arms[k]}
		if binary.LittleEndian.Uint32(w) == 0 {
			data[k] = true
			continue
		}
		arms[k], errs[k] = ARM64(w)
	}
	// Mark literal pool words.
	for k := range n {
		if errs[k] != nil || data[k] {
			continue
		}
		enc := binary.LittleEndian.Uint32(insts[k].Bytes)
		size := literalSize(enc)
		if size == 0 {
			continue
		}
		off := int64(int32(enc<<8)>>13) * 4 // sign-extended imm19 * 4
		start := int64(4*k) + off
		for o := start; o < start+int64(size); o += 4 {
			if o >= 0 && o < int64(len(code)) {
				data[o/4] = true
			}
		}
	}
	for k := range n {
		if data[k] {
			arms[k], insts[k].Data = arm64asm.Inst{}, true
			continue
		}
		if errs[k] != nil {
			return nil, 4 * k, errs[k]
		}
	}
	return insts, 0, nil
}

// literalSize returns the number of bytes loaded by an arm64 LDR
// (literal) encoding, or 0 if enc is not one (or is PRFM).
func literalSize(enc uint32) int {
	if enc&0x3B000000 != 0x18000000 {
		return 0
	}
	opc, vector := enc>>30, enc>>26&1
	if vector == 0 {
		return [4]int{4, 8, 4, 0}[opc]
	}
	return [4]int{4, 8, 16, 0}[opc]
}
