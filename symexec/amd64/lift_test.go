package amd64

import (
	"encoding/hex"
	"errors"
	"math/bits"
	"math/rand"
	"strings"
	"testing"

	"golang.org/x/arch/x86/x86asm"

	"vg.dev/decode"
	"vg.dev/symexec/abi"
	"vg.dev/symexec/mem"
	"vg.dev/symexec/term"
)

// allCases is every single-instruction case, by family.
func allCases(seed int64) map[string][]instCase {
	rng := rand.New(rand.NewSource(seed))
	return map[string][]instCase{
		"arith": arithCases(rng),
		"unary": unaryCases(rng),
		"mul":   mulCases(rng),
		"shift": shiftCases(rng),
		"cond":  condCases(rng),
		"misc":  miscCases(rng),
		"bits":  bitsCases(rng),
	}
}

// TestInstructions lifts each case from constant registers and flags and
// compares the result with the Go reference model.
func TestInstructions(t *testing.T) {
	for family, cs := range allCases(1) {
		t.Run(family, func(t *testing.T) {
			fails := 0
			for _, c := range cs {
				s := newState(c.in)
				if err := execHex(t, s, c.hex); err != nil {
					t.Errorf("%s [%s]: %v", c.name, c.hex, err)
					fails++
				} else if d := c.ref(c.in).diff(observe(t, s, nil)); d != "" {
					t.Errorf("%s [%s]:%s", c.name, c.hex, d)
					fails++
				}
				if fails > 20 {
					t.Fatal("too many failures")
				}
			}
			t.Logf("%d cases", len(cs))
		})
	}
}

// TestLazyFlagsMatchEager checks that a flag read long after it was set
// still refers to the operands of the instruction that set it.
func TestLazyFlagsMatchEager(t *testing.T) {
	s := newState(cpu{regs: [16]uint64{RAX: 5, RCX: 7}})
	for _, h := range []string{"4829c8", "4889c8"} { // SUB RAX, RCX; MOV RAX, RCX
		if err := execHex(t, s, h); err != nil {
			t.Fatal(err)
		}
	}
	got := observe(t, s, nil)
	if got.flags[CF] != 1 || got.flags[ZF] != 0 || got.flags[SF] != 1 {
		t.Errorf("flags of 5-7 after MOV: %v", got.flags)
	}
}

// memState is a state whose RSI points 8 bytes into the region buf.
func memState(t *testing.T, rng *rand.Rand) (*state, *mem.Region, map[*term.Term]term.Value) {
	s := newState(randCPU(rng))
	buf, _ := s.mem.Region("buf")
	s.regs[RSI] = s.b.Add(buf.Base, s.b.Uint(8, 64))
	env := map[*term.Term]term.Value{buf.Base: term.U64(0x7f0000, 64)}
	for off := int64(0); off < buf.Size; off += 8 {
		env[mem.InitWord(s.b, buf, off)] = term.U64(rng.Uint64(), 64)
	}
	return s, buf, env
}

