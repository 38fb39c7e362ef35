package arm64

import (
	"errors"
	"math/rand"
	"strings"
	"testing"

	"vg.dev/symexec/abi"
	"vg.dev/symexec/machine"
	"vg.dev/symexec/mem"
	"vg.dev/symexec/term"
)

// testFrame is the frame the test functions declare.
const testFrame = 1024

// testProg is a Program of functions laid out at given addresses.
type testProg map[string][]Inst

// Test callees may use testFrame bytes of stack.
func (p testProg) FuncAt(addr uint64) (machine.Callee, bool) {
	for name, insts := range p {
		last := insts[len(insts)-1]
		if addr >= insts[0].PC && addr < last.PC+4 {
			return machine.Callee{Name: name, Insts: insts, SPMax: testFrame}, true
		}
	}
	return machine.Callee{}, false
}

// at relocates insts to start at pc.
func at(pc uint64, insts []Inst) []Inst {
	for i := range insts {
		insts[i].PC = pc + 4*uint64(i)
	}
	return insts
}

func newConfig() Config {
	b := term.NewBuilder()
	return Config{B: b, Mem: mem.New(b)}
}

// run lifts insts with a frame of size bytes and the given arguments.
func run(t *testing.T, cfg Config, size int64, insts []Inst, args ...Arg) ([]*Path, error) {
	t.Helper()
	return Run(cfg, "test", insts, &abi.Frame{Size: size}, args)
}

