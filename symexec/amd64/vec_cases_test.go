package amd64

import (
	"errors"
	"math/rand"
	"strings"
	"testing"

	"golang.org/x/arch/x86/x86asm"

	"vg.dev/symexec/mem"
	"vg.dev/symexec/term"
)

// Hand-written cases for the SDM points the lane tests do not reach: the
// permutes and shuffles, register-width rules, masking, the term shapes
// the prover relies on, events and rejected forms.

// mustForm finds the form of op with the given specification.
func mustForm(op x86asm.Op, spec string) *vecForm {
	for _, f := range vecForms[op] {
		if f.spec == spec {
			return f
		}
	}
	panic("no form " + spec)
}

// formOf returns the first form of op whose encoding is enc.
func formOf(op x86asm.Op, enc vecEnc) *vecForm {
	for _, f := range vecForms[op] {
		if f.enc == enc {
			return f
		}
	}
	panic("no form of " + OpName(op))
}

// seqState is a state whose vector register i holds bytes 16i, 16i+1, ...
// (byte k of register i is byte(64*i+k)).
func seqState() vecState {
	var st vecState
	for i := range st.z {
		for j := range st.z[i] {
			var w uint64
			for k := 7; k >= 0; k-- {
				w = w<<8 | uint64(byte(64*i+8*j+k))
			}
			st.z[i][j] = w
		}
	}
	st.base, st.index = RBX, RCX
	return st
}

func liftOne(t *testing.T, f *vecForm, c vecChoice, st vecState) vecResult {
	t.Helper()
	c.index = -1
	code := encodeVec(f, c)
	r, err := liftVec(st, code, false)
	if err != nil {
		t.Fatalf("%s [% x]: %v", f.spec, code, err)
	}
	return r
}

