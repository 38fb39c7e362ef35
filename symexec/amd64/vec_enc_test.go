package amd64

import (
	"fmt"
	"math/rand"
	"sort"
	"strings"
	"testing"

	"golang.org/x/arch/x86/x86asm"
)

// An encoder for the vector forms of the semantics table (vec_form.go),
// so that the tests generate every modelled form from the table itself.

// vecChoice picks the operands of one encoding of a form.
type vecChoice struct {
	l     int // VEX.L / EVEX.L'L
	reg   int // the ModRM.reg operand (vector, general or opmask register)
	vvvv  int // the H operand
	rm    int // the r/m register operand
	mem   bool
	base  int // memory: base register
	index int // memory: index register, -1 for none
	scale int // 1, 2, 4 or 8
	disp  int32
	disp8 bool // 8-bit displacement (EVEX: scaled by the CPU)
	aaa   int
	z     bool
	bc    bool
	imm   byte
	vex3  bool // the 3-byte VEX prefix even when the 2-byte one would do
}

// encodeVec encodes f with the operands c.
func encodeVec(f *vecForm, c vecChoice) []byte {
	var regN, rmN, vN int
	hasV := false
	for _, op := range f.ops {
		switch op {
		case 'V', 'G', 'K':
			regN = c.reg
		case 'H':
			vN, hasV = c.vvvv, true
		case 'W', 'U', 'M', 'E', 'R', 'Q', 'N':
			rmN = c.rm
		}
	}
	if f.digit >= 0 {
		regN = int(f.digit)
	}
	bit := func(x, i int) byte { return byte(x >> uint(i) & 1) }
	var R, Rp, X, B byte = bit(regN, 3), bit(regN, 4), 0, 0
	var modrm, sib []byte
	var disp []byte
	if f.modrm {
		if c.mem {
			mod := byte(2)
			if c.disp8 {
				mod = 1
			}
			rm := byte(c.base & 7)
			B = bit(c.base, 3)
			if c.index >= 0 || c.base&7 == 4 {
				idx := byte(4)
				if c.index >= 0 {
					idx, X = byte(c.index&7), bit(c.index, 3)
				}
				sc := map[int]byte{1: 0, 2: 1, 4: 2, 8: 3}[c.scale]
				sib = []byte{sc<<6 | idx<<3 | byte(c.base&7)}
				rm = 4
			}
			modrm = []byte{mod<<6 | byte(regN&7)<<3 | rm}
			if c.disp8 {
				disp = []byte{byte(int8(c.disp))}
			} else {
				disp = []byte{byte(c.disp), byte(c.disp >> 8), byte(c.disp >> 16), byte(c.disp >> 24)}
			}
		} else {
			B, X = bit(rmN, 3), bit(rmN, 4)
			modrm = []byte{3<<6 | byte(regN&7)<<3 | byte(rmN&7)}
		}
	}
	w := byte(0)
	if f.w == 1 {
		w = 1
	}
	var p []byte
	switch f.enc {
	case encSSE:
		if f.pp != 0 {
			p = append(p, []byte{0, 0x66, 0xF3, 0xF2}[f.pp])
		}
		if w|R|X|B != 0 {
			p = append(p, 0x40|w<<3|R<<2|X<<1|B)
		}
		p = append(p, 0x0F)
		switch f.mmap {
		case 2:
			p = append(p, 0x38)
		case 3:
			p = append(p, 0x3A)
		}
	case encVEX:
		v := byte(15)
		if hasV {
			v = ^byte(vN) & 15
		}
		if f.mmap == 1 && w == 0 && X == 0 && B == 0 && !c.vex3 {
			p = append(p, 0xC5, (R^1)<<7|v<<3|byte(c.l)<<2|f.pp)
		} else {
			p = append(p, 0xC4, (R^1)<<7|(X^1)<<6|(B^1)<<5|f.mmap, w<<7|v<<3|byte(c.l)<<2|f.pp)
		}
	case encEVEX:
		v, vp := byte(15), byte(1)
		if hasV {
			v, vp = ^byte(vN)&15, bit(vN, 4)^1
		}
		z, bc := byte(0), byte(0)
		if c.z {
			z = 1
		}
		if c.bc {
			bc = 1
		}
		p = append(p, 0x62,
			(R^1)<<7|(X^1)<<6|(B^1)<<5|(Rp^1)<<4|f.mmap,
			w<<7|v<<3|1<<2|f.pp,
			z<<7|byte(c.l)<<5|bc<<4|vp<<3|byte(c.aaa))
	}
	p = append(p, f.opc)
	p = append(p, modrm...)
	p = append(p, sib...)
	p = append(p, disp...)
	if f.imm {
		p = append(p, c.imm)
	}
	return p
}

