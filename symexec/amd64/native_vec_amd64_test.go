//go:build linux

package amd64

import (
	"encoding/binary"
	"fmt"
	"math/rand"
	"os"
	"strconv"
	"testing"
	"unsafe"

	"golang.org/x/arch/x86/x86asm"
)

// The vector co-simulation runs every variant of every modelled vector
// form (vecVariants, from the semantics table) on this CPU from random and
// edge-value states and compares the lifter's result with it: all 32
// vector registers (512 bits; 256 bits of 16 without AVX-512), the opmask
// registers, the general registers and a 320-byte memory buffer.

// vecIO is what the generated code loads and stores.
type vecIO struct {
	z      [32][8]uint64
	k      [8]uint64
	gpr    [16]uint64
	rflags uint64 // after the instruction (not loaded before it)
}

var (
	vecIn, vecOut vecIO
	vecMemRaw     [320 + 128]byte
)

// vecMem is the 64-byte aligned 320-byte buffer memory operands point into.
func vecMem() []byte {
	a := uintptr(unsafe.Pointer(&vecMemRaw[0]))
	off := int((64 - a%64) % 64)
	return vecMemRaw[off : off+320]
}

type vecNative struct {
	n    *native
	zmm  bool // AVX-512: 32 registers of 512 bits and the opmasks
	load []byte
	save []byte
}

func newVecNative(t *testing.T, zmm bool) *vecNative {
	n := newNative(t)
	vn := &vecNative{n: n, zmm: zmm}
	// load: RAX = &vecIn; vector registers; opmasks.
	p := []byte{0x48, 0xb8}
	p = binary.LittleEndian.AppendUint64(p, uint64(uintptr(unsafe.Pointer(&vecIn))))
	p = append(p, vn.moves(RAX, false)...)
	vn.load = p
	// save: RDI = &vecOut (RDI pushed by the caller).
	p = []byte{0x48, 0xbf}
	p = binary.LittleEndian.AppendUint64(p, uint64(uintptr(unsafe.Pointer(&vecOut))))
	p = append(p, vn.moves(RDI, true)...)
	vn.save = p
	return vn
}

// moves loads or stores the vector and opmask registers at [base].
func (vn *vecNative) moves(base int, store bool) []byte {
	var p []byte
	nreg, l, f := 16, 1, mustForm(x86asm.VMOVDQU, "VEX.128|256.F3.0F.WIG 6F /r V,W")
	if store {
		f = mustForm(x86asm.VMOVDQU, "VEX.128|256.F3.0F.WIG 7F /r W,V")
	}
	if vn.zmm {
		nreg, l, f = 32, 2, mustForm(x86asm.VMOVDQU64, "EVEX.128|256|512.F3.0F.W1 6F /r V,W k z")
		if store {
			f = mustForm(x86asm.VMOVDQU64, "EVEX.128|256|512.F3.0F.W1 7F /r M,V k")
		}
	}
	for i := 0; i < nreg; i++ {
		c := vecChoice{l: l, reg: i, rm: i, mem: true, base: base, index: -1, disp: int32(64 * i)}
		p = append(p, encodeVec(f, c)...)
	}
	if vn.zmm {
		f := mustForm(x86asm.KMOVQ, "VEX.L0.0F.W1 90 /r K,Q")
		if store {
			f = mustForm(x86asm.KMOVQ, "VEX.L0.0F.W1 91 /r M,K")
		}
		for i := 0; i < 8; i++ {
			c := vecChoice{reg: i, rm: i, mem: true, base: base, index: -1, disp: int32(2048 + 8*i), vex3: true}
			p = append(p, encodeVec(f, c)...)
		}
	}
	return p
}