func TestMemoryOperands(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	s, buf, env := memState(t, rng)
	word := func(off int64) uint64 {
		v, err := s.mem.Load(buf, off, 8)
		if err != nil {
			t.Fatal(err)
		}
		return constant(t, v, env)
	}
	init16, init8 := word(16), word(8)
	// MOV RAX, [RSI+8] loads buf@16.
	if err := execHex(t, s, "488b4608"); err != nil {
		t.Fatal(err)
	}
	if got := constant(t, s.regs[RAX], env); got != init16 {
		t.Errorf("MOV RAX, [RSI+8] = %#x, want %#x", got, init16)
	}
	// ADD [RSI], RAX: read-modify-write with flags.
	if err := execHex(t, s, "480106"); err != nil {
		t.Fatal(err)
	}
	if got, want := word(8), init8+init16; got != want {
		t.Errorf("ADD [RSI], RAX stored %#x, want %#x", got, want)
	}
	cf, _ := s.getFlag(CF)
	if got, want := constant(t, cf, env), uint64(b2i(init8+init16 < init8)); got != want {
		t.Errorf("CF = %d, want %d", got, want)
	}
	// MOV [RSI+4], ECX stores 4 bytes; MOVZX EAX, BYTE [RSI+5] reads one back.
	ecx := constant(t, s.regs[RCX], env) & mask(32)
	for _, h := range []string{"894e04", "0fb64605"} {
		if err := execHex(t, s, h); err != nil {
			t.Fatal(err)
		}
	}
	if got, want := constant(t, s.regs[RAX], env), ecx>>8&0xff; got != want {
		t.Errorf("MOVZX after partial store = %#x, want %#x", got, want)
	}
	if got, want := word(8), (init8+init16)&mask(32)|ecx<<32; got != want {
		t.Errorf("word after partial store = %#x, want %#x", got, want)
	}
	// Events: every access, with its address.
	var kinds []string
	for _, e := range s.events {
		off := constant(t, e.Term, env) - 0x7f0000
		kinds = append(kinds, e.Kind.String()+"@"+hex64(off))
	}
	if got, want := strings.Join(kinds, " "), "load@0x10 load@0x8 store@0x8 store@0xc load@0xd"; got != want {
		t.Errorf("events %s, want %s", got, want)
	}
	// Out of bounds and symbolic offsets are errors naming the instruction.
	err := execHex(t, s, "488b4638") // MOV RAX, [RSI+56]
	if !errors.Is(err, mem.ErrOutOfBounds) || !strings.Contains(err.Error(), "test.s:1") {
		t.Errorf("out of bounds: %v", err)
	}
	// VEX and ADX instructions with memory operands (x86asm leaves their
	// AddrSize 0).
	s.flags[CF] = flag{v: s.b.Bool(true)}
	rdx, rax := constant(t, s.regs[RDX], env), constant(t, s.regs[RAX], env)
	for _, h := range []string{"c462b3f606", "66480f38f64608"} { // MULX R8, R9, [RSI]; ADCX RAX, [RSI+8]
		if err := execHex(t, s, h); err != nil {
			t.Fatal(err)
		}
	}
	hi, lo := bits.Mul64(rdx, word(8))
	if got := [2]uint64{constant(t, s.regs[R8], env), constant(t, s.regs[R9], env)}; got != [2]uint64{hi, lo} {
		t.Errorf("MULX [RSI] = %#x, want %#x", got, [2]uint64{hi, lo})
	}
	sum, carry := bits.Add64(rax, word(16), 1)
	cf, _ = s.getFlag(CF)
	if got := [2]uint64{constant(t, s.regs[RAX], env), constant(t, cf, env)}; got != [2]uint64{sum, carry} {
		t.Errorf("ADCX [RSI+8] = %#x, want %#x", got, [2]uint64{sum, carry})
	}
	if err := execHex(t, s, "67488b06"); !errors.As(err, new(*UnsupportedError)) { // MOV RAX, [ESI]
		t.Errorf("32-bit address: %v", err)
	}
	// A symbolic index from a register's value at entry stays an error
	// (symidx_test.go has the admitted ones).
	s.regs[RCX] = s.b.Var("entry.RCX", 64)
	err = execHex(t, s, "488b04ce") // MOV RAX, [RSI+8*RCX]
	if !errors.Is(err, mem.ErrSymbolicIndex) {
		t.Errorf("symbolic index from entry.RCX: %v", err)
	}
	var ue *UnsupportedError
	err = execHex(t, s, "64488b042500000000") // MOV RAX, FS:0
	if !errors.As(err, &ue) || !strings.Contains(err.Error(), "TLS") {
		t.Errorf("TLS: %v", err)
	}
}

func TestCmovLoadsAlways(t *testing.T) {
	s, _, env := memState(t, rand.New(rand.NewSource(3)))
	s.flags[ZF] = flag{v: s.b.Bool(false)}
	old := constant(t, s.regs[RAX], env)
	if err := execHex(t, s, "0f4406"); err != nil { // CMOVE EAX, [RSI]
		t.Fatal(err)
	}
	if got := constant(t, s.regs[RAX], env); got != old&mask(32) {
		t.Errorf("CMOVE EAX (false) = %#x, want %#x zero-extended", got, old)
	}
	if len(s.events) != 1 || s.events[0].Kind != Load {
		t.Errorf("events %v, want one load", s.events)
	}
}

