//go:build linux

package amd64

import (
	"encoding/binary"
	"fmt"
	"math/rand"
	"sort"
	"syscall"
	"testing"
	"unsafe"

	"golang.org/x/arch/x86/x86asm"

	"vg.dev/symexec/mem"
	"vg.dev/symexec/term"
)

// The control-flow co-simulation runs JMP, Jcc, JECXZ, JRCXZ, CALL, RET,
// PUSH and POP on this CPU. The instruction ends at flowAt of a 16 MiB
// mapping; a landing pad starts there (the fall-through) and another at
// the case's target, anywhere in the mapping that a rel8 or rel32 reaches.
// A pad records its own offset in the mapping (MOV DWORD PTR [RIP+d], imm32)
// and jumps to the epilogue (JMP [RIP+d]), so it changes no register and
// no flag. RSP points into a 512-byte stack buffer, which the memory
// operands address too. After the instruction the epilogue stores every
// register, RFLAGS and RSP; the buffer is read back. The lifter runs the
// same instruction at the same address, from the same registers, flags
// and buffer (once with constants and, where its successor does not
// depend on an unresolved target, once with variables), and its
// registers, flags, buffer and successor (the instruction it continues
// at, or the caller after a RET from the function itself) are compared.

const (
	flowSize   = 16 << 20        // the mapping
	flowAt     = flowSize / 2    // where the instruction ends and the fall-through pad starts
	flowData   = flowAt + 1<<20  // the slots and the stack buffer
	flowCode   = flowData + 4096 // the prologue, rewritten for every run
	flowEpi    = flowCode + 1024 // the epilogue
	flowBufLen = 512             // the stack buffer
	flowPadLen = 16
)

// Slots of the data page.
const (
	slotSP   = 0   // the Go stack pointer while the instruction runs
	slotRSP  = 8   // RSP after the instruction
	slotLand = 16  // the offset of the pad reached
	slotEpi  = 24  // the address of the epilogue
	slotBuf  = 512 // the stack buffer
)

var flowOut [16]uint64 // RSP's slot receives RFLAGS

type flowNative struct {
	m    []byte
	base uint64
}

func newFlowNative(t *testing.T) *flowNative {
	m, err := syscall.Mmap(-1, 0, flowSize, syscall.PROT_READ|syscall.PROT_WRITE|syscall.PROT_EXEC,
		syscall.MAP_PRIVATE|syscall.MAP_ANON|syscall.MAP_NORESERVE)
	if err != nil {
		t.Skipf("no executable memory: %v", err)
	}
	t.Cleanup(func() { syscall.Munmap(m) })
	h := &flowNative{m: m, base: uint64(uintptr(unsafe.Pointer(&m[0])))}
	copy(m[flowAt:], h.pad(flowAt))
	binary.LittleEndian.PutUint64(m[flowData+slotEpi:], h.base+flowEpi)
	var p []byte
	emit := func(b ...byte) { p = append(p, b...) }
	emit(0x48, 0x89, 0x25) // MOV [RIP+d], RSP
	p = h.ripRel(p, flowEpi, flowData+slotRSP)
	emit(0x48, 0x8b, 0x25) // MOV RSP, [RIP+d]
	p = h.ripRel(p, flowEpi, flowData+slotSP)
	emit(0x9c, 0x57, 0x48, 0xbf) // PUSHFQ; PUSH RDI; MOV RDI, &flowOut
	p = binary.LittleEndian.AppendUint64(p, uint64(uintptr(unsafe.Pointer(&flowOut))))
	for r := 0; r < 16; r++ {
		if r != RSP && r != RDI {
			emit(0x48|byte(r>>3)<<2, 0x89, 0x47|byte(r&7)<<3, byte(8*r)) // MOV [RDI+8r], r
		}
	}
	emit(0x58, 0x48, 0x89, 0x47, 8*RDI)      // POP RAX; MOV [RDI+8*7], RAX
	emit(0x58, 0x48, 0x89, 0x47, 8*RSP)      // POP RAX; MOV [RDI+8*4], RAX
	emit(0x41, 0x5f, 0x41, 0x5e, 0x5d, 0xc3) // POP R15; POP R14; POP RBP; RET
	copy(m[flowEpi:], p)
	return h
}

func (h *flowNative) at() uint64      { return h.base + flowAt }
func (h *flowNative) bufAddr() uint64 { return h.base + flowData + slotBuf }