// result reads the 8-byte result at frame offset off of p.
func result(t *testing.T, p *Path, off int64) *term.Term {
	t.Helper()
	v, err := p.Mem.Load(p.Stack, p.ArgOff+off, 8)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func eval(t *testing.T, x *term.Term, env map[*term.Term]term.Value) uint64 {
	t.Helper()
	v, err := term.NewEvaluator(term.MapEnv(env)).Eval(x)
	if err != nil {
		t.Fatalf("eval %v: %v", x, err)
	}
	return v.Uint64()
}

// checkPaths checks on random inputs (and the given ones) that exactly
// one path's condition holds and that its result at frame offset off is
// want(inputs).
func checkPaths(t *testing.T, paths []*Path, off int64, vars []*term.Term, want func(x []uint64) uint64, fixed ...[]uint64) {
	t.Helper()
	rng := rand.New(rand.NewSource(5))
	for i := 0; i < 200+len(fixed); i++ {
		x := make([]uint64, len(vars))
		env := map[*term.Term]term.Value{}
		for j, v := range vars {
			x[j] = operand(rng)
			if i < len(fixed) {
				x[j] = fixed[i][j]
			}
			env[v] = term.U64(x[j], 64)
		}
		n := 0
		for _, p := range paths {
			if eval(t, p.Cond, env) == 1 {
				n++
				if got, w := eval(t, result(t, p, off), env), want(x); got != w {
					t.Fatalf("inputs %#x: got %#x, want %#x", x, got, w)
				}
			}
		}
		if n != 1 {
			t.Fatalf("inputs %#x: %d paths hold", x, n)
		}
	}
}

// TestStraightLine lifts func add128(out *[2]uint64, a, b uint64) storing
// the 128-bit sum a+b through the pointer with ADDS, ADC and STP.
func TestStraightLine(t *testing.T) {
	cfg := newConfig()
	b := cfg.B
	out := cfg.Mem.Add(&mem.Region{Name: "out", Kind: mem.Input, Size: 16, Writable: true})
	a, c := b.Var("a", 64), b.Var("b", 64)
	paths, err := run(t, cfg, 24, program(t,
		0xf94007e0, // MOVD 8(RSP), R0
		0xf9400be1, // MOVD 16(RSP), R1
		0xf9400fe2, // MOVD 24(RSP), R2
		0xab010043, // ADDS R1, R2, R3
		0x9a1f03e4, // ADC ZR, ZR, R4
		0xa9001003, // STP (R3, R4), (R0)
		0xd65f03c0, // RET
	), Arg{Offset: 0, Value: out.Base}, Arg{Offset: 8, Value: a}, Arg{Offset: 16, Value: c})
	if err != nil {
		t.Fatal(err)
	}
	if len(paths) != 1 || paths[0].Cond != b.Bool(true) || paths[0].Steps != 7 {
		t.Fatalf("got %d paths, want one unconditional path of 7 steps", len(paths))
	}
	p := paths[0]
	lo, _ := p.Mem.Load(out, 0, 8)
	hi, _ := p.Mem.Load(out, 8, 8)
	rng := rand.New(rand.NewSource(4))
	for i := 0; i < 100; i++ {
		x, y := rng.Uint64(), rng.Uint64()
		if i == 0 {
			x, y = ^uint64(0), 1
		}
		env := map[*term.Term]term.Value{a: term.U64(x, 64), c: term.U64(y, 64)}
		wantHi := uint64(0)
		if x+y < x {
			wantHi = 1
		}
		if gl, gh := eval(t, lo, env), eval(t, hi, env); gl != x+y || gh != wantHi {
			t.Fatalf("%#x+%#x = %#x:%#x, want %#x:%#x", x, y, gh, gl, wantHi, x+y)
		}
	}
	if p.Regs["RSP"] != b.Add(p.Stack.Base, b.Uint(StackBelow, 64)) || p.ArgOff != StackBelow+8 {
		t.Errorf("final SP %v, ArgOff %d", p.Regs["RSP"], p.ArgOff)
	}
	for i := 0; i <= 30; i++ {
		if p.Regs[RegNames[i]] == nil {
			t.Errorf("no final %s", RegNames[i])
		}
	}
	if p.Regs["R28"] != b.Var("entry.R28", 64) || p.Regs["R29"] != b.Var("entry.R29", 64) || p.Regs["R30"] != b.Var("retaddr", 64) {
		t.Errorf("R28, R29, R30 = %v, %v, %v", p.Regs["R28"], p.Regs["R29"], p.Regs["R30"])
	}
	var kinds []string
	for _, e := range p.Events {
		kinds = append(kinds, e.Kind.String())
	}
	if got := strings.Join(kinds, " "); got != "load load load store store" {
		t.Errorf("events: %s", got)
	}
	if _, ok := cfg.Mem.Region("stack"); ok || len(cfg.Mem.Written(out)) != 0 {
		t.Errorf("Run modified the caller's memory")
	}
}

// TestLoop unrolls a loop with a constant trip count: 5+4+3+2+1.
func TestLoop(t *testing.T) {
	paths, err := run(t, newConfig(), 8, program(t,
		0xd28000a1, // MOVD $5, R1
		0xaa1f03e0, // MOVD ZR, R0
		0x8b010000, // loop: ADD R1, R0, R0
		0xf1000421, // SUBS $1, R1, R1
		0x54ffffc1, // BNE loop
		0xf90007e0, // MOVD R0, ret+0(FP)
		0xd65f03c0, // RET
	))
	if err != nil {
		t.Fatal(err)
	}
	if len(paths) != 1 || paths[0].Steps != 2+3*5+2 {
		t.Fatalf("%d paths, %d steps", len(paths), paths[0].Steps)
	}
	if v, ok := result(t, paths[0], 0).Uint64(); !ok || v != 15 {
		t.Errorf("sum = %v", result(t, paths[0], 0))
	}
}

// TestFork forks on a symbolic unsigned comparison: max(a, b).
func TestFork(t *testing.T) {
	cfg := newConfig()
	a, c := cfg.B.Var("a", 64), cfg.B.Var("b", 64)
	paths, err := run(t, cfg, 24, program(t,
		0xf94007e0, // MOVD 8(RSP), R0
		0xf9400be1, // MOVD 16(RSP), R1
		0xeb01001f, // CMP R1, R0
		0x54000042, // BCS 2(PC)
		0xaa0103e0, // MOVD R1, R0
		0xf9000fe0, // MOVD R0, 24(RSP)
		0xd65f03c0, // RET
	), Arg{Offset: 0, Value: a}, Arg{Offset: 8, Value: c})
	if err != nil {
		t.Fatal(err)
	}
	if len(paths) != 2 {
		t.Fatalf("%d paths", len(paths))
	}
	checkPaths(t, paths, 16, []*term.Term{a, c}, func(x []uint64) uint64 { return max(x[0], x[1]) })
	if e := paths[0].Events[2]; e.Kind != Branch || e.Mnemonic != "B" || e.Line != 13 {
		t.Errorf("branch event %+v", e)
	}
}

// TestCSEL selects without branching.
func TestCSEL(t *testing.T) {
	cfg := newConfig()
	b := cfg.B
	vars := []*term.Term{b.Var("c", 64), b.Var("a", 64), b.Var("b", 64)}
	paths, err := run(t, cfg, 32, program(t,
		0xf94007e0, // MOVD 8(RSP), R0
		0xf9400be1, // MOVD 16(RSP), R1
		0xf9400fe2, // MOVD 24(RSP), R2
		0xf100001f, // CMP $0, R0
		0x9a821023, // CSEL NE, R1, R2, R3
		0xf90013e3, // MOVD R3, 32(RSP)
		0xd65f03c0, // RET
	), Arg{Offset: 0, Value: vars[0]}, Arg{Offset: 8, Value: vars[1]}, Arg{Offset: 16, Value: vars[2]})
	if err != nil {
		t.Fatal(err)
	}
	if len(paths) != 1 {
		t.Fatalf("%d paths", len(paths))
	}
	checkPaths(t, paths, 24, vars, func(x []uint64) uint64 {
		if x[0] != 0 {
			return x[1]
		}
		return x[2]
	}, []uint64{0, 1, 2})
}

// TestTestBranches forks on CBZ, TBZ and TBNZ.
func TestTestBranches(t *testing.T) {
	cfg := newConfig()
	x := cfg.B.Var("x", 64)
	paths, err := run(t, cfg, 16, program(t,
		0xf94007e0, // MOVD 8(RSP), R0
		0xaa1f03e1, // MOVD ZR, R1
		0xb4000040, // CBZ R0, 2(PC)
		0x91000421, // ADD $1, R1, R1
		0x36180040, // TBZ $3, R0, 2(PC)
		0x91000821, // ADD $2, R1, R1
		0xb7f80040, // TBNZ $63, R0, 2(PC)
		0x91001021, // ADD $4, R1, R1
		0xf9000be1, // MOVD R1, 16(RSP)
		0xd65f03c0, // RET
	), Arg{Offset: 0, Value: x})
	if err != nil {
		t.Fatal(err)
	}
	checkPaths(t, paths, 8, []*term.Term{x}, func(x []uint64) uint64 {
		r := uint64(0)
		if x[0] != 0 {
			r++
		}
		if x[0]&8 != 0 {
			r += 2
		}
		if x[0]>>63 == 0 {
			r += 4
		}
		return r
	}, []uint64{0}, []uint64{8}, []uint64{1 << 63})
}

// TestFramedLeaf: a leaf with a frame (the Go assembler's prologue and
// epilogue) keeps SP, R29 and the return address.
func TestFramedLeaf(t *testing.T) {
	cfg := newConfig()
	cfg.SPMax = 48 // as the pcsp table of a $24 frame records it
	b := cfg.B
	x := b.Var("x", 64)
	paths, err := run(t, cfg, 16, program(t,
		0xf81d0ffe, // MOVD.W R30, -48(RSP)
		0xf81f83fd, // MOVD R29, -8(RSP)
		0xd10023fd, // SUB $8, RSP, R29
		0xf9401fe0, // MOVD 56(RSP), R0
		0xf90007e0, // MOVD R0, 8(RSP)
		0xf94007e1, // MOVD 8(RSP), R1
		0x8b010000, // ADD R1, R0, R0
		0xf90023e0, // MOVD R0, 64(RSP)
		0x9100a3fd, // ADD $40, RSP, R29
		0x9100c3ff, // ADD $48, RSP, RSP
		0xd65f03c0, // RET
	), Arg{Offset: 0, Value: x})
	if err != nil {
		t.Fatal(err)
	}
	p := paths[0]
	if p.Regs["R29"] != b.Var("entry.R29", 64) {
		t.Errorf("R29 = %v", p.Regs["R29"])
	}
	if got := result(t, p, 8); got != b.Add(x, x) && got != b.Mul(b.Uint(2, 64), x) {
		t.Errorf("result %v", got)
	}
}

// callProg is a caller at 0x1000 that saves LR in a 32-byte frame, calls
// the helper at 0x2000 (x+1) with BL (or with BLR through X16), and returns
// its result. Its locals are at 8 and 16(RSP), clear of its caller's frame
// record at -8(RSP) from its entry SP.
func callProg(t *testing.T, blr bool, helper ...uint32) testProg {
	call := []uint32{0x940003fd} // BL 0x2000 (from 0x100c)
	if blr {
		call = []uint32{0xd2840010, 0xd63f0200} // MOVZ X16, #0x2000; BLR X16
	}
	main := append([]uint32{
		0xf81e0ffe, // STR X30, [SP, #-32]!
		0xf94017e0, // LDR X0, [SP, #40]
		0xf90007e0, // STR X0, [SP, #8]
	}, call...)
	main = append(main,
		0xf9400be0, // LDR X0, [SP, #16]
		0xf84207fe, // LDR X30, [SP], #32
		0xf9000be0, // STR X0, [SP, #16]
		0xd65f03c0, // RET
	)
	if helper == nil {
		helper = []uint32{
			0xf94007e0, // LDR X0, [SP, #8]
			0x91000400, // ADD X0, X0, #1
			0xf9000be0, // STR X0, [SP, #16]
			0xd65f03c0, // RET
		}
	}
	return testProg{"main": program(t, main...), "helper": at(0x2000, program(t, helper...))}
}

// TestCall follows BL and BLR into a helper and back.
func TestCall(t *testing.T) {
	for _, blr := range []bool{false, true} {
		cfg := newConfig()
		x := cfg.B.Var("x", 64)
		prog := callProg(t, blr)
		cfg.Prog = prog
		cfg.SPMax = testFrame
		paths, err := run(t, cfg, 16, prog["main"], Arg{Offset: 0, Value: x})
		if err != nil {
			t.Fatal(err)
		}
		checkPaths(t, paths, 8, []*term.Term{x}, func(x []uint64) uint64 { return x[0] + 1 })
		if paths[0].Regs["R30"] != cfg.B.Var("retaddr", 64) {
			t.Errorf("R30 = %v", paths[0].Regs["R30"])
		}
	}
	// A callee that returns elsewhere.
	cfg := newConfig()
	prog := callProg(t, false, 0xd280001e, 0xd65f03c0) // MOVZ X30, #0; RET
	cfg.Prog = prog
	cfg.SPMax = testFrame
	if _, err := run(t, cfg, 16, prog["main"], Arg{Offset: 0, Value: cfg.B.Var("x", 64)}); !errors.Is(err, ErrCorruptReturn) {
		t.Errorf("callee returning to 0: %v", err)
	}
	// Without a Program, BL out of the function is an error.
	framed := newConfig()
	framed.SPMax = testFrame
	if _, err := run(t, framed, 16, prog["main"]); err == nil || !strings.Contains(err.Error(), "no program") {
		t.Errorf("BL without a program: %v", err)
	}
}

// TestFrameErrors: RET with SP moved, with a clobbered X30, through
// another register; writes to R18; reaching a data word.
func TestFrameErrors(t *testing.T) {
	for _, tt := range []struct {
		name  string
		words []uint32
		want  error
	}{
		{"SP not restored", []uint32{0xd10043ff, 0xd65f03c0}, ErrUnbalancedStack}, // SUB SP, SP, #16; RET
		{"LR clobbered", []uint32{0xd280001e, 0xd65f03c0}, ErrCorruptReturn},      // MOVZ X30, #0; RET
		{"RET X1", []uint32{0xd65f0020}, ErrCorruptReturn},                        // RET X1
		{"R18", []uint32{0x8b010052, 0xd65f03c0}, ErrPlatformRegister},            // ADD X18, X2, X1
		{"flags at entry", []uint32{0x54000040, 0xd65f03c0, 0xd65f03c0}, ErrUndefinedFlags},
	} {
		_, err := run(t, newConfig(), 0, program(t, tt.words...))
		var e *Error
		if !errors.Is(err, tt.want) || !errors.As(err, &e) || e.File != "test.s" {
			t.Errorf("%s: got %v, want %v", tt.name, err, tt.want)
		}
	}
	insts := append(program(t, 0xd503201f), dataWord(0x1004, 0)) // NOP; WORD $0
	if _, err := run(t, newConfig(), 0, insts); !errors.Is(err, ErrDataWord) {
		t.Errorf("data word: %v", err)
	}
	_, err := run(t, newConfig(), 0, program(t, 0x1e220820, 0xd65f03c0)) // FMUL S0, S1, S2
	var ue *UnsupportedError
	if !errors.As(err, &ue) || ue.Mnemonic != "FMUL" || ue.Line != 10 || !strings.Contains(ue.Reason, "floating-point") {
		t.Errorf("FMUL: %v", err)
	}
}

// TestSymbolicIndex: a load at a public symbolic offset is the value at
// each in-bounds place, the path going on only in bounds; one from a
// register's entry value is an error after its event, and so is a load
// outside the region.
func TestSymbolicIndex(t *testing.T) {
	cfg := newConfig()
	buf := cfg.Mem.Add(&mem.Region{Name: "buf", Kind: mem.Input, Size: 64})
	var events []Event
	cfg.OnEvent = func(e Event) { events = append(events, e) }
	i := cfg.B.Var("i", 64)
	code := program(t,
		0xf94007e1, // LDR X1, [SP, #8]
		0xf9400be2, // LDR X2, [SP, #16]
		0xf8627820, // LDR X0, [X1, X2, LSL #3]
		0xf9000fe0, // MOVD X0, ret+16(FP)
		0xd65f03c0, // RET
	)
	paths, err := run(t, cfg, 24, code, Arg{Offset: 0, Value: buf.Base}, Arg{Offset: 8, Value: i})
	if err != nil || len(paths) != 1 || len(events) < 3 || events[2].Kind != Load || events[2].Size != 8 || events[2].InBounds == nil {
		t.Fatalf("got %v, %d paths, %d events", err, len(paths), len(events))
	}
	// buf[i] for each i in bounds; out of bounds, the path does not go on.
	p := paths[0]
	env := map[*term.Term]term.Value{buf.Base: term.U64(0x7f0000, 64)}
	for off := int64(0); off < 64; off += 8 {
		env[mem.InitWord(cfg.B, buf, off)] = term.U64(uint64(off)*0x0101+3, 64)
	}
	for k := uint64(0); k < 10; k++ {
		env[i] = term.U64(k, 64)
		if got, want := eval(t, p.Cond, env) == 1, k < 8; got != want {
			t.Errorf("i=%d: path condition %v, want %v", k, got, want)
		}
		if got := eval(t, events[2].InBounds, env) == 1; got != (k < 8) {
			t.Errorf("i=%d: in bounds %v", k, got)
		}
		if k < 8 {
			if got, want := eval(t, result(t, p, 16), env), k*8*0x0101+3; got != want {
				t.Errorf("i=%d: X0 = %#x, want %#x", k, got, want)
			}
		}
	}
	// An index from a register's value at entry is not admitted.
	cfg = newConfig()
	buf = cfg.Mem.Add(&mem.Region{Name: "buf", Kind: mem.Input, Size: 64})
	_, err = run(t, cfg, 8, program(t,
		0xf94007e1, // LDR X1, [SP, #8]
		0xf8627820, // LDR X0, [X1, X2, LSL #3]
		0xd65f03c0, // RET
	), Arg{Offset: 0, Value: buf.Base})
	if !errors.Is(err, mem.ErrSymbolicIndex) {
		t.Errorf("index from entry.R2: %v", err)
	}
	cfg = newConfig()
	buf = cfg.Mem.Add(&mem.Region{Name: "buf", Kind: mem.Input, Size: 64})
	_, err = run(t, cfg, 8, program(t,
		0xf94007e1, // LDR X1, [SP, #8]
		0xf9402020, // LDR X0, [X1, #64]
		0xd65f03c0, // RET
	), Arg{Offset: 0, Value: buf.Base})
	if !errors.Is(err, mem.ErrOutOfBounds) {
		t.Errorf("out of bounds: %v", err)
	}
}

// TestADRP: ADRP + ADD and ADRP + LDR offset address a data symbol
// through its region's base.
func TestADRP(t *testing.T) {
	cfg := newConfig()
	data := make([]byte, 32)
	for i := range data {
		data[i] = byte(i + 1)
	}
	table := &mem.Region{Name: "table", Kind: mem.ReadOnly, Size: 32, Addr: 0x411238, Data: data, Base: cfg.B.Var("&table", 64)}
	cfg.Mem.SetDataResolver(func(addr uint64) (*mem.Region, bool) {
		return table, addr >= table.Addr && addr < table.Addr+32
	})
	var events []Event
	cfg.OnEvent = func(e Event) { events = append(events, e) }
	paths, err := run(t, cfg, 16, at(0x401000, program(t,
		0x90000081, // ADRP X1, 0x411000
		0x9108e021, // ADD X1, X1, #0x238
		0xf9400420, // LDR X0, [X1, #8]
		0x9000009b, // ADRP X27, 0x411000
		0xf9412363, // LDR X3, [X27, #0x240]
		0xa9008fe0, // STP X0, X3, [SP, #8]
		0xd65f03c0, // RET
	)))
	if err != nil {
		t.Fatal(err)
	}
	want := uint64(0x100f0e0d0c0b0a09)
	for _, off := range []int64{0, 8} {
		if v, ok := result(t, paths[0], off).Uint64(); !ok || v != want {
			t.Errorf("result %d = %v", off, result(t, paths[0], off))
		}
	}
	b := cfg.B
	if a := events[0].Term; a != b.Add(table.Base, b.Uint(8, 64)) {
		t.Errorf("address %v", a)
	}
	if a := events[1].Term; a != b.Add(table.Base, b.Uint(8, 64)) {
		t.Errorf("address %v", a)
	}
}

// TestLiteral loads constants from the function's literal pool: LDR X,
// LDR W and LDRSW (literal).
func TestLiteral(t *testing.T) {
	for _, tt := range []struct {
		word uint32
		want uint64
	}{
		{0x58000060, 0x0123456789abcdef}, // LDR X0, .+12
		{0x18000060, 0x89abcdef},         // LDR W0, .+12
		{0x98000060, 0xffffffff89abcdef}, // LDRSW X0, .+12
	} {
		insts := append(program(t,
			tt.word,
			0xf90007e0, // STR X0, [SP, #8]
			0xd65f03c0, // RET
		), dataWord(0x100c, 0x89abcdef), dataWord(0x1010, 0x01234567))
		paths, err := run(t, newConfig(), 8, insts)
		if err != nil {
			t.Fatal(err)
		}
		if v, ok := result(t, paths[0], 0).Uint64(); !ok || v != tt.want {
			t.Errorf("%#08x: literal = %v, want %#x", tt.word, result(t, paths[0], 0), tt.want)
		}
	}
}

// TestDivEvent: UDIV records a variable-time event with its operands,
// marked secret when they depend on a secret.
func TestDivEvent(t *testing.T) {
	cfg := newConfig()
	b := cfg.B
	x, y := b.Var("x", 64), b.Var("y", 64)
	cfg.Secret = func(v *term.Term) bool { return v == x }
	paths, err := run(t, cfg, 24, program(t,
		0xf94007e0, // LDR X0, [SP, #8]
		0xf9400be1, // LDR X1, [SP, #16]
		0x9ac10802, // UDIV X2, X0, X1
		0xf9000fe2, // STR X2, [SP, #24]
		0xd65f03c0, // RET
	), Arg{Offset: 0, Value: x}, Arg{Offset: 8, Value: y})
	if err != nil {
		t.Fatal(err)
	}
	e := paths[0].Events[2]
	if e.Kind != VarTime || e.Mnemonic != "UDIV" || !e.Secret || len(e.Operands) != 2 || e.Operands[0] != x || e.Operands[1] != y {
		t.Errorf("event %+v", e)
	}
	if _, ok := VarTimePolicy[e.Mnemonic]; !ok {
		t.Errorf("UDIV not in the policy")
	}
	checkPaths(t, paths, 16, []*term.Term{x, y}, func(v []uint64) uint64 {
		if v[1] == 0 {
			return 0
		}
		return v[0] / v[1]
	}, []uint64{5, 0})
}

// TestMaxPaths: a loop forking on every bit of a public value.
func TestMaxPaths(t *testing.T) {
	cfg := newConfig()
	cfg.MaxPaths = 8
	_, err := run(t, cfg, 8, program(t,
		0xf94007e0, // LDR X0, [SP, #8]
		0x36000060, // loop: TBZ X0, #0, done
		0xd341fc00, // LSR X0, X0, #1
		0x17fffffe, // B loop
		0xd65f03c0, // done: RET
	), Arg{Offset: 0, Value: cfg.B.Var("x", 64)})
	if err == nil || !strings.Contains(err.Error(), "more than 8 paths") {
		t.Errorf("got %v", err)
	}
}

// TestADRBranch: BR to an address ADR made, with the code resolved as a
// data symbol (as the prover's resolver does) or not.
func TestADRBranch(t *testing.T) {
	for _, resolve := range []bool{false, true} {
		cfg := newConfig()
		insts := program(t,
			0x10000061, // ADR X1, .+12
			0xd61f0020, // BR X1
			0xd65f0020, // RET X1 (skipped)
			0xd65f03c0, // RET
		)
		if resolve {
			text := &mem.Region{Name: "text", Kind: mem.ReadOnly, Size: 16, Addr: 0x1000, Data: make([]byte, 16), Base: cfg.B.Var("&text", 64)}
			cfg.Mem.SetDataResolver(func(addr uint64) (*mem.Region, bool) { return text, addr >= 0x1000 && addr < 0x1010 })
		}
		paths, err := run(t, cfg, 0, insts)
		if err != nil || len(paths) != 1 || paths[0].Steps != 3 {
			t.Errorf("resolve %v: %v", resolve, err)
		}
	}
}

// TestUndecodedInst: an instruction built without its arm64 form is an
// error naming it, not a crash.
func TestUndecodedInst(t *testing.T) {
	_, err := run(t, newConfig(), 0, []Inst{{PC: 0x1000, Len: 4, Bytes: []byte{0xc0, 0x03, 0x5f, 0xd6}}})
	if err == nil || !strings.Contains(err.Error(), "at 0x1000 of test has no arm64 form") {
		t.Fatalf("got %v, want the missing arm64 form named", err)
	}
}

// TestPrefetchEvent: PRFM moves nothing, so its address needs no region
// (here a bare number), but the address is held to a load's rule: a
// prefetch at a secret offset is a secret variable-time event, one at a
// public address is not.
func TestPrefetchEvent(t *testing.T) {
	cfg := newConfig()
	b := cfg.B
	x, y := b.Var("x", 64), b.Var("y", 64)
	cfg.Secret = func(v *term.Term) bool { return v == x }
	paths, err := run(t, cfg, 24, program(t,
		0xf94007e0, // LDR X0, [SP, #8]
		0xf9400be1, // LDR X1, [SP, #16]
		0xf8a06820, // PRFM PLDL1KEEP, [X1, X0]
		0xf9800020, // PRFM PLDL1KEEP, [X1]
		0xf9000fe1, // STR X1, [SP, #24]
		0xd65f03c0, // RET
	), Arg{Offset: 0, Value: x}, Arg{Offset: 8, Value: y})
	if err != nil {
		t.Fatal(err)
	}
	ev := paths[0].Events
	if len(ev) < 4 {
		t.Fatalf("%d events", len(ev))
	}
	for i, wantSecret := range map[int]bool{2: true, 3: false} {
		e := ev[i]
		if e.Kind != VarTime || e.Mnemonic != "PRFM" || e.Secret != wantSecret || len(e.Operands) != 1 {
			t.Errorf("event %d: %+v, want a PRFM variable-time event, secret %v", i, e, wantSecret)
		}
	}
	if r, ok := VarTimePolicy["PRFM"]; !ok || r.Severity.String() == "" {
		t.Errorf("PRFM not in the policy")
	}
	checkPaths(t, paths, 16, []*term.Term{x, y}, func(v []uint64) uint64 { return v[1] }, []uint64{5, 0})
}
