//go:build arm64 && linux

package arm64

import (
	"encoding/binary"
	"fmt"
	"math/rand"
	"os"
	"runtime"
	"sort"
	"syscall"
	"testing"
	"unsafe"

	"golang.org/x/arch/arm64/arm64asm"

	"vg.dev/symexec/mem"
	"vg.dev/symexec/term"
)

// The control-flow co-simulation runs B, BL, B.cond, CBZ, CBNZ, TBZ, TBNZ,
// BR, BLR, RET and the PC-relative loads (LDR and LDRSW literal) on this
// processor. The tested word sits at flowAt of a mapping of 256 MiB (and
// a little), so that every displacement of B and BL, B.cond, CBZ and TBZ
// can land in it. A landing pad follows it (the fall-through) and another
// is written at the case's target: it saves X0, records its own address
// (ADR), and branches to the epilogue through a register, changing no
// other register and no flag. A literal is written at its address
// instead. The prologue and the epilogue are those of native_arm64_test.go
// (SP owned by the harness, NZCV and X0..X30 loaded and stored), with the
// instruction cache maintenance done on the tested word and the pad. The
// lifter executes the same word at the same address from the same state,
// with constants and, unless the target comes from a register, with
// variables; its registers, flags, SP and successor (the instruction it
// continues at, or the caller after a RET from the function itself) are
// compared.

const (
	flowSize   = 256<<20 + 64<<10 // the mapping
	flowAt     = 128 << 20        // the tested word; the fall-through pad follows
	flowData   = 192 << 20        // the data area, as in native_arm64_test.go
	flowCode   = flowData + 4096  // the prologue and the epilogue
	flowPadLen = 20

	dX0    = dNZCV + 8 // X0, saved by the pad
	dLand  = dX0 + 8   // the address of the pad reached
	dEpi   = dLand + 8 // the address of the epilogue
	dFlush = dEpi + 8  // three addresses for DC CVAU and IC IVAU
)

type flowNative struct {
	m     []byte
	base  uint64
	entry uintptr
}

func adrWord(rd int, imm int64) uint32 {
	return 0x10000000 | uint32(imm&3)<<29 | uint32(imm>>2&0x7FFFF)<<5 | uint32(rd)
}

func bWord(from, to int) uint32 { return 0x14000000 | uint32((to-from)/4)&0x3FFFFFF }