// ripRel appends the displacement of an instruction at offset at of the
// mapping, ending with it (after p), that addresses offset target.
func (h *flowNative) ripRel(p []byte, at, target int) []byte {
	next := at + len(p) + 4
	return binary.LittleEndian.AppendUint32(p, uint32(int32(target-next)))
}

// pad is the landing pad at offset off: it records off and jumps to the
// epilogue.
func (h *flowNative) pad(off int) []byte {
	p := []byte{0xc7, 0x05} // MOV DWORD PTR [RIP+d], imm32
	p = binary.LittleEndian.AppendUint32(p, uint32(int32(flowData+slotLand-(off+10))))
	p = binary.LittleEndian.AppendUint32(p, uint32(off))
	p = append(p, 0xff, 0x25) // JMP QWORD PTR [RIP+d]
	return h.ripRel(p, off, flowData+slotEpi)
}

// free reports whether a pad at offset off stays clear of the instruction,
// the fall-through pad, the data page and the harness code.
func free(off int64) bool {
	overlaps := func(lo, hi int64) bool { return off < hi && off+flowPadLen > lo }
	return off >= 0 && off+flowPadLen <= flowSize &&
		!overlaps(flowAt-32, flowAt+flowPadLen) && !overlaps(flowData, flowEpi+1024)
}

// target picks the address of a taken pad: within rel8 reach of the end of
// the instruction, or anywhere in the mapping (often near) for rel32 and
// indirect targets; the extremes of rel8 now and then.
func (h *flowNative) target(rng *rand.Rand, rel8 bool) uint64 {
	for {
		var d int64
		switch {
		case rel8 && rng.Intn(8) == 0:
			d = []int64{-128, 127}[rng.Intn(2)]
		case rel8:
			d = int64(rng.Intn(256) - 128)
		case rng.Intn(4) == 0:
			d = int64(rng.Intn(8192) - 4096)
		default:
			d = rng.Int63n(flowSize) - flowAt
		}
		if free(flowAt + d) {
			return h.at() + uint64(d)
		}
	}
}

// flowResult is the state after a control-flow instruction.
type flowResult struct {
	regs  [16]uint64
	flags [nflags]int8
	mem   [flowBufLen]byte
	next  uint64 // the address executed next
}

func (want *flowResult) diff(got *flowResult) string {
	d := cpu{regs: want.regs, flags: want.flags}.diff(cpu{regs: got.regs, flags: got.flags})
	for i := range want.mem {
		if want.mem[i] != got.mem[i] {
			d += fmt.Sprintf(" buf[%d]: got %#x want %#x;", i, got.mem[i], want.mem[i])
		}
	}
	if want.next != got.next {
		d += fmt.Sprintf(" next: got %#x want %#x;", got.next, want.next)
	}
	return d
}

// run executes c on this CPU.
func (h *flowNative) run(c *flowCase) flowResult {
	m := h.m
	start := flowAt - len(c.code)
	copy(m[start:], c.code)
	var toff int
	if c.target != 0 {
		toff = int(c.target - h.base)
		copy(m[toff:], h.pad(toff))
	}
	copy(m[flowData+slotBuf:], c.mem[:])
	binary.LittleEndian.PutUint32(m[flowData+slotLand:], ^uint32(0))

	var p []byte
	emit := func(b ...byte) { p = append(p, b...) }
	imm64 := func(v uint64) { p = binary.LittleEndian.AppendUint64(p, v) }
	emit(0x55, 0x41, 0x56, 0x41, 0x57) // PUSH RBP; PUSH R14; PUSH R15
	emit(0x48, 0x89, 0x25)             // MOV [RIP+d], RSP
	p = h.ripRel(p, flowCode, flowData+slotSP)
	fl := uint64(0x202) // reserved bit 1, IF
	for f, v := range c.in.flags {
		if v == 1 {
			fl |= 1 << flagBits[f]
		}
	}
	emit(0x48, 0xb8) // MOV RAX, flags; PUSH RAX; POPFQ
	imm64(fl)
	emit(0x50, 0x9d)
	for r := 0; r < 16; r++ {
		emit(0x48|byte(r>>3), 0xb8+byte(r&7)) // MOV r, imm64 (RSP too: nothing is pushed after it)
		imm64(c.in.regs[r])
	}
	emit(0xe9) // JMP rel32 to the instruction
	p = h.ripRel(p, flowCode, start)
	copy(m[flowCode:], p)

	fv := &struct{ code uintptr }{uintptr(h.base + flowCode)}
	call := *(*func())(unsafe.Pointer(&fv))
	call()

	var out flowResult
	out.regs = flowOut
	out.regs[RSP] = binary.LittleEndian.Uint64(m[flowData+slotRSP:])
	for f := range out.flags {
		out.flags[f] = int8(flowOut[RSP] >> flagBits[f] & 1)
	}
	copy(out.mem[:], m[flowData+slotBuf:])
	out.next = h.base + uint64(binary.LittleEndian.Uint32(m[flowData+slotLand:]))
	clear(m[start:flowAt])
	if toff != 0 {
		clear(m[toff : toff+flowPadLen])
	}
	return out
}