func TestDivide(t *testing.T) {
	for _, c := range []struct {
		hex          string
		ax, dx, cx   uint64
		wantA, wantD uint64
		fault        bool
	}{
		{"48f7f1", 100, 0, 7, 14, 2, false},                                            // DIV RCX
		{"48f7f1", 0, 1, 2, 1 << 63, 0, false},                                         // 2^64 / 2
		{"48f7f1", 0, 2, 2, 0, 0, true},                                                // quotient overflow
		{"48f7f1", 5, 0, 0, 0, 0, true},                                                // divide by zero
		{"48f7f9", ^uint64(99), ^uint64(0), 7, ^uint64(13), ^uint64(1), false},         // IDIV: −100/7 = −14 r −2
		{"48f7f9", 0, 1 << 63, 1, 0, 0, true},                                          // IDIV overflow
		{"f6f1", 0x0164, 0, 0x07, 0x0632, 0, false},                                    // DIV CL: 356/7 = 50 r 6
		{"f7f1", 0xffffffff_00000010, 0xffffffff_00000001, 0x10, 0x10000001, 0, false}, // DIV ECX zero-extends
	} {
		in := cpu{regs: [16]uint64{RAX: c.ax, RDX: c.dx, RCX: c.cx}}
		s := newState(in)
		err := execHex(t, s, c.hex)
		if c.fault {
			var ue *UnsupportedError
			if !errors.As(err, &ue) {
				t.Errorf("%s %d:%d/%d: got %v, want an unsupported divide error", c.hex, c.dx, c.ax, c.cx, err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", c.hex, err)
			continue
		}
		got := observe(t, s, nil)
		if got.regs[RAX] != c.wantA || got.regs[RDX] != c.wantD {
			t.Errorf("%s: RAX=%#x RDX=%#x, want %#x %#x", c.hex, got.regs[RAX], got.regs[RDX], c.wantA, c.wantD)
		}
		for f := range got.flags {
			if got.flags[f] != undef {
				t.Errorf("%s: %s defined after a divide", c.hex, FlagNames[f])
			}
		}
		if len(s.events) != 1 || s.events[0].Kind != VarTime || len(s.events[0].Operands) != 2 {
			t.Errorf("%s: events %v", c.hex, s.events)
		}
	}
}

func TestDecodeADX(t *testing.T) {
	for _, c := range []struct {
		hex  string
		op   x86asm.Op
		args string
		len  int
	}{
		{"66480f38f6c1", OpADCX, "RAX RCX", 6},
		{"f34c0f38f6c1", OpADOX, "R8 RCX", 6},
		{"660f38f6c1", OpADCX, "EAX ECX", 5},
		{"66480f38f64608", OpADCX, "RAX [RSI+0x8]", 7},
		{"f3480f38f60510000000", OpADOX, "RAX [RIP+0x10]", 10},
		{"66490f38f644c8f8", OpADCX, "RAX [R8+8*RCX-0x8]", 8},
	} {
		in := decodeHex(t, 0x1000, c.hex, 1)
		x, ok := machineInst(&in)
		if !ok {
			t.Errorf("%s: not decoded", c.hex)
			continue
		}
		var args []string
		for _, a := range x.Args {
			if a != nil {
				args = append(args, a.String())
			}
		}
		if x.Op != c.op || strings.Join(args, " ") != c.args || x.Len != c.len {
			t.Errorf("%s: %s %v len %d, want %s %s len %d", c.hex, OpName(x.Op), args, x.Len, OpName(c.op), c.args, c.len)
		}
	}
	if _, ok := DecodeADX([]byte{0x66, 0x0f, 0x38, 0xf7, 0xc1}); ok {
		t.Error("66 0F 38 F7 decoded as ADX")
	}
}

func TestModelled(t *testing.T) {
	ops := map[string]bool{}
	for _, op := range Modelled() {
		ops[OpName(op)] = true
	}
	for _, m := range strings.Fields(`ADD ADC SUB SBB NEG CMP INC DEC ADCX ADOX MUL IMUL MULX DIV IDIV
		AND ANDN OR XOR NOT TEST BT SHL SHR SAR SHLD SHRD SHLX SHRX SARX ROL ROR RORX BSWAP
		CMOVA CMOVAE CMOVB CMOVBE CMOVE CMOVG CMOVGE CMOVL CMOVLE CMOVNE CMOVNO CMOVNP CMOVNS CMOVO CMOVP CMOVS
		SETA SETAE SETB SETBE SETE SETG SETGE SETL SETLE SETNE SETNO SETNP SETNS SETO SETP SETS
		JA JAE JB JBE JE JG JGE JL JLE JNE JNO JNP JNS JO JP JS JRCXZ JMP CALL RET PUSH POP
		NOP XCHG LEA MOV MOVZX MOVSX MOVSXD CQO CDQ CWD CDQE CWDE CBW CLC STC CMC`) {
		if !ops[m] {
			t.Errorf("%s not modelled", m)
		}
	}
	if IsModelled(x86asm.INT) || IsModelled(x86asm.CPUID) {
		t.Error("INT or CPUID modelled")
	}
}

// TestNearBranch16 is the regression test for near branches with an
// operand-size prefix, which were lifted as if the prefix were absent (as
// Intel processors execute them) although AMD processors take a 16-bit
// displacement, truncate RIP to 16 bits and push or pop 2 bytes: each is
// refused. With REX.W the prefix is ignored by both, and lifted.
func TestNearBranch16(t *testing.T) {
	for _, h := range []string{
		"66eb05",         // JMP rel8
		"66e900000000",   // JMP rel32 (rel16 on AMD)
		"66ffe0",         // JMP AX
		"66ff20",         // JMP (AX)
		"6674ff",         // JE rel8
		"660f8400000000", // JE rel32
		"66e3ff",         // JRCXZ
		"6667e3ff",       // JECXZ
		"66e800000000",   // CALL rel32
		"66ffd0",         // CALL AX
		"66c3",           // RET
		"66c20800",       // RET $8
	} {
		in := cpu{regs: [16]uint64{RAX: 0x1000, RCX: 0, RSP: 0x2000}}
		err := execHex(t, newState(in), h)
		var ue *UnsupportedError
		if !errors.As(err, &ue) || !strings.Contains(ue.Reason, "operand-size prefix") {
			t.Errorf("%s: %v, want an UnsupportedError for the operand-size prefix", h, err)
		}
	}
	s := newState(cpu{regs: [16]uint64{RAX: 0x1004}})
	if err := execHex(t, s, "6648ffe0"); err != nil || s.fn.insts[s.idx].PC != 0x1004 { // JMP RAX
		t.Errorf("66 REX.W JMP RAX: %v", err)
	}
}

// TestVarTimeSources: every entry of the variable-time policy names a
// reason and where it comes from, and is a modelled instruction.
func TestVarTimeSources(t *testing.T) {
	ops := map[string]bool{}
	for _, op := range Modelled() {
		ops[OpName(op)] = true
	}
	for m, r := range VarTimePolicy {
		if r.Why == "" || r.Source == "" {
			t.Errorf("%s: policy without a reason or a source", m)
		}
		if !ops[m] {
			t.Errorf("%s: policy for an instruction that is not modelled", m)
		}
	}
}

// TestOffsetNearTop: a store or load at p + (2⁶³ − 3), where the end of the
// access wraps int64, is out of bounds (it passed the check once, and the
// store was accepted).
func TestOffsetNearTop(t *testing.T) {
	for _, h := range []string{"48891c07", "488b1c07"} { // MOVQ BX, (DI)(AX*1); MOVQ (DI)(AX*1), BX
		code, _ := hex.DecodeString("488b7c2408" + "48b8fdffffffffffff7f" + h + "c3") // MOVQ 8(SP), DI; MOVQ $0x7ffffffffffffffd, AX; …; RET
		insts, err := decode.Code("amd64", code, 0x1000)
		if err != nil {
			t.Fatal(err)
		}
		cfg := newConfig()
		p := cfg.Mem.Add(&mem.Region{Name: "p", Kind: mem.Input, Size: 64, Writable: true})
		_, err = Run(cfg, "test", insts, &abi.Frame{Size: 8}, []Arg{{Offset: 0, Value: p.Base}})
		if !errors.Is(err, mem.ErrOutOfBounds) {
			t.Errorf("%s at an offset near 2⁶³: %v", h, err)
		}
	}
}