func newFlowNative(t *testing.T) *flowNative {
	m, err := syscall.Mmap(-1, 0, flowSize, syscall.PROT_READ|syscall.PROT_WRITE,
		syscall.MAP_PRIVATE|syscall.MAP_ANON|syscall.MAP_NORESERVE)
	if err != nil {
		t.Skipf("mmap: %v", err)
	}
	t.Cleanup(func() { syscall.Munmap(m) })
	h := &flowNative{m: m, base: uint64(uintptr(unsafe.Pointer(&m[0])))}
	put := func(off int, ws ...uint32) {
		for i, w := range ws {
			binary.LittleEndian.PutUint32(m[off+4*i:], w)
		}
	}
	put(flowAt+4, h.pad()...)
	var code []uint32
	emit := func(w ...uint32) { code = append(code, w...) }
	emit(adrWord(16, flowData-flowCode), // ADR X16, data
		0x910003F1,                // MOV X17, SP
		strX(17, 16, dSavedSP),    // STR X17, [X16]
		strX(28, 16, dSavedSP+8),  // STR X28, [X16, #8]
		strX(29, 16, dSavedSP+16), // STR X29, [X16, #16]
		strX(30, 16, dSavedSP+24), // STR X30, [X16, #24]
		0x9100021F)                // MOV SP, X16
	for i := 0; i < 3; i++ {
		emit(ldrX(17, 16, dFlush+8*i), // LDR X17, [X16, #flush+8i]
			0xD50B7B31, // DC CVAU, X17
			0xD5033B9F, // DSB ISH
			0xD50B7531, // IC IVAU, X17
			0xD5033B9F) // DSB ISH
	}
	emit(0xD5033FDF, ldrX(0, 31, dNZCV), 0xD51B4200) // ISB; LDR X0, [SP, #nzcv]; MSR NZCV, X0
	for i := 0; i <= 30; i++ {
		emit(ldrX(i, 31, dRegs+8*i))
	}
	emit(bWord(flowCode+4*len(code), flowAt)) // B the tested word
	epi := flowCode + 4*len(code)
	emit(ldrX(0, 31, dX0)) // LDR X0, [SP, #x0]
	for i := 0; i <= 30; i++ {
		emit(strX(i, 31, dRegs+8*i))
	}
	emit(0xD53B4200, strX(0, 31, dNZCV), // MRS X0, NZCV; STR X0, [SP, #nzcv]
		ldrX(28, 31, dSavedSP+8), ldrX(29, 31, dSavedSP+16), ldrX(30, 31, dSavedSP+24),
		ldrX(16, 31, dSavedSP), 0x9100021F, // LDR X16, [SP]; MOV SP, X16
		0xD65F03C0) // RET
	put(flowCode, code...)
	binary.LittleEndian.PutUint64(m[flowData+dEpi:], h.base+uint64(epi))
	jump := (epi-flowCode)/4 - 1 // B the tested word
	for i, s := range map[int]string{0: "adr x16, .+0xfffffffffffff000", 7: "ldr x17, [x16,#312]", 8: "dc cvau, x17",
		len(code) - 1: "ret", jump: fmt.Sprintf("b .+%#x", uint64(flowAt-flowCode-4*jump))} {
		x, err := arm64asm.Decode(le(code[i]))
		if err != nil || arm64asm.GNUSyntax(x) != s {
			t.Fatalf("harness word %d %#08x: %v %q, want %q", i, code[i], err, arm64asm.GNUSyntax(x), s)
		}
	}
	for i, s := range []string{"str x0, [sp,#288]", "adr x0, .+0xfffffffffffffffc", "str x0, [sp,#296]", "ldr x0, [sp,#304]", "br x0"} {
		x, err := arm64asm.Decode(le(h.pad()[i]))
		if err != nil || arm64asm.GNUSyntax(x) != s {
			t.Fatalf("pad word %d: %v %q, want %q", i, err, arm64asm.GNUSyntax(x), s)
		}
	}
	if err := syscall.Mprotect(m, syscall.PROT_READ|syscall.PROT_WRITE|syscall.PROT_EXEC); err != nil {
		t.Skipf("no executable memory: %v", err)
	}
	h.entry = uintptr(h.base + flowCode)
	return h
}

// pad is a landing pad: it saves X0, records its address and branches to
// the epilogue.
func (h *flowNative) pad() []uint32 {
	return []uint32{strX(0, 31, dX0), adrWord(0, -4), strX(0, 31, dLand), ldrX(0, 31, dEpi), 0xD61F0000}
}

func (h *flowNative) pc() uint64 { return h.base + flowAt }
func (h *flowNative) sp() uint64 { return h.base + flowData }

// flowFree reports whether a pad at offset off stays clear of the tested word,
// the fall-through pad and the harness.
func flowFree(off int64) bool {
	overlaps := func(lo, hi int64) bool { return off < hi && off+flowPadLen > lo }
	return off >= 0 && off+flowPadLen <= flowSize &&
		!overlaps(flowAt-32, flowAt+32) && !overlaps(flowData, flowCode+4096)
}

// target picks the target of a displacement of n bits (in words) from the
// tested word: often near, now and then an extreme, else anywhere in
// reach.
func (h *flowNative) target(rng *rand.Rand, n int) uint64 {
	lo, hi := -int64(1)<<uint(n-1), int64(1)<<uint(n-1)-1
	for {
		var d int64
		switch k := rng.Intn(8); {
		case k == 0:
			d = []int64{lo, hi}[rng.Intn(2)]
		case k < 3:
			d = int64(rng.Intn(2048) - 1024)
		default:
			d = lo + rng.Int63n(hi-lo+1)
		}
		if flowFree(flowAt + 4*d) {
			return h.pc() + uint64(4*d)
		}
	}
}

// retKind says where the lifter is when it executes a RET.
type retKind int

const (
	retNone         retKind = iota
	retInCall               // inside a BL that set the target
	retFromFunction         // in the function itself, whose retaddr is the target
)

// flowCase is a control-flow word or a literal load from a concrete state.
type flowCase struct {
	e        uint32
	in       cpu
	target   uint64  // the taken pad or the literal; 0 for none
	lit      [8]byte // the literal at target
	literal  bool
	ret      retKind
	symbolic bool // also lifted with variables for the registers and flags
}