// padInst is a placeholder instruction at pc for the lifter: where a
// branch may continue.
func padInst(pc uint64) Inst {
	return Inst{PC: pc, Len: 1, Bytes: []byte{0xCC}, X86: &x86asm.Inst{Op: x86asm.INT, Args: x86asm.Args{x86asm.Imm(3)}, Len: 1}}
}

// liftFlow executes c with the lifter at the address the harness runs it
// at, with constants or (symbolic) variables for the registers that do
// not point into the buffer, the flags and the buffer.
func liftFlow(c *flowCase, h *flowNative, symbolic bool) (flowResult, error) {
	var res flowResult
	pc := h.at() - uint64(len(c.code))
	x, err := x86asm.Decode(c.code, 64)
	if err != nil || x.Len != len(c.code) {
		return res, fmt.Errorf("decode: %v (length %d of %d)", err, x.Len, len(c.code))
	}
	bufAddr := h.bufAddr()
	b := term.NewBuilder()
	m := mem.New(b)
	reg := &mem.Region{Name: "buf", Kind: mem.Input, Size: flowBufLen, Writable: true}
	if !symbolic {
		reg.Data = append([]byte(nil), c.mem[:]...)
	}
	buf := m.Add(reg)
	env := map[*term.Term]term.Value{buf.Base: term.U64(bufAddr, 64)}
	if symbolic {
		for off := int64(0); off < flowBufLen; off += 8 {
			env[mem.InitWord(b, buf, off)] = term.U64(binary.LittleEndian.Uint64(c.mem[off:]), 64)
		}
	}
	r := &runner{cfg: Config{B: b, Mem: m, MaxPaths: 64, MaxSteps: 1000}, b: b, funcs: map[string]*function{}}
	s := &state{r: r, b: b, mem: m, cond: b.Bool(true)}
	for i, v := range c.in.regs {
		switch {
		case c.ptr>>uint(i)&1 == 1:
			s.regs[i] = b.Add(buf.Base, b.Uint(v-bufAddr, 64))
		case symbolic && c.index>>uint(i)&1 == 0:
			s.regs[i] = b.Var("entry."+RegNames[i], 64)
			env[s.regs[i]] = term.U64(v, 64)
		default:
			s.regs[i] = b.Uint(v, 64)
		}
	}
	for f, v := range c.in.flags {
		if symbolic {
			t := b.Var("entry."+FlagNames[f], 1)
			env[t] = term.U64(uint64(v), 1)
			s.flags[f] = flag{v: t}
		} else {
			s.flags[f] = flag{v: b.Bool(v == 1)}
		}
	}
	insts := []Inst{{PC: pc, Len: len(c.code), Bytes: c.code, File: "test.s", Line: 1, X86: &x}, padInst(h.at())}
	if c.target != 0 {
		insts = append(insts, padInst(c.target))
	}
	sort.Slice(insts, func(i, j int) bool { return insts[i].PC < insts[j].PC })
	fn := &function{name: "test", insts: insts}
	s.fn = fn
	s.idx, _ = fn.find(pc)
	switch c.ret {
	case retInCall:
		s.calls = []callFrame{{ret: c.target, fn: fn}}
	case retFromFunction:
		r.entrySP, r.retaddr = s.regs[RSP], b.Uint(c.target, 64)
	}
	if err := r.step(s); err != nil {
		return res, err
	}
	ev := term.NewEvaluator(term.MapEnv(env))
	val := func(t *term.Term) (uint64, error) {
		v, err := ev.Eval(t)
		if err != nil {
			return 0, fmt.Errorf("evaluating %v: %v", t, err)
		}
		return v.Uint64(), nil
	}
	// The path whose condition holds on this state: exactly one.
	var live *state
	for _, st := range append([]*state{s}, r.work...) {
		holds, err := val(st.cond)
		if err != nil {
			return res, err
		}
		if holds == 1 {
			if live != nil {
				return res, fmt.Errorf("two paths hold")
			}
			live = st
		}
	}
	if live == nil {
		return res, fmt.Errorf("no path holds")
	}
	for i, t := range live.regs {
		if res.regs[i], err = val(t); err != nil {
			return res, err
		}
	}
	for f := range res.flags {
		t, err := live.getFlag(f)
		if err != nil {
			return res, err
		}
		v, err := val(t)
		if err != nil {
			return res, err
		}
		res.flags[f] = int8(v)
	}
	res.mem = c.mem
	for _, off := range live.mem.Written(buf) {
		v, err := val(live.mem.Byte(buf, off))
		if err != nil {
			return res, err
		}
		res.mem[off] = byte(v)
	}
	switch {
	case live.done:
		res.next = c.target // returned to the caller, at retaddr
	default:
		res.next = live.fn.insts[live.idx].PC
	}
	return res, nil
}

