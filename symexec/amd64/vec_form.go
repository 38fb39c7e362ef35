package amd64

import (
	"fmt"
	"strconv"
	"strings"

	"golang.org/x/arch/x86/x86asm"
)

// The encoding forms of the vector operations, written as in the opcode
// column of the Intel SDM:
//
//	"66.0F FE /r V,W"                         legacy SSE (NP: no prefix; REX.W)
//	"VEX.128|256.66.0F.WIG FE /r V,H,W"       VEX with its vector lengths
//	"EVEX.128|256|512.66.0F.W1 D4 /r V,H,W k z b8"
//	"VEX.L0.0F.W0 92 /r K,R"                  L0: L must be 0
//
// then the ModRM form (/r, or /digit for an opcode extension; none for
// an instruction without ModRM), "ib" for an 8-bit immediate, and the
// operands in Intel order by where they are encoded:
//
//	V vector register, G general register, K opmask register: ModRM.reg
//	H vector register: VEX.vvvv / EVEX.V'vvvv
//	W vector register or memory, U vector register only, M memory only,
//	E general register or memory, R general register only,
//	Q opmask register or memory, N opmask register only: ModRM.rm
//	I the immediate
//	X XMM0, implicit (not encoded)
//
// and for EVEX: k (opmask merging allowed), z (zeroing allowed), b4/b8
// (embedded broadcast of a 4- or 8-byte element from memory).

// vecForm is one modelled encoding form.
type vecForm struct {
	spec    string
	op      x86asm.Op
	enc     vecEnc
	ls      uint8 // allowed values of VEX.L / EVEX.L'L, as bit L
	lig     bool  // L ignored
	pp      byte  // 0 none, 1 66, 2 F3, 3 F2
	mmap    byte  // 1 0F, 2 0F38, 3 0F3A
	opc     byte
	w       int8 // required W bit, or -1 when ignored
	modrm   bool
	digit   int8 // ModRM.reg opcode extension, -1 for /r
	imm     bool
	ops     string // operand letters
	rmMem   bool
	rmReg   bool
	opmask  bool
	zeroing bool
	bcst    int // broadcast element bytes
}

// vecForms are the forms of each vector operation, in registration order.
var vecForms = map[x86asm.Op][]*vecForm{}

// parseForm parses a form specification; a malformed one is a programming
// error.
func parseForm(op x86asm.Op, spec string) *vecForm {
	bad := func(why string) { panic(fmt.Sprintf("amd64: form %q of %v: %s", spec, op, why)) }
	f := &vecForm{spec: spec, op: op, w: 0, digit: -1}
	tok := strings.Fields(spec)
	if len(tok) < 2 {
		bad("too short")
	}
	head := strings.Split(tok[0], ".")
	switch head[0] {
	case "VEX", "EVEX":
		f.enc = encVEX
		if head[0] == "EVEX" {
			f.enc = encEVEX
		}
		if len(head) < 4 {
			bad("short VEX head")
		}
		switch head[1] {
		case "LIG":
			f.lig = true
		case "L0", "LZ":
			f.ls = 1
		default:
			for _, l := range strings.Split(head[1], "|") {
				switch l {
				case "128":
					f.ls |= 1
				case "256":
					f.ls |= 2
				case "512":
					f.ls |= 4
				default:
					bad("vector length " + l)
				}
			}
		}
		rest := head[2:]
		switch rest[0] {
		case "66":
			f.pp, rest = 1, rest[1:]
		case "F3":
			f.pp, rest = 2, rest[1:]
		case "F2":
			f.pp, rest = 3, rest[1:]
		}
		if len(rest) != 2 {
			bad("VEX head needs map and W")
		}
		f.mmap = parseMap(rest[0], bad)
		switch rest[1] {
		case "W0":
		case "W1":
			f.w = 1
		case "WIG":
			f.w = -1
		default:
			bad("W field " + rest[1])
		}
	default:
		f.enc = encSSE
		rest := head
		switch rest[0] {
		case "66":
			f.pp, rest = 1, rest[1:]
		case "F3":
			f.pp, rest = 2, rest[1:]
		case "F2":
			f.pp, rest = 3, rest[1:]
		case "NP":
			rest = rest[1:]
		}
		if len(rest) == 3 && rest[0] == "REX" && rest[1] == "W" {
			f.w, rest = 1, rest[2:]
		}
		if len(rest) != 1 {
			bad("legacy head")
		}
		f.mmap = parseMap(rest[0], bad)
	}
	opc, err := strconv.ParseUint(tok[1], 16, 8)
	if err != nil {
		bad("opcode")
	}
	f.opc = byte(opc)
	for _, t := range tok[2:] {
		switch {
		case t == "/r":
			f.modrm = true
		case len(t) == 2 && t[0] == '/' && t[1] >= '0' && t[1] <= '7':
			f.modrm, f.digit = true, int8(t[1]-'0')
		case t == "ib":
			f.imm = true
		case t == "k":
			f.opmask = true
		case t == "z":
			f.zeroing = true
		case t == "b4", t == "b8":
			f.bcst = int(t[1] - '0')
		default:
			f.ops = strings.ReplaceAll(t, ",", "")
		}
	}
	for _, c := range f.ops {
		switch c {
		case 'W', 'E', 'Q':
			f.rmMem, f.rmReg = true, true
		case 'U', 'R', 'N':
			f.rmReg = true
		case 'M':
			f.rmMem = true
		case 'V', 'G', 'K', 'H', 'I', 'X':
		default:
			bad("operand letter " + string(c))
		}
	}
	switch {
	case f.imm != strings.Contains(f.ops, "I"):
		bad("ib and I disagree")
	case f.enc != encEVEX && (f.opmask || f.zeroing || f.bcst != 0):
		bad("masking or broadcast outside EVEX")
	case f.bcst != 0 && !f.rmMem:
		bad("broadcast without a memory operand")
	case f.modrm != (f.rmMem || f.rmReg):
		bad("ModRM form and operands disagree")
	}
	return f
}