// run executes code from the state in vecIn (general registers from
// vecIn.gpr) and returns the state after it.
func (vn *vecNative) run(code []byte) vecIO {
	var p []byte
	emit := func(b ...byte) { p = append(p, b...) }
	emit(0x55, 0x41, 0x56, 0x41, 0x57) // PUSH RBP; PUSH R14; PUSH R15
	emit(vn.load...)
	for r := 0; r < 16; r++ {
		if r != RSP {
			emit(0x48|byte(r>>3), 0xb8+byte(r&7)) // MOV r, imm64
			p = binary.LittleEndian.AppendUint64(p, vecIn.gpr[r])
		}
	}
	emit(code...)
	emit(0x9c) // PUSHFQ
	emit(0x57) // PUSH RDI
	emit(vn.save...)
	gprOff := int32(unsafe.Offsetof(vecIO{}.gpr))
	for r := 0; r < 16; r++ {
		if r != RSP && r != RDI {
			emit(0x48|byte(r>>3)<<2, 0x89, 0x87|byte(r&7)<<3) // MOV [RDI+disp32], r
			p = binary.LittleEndian.AppendUint32(p, uint32(gprOff+int32(8*r)))
		}
	}
	emit(0x58, 0x48, 0x89, 0x87) // POP RAX; MOV [RDI+disp32], RAX
	p = binary.LittleEndian.AppendUint32(p, uint32(gprOff+8*RDI))
	emit(0x58, 0x48, 0x89, 0x87) // POP RAX (RFLAGS); MOV [RDI+disp32], RAX
	p = binary.LittleEndian.AppendUint32(p, uint32(unsafe.Offsetof(vecIO{}.rflags)))
	emit(0xc5, 0xf8, 0x77)                   // VZEROUPPER
	emit(0xc4, 0x41, 0x01, 0xef, 0xff)       // VPXOR X15, X15, X15 (ABIInternal's zero register)
	emit(0x41, 0x5f, 0x41, 0x5e, 0x5d, 0xc3) // POP R15; POP R14; POP RBP; RET
	if len(p) > len(vn.n.page) {
		panic("vector co-simulation code too long")
	}
	copy(vn.n.page, p)
	fv := &struct{ code uintptr }{uintptr(unsafe.Pointer(&vn.n.page[0]))}
	call := *(*func())(unsafe.Pointer(&fv))
	call()
	out := vecOut
	out.gpr[RSP] = vecIn.gpr[RSP]
	return out
}

// vecFeatures are the CPU features a variant needs beyond AVX2.
func vecFeatures(v vecVariant) []string {
	var fs []string
	switch v.f.op {
	case x86asm.KMOVB:
		return []string{"avx512dq"}
	case x86asm.KMOVW:
		return []string{"avx512f"}
	case x86asm.KMOVD, x86asm.KMOVQ:
		return []string{"avx512bw"}
	}
	if v.f.enc != encEVEX {
		return nil
	}
	fs = append(fs, "avx512f")
	if v.l < 2 {
		fs = append(fs, "avx512vl")
	}
	switch v.f.op {
	case x86asm.VPMADD52LUQ, x86asm.VPMADD52HUQ:
		fs = append(fs, "avx512ifma")
	case x86asm.VPERMB:
		fs = append(fs, "avx512vbmi")
	case x86asm.VPMOVD2M, x86asm.VPMOVQ2M:
		fs = append(fs, "avx512dq")
	case x86asm.VPADDW, x86asm.VPSUBW, x86asm.VPMULLW, x86asm.VPMULHW, x86asm.VPMULHUW,
		x86asm.VPSHUFB, x86asm.VPSRAW, x86asm.VPSLLDQ, x86asm.VPSRLDQ:
		fs = append(fs, "avx512bw")
	}
	return fs
}