// cosimFlow co-simulates one round of control-flow and stack cases,
// counting forms and mnemonics; it returns the states run and the
// mismatches.
func cosimFlow(t *testing.T, h *flowNative, rng *rand.Rand, forms map[string]int, covered map[string]bool) (states, symbolic, mismatches int) {
	for _, c := range flowCases(rng, h) {
		x, err := x86asm.Decode(c.code, 64)
		if err != nil || x.Op != c.op || x.Len != len(c.code) {
			t.Fatalf("%s [% x]: decodes as %v (length %d, %v), want %v", c.name, c.code, x.Op, x.Len, err, c.op)
		}
		hw := h.run(&c)
		states++
		forms[form(x)]++
		covered[OpName(x.Op)] = true
		for _, sym := range []bool{false, true} {
			if sym && !c.symbolic {
				continue
			}
			if sym {
				symbolic++
			}
			got, err := liftFlow(&c, h, sym)
			d := ""
			if err != nil {
				d = " lifter: " + err.Error()
			} else {
				d = hw.diff(&got)
			}
			if d != "" {
				mismatches++
				if mismatches <= 20 {
					t.Errorf("%s [% x] (symbolic %v) on %s: lifted vs CPU:%s", c.name, c.code, sym, c.describe(), d)
				}
				break
			}
		}
	}
	return states, symbolic, mismatches
}

// TestFlowHarness checks the control-flow harness itself, independently of
// the lifter: JE rel8 lands on its target or falls through by ZF, CALL
// rel32 pushes the address after it, and PUSH RAX stores RAX below RSP; no
// register but RSP and no flag changes.
func TestFlowHarness(t *testing.T) {
	h := newFlowNative(t)
	g := &flowGen{rng: rand.New(rand.NewSource(5)), h: h}
	for k := 0; k < 20; k++ {
		c := g.state("JE", x86asm.JE)
		c.target = h.target(g.rng, true)
		c.code = g.rel([]byte{0x74}, c.target, 1)
		want := flowResult{regs: c.in.regs, flags: c.in.flags, mem: c.mem, next: h.at()}
		if c.in.flags[ZF] == 1 {
			want.next = c.target
		}
		if got := h.run(&c); got != want {
			t.Fatalf("JE: %s", want.diff(&got))
		}

		c = g.state("CALL", x86asm.CALL)
		c.target = h.target(g.rng, false)
		c.code = g.rel([]byte{0xe8}, c.target, 4)
		want = flowResult{regs: c.in.regs, flags: c.in.flags, mem: c.mem, next: c.target}
		want.regs[RSP] -= 8
		binary.LittleEndian.PutUint64(want.mem[g.rspOff(&c)-8:], h.at())
		if got := h.run(&c); got != want {
			t.Fatalf("CALL: %s", want.diff(&got))
		}

		c = g.state("PUSH", x86asm.PUSH)
		c.code = []byte{0x50}
		want = flowResult{regs: c.in.regs, flags: c.in.flags, mem: c.mem, next: h.at()}
		want.regs[RSP] -= 8
		binary.LittleEndian.PutUint64(want.mem[g.rspOff(&c)-8:], c.in.regs[RAX])
		if got := h.run(&c); got != want {
			t.Fatalf("PUSH: %s", want.diff(&got))
		}
	}
}
