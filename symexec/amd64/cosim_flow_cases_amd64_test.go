//go:build linux

package amd64

import (
	"encoding/binary"
	"fmt"
	"math/rand"
	"strings"

	"golang.org/x/arch/x86/x86asm"
)

// The cases of the control-flow co-simulation (cosim_flow_amd64_test.go).

// retKind says where the lifter is when it executes a RET.
type retKind int

const (
	retNone         retKind = iota
	retInCall               // inside a CALL that pushed the target
	retFromFunction         // in the function itself, whose retaddr is the target
)

// flowCase is one control-flow or stack instruction from a concrete state.
type flowCase struct {
	name     string
	op       x86asm.Op // what code must decode as
	code     []byte
	in       cpu    // registers (RSP included) and flags, all defined
	ptr      uint16 // registers holding addresses in the stack buffer
	index    uint16 // index registers: constants in the symbolic lift too
	mem      [flowBufLen]byte
	target   uint64 // the address of the taken pad; 0 for none
	ret      retKind
	symbolic bool // also lifted with variables for registers, flags and memory
}

func (c *flowCase) describe() string {
	var sb strings.Builder
	for i, v := range c.in.regs {
		fmt.Fprintf(&sb, "%s=%#x ", RegNames[i], v)
	}
	for f, v := range c.in.flags {
		fmt.Fprintf(&sb, "%s=%d ", FlagNames[f], v)
	}
	fmt.Fprintf(&sb, "target=%#x", c.target)
	return sb.String()
}

// flowGen builds the cases of one round.
type flowGen struct {
	rng *rand.Rand
	h   *flowNative
	cs  []flowCase
}

// flowCases returns the cases of one round: every Jcc condition over every
// combination of the flags it may read, JECXZ and JRCXZ on zero and
// nonzero counts of either width, JMP and CALL (relative, register and
// memory), RET (with and without an immediate, inside a CALL and from the
// function itself), and PUSH and POP of every register, of memory and of
// immediates.
func flowCases(rng *rand.Rand, h *flowNative) []flowCase {
	g := &flowGen{rng: rng, h: h}
	g.jcc()
	g.jrcxz()
	for k := 0; k < 16; k++ {
		g.jmp(k)
		g.call(k)
		g.ret()
		g.stack(k)
		g.movbe(k)
	}
	return g.cs
}

// movbe: MOVBE r, m and MOVBE m, r of 16, 32 and 64 bits (bits.go),
// which have no register form, with k&7 as the register.
func (g *flowGen) movbe(k int) {
	for _, w := range []int{16, 32, 64} {
		for _, opc := range []byte{0xf0, 0xf1} {
			name := fmt.Sprintf("MOVBE r%d, m", w)
			if opc == 0xf1 {
				name = fmt.Sprintf("MOVBE m, r%d", w)
			}
			c := g.state(name, x86asm.MOVBE)
			r := k & 7
			if r == RSP {
				r = RBP
			}
			pre, modrm, _ := g.memOperand(&c, r, 0)
			if w == 64 {
				if len(pre) == 0 {
					pre = []byte{0x48}
				} else {
					pre = []byte{pre[0] | 8}
				}
			}
			if w == 16 {
				pre = append([]byte{0x66}, pre...)
			}
			c.code, c.symbolic = append(append(pre, 0x0f, 0x38, opc), modrm...), true
			g.add(c)
		}
	}
}

// word is an operand: an edge value half of the time.
func (g *flowGen) word() uint64 {
	if g.rng.Intn(2) == 0 {
		return edges[g.rng.Intn(len(edges))]
	}
	return g.rng.Uint64()
}

// state returns a case with random registers and flags, RSP in the middle
// of the stack buffer (misaligned now and then) and random buffer bytes.
func (g *flowGen) state(name string, op x86asm.Op) flowCase {
	c := flowCase{name: name, op: op}
	for i := range c.in.regs {
		c.in.regs[i] = g.word()
	}
	for f := range c.in.flags {
		c.in.flags[f] = int8(g.rng.Intn(2))
	}
	off := 192 + 8*g.rng.Intn(16)
	if g.rng.Intn(4) == 0 {
		off += g.rng.Intn(8)
	}
	c.in.regs[RSP] = g.h.bufAddr() + uint64(off)
	c.ptr = 1 << RSP
	for i := 0; i < flowBufLen; i += 8 {
		binary.LittleEndian.PutUint64(c.mem[i:], g.word())
	}
	return c
}

func (g *flowGen) add(c flowCase) { g.cs = append(g.cs, c) }

// rspOff is the offset of RSP in the stack buffer.
func (g *flowGen) rspOff(c *flowCase) int { return int(c.in.regs[RSP] - g.h.bufAddr()) }

// rex is the REX prefix for REX.W = w and registers x (SIB index) and b
// (ModRM r/m, SIB base or opcode register), or nothing when it is 0x40.
func rex(w bool, x, b int) []byte {
	v := byte(0x40)
	if w {
		v |= 8
	}
	if x >= 8 {
		v |= 2
	}
	if b >= 8 {
		v |= 1
	}
	if v == 0x40 {
		return nil
	}
	return []byte{v}
}

