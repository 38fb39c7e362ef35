package x25519

import (
	"math/rand/v2"
	"testing"

	fe "vg.dev/spec/fe25519"
	spec "vg.dev/spec/x25519"
)

// TestLadder compares Ladder (the selected variant) and every assembly
// variant the CPU has with the specification, limb for limb, on random
// scalars and points and on edge ones (all-zero and all-one scalars,
// u = 0, 1, p − 1 and limbs at 2⁵¹ − 1).
func TestLadder(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	type input struct {
		k [32]byte
		u Element
	}
	var ins []input
	var ones [32]byte
	for i := range ones {
		ones[i] = 0xff
	}
	for _, u := range []Element{{}, {L0: 1}, {L0: 9},
		{L0: 1<<51 - 20, L1: 1<<51 - 1, L2: 1<<51 - 1, L3: 1<<51 - 1, L4: 1<<51 - 1},
		{L0: 1<<51 - 1, L1: 1<<51 - 1, L2: 1<<51 - 1, L3: 1<<51 - 1, L4: 1<<51 - 1}} {
		ins = append(ins, input{[32]byte{}, u}, input{ones, u})
	}
	n := 40
	if testing.Short() {
		n = 8
	}
	for range n {
		var in input
		for j := range in.k {
			in.k[j] = byte(r.Uint32())
		}
		var b [32]byte
		for j := range b {
			b[j] = byte(r.Uint32())
		}
		fe.FromBytes(&in.u, &b)
		ins = append(ins, in)
	}
	for _, v := range append([]variant{{"Ladder", func() bool { return true }, Ladder}}, variants...) {
		t.Run(v.name, func(t *testing.T) {
			if !v.usable() {
				t.Skip("CPU lacks the features (or VG_CPU_FEATURES hides them)")
			}
			for _, in := range ins {
				var got, want [2]Element
				v.f(&got, &in.k, &in.u)
				spec.Ladder(&want, &in.k, &in.u)
				if got != want {
					t.Fatalf("%s(%x, %v) = %v, want %v", v.name, in.k, in.u, got, want)
				}
			}
		})
	}
}

type variant struct {
	name   string
	usable func() bool
	f      func(out *[2]Element, k *[32]byte, u *Element)
}

// TestStep compares the step kernels with the specification on random
// states with limbs up to the documented bound and beyond.
func TestStep(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, v := range stepVariants {
		t.Run(v.name, func(t *testing.T) {
			if !v.usable() {
				t.Skip("CPU lacks the features (or VG_CPU_FEATURES hides them)")
			}
			for i := range 2000 {
				var s [5]Element
				for j := range s {
					w := []uint{51, 52, 54, 64}[(i+j)%4]
					s[j] = Element{L0: r.Uint64() >> (64 - w), L1: r.Uint64() >> (64 - w), L2: r.Uint64() >> (64 - w),
						L3: r.Uint64() >> (64 - w), L4: r.Uint64() >> (64 - w)}
				}
				got, want := s, s
				v.f(&got)
				spec.StepState(&want)
				if got != want {
					t.Fatalf("%s(%v) = %v, want %v", v.name, s, got, want)
				}
			}
		})
	}
}

type stepVariant struct {
	name   string
	usable func() bool
	f      func(s *[5]Element)
}