func TestVecShuffleCases(t *testing.T) {
	st := seqState()
	// VPSHUFB Y1, Y2, Y3 (control Y3): per 128-bit lane, bit 7 zeroes.
	ctl := st
	for j := range ctl.z[3] {
		ctl.z[3][j] = 0
	}
	ctl.z[3][0] = 0x80_0f // byte 0 ← lane byte 15, byte 1 ← 0
	ctl.z[3][2] = 0x0f    // upper lane byte 0 ← its own byte 15
	r := liftOne(t, formOf(x86asm.VPSHUFB, encVEX), vecChoice{l: 1, reg: 1, vvvv: 2, rm: 3}, ctl)
	if got := r.z[1][0] & 0xffff; got != uint64(byte(128+15)) {
		t.Errorf("VPSHUFB lane 0 bytes 1..0 = %#x", got)
	}
	if got := r.z[1][2] & 0xff; got != uint64(byte(128+31)) {
		t.Errorf("VPSHUFB lane 1 byte 0 = %#x, want %#x", got, byte(128+31))
	}
	if r.z[1][4] != 0 {
		t.Error("VEX.256 VPSHUFB left bits above 255")
	}

	// VPSRLDQ $16 zeroes; VPSLLDQ $1 does not carry across 128-bit lanes.
	r = liftOne(t, mustForm(x86asm.VPSRLDQ, "VEX.128|256.66.0F.WIG 73 /3 ib H,U,I"), vecChoice{l: 1, vvvv: 1, rm: 2, imm: 16}, st)
	if r.z[1] != (zreg{}) {
		t.Errorf("VPSRLDQ $16 = %x", r.z[1])
	}
	r = liftOne(t, mustForm(x86asm.VPSLLDQ, "VEX.128|256.66.0F.WIG 73 /7 ib H,U,I"), vecChoice{l: 1, vvvv: 1, rm: 2, imm: 1}, st)
	if r.z[1][2]&0xff != 0 || r.z[1][0]&0xff != 0 || r.z[1][2]>>8&0xff != st.z[2][2]&0xff {
		t.Errorf("VPSLLDQ $1 = %x", r.z[1])
	}

	// VPERM2I128: imm 0x31 = (src2 high, src1 high); bit 3 zeroes a half.
	r = liftOne(t, formOf(x86asm.VPERM2I128, encVEX), vecChoice{l: 1, reg: 1, vvvv: 2, rm: 3, imm: 0x31}, st)
	if r.z[1][0] != st.z[2][2] || r.z[1][2] != st.z[3][2] {
		t.Errorf("VPERM2I128 $0x31 = %x", r.z[1])
	}
	r = liftOne(t, formOf(x86asm.VPERM2I128, encVEX), vecChoice{l: 1, reg: 1, vvvv: 2, rm: 3, imm: 0x83}, st)
	if r.z[1][0] != st.z[3][2] || r.z[1][2] != 0 || r.z[1][3] != 0 {
		t.Errorf("VPERM2I128 $0x83 = %x", r.z[1])
	}

	// VPERMD uses the low 3 bits of each index (index 15 picks dword 7).
	idx := st
	idx.z[2] = zreg{15, 8 << 32}
	r = liftOne(t, formOf(x86asm.VPERMD, encVEX), vecChoice{l: 1, reg: 1, vvvv: 2, rm: 3}, idx)
	if uint32(r.z[1][0]) != uint32(st.z[3][3]>>32) || uint32(r.z[1][0]>>32) != uint32(st.z[3][0]) {
		t.Errorf("VPERMD = %x", r.z[1])
	}

	// VPBLENDW applies imm to each 128-bit lane.
	r = liftOne(t, formOf(x86asm.VPBLENDW, encVEX), vecChoice{l: 1, reg: 1, vvvv: 2, rm: 3, imm: 0x01}, st)
	if r.z[1][0]&0xffff != st.z[3][0]&0xffff || r.z[1][2]&0xffff != st.z[3][2]&0xffff || r.z[1][1] != st.z[2][1] {
		t.Errorf("VPBLENDW = %x", r.z[1])
	}

	// VPERMQ $0x1b reverses the qwords; VPUNPCKHQDQ interleaves high qwords.
	r = liftOne(t, formOf(x86asm.VPERMQ, encVEX), vecChoice{l: 1, reg: 1, rm: 3, imm: 0x1b}, st)
	if r.z[1] != (zreg{st.z[3][3], st.z[3][2], st.z[3][1], st.z[3][0]}) {
		t.Errorf("VPERMQ $0x1b = %x", r.z[1])
	}
	r = liftOne(t, formOf(x86asm.VPUNPCKHQDQ, encVEX), vecChoice{l: 1, reg: 1, vvvv: 2, rm: 3}, st)
	if r.z[1] != (zreg{st.z[2][1], st.z[3][1], st.z[2][3], st.z[3][3]}) {
		t.Errorf("VPUNPCKHQDQ = %x", r.z[1])
	}

	// VEXTRACTI128 to a register zeroes above 127; VINSERTI128 $1.
	r = liftOne(t, mustForm(x86asm.VEXTRACTI128, "VEX.256.66.0F3A.W0 39 /r ib W,V,I"), vecChoice{l: 1, reg: 2, rm: 1, imm: 1}, st)
	if r.z[1] != (zreg{st.z[2][2], st.z[2][3]}) {
		t.Errorf("VEXTRACTI128 $1 = %x", r.z[1])
	}
	r = liftOne(t, formOf(x86asm.VINSERTI128, encVEX), vecChoice{l: 1, reg: 1, vvvv: 2, rm: 3, imm: 1}, st)
	if r.z[1] != (zreg{st.z[2][0], st.z[2][1], st.z[3][0], st.z[3][1]}) {
		t.Errorf("VINSERTI128 $1 = %x", r.z[1])
	}

	// VPMOVMSKB EAX, Y2: the byte sign bits.
	msk := st
	msk.z[2] = zreg{0x80, 0, 0, 0x8000000000000000}
	r = liftOne(t, formOf(x86asm.VPMOVMSKB, encVEX), vecChoice{l: 1, reg: RAX, rm: 2}, msk)
	if r.gpr[RAX] != 1|1<<31 {
		t.Errorf("VPMOVMSKB = %#x", r.gpr[RAX])
	}
}