// memOperand encodes [base + index×scale + disp8] with ModRM reg field
// digit, base a random register pointing into the stack buffer (or RSP,
// which the instruction moves by rspDelta before forming the address), and
// returns the prefix, the ModRM bytes and the buffer offset addressed.
func (g *flowGen) memOperand(c *flowCase, digit int, rspDelta int) (pre, modrm []byte, ea int) {
	rng := g.rng
	base := rng.Intn(16)
	if base == RSP {
		ea = g.rspOff(c) + rspDelta
	} else {
		ea = 128 + rng.Intn(256)
		c.in.regs[base] = g.h.bufAddr() + uint64(ea)
		c.ptr |= 1 << uint(base)
	}
	disp := rng.Intn(128) - 64
	ea += disp
	index := rng.Intn(16)
	if rng.Intn(3) != 0 || index == RSP || index == base {
		if base&7 == RSP {
			modrm = []byte{0x40 | byte(digit)<<3 | 4, 0x24, byte(disp)} // SIB: no index
		} else {
			modrm = []byte{0x40 | byte(digit)<<3 | byte(base&7), byte(disp)}
		}
		return rex(false, 0, base), modrm, ea
	}
	scale, v := rng.Intn(4), rng.Intn(9)-4
	c.in.regs[index] = uint64(int64(v))
	c.index |= 1 << uint(index)
	ea += v << uint(scale)
	modrm = []byte{0x40 | byte(digit)<<3 | 4, byte(scale)<<6 | byte(index&7)<<3 | byte(base&7), byte(disp)}
	return rex(false, index, base), modrm, ea
}

// rel appends the displacement from the end of the instruction to target,
// of n bytes.
func (g *flowGen) rel(code []byte, target uint64, n int) []byte {
	d := target - g.h.at()
	if n == 1 {
		return append(code, byte(d))
	}
	return binary.LittleEndian.AppendUint32(code, uint32(d))
}

// jcc: each Jcc of the semantics table, rel8 and rel32 (with a branch
// hint prefix now and then), over all 32 values of CF, PF, ZF, SF and OF.
func (g *flowGen) jcc() {
	for _, op := range Modelled() {
		cc, ok := ccOf[op]
		if !ok || !strings.HasPrefix(OpName(op), "J") {
			continue
		}
		for fl := 0; fl < 32; fl++ {
			for _, long := range []bool{false, true} {
				c := g.state(OpName(op), op)
				for i, f := range []int{CF, PF, ZF, SF, OF} {
					c.in.flags[f] = int8(fl >> uint(i) & 1)
				}
				c.target = g.h.target(g.rng, !long)
				var code []byte
				if g.rng.Intn(8) == 0 {
					code = append(code, []byte{0x2e, 0x3e}[g.rng.Intn(2)])
				}
				if long {
					code = g.rel(append(code, 0x0f, 0x80+byte(cc)), c.target, 4)
				} else {
					code = g.rel(append(code, 0x70+byte(cc)), c.target, 1)
				}
				c.code, c.symbolic = code, true
				g.add(c)
			}
		}
	}
}

// jrcxz: JRCXZ and JECXZ (67 E3) on counts zero in one width only.
func (g *flowGen) jrcxz() {
	cxs := []uint64{0, 1, 1 << 32, 0xffffffff00000000, 0xffffffff, 0x80000000, 1 << 63, ^uint64(0), 0x100000001}
	for i := 0; i < 4; i++ {
		cxs = append(cxs, g.rng.Uint64())
	}
	for _, e := range []struct {
		op  x86asm.Op
		pre []byte
	}{{x86asm.JRCXZ, nil}, {x86asm.JECXZ, []byte{0x67}}} {
		for _, cx := range cxs {
			c := g.state(OpName(e.op), e.op)
			c.in.regs[RCX] = cx
			c.target = g.h.target(g.rng, true)
			c.code = g.rel(append(append([]byte(nil), e.pre...), 0xe3), c.target, 1)
			c.symbolic = true
			g.add(c)
		}
	}
}

// jmp: JMP rel8, rel32 (BND-prefixed now and then), JMP r (register k,
// unless it is RSP) and JMP [mem].
func (g *flowGen) jmp(k int) {
	c := g.state("JMP rel8", x86asm.JMP)
	c.target = g.h.target(g.rng, true)
	c.code, c.symbolic = g.rel([]byte{0xeb}, c.target, 1), true
	g.add(c)

	c = g.state("JMP rel32", x86asm.JMP)
	c.target = g.h.target(g.rng, false)
	if g.rng.Intn(4) == 0 {
		c.code = []byte{0xf2}
	}
	c.code, c.symbolic = g.rel(append(c.code, 0xe9), c.target, 4), true
	g.add(c)

	if k != RSP {
		c = g.state("JMP r", x86asm.JMP)
		c.target = g.h.target(g.rng, false)
		c.in.regs[k] = c.target
		c.code = append(rex(g.rng.Intn(2) == 0, 0, k), 0xff, 0xe0|byte(k&7))
		g.add(c)
	}

	c = g.state("JMP [mem]", x86asm.JMP)
	c.target = g.h.target(g.rng, false)
	pre, modrm, ea := g.memOperand(&c, 4, 0)
	binary.LittleEndian.PutUint64(c.mem[ea:], c.target)
	c.code = append(append(pre, 0xff), modrm...)
	g.add(c)
}

