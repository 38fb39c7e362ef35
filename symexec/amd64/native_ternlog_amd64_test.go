//go:build linux

package amd64

import (
	"math/rand"
	"os"
	"testing"
	"unsafe"

	"golang.org/x/arch/x86/x86asm"

	"vg.dev/symexec/term"
)

// TestTernlogNative co-simulates VPTERNLOGD and VPTERNLOGQ with every one
// of the 256 immediates (TestVecNative draws immediates at random), in
// each vector length, on this CPU: ternary builds some immediates as
// named functions and the rest by Shannon expansion, and each must be
// the instruction.
func TestTernlogNative(t *testing.T) {
	if os.Getenv("VG_NO_NATIVE") != "" {
		t.Skip("VG_NO_NATIVE set")
	}
	if !cpuHas("avx512f") || !cpuHas("avx512vl") {
		t.Skip("CPU lacks AVX-512F/VL")
	}
	vn := newVecNative(t, true)
	rng := rand.New(rand.NewSource(9))
	runs := 0
	for _, v := range vecVariants() {
		// Every vector length; masking, broadcast and memory operands,
		// which do not depend on the immediate, are TestVecNative's.
		if v.f.op != x86asm.VPTERNLOGD && v.f.op != x86asm.VPTERNLOGQ || v.mem || v.mask != 0 || v.bc {
			continue
		}
		for imm := range 256 {
			mem := vecMem()
			st := randVecState(rng, uint64(uintptr(unsafe.Pointer(&mem[0]))))
			c := v.choose(rng, st.base, st.index)
			c.imm = byte(imm)
			code := encodeVec(v.f, c)
			vecIn.z, vecIn.k, vecIn.gpr = st.z, st.k, st.gpr
			copy(mem, st.mem[:])
			hw := vn.run(code)
			var hwMem [320]byte
			copy(hwMem[:], mem)
			got, err := liftVec(st, code, true)
			if err != nil {
				t.Fatalf("%v imm %#x: %v", v, imm, err)
			}
			if d := diffVec(hw, hwMem, got, true); d != "" {
				t.Fatalf("%v imm %#x [% x]:%s", v, imm, code, d)
			}
			runs++
		}
	}
	if runs == 0 {
		t.Fatal("no VPTERNLOG variant")
	}
	t.Logf("%d VPTERNLOG runs", runs)
}

// TestTernaryTable checks ternary against the definition, bit 4a + 2b + c
// of imm, for every immediate on random 64-bit values.
func TestTernaryTable(t *testing.T) {
	b := term.NewBuilder()
	x, y, z := b.Var("a", 64), b.Var("b", 64), b.Var("c", 64)
	rng := rand.New(rand.NewSource(10))
	for imm := range 256 {
		f := ternary(b, uint8(imm), x, y, z)
		for range 8 {
			av, bv, cv := rng.Uint64(), rng.Uint64(), rng.Uint64()
			ev := term.NewEvaluator(func(v *term.Term) (term.Value, bool) {
				return term.U64(map[string]uint64{"a": av, "b": bv, "c": cv}[v.Name()], 64), true
			})
			got, err := ev.Eval(f)
			if err != nil {
				t.Fatal(err)
			}
			var want uint64
			for i := range 64 {
				idx := (av>>i&1)<<2 | (bv>>i&1)<<1 | cv>>i&1
				want |= uint64(imm) >> idx & 1 << i
			}
			if got != term.U64(want, 64) {
				t.Fatalf("imm %#x: got %v, want %#x", imm, got, want)
			}
		}
	}
}
