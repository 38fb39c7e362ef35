//go:build linux

package amd64

import (
	"math/rand"
	"os"
	"testing"
	"unsafe"

	"golang.org/x/arch/x86/x86asm"
)

// TestPCMPESTRINative co-simulates PCMPESTRI on this CPU for every
// immediate, with the inputs the random states of TestVecNative rarely
// give: lengths in [-20, 20] (negative, partial, saturated) in EAX and
// EDX, and elements from a four-letter
// alphabet, so that matches, partial matches and ranges all occur; half
// the memory operands misaligned.
func TestPCMPESTRINative(t *testing.T) {
	if os.Getenv("VG_NO_NATIVE") != "" {
		t.Skip("VG_NO_NATIVE set")
	}
	if !cpuHas("sse4_2") || !cpuHas("avx2") {
		t.Skip("CPU lacks SSE4.2 or AVX2")
	}
	zmm := cpuHas("avx512f")
	vn := newVecNative(t, zmm)
	rng := rand.New(rand.NewSource(11))
	var vs []vecVariant
	for _, v := range vecVariants() {
		if v.f.op == x86asm.PCMPESTRI {
			vs = append(vs, v)
		}
	}
	if len(vs) == 0 {
		t.Fatal("no PCMPESTRI form")
	}
	letters := []byte{0x00, 0x41, 0x42, 0xc1}
	length := func() uint64 {
		if rng.Intn(8) == 0 {
			return laneWord(rng) // saturated, mostly
		}
		return uint64(int64(rng.Intn(41) - 20))
	}
	runs, mismatches, misaligned := 0, 0, 0
	for imm := 0; imm < 256; imm++ {
		for i := 0; i < 12; i++ {
			v := vs[rng.Intn(len(vs))]
			mem := vecMem()
			st := randVecState(rng, uint64(uintptr(unsafe.Pointer(&mem[0]))))
			for r := range st.z {
				for w := 0; w < 2; w++ {
					var x uint64
					for k := 0; k < 8; k++ {
						x |= uint64(letters[rng.Intn(len(letters))]) << (8 * k)
					}
					st.z[r][w] = x
				}
			}
			for k := range st.mem {
				st.mem[k] = letters[rng.Intn(len(letters))]
			}
			c := v.choose(rng, st.base, st.index)
			c.imm = byte(imm)
			if c.mem && rng.Intn(2) == 0 {
				// Misaligned: the string compares need no alignment (a
				// fault here would end the test).
				c.disp8, c.disp = false, c.disp+int32(1+rng.Intn(15))
				misaligned++
			}
			// The lengths, unless the state keeps the register for a
			// memory operand's address.
			for _, r := range []int{RAX, RDX} {
				if r == st.base || r == st.index {
					continue
				}
				st.gpr[r] = length()
			}
			code := encodeVec(v.f, c)
			n, d := vn.compare(st, mem, code)
			runs += n
			if d != "" {
				t.Errorf("%v imm %#02x [% x] RAX=%#x RDX=%#x%s", v, imm, code, st.gpr[RAX], st.gpr[RDX], d)
				mismatches++
			}
			if mismatches > 20 {
				t.Fatal("too many mismatches")
			}
		}
	}
	if misaligned == 0 {
		t.Error("no misaligned memory operand was tried")
	}
	// The REX.W form (lengths in RAX and RDX) is not modelled: refused.
	mem := vecMem()
	st := randVecState(rng, uint64(uintptr(unsafe.Pointer(&mem[0]))))
	if _, err := liftVec(st, []byte{0x66, 0x48, 0x0f, 0x3a, 0x61, 0xca, 0x0c}, false); err == nil {
		t.Error("PCMPESTRI with REX.W lifted; want it unsupported")
	}
	t.Logf("%d runs (%d states with a misaligned operand), %d mismatches", runs, misaligned, mismatches)
}
