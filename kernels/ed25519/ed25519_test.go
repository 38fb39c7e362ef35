package ed25519

import (
	"math/rand/v2"
	"testing"

	"vg.dev/kernels/ctselect"
	spec "vg.dev/spec/ed25519"
)

// TestCombAdd compares CombAdd and every assembly variant the CPU has with
// the specification on random points and tables (limbs of every width, so
// the kernels are compared outside the bounds too) and every digit from
// −17 to 17, and on a few digits far outside.
func TestCombAdd(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	var tab ctselect.Table
	for j := range tab {
		for w := range tab[j] {
			tab[j][w] = r.Uint64() >> (13 + uint(r.IntN(14)))
		}
	}
	digits := []uint64{1 << 63, ^uint64(0) >> 1, 1000, ^uint64(999)}
	for d := -17; d <= 17; d++ {
		digits = append(digits, uint64(int64(d)))
	}
	for _, v := range append([]variant{{"CombAdd", func() bool { return true }, CombAdd}}, variants...) {
		t.Run(v.name, func(t *testing.T) {
			if !v.usable() {
				t.Skip("CPU lacks the features (or VG_CPU_FEATURES hides them)")
			}
			for i := range 300 {
				var p [4]Element
				for k := range p {
					w := []uint{51, 52, 54, 64}[(i+k)%4]
					p[k] = Element{L0: r.Uint64() >> (64 - w), L1: r.Uint64() >> (64 - w), L2: r.Uint64() >> (64 - w),
						L3: r.Uint64() >> (64 - w), L4: r.Uint64() >> (64 - w)}
				}
				d := digits[i%len(digits)]
				got, want := p, p
				v.f(&got, &tab, d)
				spec.CombAdd(&want, &tab, d)
				if got != want {
					t.Fatalf("%s(d = %d) = %v, want %v", v.name, int64(d), got, want)
				}
			}
		})
	}
}

type variant struct {
	name   string
	usable func() bool
	f      func(p *[4]Element, t *ctselect.Table, d uint64)
}

// TestScalarBaseMult compares ScalarBaseMult and every assembly variant
// with the specification on random tables and scalars (below 2²⁵³, and
// a few above it, where the kernel must still equal the spec).
func TestScalarBaseMult(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	var tabs [26]ctselect.Table
	for k := range tabs {
		for j := range tabs[k] {
			for w := range tabs[k][j] {
				tabs[k][j][w] = r.Uint64() >> 13
			}
		}
	}
	var scalars [][32]byte
	for i := range 40 {
		var s [32]byte
		for j := range s {
			s[j] = byte(r.Uint32())
		}
		if i%8 != 7 {
			s[31] &= 0x1f
		}
		scalars = append(scalars, s)
	}
	scalars = append(scalars, [32]byte{}, [32]byte{1})
	for _, v := range append([]baseVariant{{"ScalarBaseMult", func() bool { return true }, ScalarBaseMult}}, baseVariants...) {
		t.Run(v.name, func(t *testing.T) {
			if !v.usable() {
				t.Skip("CPU lacks the features (or VG_CPU_FEATURES hides them)")
			}
			for _, s := range scalars {
				var got, want [4]Element
				v.f(&got, &tabs, &s)
				spec.ScalarBaseMult(&want, &tabs, &s)
				if got != want {
					t.Fatalf("%s(%x) = %v, want %v", v.name, s, got, want)
				}
			}
		})
	}
}

type baseVariant struct {
	name   string
	usable func() bool
	f      func(out *[4]Element, t *[26]ctselect.Table, s *[32]byte)
}
