//go:build arm64 && linux

package arm64

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math/rand"
	"os"
	"runtime"
	"syscall"
	"testing"
	"unsafe"

	"golang.org/x/arch/arm64/arm64asm"
)

// The native co-simulation runs each test instruction on this processor
// (or under qemu-aarch64: GOARCH=arm64 go test -exec qemu-aarch64) and
// compares every register, every flag and every byte of memory with the
// lifter. The instruction runs in a generated code page: a prologue saves
// SP, R28 (g), R29 and R30 in the page's data area, makes the instruction
// word visible to instruction fetch (DC CVAU, IC IVAU), points SP at the
// data area, loads NZCV and X0..X30 from it; then the instruction; then an
// epilogue stores X0..X30 and NZCV back and restores SP, R28, R29, R30.
// Signals are blocked on the (locked) thread while the page runs: no
// signal handler may run while R28 is not g.

const (
	dataOff  = 2048     // the data area in the page
	dSavedSP = 0        // saved SP, R28, R29, R30
	dRegs    = 32       // X0..X30
	dNZCV    = 32 + 248 // NZCV
)

type native struct {
	page  []byte
	buf   []byte
	entry uintptr
	inst  int // offset of the tested word
}

func ldrX(t, n, off int) uint32 { return 0xF9400000 | uint32(off/8)<<10 | uint32(n)<<5 | uint32(t) }
func strX(t, n, off int) uint32 { return 0xF9000000 | uint32(off/8)<<10 | uint32(n)<<5 | uint32(t) }

func newNative(t *testing.T) *native {
	mm := func(prot int) []byte {
		p, err := syscall.Mmap(-1, 0, 1<<16, prot, syscall.MAP_PRIVATE|syscall.MAP_ANON)
		if err != nil {
			t.Skipf("mmap: %v", err)
		}
		t.Cleanup(func() { syscall.Munmap(p) })
		return p
	}
	n := &native{page: mm(syscall.PROT_READ | syscall.PROT_WRITE), buf: mm(syscall.PROT_READ | syscall.PROT_WRITE)}
	var code []uint32
	emit := func(w ...uint32) { code = append(code, w...) }
	const inst = 4 * (15 + 31)                // the tested word, after the prologue
	emit(0x10000000|uint32(dataOff>>2)<<5|16, // ADR X16, data
		0x910003F1,                // MOV X17, SP
		strX(17, 16, dSavedSP),    // STR X17, [X16]
		strX(28, 16, dSavedSP+8),  // STR X28, [X16, #8]
		strX(29, 16, dSavedSP+16), // STR X29, [X16, #16]
		strX(30, 16, dSavedSP+24), // STR X30, [X16, #24]
		0x9100021F,                // MOV SP, X16
		0x10000000|uint32((inst-28)&3)<<29|uint32((inst-28)>>2)<<5|16, // ADR X16, inst
		0xD50B7B30,                     // DC CVAU, X16
		0xD5033B9F,                     // DSB ISH
		0xD50B7530,                     // IC IVAU, X16
		0xD5033B9F,                     // DSB ISH
		0xD5033FDF,                     // ISB
		ldrX(0, 31, dNZCV), 0xD51B4200) // LDR X0, [SP, #nzcv]; MSR NZCV, X0
	for i := 0; i <= 30; i++ {
		emit(ldrX(i, 31, dRegs+8*i))
	}
	if 4*len(code) != inst {
		t.Fatalf("prologue of %d words", len(code))
	}
	n.inst = 4 * len(code)
	emit(0xD503201F) // the tested word
	for i := 0; i <= 30; i++ {
		emit(strX(i, 31, dRegs+8*i))
	}
	emit(0xD53B4200, strX(0, 31, dNZCV), // MRS X0, NZCV; STR X0, [SP, #nzcv]
		ldrX(28, 31, dSavedSP+8), ldrX(29, 31, dSavedSP+16), ldrX(30, 31, dSavedSP+24),
		ldrX(16, 31, dSavedSP), 0x9100021F, // LDR X16, [SP]; MOV SP, X16
		0xD65F03C0) // RET
	// Check the hand encodings against the decoder (which does not know
	// IC IVAU, word 10: SYS #3, C7, C5, #1, X16).
	want := map[int]string{0: "adr x16, .+0x800", 1: "mov x17, sp", 6: "mov sp, x16", 8: "dc cvau, x16",
		9: "dsb ish", 11: "dsb ish", 12: "isb", 13: "ldr x0, [sp,#280]", 14: "msr s3_3_c4_c2_0, x0" /* NZCV */}
	for i, s := range want {
		x, err := arm64asm.Decode(le(code[i]))
		if err != nil || arm64asm.GNUSyntax(x) != s {
			t.Fatalf("harness word %d %#08x: %v %q, want %q", i, code[i], err, arm64asm.GNUSyntax(x), s)
		}
	}
	if x, _ := arm64asm.Decode(le(code[7])); arm64asm.GNUSyntax(x) != fmt.Sprintf("adr x16, .+%#x", n.inst-28) {
		t.Fatalf("ADR of the tested word: %q (tested word at %d)", arm64asm.GNUSyntax(x), n.inst)
	}
	for i, w := range code {
		binary.LittleEndian.PutUint32(n.page[4*i:], w)
	}
	if err := syscall.Mprotect(n.page, syscall.PROT_READ|syscall.PROT_WRITE|syscall.PROT_EXEC); err != nil {
		t.Skipf("no executable memory: %v", err)
	}
	n.entry = uintptr(unsafe.Pointer(&n.page[0]))
	return n
}