// flowResult is the state after the word.
type flowResult struct {
	x     [31]uint64
	sp    uint64
	flags [nflags]int8
	next  uint64
}

func (want *flowResult) diff(got *flowResult) string {
	s := ""
	for i := range want.x {
		if want.x[i] != got.x[i] {
			s += fmt.Sprintf(" R%d: lifted %#x processor %#x;", i, got.x[i], want.x[i])
		}
	}
	if want.sp != got.sp {
		s += fmt.Sprintf(" SP: lifted %#x processor %#x;", got.sp, want.sp)
	}
	for f := range want.flags {
		if want.flags[f] != got.flags[f] {
			s += fmt.Sprintf(" %s: lifted %d processor %d;", FlagNames[f], got.flags[f], want.flags[f])
		}
	}
	if want.next != got.next {
		s += fmt.Sprintf(" next: lifted %#x processor %#x;", got.next, want.next)
	}
	return s
}

// run executes c on the processor.
func (h *flowNative) run(c *flowCase) flowResult {
	m := h.m
	binary.LittleEndian.PutUint32(m[flowAt:], c.e)
	toff := int(c.target - h.base)
	switch {
	case c.literal:
		copy(m[toff:], c.lit[:])
	case c.target != 0:
		for i, w := range h.pad() {
			binary.LittleEndian.PutUint32(m[toff+4*i:], w)
		}
	}
	d := m[flowData:]
	for i, v := range c.in.x {
		binary.LittleEndian.PutUint64(d[dRegs+8*i:], v)
	}
	var nzcv uint64
	for f, v := range c.in.flags {
		nzcv |= uint64(v&1) << uint(31-f)
	}
	binary.LittleEndian.PutUint64(d[dNZCV:], nzcv)
	binary.LittleEndian.PutUint64(d[dX0:], 0xBAD0BAD0BAD0BAD0) // a pad entered past its first word shows
	binary.LittleEndian.PutUint64(d[dLand:], 0)
	flush := []uint64{h.pc(), h.pc(), h.pc()}
	if c.target != 0 {
		flush[1], flush[2] = c.target, c.target+16
	}
	for i, a := range flush {
		binary.LittleEndian.PutUint64(d[dFlush+8*i:], a)
	}
	fv := &struct{ code uintptr }{h.entry}
	call := *(*func())(unsafe.Pointer(&fv))
	all, old := ^uint64(0), uint64(0)
	runtime.LockOSThread()
	syscall.RawSyscall6(syscall.SYS_RT_SIGPROCMASK, 0 /* SIG_BLOCK */, uintptr(unsafe.Pointer(&all)), uintptr(unsafe.Pointer(&old)), 8, 0, 0)
	call()
	syscall.RawSyscall6(syscall.SYS_RT_SIGPROCMASK, 2 /* SIG_SETMASK */, uintptr(unsafe.Pointer(&old)), 0, 8, 0, 0)
	runtime.UnlockOSThread()
	var out flowResult
	for i := range out.x {
		out.x[i] = binary.LittleEndian.Uint64(d[dRegs+8*i:])
	}
	out.sp = c.in.sp // the harness owns SP: no tested word moves it
	nzcv = binary.LittleEndian.Uint64(d[dNZCV:])
	for f := range out.flags {
		out.flags[f] = int8(nzcv >> uint(31-f) & 1)
	}
	out.next = binary.LittleEndian.Uint64(d[dLand:])
	if c.target != 0 {
		clear(m[toff : toff+flowPadLen])
	}
	return out
}

