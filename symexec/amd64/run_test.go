package amd64

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
		if addr >= insts[0].PC && addr < last.PC+uint64(last.Len) {
			return machine.Callee{Name: name, Insts: insts, SPMax: testFrame}, true
		}
	}
	return machine.Callee{}, false
}

// at relocates insts to start at pc.
func at(pc uint64, insts []Inst) []Inst {
	for i := range insts {
		insts[i].PC = pc
		pc += uint64(insts[i].Len)
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

// TestStraightLine lifts func add(out *[2]uint64, a, b uint64) storing the
// 128-bit sum a+b through the pointer.
func TestStraightLine(t *testing.T) {
	cfg := newConfig()
	b := cfg.B
	out := cfg.Mem.Add(&mem.Region{Name: "out", Kind: mem.Input, Size: 16, Writable: true})
	a, c := b.Var("a", 64), b.Var("b", 64)
	paths, err := run(t, cfg, 24, program(t,
		"488b7c2408", // MOVQ out+0(FP), DI
		"488b442410", // MOVQ a+8(FP), AX
		"4803442418", // ADDQ b+16(FP), AX
		"488907",     // MOVQ AX, (DI)
		"b900000000", // MOVL $0, CX
		"4883d100",   // ADCQ $0, CX
		"48894f08",   // MOVQ CX, 8(DI)
		"c3",         // RET
	), Arg{Offset: 0, Value: out.Base}, Arg{Offset: 8, Value: a}, Arg{Offset: 16, Value: c})
	if err != nil {
		t.Fatal(err)
	}
	if len(paths) != 1 || paths[0].Cond != b.Bool(true) || paths[0].Steps != 8 {
		t.Fatalf("got %d paths, want one unconditional path of 8 steps", len(paths))
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
		wantLo, wantHi := x+y, uint64(b2i(x+y < x))
		if gl, gh := constant(t, lo, env), constant(t, hi, env); gl != wantLo || gh != wantHi {
			t.Fatalf("%#x+%#x = %#x:%#x, want %#x:%#x", x, y, gh, gl, wantHi, wantLo)
		}
	}
	if p.Regs["SP"] != b.Add(p.Stack.Base, b.Uint(StackBelow+8, 64)) {
		t.Errorf("final SP %v", p.Regs["SP"])
	}
	var kinds []string
	for _, e := range p.Events {
		kinds = append(kinds, e.Kind.String())
	}
	if got := strings.Join(kinds, " "); got != "load load load store store load" {
		t.Errorf("events: %s", got)
	}
	// The caller's memory is left as it was, so Run may be called again.
	if _, ok := cfg.Mem.Region("stack"); ok || len(cfg.Mem.Written(out)) != 0 {
		t.Errorf("Run modified the caller's memory")
	}
}

// TestLoop unrolls a loop with a constant trip count: sum 5+4+3+2+1.
func TestLoop(t *testing.T) {
	cfg := newConfig()
	paths, err := run(t, cfg, 8, program(t,
		"b905000000", // MOVL $5, CX
		"31c0",       // XORL AX, AX
		"4801c8",     // loop: ADDQ CX, AX
		"48ffc9",     // DECQ CX
		"75f8",       // JNE loop
		"4889442408", // MOVQ AX, ret+0(FP)
		"c3",
	))
	if err != nil {
		t.Fatal(err)
	}
	if len(paths) != 1 || paths[0].Steps != 19 {
		t.Fatalf("%d paths, %d steps; want 1, 19", len(paths), paths[0].Steps)
	}
	if v, ok := result(t, paths[0], 0).Uint64(); !ok || v != 15 {
		t.Errorf("sum = %v, want 15", result(t, paths[0], 0))
	}
	branches := 0
	for _, e := range paths[0].Events {
		if e.Kind == Branch {
			branches++
		}
	}
	if branches != 5 {
		t.Errorf("%d branch events, want 5", branches)
	}
}

// forkProg returns 2 for a < 10 and 1 otherwise.
func forkProg(t *testing.T) []Inst {
	return program(t,
		"488b442408",     // MOVQ a+0(FP), AX
		"4883f80a",       // CMPQ AX, $10
		"7209",           // JB small
		"48c7c301000000", // MOVQ $1, BX
		"eb07",           // JMP done
		"48c7c302000000", // small: MOVQ $2, BX
		"48895c2410",     // done: MOVQ BX, ret+8(FP)
		"c3",
	)
}

func TestFork(t *testing.T) {
	cfg := newConfig()
	a := cfg.B.Var("a", 64)
	cfg.Secret = func(v *term.Term) bool { return v == a }
	paths, err := run(t, cfg, 16, forkProg(t), Arg{Offset: 0, Value: a})
	if err != nil {
		t.Fatal(err)
	}
	if len(paths) != 2 {
		t.Fatalf("%d paths, want 2", len(paths))
	}
	for _, x := range []uint64{0, 9, 10, 11, 1 << 63} {
		env := map[*term.Term]term.Value{a: term.U64(x, 64)}
		want := uint64(1)
		if x < 10 {
			want = 2
		}
		n := 0
		for _, p := range paths {
			if constant(t, p.Cond, env) == 1 {
				n++
				if got := constant(t, result(t, p, 8), env); got != want {
					t.Errorf("a=%d: result %d, want %d", x, got, want)
				}
			}
		}
		if n != 1 {
			t.Errorf("a=%d: %d paths hold", x, n)
		}
	}
	for _, p := range paths {
		var br []Event
		for _, e := range p.Events {
			if e.Kind == Branch {
				br = append(br, e)
			}
		}
		if len(br) != 1 || !br[0].Secret || br[0].PC != 0x1009 || br[0].Line != 12 {
			t.Errorf("branch events %+v, want one secret branch at 0x1009 line 12", br)
		}
	}
	// A branch whose condition the path condition decides does not fork.
	cfg = newConfig()
	paths, err = run(t, cfg, 16, forkProg(t), Arg{Offset: 0, Value: cfg.B.Uint(3, 64)})
	if err != nil || len(paths) != 1 {
		t.Fatalf("constant argument: %d paths, %v", len(paths), err)
	}
	if v, _ := result(t, paths[0], 8).Uint64(); v != 2 {
		t.Errorf("constant argument 3: result %d", v)
	}
}

func TestCallAndStack(t *testing.T) {
	main := at(0x1000, program(t,
		"50",                   // PUSHQ AX
		"53",                   // PUSHQ BX
		"58",                   // POPQ AX
		"5b",                   // POPQ BX
		"6aff",                 // PUSHQ $-1
		"59",                   // POPQ CX
		"e8f40f0000",           // CALL callee (0x2000)
		"4889442408",           // MOVQ AX, r0+0(FP)
		"48895c2410",           // MOVQ BX, r1+8(FP)
		"48894c2418",           // MOVQ CX, r2+16(FP)
		"48b80020000000000000", // MOVQ $0x2000, AX
		"ffd0",                 // CALL AX
		"4889542428",           // MOVQ DX, r3+32(FP)
		"e9cf1f0000",           // JMP tail (0x3000)
	))
	callee := at(0x2000, program(t,
		"4883c02a",   // ADDQ $42, AX
		"ba07000000", // MOVL $7, DX
		"c3",
	))
	tail := at(0x3000, program(t, "c3"))
	cfg := newConfig()
	cfg.Prog = testProg{"main": main, "callee": callee, "tail": tail}
	cfg.SPMax = testFrame
	paths, err := Run(cfg, "main", main, &abi.Frame{Size: 40}, nil)
	if err != nil {
		t.Fatal(err)
	}
	b := cfg.B
	p := paths[0]
	ax, bx := b.Var("entry.AX", 64), b.Var("entry.BX", 64)
	env := map[*term.Term]term.Value{ax: term.U64(0x1111, 64), bx: term.U64(0x2222, 64)}
	if got := constant(t, result(t, p, 0), env); got != 0x2222+42 {
		t.Errorf("r0 = %#x, want entry.BX+42", got)
	}
	if got := constant(t, result(t, p, 8), env); got != 0x1111 {
		t.Errorf("r1 = %#x, want entry.AX", got)
	}
	if got, _ := result(t, p, 16).Uint64(); got != ^uint64(0) {
		t.Errorf("r2 = %#x, want -1", got)
	}
	if got, _ := result(t, p, 32).Uint64(); got != 7 {
		t.Errorf("r3 = %d, want 7", got)
	}
}

// errorOf runs a one-function program and returns its error.
func errorOf(t *testing.T, cfg Config, hs ...string) error {
	t.Helper()
	_, err := run(t, cfg, 8, program(t, hs...), Arg{Offset: 0, Value: cfg.B.Var("arg", 64)})
	if err == nil {
		t.Fatalf("%v: no error", hs)
	}
	return err
}

func TestErrors(t *testing.T) {
	contains := func(err error, subs ...string) {
		t.Helper()
		for _, s := range subs {
			if !strings.Contains(err.Error(), s) {
				t.Errorf("error %q does not mention %q", err, s)
			}
		}
	}
	var ue *UnsupportedError
	err := errorOf(t, newConfig(), "90", "0fa2", "c3") // NOP; CPUID
	if !errors.As(err, &ue) || ue.Mnemonic != "CPUID" || ue.PC != 0x1001 || ue.Line != 11 {
		t.Errorf("CPUID: %#v", err)
	}
	contains(err, "CPUID", "0x1001", "test.s:11")
	err = errorOf(t, newConfig(), "cc")
	contains(err, "INT3", "0x1000", "test.s:10")

	var fe *UndefinedFlagError
	err = errorOf(t, newConfig(), "48f7e1", "7400", "c3") // MULQ CX; JEQ
	if !errors.As(err, &fe) || fe.Flag != "ZF" || fe.ByPC != 0x1000 || fe.PC != 0x1003 {
		t.Errorf("undefined ZF: %v", err)
	}
	contains(err, "ZF", "MULQ CX", "test.s:10", "test.s:11", "undefined after MUL")
	err = errorOf(t, newConfig(), "4883d000", "c3") // ADCQ $0, AX at entry
	contains(err, "CF", "undefined at function entry")
	err = errorOf(t, newConfig(), "48c1e002", "0f90c0", "c3") // SHLQ $2, AX; SETOS AL
	contains(err, "OF", "SHLQ $0x2, AX", "more than 1")
	err = errorOf(t, newConfig(), "d3e0", "0f94c0", "c3") // SHLL CL, AX; SETEQ AL
	contains(err, "ZF", "non-constant count")

	err = errorOf(t, newConfig(), "ffe0") // JMP AX
	contains(err, "unresolved indirect jump", "entry.AX", "test.s:10")
	if _, err := run(t, newConfig(), 8, program(t, "48c7c00a100000", "ffe0", "cc", "c3")); err != nil {
		t.Errorf("JMP AX to a constant in the function: %v", err) // MOVQ $0x100a, AX; JMP AX; INT3; RET
	}
	err = errorOf(t, newConfig(), "48c7c000500000", "ffd0", "c3") // CALL to no function
	contains(err, "unresolved indirect call", "0x5000")

	framed := newConfig()
	framed.SPMax = 8
	err = errorOf(t, framed, "50", "c3") // PUSHQ AX; RET
	contains(err, "SP not restored")
	err = errorOf(t, newConfig(), "48c7042400000000", "c3") // MOVQ $0, (SP); RET
	contains(err, "corrupted address")
	err = errorOf(t, newConfig(), "90") // falls off the end
	contains(err, "runs off the end")

	// A loop on a public symbolic trip count forks until MaxPaths.
	err = errorOf(t, newConfig(), "488b4c2408", "48ffc9", "75fb", "c3")
	contains(err, "more than 64 paths", "max-paths")
	cfg := newConfig()
	cfg.MaxSteps = 100
	err = errorOf(t, cfg, "b9e8030000", "48ffc9", "75fb", "c3") // 1000 iterations
	contains(err, "more than 100 instructions", "more than 100 instructions")
}

// TestPaddingNotExecuted: straight-line code followed by INT3 padding.
func TestPaddingNotExecuted(t *testing.T) {
	cfg := newConfig()
	if _, err := run(t, cfg, 8, program(t, "c3", "cc", "cc")); err != nil {
		t.Fatal(err)
	}
}

// TestUndecodedInst: an instruction built without its x86 form is an
// error naming it, not a crash.
func TestUndecodedInst(t *testing.T) {
	_, err := run(t, newConfig(), 0, []Inst{{PC: 0x1000, Len: 1, Bytes: []byte{0xC3}}})
	if err == nil || !strings.Contains(err.Error(), "at 0x1000 of test has no amd64 form") {
		t.Fatalf("got %v, want the missing x86 form named", err)
	}
}