func (n *native) pc() uint64      { return uint64(n.entry) + uint64(n.inst) }
func (n *native) sp() uint64      { return uint64(n.entry) + dataOff }
func (n *native) bufAddr() uint64 { return uint64(uintptr(unsafe.Pointer(&n.buf[0]))) }

// run executes e on in and returns the processor's state.
func (n *native) run(e uint32, in *cpu) cpu {
	binary.LittleEndian.PutUint32(n.page[n.inst:], e)
	d := n.page[dataOff:]
	for i, v := range in.x {
		binary.LittleEndian.PutUint64(d[dRegs+8*i:], v)
	}
	var nzcv uint64
	for f, v := range in.flags {
		nzcv |= uint64(v&1) << uint(31-f)
	}
	binary.LittleEndian.PutUint64(d[dNZCV:], nzcv)
	copy(n.buf, in.buf)
	fv := &struct{ code uintptr }{n.entry}
	call := *(*func())(unsafe.Pointer(&fv))
	all, old := ^uint64(0), uint64(0)
	runtime.LockOSThread()
	syscall.RawSyscall6(syscall.SYS_RT_SIGPROCMASK, 0 /* SIG_BLOCK */, uintptr(unsafe.Pointer(&all)), uintptr(unsafe.Pointer(&old)), 8, 0, 0)
	call()
	syscall.RawSyscall6(syscall.SYS_RT_SIGPROCMASK, 2 /* SIG_SETMASK */, uintptr(unsafe.Pointer(&old)), 0, 8, 0, 0)
	runtime.UnlockOSThread()
	out := in.clone()
	for i := range out.x {
		out.x[i] = binary.LittleEndian.Uint64(d[dRegs+8*i:])
	}
	nzcv = binary.LittleEndian.Uint64(d[dNZCV:])
	for f := range out.flags {
		out.flags[f] = int8(nzcv >> uint(31-f) & 1)
	}
	if len(in.buf) == len(n.buf) {
		copy(out.buf, n.buf)
	}
	return out
}