func parseMap(m string, bad func(string)) byte {
	switch m {
	case "0F":
		return 1
	case "0F38":
		return 2
	case "0F3A":
		return 3
	}
	bad("opcode map " + m)
	return 0
}

// matches reports whether encoding e is an instance of f.
func (f *vecForm) matches(e *encoding) bool {
	switch {
	case e.enc != f.enc, e.mmap != f.mmap, e.opc != f.opc, e.pp != f.pp:
		return false
	case f.w >= 0 && e.w != (f.w == 1):
		return false
	case f.enc != encSSE && !f.lig && f.ls>>uint(e.l)&1 == 0:
		return false
	case f.modrm != e.hasModRM:
		return false
	case f.digit >= 0 && int8(e.reg) != f.digit:
		return false
	}
	if f.modrm {
		if mem := e.mod != 3; mem && !f.rmMem || !mem && !f.rmReg {
			return false
		}
	}
	if f.enc == encEVEX {
		switch {
		case e.aaa != 0 && !f.opmask:
			return false
		case e.z && (!f.zeroing || e.aaa == 0):
			return false
		case e.bc && (f.bcst == 0 || e.mod == 3):
			return false // register EVEX.b is rounding control
		}
	}
	return true
}

// reserved describes a field of e that an instance of f must leave at
// its reserved value (the SDM: #UD otherwise), or is "". x86asm decodes
// such encodings all the same, but they never run: a VEX or EVEX form
// without a vvvv operand needs vvvv (and EVEX.V') all ones, and an opmask
// register in ModRM.reg or in a register ModRM.rm has no extension bits
// (EVEX.R, EVEX.R', VEX.R or B clear in their inverted sense).
func (f *vecForm) reserved(e *encoding) string {
	if f.enc == encSSE {
		return ""
	}
	if !strings.Contains(f.ops, "H") && e.vvvv != 0 {
		return fmt.Sprintf("%v.vvvv names register %d, but %s has no such operand", e.enc, e.vvvv, f.spec)
	}
	if strings.Contains(f.ops, "K") && e.regHi != 0 {
		return fmt.Sprintf("%v.R/R' extend ModRM.reg, an opmask register, to %d", e.enc, e.regHi|e.reg)
	}
	if strings.ContainsAny(f.ops, "NQ") && e.mod == 3 && e.rmHi != 0 {
		return fmt.Sprintf("%v.B extends ModRM.rm, an opmask register", e.enc)
	}
	return ""
}

// VecForms lists the modelled encoding forms of op (empty when op is not
// a vector operation), for documentation and tests.
func VecForms(op x86asm.Op) []string {
	var r []string
	for _, f := range vecForms[op] {
		r = append(r, f.spec)
	}
	return r
}