func TestVecWidthRules(t *testing.T) {
	st := seqState()
	// Legacy MOVQ X1, X2 keeps bits 511..128 and zeroes 127..64; VMOVQ
	// zeroes 511..64.
	r := liftOne(t, mustForm(x86asm.MOVQ, "F3.0F 7E /r V,W"), vecChoice{reg: 1, rm: 2}, st)
	if r.z[1] != (zreg{st.z[2][0], 0, st.z[1][2], st.z[1][3], st.z[1][4], st.z[1][5], st.z[1][6], st.z[1][7]}) {
		t.Errorf("MOVQ X2, X1 = %x", r.z[1])
	}
	r = liftOne(t, mustForm(x86asm.VMOVQ, "VEX.128.F3.0F.WIG 7E /r V,W"), vecChoice{reg: 1, rm: 2}, st)
	if r.z[1] != (zreg{st.z[2][0]}) {
		t.Errorf("VMOVQ X2, X1 = %x", r.z[1])
	}
	// PADDD X1, X2 keeps the upper bits; VZEROUPPER keeps Z16-31 whole.
	r = liftOne(t, formOf(x86asm.PADDD, encSSE), vecChoice{reg: 1, rm: 2}, st)
	if r.z[1][2] != st.z[1][2] || r.z[1][7] != st.z[1][7] {
		t.Error("PADDD changed bits above 127")
	}
	r = liftOne(t, formOf(x86asm.VZEROUPPER, encVEX), vecChoice{}, st)
	if r.z[15] != (zreg{st.z[15][0], st.z[15][1]}) || r.z[16] != st.z[16] {
		t.Errorf("VZEROUPPER: Z15 %x Z16 %x", r.z[15], r.z[16])
	}
	// VMOVD EAX-width write zero-extends the general register.
	st.gpr[RDX] = ^uint64(0)
	r = liftOne(t, mustForm(x86asm.VMOVD, "VEX.128.66.0F.W0 7E /r E,V"), vecChoice{reg: 3, rm: RDX}, st)
	if r.gpr[RDX] != uint64(uint32(st.z[3][0])) {
		t.Errorf("VMOVD X3, DX = %#x", r.gpr[RDX])
	}
}

func TestVecMasking(t *testing.T) {
	st := seqState()
	st.k[3] = 0b101
	f := mustForm(x86asm.VPADDQ, "EVEX.128|256|512.66.0F.W1 D4 /r V,H,W k z b8")
	sum := func(j int) uint64 { return st.z[2][j] + st.z[3][j] }
	r := liftOne(t, f, vecChoice{l: 1, reg: 1, vvvv: 2, rm: 3, aaa: 3}, st)
	if r.z[1] != (zreg{sum(0), st.z[1][1], sum(2), st.z[1][3]}) {
		t.Errorf("VPADDQ {k3} = %x", r.z[1])
	}
	r = liftOne(t, f, vecChoice{l: 1, reg: 1, vvvv: 2, rm: 3, aaa: 3, z: true}, st)
	if r.z[1] != (zreg{sum(0), 0, sum(2), 0}) {
		t.Errorf("VPADDQ {k3}{z} = %x", r.z[1])
	}
	// A masked store writes only the selected qwords.
	g := mustForm(x86asm.VMOVDQU64, "EVEX.128|256|512.F3.0F.W1 7F /r M,V k")
	st.k[3] = 0b10
	r = liftOne(t, g, vecChoice{l: 0, reg: 5, mem: true, base: RBX, aaa: 3}, st)
	if r.mem != st.mem {
		var want [320]byte = st.mem
		for k := 0; k < 8; k++ {
			want[vecMemBase+8+k] = byte(st.z[5][1] >> (8 * k))
		}
		if r.mem != want {
			t.Errorf("masked VMOVDQU64 store wrote %x", r.mem[vecMemBase:vecMemBase+16])
		}
	} else {
		t.Error("masked store wrote nothing")
	}
}