// decodeVec decodes code as package decode does (VZEROUPPER gets its real
// length and no operands).
func decodeVec(code []byte) (x86asm.Inst, error) {
	x, err := x86asm.Decode(code, 64)
	if err == nil && x.Op == x86asm.VZEROUPPER {
		x.Len, x.Args = len(code), x86asm.Args{}
	}
	if err == nil && x.Len != len(code) {
		err = fmt.Errorf("decoded %d of %d bytes", x.Len, len(code))
	}
	return x, err
}

// vecVariant is one form at one vector length, register or memory r/m,
// and masking: the unit the co-simulation counts.
type vecVariant struct {
	f    *vecForm
	l    int
	mem  bool
	mask int // 0 none, 1 merging, 2 zeroing
	bc   bool
}

func (v vecVariant) String() string {
	s := fmt.Sprintf("%s [%s]", OpName(v.f.op), v.f.spec)
	if v.f.enc != encSSE {
		s += fmt.Sprintf(" L%d", v.l)
	}
	if v.f.modrm && v.f.rmMem && v.f.rmReg {
		s += map[bool]string{true: " mem", false: " reg"}[v.mem]
	}
	s += []string{"", " {k}", " {k}{z}"}[v.mask]
	if v.bc {
		s += " {1toN}"
	}
	return s
}

// vecVariants expands every form of every registered vector operation.
func vecVariants() []vecVariant {
	var ops []x86asm.Op
	for op := range vecOps {
		ops = append(ops, op)
	}
	sort.Slice(ops, func(i, j int) bool { return OpName(ops[i]) < OpName(ops[j]) })
	var vs []vecVariant
	for _, op := range ops {
		for _, f := range vecForms[op] {
			ls := []int{0}
			if f.enc != encSSE && !f.lig {
				ls = nil
				for l := 0; l < 3; l++ {
					if f.ls>>uint(l)&1 == 1 {
						ls = append(ls, l)
					}
				}
			}
			mems := []bool{false}
			switch {
			case f.rmMem && f.rmReg:
				mems = []bool{false, true}
			case f.rmMem:
				mems = []bool{true}
			}
			masks := []int{0}
			if f.opmask {
				masks = append(masks, 1)
				if f.zeroing {
					masks = append(masks, 2)
				}
			}
			for _, l := range ls {
				for _, m := range mems {
					for _, k := range masks {
						vs = append(vs, vecVariant{f: f, l: l, mem: m, mask: k})
						if m && f.bcst != 0 {
							vs = append(vs, vecVariant{f: f, l: l, mem: m, mask: k, bc: true})
						}
					}
				}
			}
		}
	}
	return vs
}

// nvec is the number of vector registers the encoding can name.
func (v vecVariant) nvec() int {
	if v.f.enc == encEVEX {
		return 32
	}
	return 16
}

