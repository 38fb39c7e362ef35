package amd64

import (
	"encoding/hex"
	"errors"
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"golang.org/x/arch/x86/x86asm"

	"vg.dev/symexec/mem"
	"vg.dev/symexec/term"
)

// decodeHex decodes one instruction given as hex bytes (spaces allowed) at
// pc, the way package decode does, with a made-up source position. For the
// ADX instructions x86asm does not know, X86 is what x86asm returns (Op 0)
// and Len the real length, as a decoder that measures them would give.
func decodeHex(t testing.TB, pc uint64, h string, line int) Inst {
	t.Helper()
	code, err := hex.DecodeString(strings.ReplaceAll(h, " ", ""))
	if err != nil {
		t.Fatalf("bad hex %q: %v", h, err)
	}
	x, err := x86asm.Decode(code, 64)
	if err != nil || x.Op == 0 || x.Len != len(code) {
		if d, ok := DecodeADX(code); ok && d.Len == len(code) {
			return Inst{PC: pc, Len: len(code), Bytes: code, File: "test.s", Line: line, X86: &x}
		}
		t.Fatalf("decode %q: %v (op %v, len %d of %d)", h, err, x.Op, x.Len, len(code))
	}
	return Inst{PC: pc, Len: len(code), Bytes: code, File: "test.s", Line: line, X86: &x}
}

// program lays out instructions from pc 0x1000 on.
func program(t testing.TB, hs ...string) []Inst {
	t.Helper()
	var insts []Inst
	pc := uint64(0x1000)
	for i, h := range hs {
		in := decodeHex(t, pc, h, 10+i)
		insts = append(insts, in)
		pc += uint64(in.Len)
	}
	return insts
}

// undef is the value a flag has in a cpu when it is undefined (in an
// expectation: must be undefined).
const undef = -1

// cpu is a concrete machine state: registers and flags (0, 1 or undef).
type cpu struct {
	regs  [16]uint64
	flags [nflags]int8
}

func randCPU(rng *rand.Rand) cpu {
	var c cpu
	for i := range c.regs {
		c.regs[i] = rng.Uint64()
	}
	for i := range c.flags {
		c.flags[i] = int8(rng.Intn(2))
	}
	return c
}

// newState makes a state holding c, with a memory that has one writable
// input region "buf" of 64 bytes.
func newState(c cpu) *state {
	b := term.NewBuilder()
	m := mem.New(b)
	m.Add(&mem.Region{Name: "buf", Kind: mem.Input, Size: 64, Writable: true})
	r := &runner{cfg: Config{B: b, Mem: m, MaxPaths: 64, MaxSteps: 1000}, b: b, funcs: map[string]*function{}}
	s := &state{r: r, b: b, mem: m, cond: b.Bool(true), fn: &function{name: "test"}}
	for i, v := range c.regs {
		s.regs[i] = b.Uint(v, 64)
	}
	for f, v := range c.flags {
		if v == undef {
			s.flags[f] = flag{why: "test"}
		} else {
			s.flags[f] = flag{v: b.Bool(v == 1)}
		}
	}
	return s
}

// execHex executes one instruction on s.
func execHex(t testing.TB, s *state, h string) error {
	t.Helper()
	in := decodeHex(t, 0x1000, h, 1)
	pad := Inst{PC: in.PC + uint64(in.Len), Len: 1, Bytes: []byte{0xCC}, X86: &x86asm.Inst{Op: x86asm.INT, Args: x86asm.Args{x86asm.Imm(3)}, Len: 1}}
	s.fn = &function{name: "test", insts: []Inst{in, pad}}
	s.idx = 0
	return s.r.step(s)
}

// constant evaluates t, which must not depend on variables missing from env.
func constant(t testing.TB, x *term.Term, env map[*term.Term]term.Value) uint64 {
	t.Helper()
	v, err := term.NewEvaluator(term.MapEnv(env)).Eval(x)
	if err != nil {
		t.Fatalf("eval %v: %v", x, err)
	}
	return v.Uint64()
}

// observe reads back the registers and flags of s (undef for undefined flags).
func observe(t testing.TB, s *state, env map[*term.Term]term.Value) cpu {
	t.Helper()
	var c cpu
	for i, r := range s.regs {
		c.regs[i] = constant(t, r, env)
	}
	for f := range c.flags {
		v, err := s.getFlag(f)
		if err != nil {
			var ue *UndefinedFlagError
			if !errors.As(err, &ue) {
				t.Fatalf("flag %s: %v", FlagNames[f], err)
			}
			c.flags[f] = undef
			continue
		}
		c.flags[f] = int8(constant(t, v, env))
	}
	return c
}

// diff describes how got differs from want, "" if it does not.
func (want cpu) diff(got cpu) string {
	var sb strings.Builder
	for i := range want.regs {
		if want.regs[i] != got.regs[i] {
			sb.WriteString(" " + RegNames[i] + ": got " + hex64(got.regs[i]) + " want " + hex64(want.regs[i]) + ";")
		}
	}
	for f := range want.flags {
		if want.flags[f] != got.flags[f] {
			sb.WriteString(" " + FlagNames[f] + ": got " + flagStr(got.flags[f]) + " want " + flagStr(want.flags[f]) + ";")
		}
	}
	return sb.String()
}

func hex64(v uint64) string { return fmt.Sprintf("%#x", v) }

func flagStr(v int8) string {
	switch v {
	case undef:
		return "undefined"
	case 0:
		return "0"
	}
	return "1"
}

// edge values for operands, besides random ones.
var edges = []uint64{0, 1, 2, 0x7f, 0x80, 0xff, 0x7fff, 0x8000, 0xffff, 0x7fffffff, 0x80000000, 0xffffffff,
	1 << 63, 1<<63 - 1, ^uint64(0), 0x0f0f0f0f0f0f0f0f, 0x123456789abcdef0}

// operandPairs returns edge × edge pairs plus random ones.
func operandPairs(rng *rand.Rand, nrand int) [][2]uint64 {
	var ps [][2]uint64
	for _, x := range edges {
		for _, y := range edges {
			ps = append(ps, [2]uint64{x, y})
		}
	}
	for i := 0; i < nrand; i++ {
		ps = append(ps, [2]uint64{rng.Uint64(), rng.Uint64()})
	}
	return ps
}

func mask(w int) uint64 {
	if w == 64 {
		return ^uint64(0)
	}
	return 1<<uint(w) - 1
}

func bit(v uint64, i int) int8 { return int8(v >> uint(i) & 1) }

func b2i(x bool) int8 {
	if x {
		return 1
	}
	return 0
}

// parity is PF of a result: 1 when its low byte has an even number of ones.
func parity(r uint64) int8 {
	n := 0
	for i := 0; i < 8; i++ {
		n += int(r >> uint(i) & 1)
	}
	return b2i(n%2 == 0)
}

// putReg writes the w-bit value v into register n of c the way the CPU
// does: 32-bit writes zero the upper half, narrower ones merge (shift 8
// for AH..BH).
func (c *cpu) putReg(n, w, shift int, v uint64) {
	switch w {
	case 64:
		c.regs[n] = v
	case 32:
		c.regs[n] = v & mask(32)
	default:
		m := mask(w) << uint(shift)
		c.regs[n] = c.regs[n]&^m | (v&mask(w))<<uint(shift)
	}
}

// widthPrefix returns the encoding prefix selecting operand width w for a
// 16/32/64-bit opcode (66, none, REX.W).
func widthPrefix(w int) string {
	switch w {
	case 16:
		return "66"
	case 64:
		return "48"
	}
	return ""
}