// call: CALL rel32, CALL r (register k, unless it is RSP) and CALL [mem]
// (the target is read before the push).
func (g *flowGen) call(k int) {
	c := g.state("CALL rel32", x86asm.CALL)
	c.target = g.h.target(g.rng, false)
	c.code, c.symbolic = g.rel([]byte{0xe8}, c.target, 4), true
	g.add(c)

	if k != RSP {
		c = g.state("CALL r", x86asm.CALL)
		c.target = g.h.target(g.rng, false)
		c.in.regs[k] = c.target
		c.code = append(rex(g.rng.Intn(2) == 0, 0, k), 0xff, 0xd0|byte(k&7))
		g.add(c)
	}

	c = g.state("CALL [mem]", x86asm.CALL)
	c.target = g.h.target(g.rng, false)
	pre, modrm, ea := g.memOperand(&c, 2, 0)
	binary.LittleEndian.PutUint64(c.mem[ea:], c.target)
	c.code = append(append(pre, 0xff), modrm...)
	g.add(c)
}

// ret: RET, RET imm16, REP RET and BND RET inside a CALL, and RET from the
// function itself.
func (g *flowGen) ret() {
	imms := []uint16{0, 8, 16, 0x7ff8, 0xffff, uint16(g.rng.Intn(1 << 16))}
	for _, e := range []struct {
		name string
		code []byte
		ret  retKind
	}{
		{"RET", []byte{0xc3}, retInCall},
		{"RET (from the function)", []byte{0xc3}, retFromFunction},
		{"RET imm16", []byte{0xc2, 0, 0}, retInCall},
		{"REP RET", []byte{0xf3, 0xc3}, retInCall},
		{"BND RET", []byte{0xf2, 0xc3}, retInCall},
	} {
		c := g.state(e.name, x86asm.RET)
		c.target = g.h.target(g.rng, false)
		binary.LittleEndian.PutUint64(c.mem[g.rspOff(&c):], c.target)
		c.code, c.ret = append([]byte(nil), e.code...), e.ret
		if e.code[0] == 0xc2 {
			binary.LittleEndian.PutUint16(c.code[1:], imms[g.rng.Intn(len(imms))])
		}
		g.add(c)
	}
}

// stack: PUSH and POP of register k (opcode and r/m forms, REX.W now and
// then; PUSH RSP pushes the old value, POP RSP loads RSP), PUSH imm8 and
// imm32 (sign-extended), PUSH [mem] and POP [mem] (POP addresses with the
// incremented RSP).
func (g *flowGen) stack(k int) {
	w := g.rng.Intn(4) == 0
	for _, e := range []struct {
		name string
		op   x86asm.Op
		code []byte
	}{
		{"PUSH r", x86asm.PUSH, append(rex(w, 0, k), 0x50+byte(k&7))},
		{"PUSH r/m", x86asm.PUSH, append(rex(w, 0, k), 0xff, 0xf0|byte(k&7))},
		{"POP r", x86asm.POP, append(rex(w, 0, k), 0x58+byte(k&7))},
		{"POP r/m", x86asm.POP, append(rex(w, 0, k), 0x8f, 0xc0|byte(k&7))},
	} {
		c := g.state(e.name, e.op)
		c.code, c.symbolic = e.code, true
		g.add(c)
	}

	c := g.state("PUSH imm8", x86asm.PUSH)
	c.code, c.symbolic = []byte{0x6a, []byte{0, 1, 0x7f, 0x80, 0xff, byte(g.rng.Intn(256))}[g.rng.Intn(6)]}, true
	g.add(c)

	c = g.state("PUSH imm32", x86asm.PUSH)
	imm := []uint32{0, 0x7fffffff, 0x80000000, 0xffffffff, g.rng.Uint32()}[g.rng.Intn(5)]
	c.code, c.symbolic = binary.LittleEndian.AppendUint32([]byte{0x68}, imm), true
	g.add(c)

	c = g.state("PUSH [mem]", x86asm.PUSH)
	pre, modrm, _ := g.memOperand(&c, 6, 0)
	c.code, c.symbolic = append(append(pre, 0xff), modrm...), true
	g.add(c)

	c = g.state("POP [mem]", x86asm.POP)
	pre, modrm, _ = g.memOperand(&c, 0, 8)
	c.code, c.symbolic = append(append(pre, 0x8f), modrm...), true
	g.add(c)
}
