package arm64

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math/rand"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/arch/arm64/arm64asm"

	"vg.dev/decode"
	"vg.dev/symexec/mem"
	"vg.dev/symexec/term"
)

// decodeWord decodes the instruction word e at pc the way package decode
// does, with a made-up source position.
func decodeWord(t testing.TB, pc uint64, e uint32, line int) Inst {
	t.Helper()
	code := binary.LittleEndian.AppendUint32(nil, e)
	x, err := decode.ARM64(code)
	if err != nil {
		t.Fatalf("decode %#08x: %v", e, err)
	}
	return Inst{PC: pc, Len: 4, Bytes: code, File: "test.s", Line: line, ARM64: &x}
}

// dataWord is a word package decode marks as data.
func dataWord(pc uint64, e uint32) Inst {
	return Inst{PC: pc, Len: 4, Bytes: binary.LittleEndian.AppendUint32(nil, e), File: "test.s", Data: true, ARM64: &arm64asm.Inst{}}
}

// program lays out instruction words from pc 0x1000 on.
func program(t testing.TB, words ...uint32) []Inst {
	t.Helper()
	var insts []Inst
	for i, e := range words {
		insts = append(insts, decodeWord(t, 0x1000+4*uint64(i), e, 10+i))
	}
	return insts
}

// newState makes a state holding c, with a memory that has one writable
// input region "buf" (c.buf's size) standing for c.buf at c.bufAddr.
func newState(c *cpu) (*state, *mem.Region) {
	b := term.NewBuilder()
	m := mem.New(b)
	size := int64(len(c.buf))
	if size == 0 {
		size = 64
	}
	// The buffer is as aligned as its address is (SP-based accesses
	// need 16 bytes).
	align := int64(c.bufAddr & -c.bufAddr)
	if align == 0 || align > 4096 {
		align = 4096
	}
	buf := m.Add(&mem.Region{Name: "buf", Kind: mem.Input, Size: size, Writable: true, Align: align})
	r := &runner{cfg: Config{B: b, Mem: m, MaxPaths: 64, MaxSteps: 1000}, b: b, funcs: map[string]*function{}}
	s := &state{r: r, b: b, mem: m, cond: b.Bool(true), fn: &function{name: "test"}}
	val := func(v uint64, ptr bool) *term.Term {
		if ptr {
			return b.Add(buf.Base, b.Uint(v-c.bufAddr, 64))
		}
		return b.Uint(v, 64)
	}
	for i, v := range c.x {
		s.x[i] = val(v, c.ptr>>uint(i)&1 == 1)
	}
	s.sp = val(c.sp, c.ptr>>31 == 1)
	for f, v := range c.flags {
		if v != undef {
			s.flags[f] = flag{v: b.Bool(v == 1)}
		}
	}
	return s, buf
}

// env binds the variables of a state made by newState from c.
func env(c *cpu, buf *mem.Region) func(v *term.Term) (term.Value, bool) {
	return func(v *term.Term) (term.Value, bool) {
		if v == buf.Base {
			return term.U64(c.bufAddr, 64), true
		}
		name, ok := strings.CutPrefix(v.Name(), "buf@")
		if !ok {
			return term.Value{}, false
		}
		off, err := strconv.Atoi(name)
		if err != nil || off+v.Width()/8 > len(c.buf) {
			return term.Value{}, false
		}
		var w [8]byte
		copy(w[:], c.buf[off:off+v.Width()/8])
		return term.U64(binary.LittleEndian.Uint64(w[:]), v.Width()), true
	}
}

// execWord executes the instruction word e at pc on s.
func execWord(t testing.TB, s *state, e uint32, pc uint64) error {
	t.Helper()
	in := decodeWord(t, pc, e, 1)
	s.fn = &function{name: "test", insts: []Inst{in, dataWord(pc+4, 0)}}
	s.idx = 0
	return s.r.step(s)
}

// observe reads back the state of s (starting from c) as a cpu.
func observe(t testing.TB, s *state, buf *mem.Region, c *cpu) cpu {
	t.Helper()
	ev := term.NewEvaluator(env(c, buf))
	get := func(x *term.Term) uint64 {
		v, err := ev.Eval(x)
		if err != nil {
			t.Fatalf("eval %v: %v", x, err)
		}
		return v.Uint64()
	}
	out := c.clone()
	for i, r := range s.x {
		out.x[i] = get(r)
	}
	out.sp = get(s.sp)
	for f := range out.flags {
		v, err := s.getFlag(f)
		if err != nil {
			out.flags[f] = undef
			continue
		}
		out.flags[f] = int8(get(v))
	}
	for _, off := range s.mem.Written(buf) {
		out.buf[off] = byte(get(s.mem.Byte(buf, off)))
		out.written[uint64(off)] = true
	}
	return out
}

// diff describes how got differs from want, "" if it does not.
func (want *cpu) diff(got *cpu) string {
	var sb strings.Builder
	for i := range want.x {
		if want.x[i] != got.x[i] {
			fmt.Fprintf(&sb, " R%d: got %#x want %#x;", i, got.x[i], want.x[i])
		}
	}
	if want.sp != got.sp {
		fmt.Fprintf(&sb, " RSP: got %#x want %#x;", got.sp, want.sp)
	}
	for f := range want.flags {
		if want.flags[f] != got.flags[f] {
			fmt.Fprintf(&sb, " %s: got %d want %d;", FlagNames[f], got.flags[f], want.flags[f])
		}
	}
	for off := range want.written {
		if !got.written[off] {
			fmt.Fprintf(&sb, " buf[%d] not written;", off)
		}
	}
	for off := range got.written {
		if !want.written[off] {
			fmt.Fprintf(&sb, " buf[%d] written;", off)
		} else if want.buf[off] != got.buf[off] {
			fmt.Fprintf(&sb, " buf[%d]: got %#x want %#x;", off, got.buf[off], want.buf[off])
		}
	}
	return sb.String()
}