// choose picks random operands for v. Registers avoid SP; memory operands
// use base (and, sometimes, index with value 0 or 8 scaled by 8) so that
// the access is aligned to 64 bytes from the base, within ±64 bytes.
func (v vecVariant) choose(rng *rand.Rand, base, index int) vecChoice {
	f := v.f
	gpr := func() int {
		for {
			if r := rng.Intn(16); r != RSP {
				return r
			}
		}
	}
	c := vecChoice{l: v.l, index: -1, vex3: rng.Intn(2) == 0}
	for _, op := range f.ops {
		switch op {
		case 'V':
			c.reg = rng.Intn(v.nvec())
		case 'G':
			c.reg = gpr()
		case 'K':
			c.reg = rng.Intn(8)
		case 'H':
			c.vvvv = rng.Intn(v.nvec())
		case 'W', 'U':
			c.rm = rng.Intn(v.nvec())
		case 'E', 'R':
			c.rm = gpr()
		case 'Q', 'N':
			c.rm = rng.Intn(8)
		}
	}
	if v.mem {
		c.mem, c.base = true, base
		if rng.Intn(3) == 0 {
			c.index, c.scale = index, 8
		}
		d := int32(rng.Intn(3) - 1) // -1, 0, 1
		switch {
		case f.enc == encEVEX && rng.Intn(2) == 0:
			c.disp8, c.disp = true, d // scaled by the CPU: at most 64 bytes
		case f.enc != encEVEX && rng.Intn(2) == 0:
			c.disp8, c.disp = true, 64*d
		default:
			c.disp = 64 * d
		}
	}
	if v.mask > 0 {
		c.aaa = 1 + rng.Intn(7)
		c.z = v.mask == 2
	}
	c.bc = v.bc
	if f.imm {
		if rng.Intn(3) == 0 {
			imms := []byte{0, 1, 2, 3, 7, 8, 15, 16, 17, 31, 32, 33, 63, 64, 65, 0x80, 0x88, 0x1b, 0x4e, 0xb1, 0xff}
			c.imm = imms[rng.Intn(len(imms))]
		} else {
			c.imm = byte(rng.Intn(256))
		}
	}
	return c
}

// TestVecFormsEncode checks that x86asm decodes every variant of every
// form to its operation, with the operands the form says.
func TestVecFormsEncode(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	vs := vecVariants()
	for _, v := range vs {
		for i := 0; i < 8; i++ {
			c := v.choose(rng, RBX, R9)
			code := encodeVec(v.f, c)
			x, err := decodeVec(code)
			if err != nil || x.Op != v.f.op {
				t.Errorf("%v: % x decodes to %v, %v", v, code, x.Op, err)
				break
			}
			e, ok := parseEncoding(code)
			if !ok || !v.f.matches(&e) {
				t.Errorf("%v: % x does not match its own form", v, code)
				break
			}
		}
	}
	t.Logf("%d variants of %d forms of %d operations", len(vs), nforms(), len(vecOps))
}

func nforms() int {
	n := 0
	for _, fs := range vecForms {
		n += len(fs)
	}
	return n
}

// TestVecOpsHaveForms checks that every operation of the semantics table
// that is not a scalar one came through registerVec (and so is covered by
// the form-driven tests).
func TestVecOpsHaveForms(t *testing.T) {
	for _, op := range Modelled() {
		name := OpName(op)
		scalarP := map[string]bool{"PAUSE": true, "POP": true, "PUSH": true, "POPCNT": true, "PDEP": true, "PEXT": true}
		vecName := strings.HasPrefix(name, "V") || strings.HasPrefix(name, "P") && !scalarP[name] ||
			strings.HasPrefix(name, "K") || strings.HasPrefix(name, "MOVD") || strings.HasPrefix(name, "MOVQ") ||
			strings.HasPrefix(name, "MOVU") || strings.HasPrefix(name, "MOVA") || strings.HasPrefix(name, "MOVS") && name != "MOVSX" && name != "MOVSXD" ||
			strings.HasPrefix(name, "AES") || strings.HasPrefix(name, "SHA") || strings.HasSuffix(name, "PS")
		if vecName && !vecOps[op] {
			t.Errorf("%s is modelled but has no vector forms", name)
		}
		if vecOps[op] && len(vecForms[op]) == 0 {
			t.Errorf("%s is registered without forms", name)
		}
	}
}