// runVec lifts one instruction from the symbolic entry state.
func runVec(t *testing.T, b *term.Builder, code []byte) *state {
	t.Helper()
	x, err := decodeVec(code)
	if err != nil {
		t.Fatal(err)
	}
	m := mem.New(b)
	r := &runner{cfg: Config{B: b, Mem: m, MaxPaths: 4, MaxSteps: 100}, b: b, funcs: map[string]*function{}}
	s := &state{r: r, b: b, mem: m, cond: b.Bool(true)}
	for i := range s.regs {
		s.regs[i] = b.Var("entry."+RegNames[i], 64)
	}
	in := Inst{PC: 0x1000, Len: len(code), Bytes: code, X86: &x}
	pad := Inst{PC: in.PC + uint64(in.Len), Len: 1, Bytes: []byte{0xCC}, X86: &x86asm.Inst{Op: x86asm.INT, Args: x86asm.Args{x86asm.Imm(3)}, Len: 1}}
	s.fn = &function{name: "test", insts: []Inst{in, pad}}
	if err := r.step(s); err != nil {
		t.Fatal(err)
	}
	return s
}

// TestVecTermShapes checks the shapes the prover relies on: lanes extract
// back to their terms, and LUQ/HUQ share one product.
func TestVecTermShapes(t *testing.T) {
	b := term.NewBuilder()
	s := runVec(t, b, encodeVec(formOf(x86asm.VPADDD, encVEX), vecChoice{l: 1, reg: 1, vvvv: 2, rm: 3}))
	lane := b.Extract(s.vreg(1), 95, 64)
	want := b.Add(b.Extract(b.Var("entry.Z2", 512), 95, 64), b.Extract(b.Var("entry.Z3", 512), 95, 64))
	if lane != want {
		t.Errorf("lane 2 of VPADDD is %v, want %v", lane, want)
	}
	lo := runVec(t, b, encodeVec(formOf(x86asm.VPMADD52LUQ, encEVEX), vecChoice{l: 2, reg: 1, vvvv: 2, rm: 3}))
	hi := runVec(t, b, encodeVec(formOf(x86asm.VPMADD52HUQ, encEVEX), vecChoice{l: 2, reg: 4, vvvv: 2, rm: 3}))
	var muls [2]map[*term.Term]bool
	for i, x := range []*term.Term{lo.vreg(1), hi.vreg(4)} {
		muls[i] = map[*term.Term]bool{}
		term.Walk(func(y *term.Term) {
			if y.Op() == term.OpMul {
				muls[i][y] = true
			}
		}, x)
	}
	if len(muls[0]) != 8 || len(muls[1]) != 8 {
		t.Fatalf("IFMA products: %d and %d, want 8 each", len(muls[0]), len(muls[1]))
	}
	for m := range muls[0] {
		if !muls[1][m] {
			t.Errorf("VPMADD52LUQ product %v is not shared with VPMADD52HUQ", m)
		}
	}
}

// TestVecVarTime checks that every SIMD multiply records its operands and
// is in the policy as a warning.
func TestVecVarTime(t *testing.T) {
	for _, op := range []x86asm.Op{x86asm.PMULUDQ, x86asm.VPMULUDQ, x86asm.VPMULDQ, x86asm.VPMULLD, x86asm.VPMULLW,
		x86asm.VPMULHW, x86asm.VPMULHUW, x86asm.VPMADD52LUQ, x86asm.VPMADD52HUQ} {
		rule, ok := VarTimePolicy[OpName(op)]
		if !ok || rule.Severity != Warning {
			t.Errorf("%s: policy %+v", OpName(op), rule)
		}
		for _, f := range vecForms[op] {
			b := term.NewBuilder()
			s := runVec(t, b, encodeVec(f, vecChoice{l: 0, reg: 1, vvvv: 2, rm: 3}))
			if len(s.events) != 1 || s.events[0].Kind != VarTime || len(s.events[0].Operands) != 2 {
				t.Errorf("%s: events %+v", f.spec, s.events)
			}
		}
	}
}