// TestNative compares the lifter with the processor on random encodings
// of every form and on the named words, on random and edge states: the
// control-flow and literal forms in the harness of
// native_flow_arm64_test.go (with sweeps of the branch conditions), the
// others in this one. Every mnemonic of every form must be co-simulated.
// Set VG_NO_NATIVE=1 to skip.
func TestNative(t *testing.T) {
	if os.Getenv("VG_NO_NATIVE") != "" {
		t.Skip("VG_NO_NATIVE set")
	}
	n := newNative(t)
	flow := newFlowNative(t)
	rng := rand.New(rand.NewSource(7))
	init := make([]byte, testBufSize)
	rng.Read(init)
	perForm := 2000
	if testing.Short() {
		perForm = 200
	}
	total, forms, mismatches := 0, 0, 0
	seen := map[arm64asm.Op]bool{}
	compareFlow := func(t *testing.T, e uint32) bool {
		fc, ok := flow.flowCase(rng, e, flow.state(rng), true)
		if !ok {
			return false
		}
		mismatches += flow.compareFlow(t, &fc)
		total++
		return true
	}
	compare := func(t *testing.T, e uint32) bool {
		c, ok := randomState(rng, e, n.bufAddr(), n.sp(), init)
		if !ok {
			return false
		}
		if c.ptr>>31 == 1 { // memory through SP: the harness owns SP
			return false
		}
		lifted, ref, ok := checkOne(t, e, n.pc(), c)
		if !ok || ref.spBase || ref.sp != c.sp {
			return false
		}
		hw := n.run(e, &c)
		d := hw.diffNative(&lifted, len(c.buf) == testBufSize)
		if d != "" {
			mismatches++
			in := decodeWord(t, n.pc(), e, 1)
			t.Errorf("%#08x %s on %s: lifted vs processor:%s", e, syntax(&in), c.String(), d)
		}
		total++
		return true
	}
	for _, f := range Modelled() {
		forms++
		run := compare
		if isBranch(f) || isLiteral(f) {
			run = compareFlow
		}
		t.Run(f.Name, func(t *testing.T) {
			ran := 0
			for k := 0; k < perForm*4 && ran < perForm; k++ {
				e := randomWord(rng, f)
				x, err := arm64asm.Decode(le(e))
				if err != nil {
					continue
				}
				if run(t, e) {
					ran++
					seen[x.Op] = true
				}
				if t.Failed() && k > 50 {
					t.FailNow()
				}
			}
			if ran < perForm/4 {
				t.Errorf("only %d cases ran", ran)
			}
		})
	}
	t.Run("named", func(t *testing.T) {
		for _, e := range namedWords {
			for k := 0; k < perForm/10; k++ {
				if compare(t, e) {
					x, _ := arm64asm.Decode(le(e))
					seen[x.Op] = true
				}
			}
		}
	})
	t.Run("branch conditions", func(t *testing.T) {
		ran, mm := flow.flowSweeps(t, rng, seen)
		total, mismatches = total+ran, mismatches+mm
	})
	var missing []string
	for _, f := range Modelled() {
		for _, op := range f.Ops {
			if !seen[op] && !aliasOnly[op] {
				missing = append(missing, f.Name+": "+op.String())
			}
		}
	}
	if len(missing) > 0 {
		t.Errorf("modelled but never co-simulated: %v", missing)
	}
	t.Logf("%d forms, %d cases compared with the processor, %d mismatches", forms, total, mismatches)
}

// diffNative compares the processor's state with the lifter's: registers,
// flags, and (for memory cases) the whole buffer.
func (hw *cpu) diffNative(lifted *cpu, memory bool) string {
	var sb bytes.Buffer
	for i := range hw.x {
		if hw.x[i] != lifted.x[i] {
			fmt.Fprintf(&sb, " R%d: lifted %#x processor %#x;", i, lifted.x[i], hw.x[i])
		}
	}
	for f := range hw.flags {
		if hw.flags[f] != lifted.flags[f] {
			fmt.Fprintf(&sb, " %s: lifted %d processor %d;", FlagNames[f], lifted.flags[f], hw.flags[f])
		}
	}
	if memory && !bytes.Equal(hw.buf, lifted.buf) {
		for i := range hw.buf {
			if hw.buf[i] != lifted.buf[i] {
				fmt.Fprintf(&sb, " buf[%d]: lifted %#x processor %#x;", i, lifted.buf[i], hw.buf[i])
			}
		}
	}
	return sb.String()
}