// TestVecNative co-simulates every vector variant. VG_VEC_STATES sets the
// number of states per variant (default 32, 8 with -short); VG_VEC_AVX2=1 restricts the
// comparison to what AVX2 can observe.
func TestVecNative(t *testing.T) {
	if os.Getenv("VG_NO_NATIVE") != "" {
		t.Skip("VG_NO_NATIVE set")
	}
	if !cpuHas("avx2") {
		t.Skip("CPU lacks AVX2")
	}
	nstates := 32
	if testing.Short() {
		nstates = 8
	}
	if s, err := strconv.Atoi(os.Getenv("VG_VEC_STATES")); err == nil && s > 0 {
		nstates = s
	}
	zmm := cpuHas("avx512f") && os.Getenv("VG_VEC_AVX2") == ""
	vn := newVecNative(t, zmm)
	rng := rand.New(rand.NewSource(7))
	ran, skipped, mismatches, states := 0, 0, 0, 0
	byOp := map[string]int{}
	for _, v := range vecVariants() {
		missing := ""
		for _, f := range vecFeatures(v) {
			if !zmm || !hasFeature(f) {
				missing = f
			}
		}
		if missing != "" {
			skipped++
			continue
		}
		ran++
		byOp[OpName(v.f.op)]++
		for i := 0; i < nstates; i++ {
			mem := vecMem()
			st := randVecState(rng, uint64(uintptr(unsafe.Pointer(&mem[0]))))
			c := v.choose(rng, st.base, st.index)
			code := encodeVec(v.f, c)
			n, d := vn.compare(st, mem, code)
			states += n
			if d != "" {
				t.Errorf("%v [% x]%s", v, code, d)
				mismatches++
			}
			if mismatches > 30 {
				t.Fatal("too many mismatches")
			}
		}
	}
	t.Logf("co-simulated %d variants (%d operations) × %d states (concrete and symbolic: %d lifts), %d variants skipped for missing CPU features, %d mismatches",
		ran, len(byOp), nstates, states, skipped, mismatches)
}

// compare runs code on this CPU from st (its memory in mem) and lifts it
// from st, concrete and symbolic: the lifts made, and the first
// difference ("" if none).
func (vn *vecNative) compare(st vecState, mem, code []byte) (int, string) {
	vecIn.z, vecIn.k, vecIn.gpr = st.z, st.k, st.gpr
	copy(mem, st.mem[:])
	hw := vn.run(code)
	var hwMem [320]byte
	copy(hwMem[:], mem)
	lifts := 0
	for _, symbolic := range []bool{false, true} {
		lifts++
		got, err := liftVec(st, code, symbolic)
		if err != nil {
			return lifts, fmt.Sprintf(": %v", err)
		}
		if d := diffVec(hw, hwMem, got, vn.zmm); d != "" {
			return lifts, fmt.Sprintf(" (symbolic %v):%s", symbolic, d)
		}
	}
	return lifts, ""
}

var features = map[string]bool{}

// hasFeature is cpuHas, remembered.
func hasFeature(f string) bool {
	has, ok := features[f]
	if !ok {
		has = cpuHas(f)
		features[f] = has
	}
	return has
}

// diffVec describes how the lifted state differs from the CPU's.
func diffVec(hw vecIO, hwMem [320]byte, got vecResult, zmm bool) string {
	s := ""
	for i := range hw.z {
		n := 8
		if !zmm {
			if i >= 16 {
				break
			}
			n = 4
		}
		for j := 0; j < n; j++ {
			if hw.z[i][j] != got.z[i][j] {
				s += fmt.Sprintf(" Z%d: got %x want %x;", i, got.z[i][:n], hw.z[i][:n])
				break
			}
		}
	}
	if zmm {
		for i := range hw.k {
			if hw.k[i] != got.k[i] {
				s += fmt.Sprintf(" K%d: got %#x want %#x;", i, got.k[i], hw.k[i])
			}
		}
	}
	for f, v := range got.flags {
		bit := [nflags]uint{CF: 0, PF: 2, AF: 4, ZF: 6, SF: 7, OF: 11}[f]
		if v != undef && int8(hw.rflags>>bit&1) != v {
			s += fmt.Sprintf(" %s: got %d want %d;", FlagNames[f], v, hw.rflags>>bit&1)
		}
	}
	for r := range hw.gpr {
		if hw.gpr[r] != got.gpr[r] {
			s += fmt.Sprintf(" %s: got %#x want %#x;", RegNames[r], got.gpr[r], hw.gpr[r])
		}
	}
	for i := range hwMem {
		if hwMem[i] != got.mem[i] {
			s += fmt.Sprintf(" mem[%d]: got %#x want %#x;", i, got.mem[i], hwMem[i])
			break
		}
	}
	return s
}