// TestVecRIPRelative: x86asm leaves a VEX RIP-relative operand without a
// base; the lifter must still address relative to the next instruction.
func TestVecRIPRelative(t *testing.T) {
	b := term.NewBuilder()
	m := mem.New(b)
	data := m.Add(&mem.Region{Name: "tab", Kind: mem.ReadOnly, Size: 32, Data: make([]byte, 32), Addr: 0x2000})
	data.Data[0] = 0x42
	m.SetDataResolver(func(addr uint64) (*mem.Region, bool) { return data, addr >= 0x2000 && addr < 0x2020 })
	code := []byte{0xc5, 0xfe, 0x6f, 0x05, 0, 0, 0, 0} // VMOVDQU tab(SB), Y0
	rel := int32(0x2000 - (0x1000 + len(code)))
	code[4], code[5], code[6], code[7] = byte(rel), byte(rel>>8), byte(rel>>16), byte(rel>>24)
	x, err := decodeVec(code)
	if err != nil {
		t.Fatal(err)
	}
	if mm := x.Args[1].(x86asm.Mem); mm.Base != 0 {
		t.Logf("x86asm now sets the RIP base itself (%v)", mm.Base)
	}
	r := &runner{cfg: Config{B: b, Mem: m, MaxPaths: 4, MaxSteps: 100}, b: b, funcs: map[string]*function{}}
	s := &state{r: r, b: b, mem: m, cond: b.Bool(true)}
	in := Inst{PC: 0x1000, Len: len(code), Bytes: code, X86: &x}
	pad := Inst{PC: in.PC + uint64(in.Len), Len: 1, Bytes: []byte{0xCC}, X86: &x86asm.Inst{Op: x86asm.INT, Args: x86asm.Args{x86asm.Imm(3)}, Len: 1}}
	s.fn = &function{name: "test", insts: []Inst{in, pad}}
	for i := range s.regs {
		s.regs[i] = b.Uint(0, 64)
	}
	if err := r.step(s); err != nil {
		t.Fatal(err)
	}
	if v, ok := b.Extract(s.vreg(0), 7, 0).Uint64(); !ok || v != 0x42 {
		t.Errorf("loaded %v", b.Extract(s.vreg(0), 7, 0))
	}
}

// TestVecRejected: forms outside the table are UnsupportedErrors.
func TestVecRejected(t *testing.T) {
	for _, h := range [][]byte{
		{0x66, 0x48, 0x0f, 0xfe, 0xc1},       // PADDD with REX.W (no such form listed)
		{0x62, 0xf1, 0xfd, 0x58, 0xd4, 0xca}, // VPADDQ with EVEX.b on registers (rounding)
		{0x62, 0xf1, 0xfd, 0x88, 0xd4, 0xca}, // VPADDQ {z} without a mask
		{0x62, 0xf1, 0x7d, 0x48, 0x66, 0xca}, // EVEX VPCMPGTD (writes a mask register)
	} {
		x, err := x86asm.Decode(h, 64)
		if err != nil {
			t.Logf("% x: not decoded by x86asm (%v)", h, err)
			continue
		}
		b := term.NewBuilder()
		m := mem.New(b)
		r := &runner{cfg: Config{B: b, Mem: m, MaxPaths: 4, MaxSteps: 100}, b: b, funcs: map[string]*function{}}
		s := &state{r: r, b: b, mem: m, cond: b.Bool(true)}
		in := Inst{PC: 0x1000, Len: len(h), Bytes: h, X86: &x}
		s.fn = &function{name: "test", insts: []Inst{in}}
		err = r.step(s)
		var ue *UnsupportedError
		if !errors.As(err, &ue) {
			t.Errorf("% x (%v): got %v, want an UnsupportedError", h, x.Op, err)
		} else {
			t.Logf("% x: %v", h, err)
		}
	}
}