// edge values for operands, besides random ones.
var edges = []uint64{0, 1, 2, 0x7f, 0x80, 0xff, 0x7fff, 0x8000, 0xffff, 0x7fffffff, 0x80000000, 0xffffffff,
	0x100000000, 1 << 63, 1<<63 - 1, ^uint64(0), ^uint64(0) - 1, 0xffffffff80000000, 0x0f0f0f0f0f0f0f0f, 0x123456789abcdef0}

func operand(rng *rand.Rand) uint64 {
	if rng.Intn(2) == 0 {
		return edges[rng.Intn(len(edges))]
	}
	return rng.Uint64()
}

// isMemory reports whether e is in the loads and stores group.
func isMemory(e uint32) bool { return e&0x0A000000 == 0x08000000 }

// testBufSize is the size of the test memory; memory cases point the base
// register at its middle, which every immediate offset reaches.
const testBufSize = 64 << 10

// randomState makes a state for the instruction e: random registers
// (edge values half of the time) and flags, and for a load or store a base
// register pointing into the buffer and a small index register.
func randomState(rng *rand.Rand, e uint32, bufAddr, sp uint64, buf []byte) (cpu, bool) {
	var c cpu
	for i := range c.x {
		c.x[i] = operand(rng)
	}
	c.sp = sp
	for f := range c.flags {
		c.flags[f] = int8(rng.Intn(2))
	}
	c.buf, c.bufAddr, c.written = buf, bufAddr, map[uint64]bool{}
	if !isMemory(e) {
		c.buf = buf[:64] // not accessed: keep the copies small
		return c, true
	}
	n, m := int(e>>5&31), int(e>>16&31)
	p := bufAddr + testBufSize/2 + uint64(rng.Intn(64))*8
	if n == 31 {
		c.sp, c.ptr = p&^15, 1<<31
	} else {
		c.x[n], c.ptr = p, 1<<uint(n)
	}
	if e&0x3F200C00 == 0x38200800 { // register offset
		if n == m {
			return c, false
		}
		if m == 31 {
			return c, true
		}
		small := uint64(int64(rng.Intn(512) - 256))
		switch e >> 13 & 7 {
		case 2: // UXTW: the upper half is ignored
			c.x[m] = rng.Uint64()<<32 | small&0xff
		case 6: // SXTW
			c.x[m] = rng.Uint64()<<32 | small&0xffffffff
		default:
			c.x[m] = small
		}
	}
	return c, true
}

// randomWord is a random encoding of form f.
func randomWord(rng *rand.Rand, f Form) uint32 { return rng.Uint32()&^f.Mask | f.Value }

// isBranch reports whether f is a control-flow form: the reference model
// does not execute it; TestNative co-simulates it in the harness of
// native_flow_arm64_test.go, and whole programs test it.
func isBranch(f Form) bool {
	for _, op := range f.Ops {
		switch op {
		case arm64asm.B, arm64asm.BL, arm64asm.CBZ, arm64asm.TBZ, arm64asm.BR, arm64asm.BLR, arm64asm.RET:
			return true
		}
	}
	return false
}

// isLiteral reports whether f is a PC-relative load (co-simulated with
// the control-flow forms).
func isLiteral(f Form) bool { return strings.Contains(f.Name, "literal") }

// checkOne executes e at pc on c with the lifter and the reference model
// and compares them; it returns the lifter's final state (ok false when
// the case does not apply: the reference leaves the buffer).
func checkOne(t *testing.T, e uint32, pc uint64, c cpu) (lifted cpu, ref cpu, ok bool) {
	t.Helper()
	ref = c.clone()
	rerr := refExec(e, pc, &ref)
	if errors.Is(rerr, errOutside) {
		return cpu{}, cpu{}, false
	}
	s, buf := newState(&c)
	lerr := execWord(t, s, e, pc)
	in := decodeWord(t, pc, e, 1)
	name := fmt.Sprintf("%#08x %s", e, syntax(&in))
	switch {
	case errors.Is(rerr, errReserved), errors.Is(rerr, errUnmodelled):
		var ue *UnsupportedError
		if !errors.As(lerr, &ue) {
			t.Errorf("%s: reserved encoding, lifter: %v", name, lerr)
		}
		return cpu{}, cpu{}, false
	case rerr != nil:
		if lerr == nil || !errors.Is(lerr, rerr) {
			t.Errorf("%s: reference: %v, lifter: %v", name, rerr, lerr)
		}
		return cpu{}, cpu{}, false
	case lerr != nil:
		t.Errorf("%s: lifter: %v", name, lerr)
		return cpu{}, cpu{}, false
	}
	lifted = observe(t, s, buf, &c)
	if d := ref.diff(&lifted); d != "" {
		t.Errorf("%s on %s: lifted vs reference:%s", name, c.String(), d)
	}
	return lifted, ref, true
}

func (c *cpu) String() string {
	var sb strings.Builder
	for i, v := range c.x {
		fmt.Fprintf(&sb, "R%d=%#x ", i, v)
	}
	fmt.Fprintf(&sb, "RSP=%#x NZCV=%d%d%d%d", c.sp, c.flags[0], c.flags[1], c.flags[2], c.flags[3])
	return sb.String()
}