// liftFlow executes c's word with the lifter at the address the harness
// runs it at, with constants or (symbolic) variables for the registers
// and flags.
func liftFlow(t *testing.T, c *flowCase, h *flowNative, symbolic bool) (flowResult, error) {
	var res flowResult
	b := term.NewBuilder()
	m := mem.New(b)
	env := map[*term.Term]term.Value{}
	r := &runner{cfg: Config{B: b, Mem: m, MaxPaths: 64, MaxSteps: 1000}, b: b, funcs: map[string]*function{}}
	s := &state{r: r, b: b, mem: m, cond: b.Bool(true)}
	for i, v := range c.in.x {
		if symbolic {
			s.x[i] = b.Var("entry."+RegNames[i], 64)
			env[s.x[i]] = term.U64(v, 64)
		} else {
			s.x[i] = b.Uint(v, 64)
		}
	}
	s.sp = b.Uint(c.in.sp, 64)
	for f, v := range c.in.flags {
		if symbolic {
			x := b.Var("entry."+FlagNames[f], 1)
			env[x] = term.U64(uint64(v), 1)
			s.flags[f] = flag{v: x}
		} else {
			s.flags[f] = flag{v: b.Bool(v == 1)}
		}
	}
	pc := h.pc()
	insts := []Inst{decodeWord(t, pc, c.e, 1), dataWord(pc+4, h.pad()[0])}
	if c.target != 0 {
		insts = append(insts, dataWord(c.target, binary.LittleEndian.Uint32(c.lit[:4])),
			dataWord(c.target+4, binary.LittleEndian.Uint32(c.lit[4:])))
	}
	sort.Slice(insts, func(i, j int) bool { return insts[i].PC < insts[j].PC })
	fn := &function{name: "test", insts: insts}
	s.fn = fn
	s.idx, _ = fn.find(pc)
	switch c.ret {
	case retInCall:
		s.calls = []callFrame{{ret: c.target, sp: s.sp, fn: fn}}
	case retFromFunction:
		r.entrySP, r.entryFP, r.retaddr = s.sp, b.Var("entry.R29", 64), s.x[fRn(c.e)]
	}
	if err := r.step(s); err != nil {
		return res, err
	}
	ev := term.NewEvaluator(term.MapEnv(env))
	val := func(x *term.Term) (uint64, error) {
		v, err := ev.Eval(x)
		if err != nil {
			return 0, fmt.Errorf("evaluating %v: %v", x, err)
		}
		return v.Uint64(), nil
	}
	var live *state // the path whose condition holds: exactly one
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
	var err error
	for i, x := range live.x {
		if res.x[i], err = val(x); err != nil {
			return res, err
		}
	}
	if res.sp, err = val(live.sp); err != nil {
		return res, err
	}
	for f := range res.flags {
		x, err := live.getFlag(f)
		if err != nil {
			return res, err
		}
		v, err := val(x)
		if err != nil {
			return res, err
		}
		res.flags[f] = int8(v)
	}
	if live.done {
		res.next = c.target // returned to the caller, at retaddr
	} else {
		res.next = live.fn.insts[live.idx].PC
	}
	return res, nil
}

// TestFlowHarness checks the control-flow harness itself, independently
// of the lifter: B.EQ lands on its target or falls through by Z, BL writes
// the address after it to X30, and LDR (literal) loads the literal; no
// other register and no flag changes.
func TestFlowHarness(t *testing.T) {
	if os.Getenv("VG_NO_NATIVE") != "" {
		t.Skip("VG_NO_NATIVE set")
	}
	h := newFlowNative(t)
	rng := rand.New(rand.NewSource(3))
	for k := 0; k < 20; k++ {
		c := flowCase{in: h.state(rng)}
		c.target = h.target(rng, 19)
		c.e = withImm(0x54000000, 5, 19, h.pc(), c.target) // B.EQ
		want := flowResult{x: c.in.x, sp: c.in.sp, flags: c.in.flags, next: h.pc() + 4}
		if c.in.flags[flagZ] == 1 {
			want.next = c.target
		}
		if got := h.run(&c); got != want {
			t.Fatalf("B.EQ: %s", want.diff(&got))
		}

		c = flowCase{in: h.state(rng)}
		c.target = h.target(rng, 26)
		c.e = withImm(0x94000000, 0, 26, h.pc(), c.target) // BL
		want = flowResult{x: c.in.x, sp: c.in.sp, flags: c.in.flags, next: c.target}
		want.x[RegLR] = h.pc() + 4
		if got := h.run(&c); got != want {
			t.Fatalf("BL: %s", want.diff(&got))
		}

		c = flowCase{in: h.state(rng), literal: true}
		c.target = h.target(rng, 19)
		c.e = withImm(0x58000003, 5, 19, h.pc(), c.target) // LDR X3, literal
		rng.Read(c.lit[:])
		want = flowResult{x: c.in.x, sp: c.in.sp, flags: c.in.flags, next: h.pc() + 4}
		want.x[3] = binary.LittleEndian.Uint64(c.lit[:])
		if got := h.run(&c); got != want {
			t.Fatalf("LDR (literal): %s", want.diff(&got))
		}
	}
}