// BenchmarkVecStraightLine lifts 4096 AVX2 instructions (adds, multiplies,
// shuffles and permutes over 16 registers), about an NTT's worth.
func BenchmarkVecStraightLine(b *testing.B) {
	forms := []*vecForm{
		formOf(x86asm.VPADDD, encVEX), formOf(x86asm.VPMULUDQ, encVEX), formOf(x86asm.VPSUBD, encVEX),
		formOf(x86asm.VPSHUFD, encVEX), formOf(x86asm.VPERMQ, encVEX), formOf(x86asm.VPBLENDD, encVEX),
		mustForm(x86asm.VPSRLQ, "VEX.128|256.66.0F.WIG 73 /2 ib H,U,I"), formOf(x86asm.VPUNPCKLQDQ, encVEX),
	}
	var insts []Inst
	pc := uint64(0x1000)
	for i := 0; i < 4096; i++ {
		f := forms[i%len(forms)]
		code := encodeVec(f, vecChoice{l: 1, reg: i % 16, vvvv: (i + 5) % 16, rm: (i + 11) % 16, index: -1, imm: byte(i)})
		x, err := decodeVec(code)
		if err != nil {
			b.Fatal(err)
		}
		insts = append(insts, Inst{PC: pc, Len: len(code), Bytes: code, X86: &x})
		pc += uint64(len(code))
	}
	x, _ := x86asm.Decode([]byte{0xc3}, 64)
	insts = append(insts, Inst{PC: pc, Len: 1, Bytes: []byte{0xc3}, X86: &x})
	for i := 0; i < b.N; i++ {
		tb := term.NewBuilder()
		paths, err := Run(Config{B: tb, Mem: mem.New(tb)}, "bench", insts, nil, nil)
		if err != nil || len(paths) != 1 {
			b.Fatal(err)
		}
	}
}

// TestReservedEncodings: encodings x86asm decodes but the CPU answers with
// #UD (a reserved vvvv, an opmask register numbered past K7) are
// unsupported, not lifted; the same instructions encoded validly lift.
// (The attack kernels of testdata/kernels/attack3 run them natively.)
func TestReservedEncodings(t *testing.T) {
	for _, c := range []struct {
		name, hex string
		ok        bool
	}{
		{"VMOVDQU32 [RSI], X2", "62f17e087f16", true},
		{"VMOVDQU32 [RSI], X2 with vvvv = 0000", "62f106087f16", false},
		{"VPMOVD2M K1, Y1", "62f27e2839c9", true},
		{"VPMOVD2M K1, Y1 with vvvv = 0000", "62f2062839c9", false},
		{"VPCMPUD K1, Z1, Z2, 1", "62f375481eca01", true},
		{"VPCMPUD with EVEX.R clear (K9)", "62737548 1eca01", false},
		{"VPCMPUD with EVEX.R' clear (K17)", "62e375481eca01", false},
		{"VPCOMPRESSD X2, K1, X1 with V' clear", "62f27d018bca", false},
		{"KMOVW K1, K2", "c5f890ca", true},
		{"KMOVW K1, K2 with vvvv = 0000", "c58090ca", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			s, _, _ := memState(t, rand.New(rand.NewSource(1)))
			err := execHex(t, s, strings.ReplaceAll(c.hex, " ", ""))
			var ue *UnsupportedError
			switch {
			case c.ok && err != nil:
				t.Fatalf("valid encoding: %v", err)
			case !c.ok && (!errors.As(err, &ue) || !strings.Contains(err.Error(), "#UD")):
				t.Fatalf("reserved encoding: %v, want unsupported (#UD)", err)
			}
		})
	}
}
