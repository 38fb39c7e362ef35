package x25519

import (
	"math/rand/v2"
	"testing"

	"vg.dev/kernels/internal/cpuid"
	fe "vg.dev/spec/fe25519"
	spec "vg.dev/spec/x25519"
)

// TestLadder compares Ladder (the selected variant; modulo p, since the
// IFMA variant computes in another radix) and every radix-2⁵¹ assembly
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
				if v.name == "Ladder" {
					// The selected variant may compute in radix 2⁵²: the
					// same point, congruent coordinates.
					if ratio(&got) != ratio(&want) || !congruent(&got[1], &want[1]) {
						t.Fatalf("Ladder(%x, %v) = %v, want %v modulo p", in.k, in.u, got, want)
					}
					continue
				}
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

// reduced is a's canonical limbs.
func reduced(a *Element) Element {
	var r Element
	fe.Reduce(&r, a)
	return r
}

// congruent reports whether a ≡ b modulo p.
func congruent(a, b *Element) bool { return reduced(a) == reduced(b) }

// ratio is X/Z of xz, canonical (0 when Z ≡ 0).
func ratio(xz *[2]Element) Element {
	var zi, r Element
	fe.Invert(&zi, &xz[1])
	fe.Mul(&r, &xz[0], &zi)
	return reduced(&r)
}

type variant52 struct {
	name   string
	usable func() bool
	f      func(out *[2]Element52, k *[32]byte, in *[2]Element52)
}

// TestLadder52 compares the radix-2⁵² ladder kernels with their
// specification, Ladder52x4, limb for limb, on random scalars and points
// and on edge ones (all-zero and all-one scalars, u = 0, 1, 9, p − 1 and
// every limb at its bound 2⁵² − 1, limb 4 at 2⁴⁷ − 1); and the result with
// Ladder's modulo p (the same field values).
func TestLadder52(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	var ones [32]byte
	for i := range ones {
		ones[i] = 0xff
	}
	const m = 1<<52 - 1
	edges := []Element52{{}, {1}, {9}, {m - 18, m, m, m, 1<<47 - 1}, {m, m, m, m, 1<<47 - 1}}
	type input struct {
		k [32]byte
		u Element52
	}
	var ins []input
	for _, u := range edges {
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
		for j := range in.u {
			in.u[j] = r.Uint64() & m
		}
		in.u[4] &= 1<<47 - 1
		ins = append(ins, in)
	}
	for _, v := range variants52 {
		t.Run(v.name, func(t *testing.T) {
			if !v.usable() {
				t.Skip("CPU lacks the features (or VG_CPU_FEATURES hides them)")
			}
			for _, in := range ins {
				var got, want [2]Element52
				both := [2]Element52{in.u, a24}
				v.f(&got, &in.k, &both)
				spec.Ladder52x4(&want, &in.k, &both)
				if got != want {
					t.Fatalf("%s(%x, %v) = %v, want %v", v.name, in.k, in.u, got, want)
				}
				var u51 Element
				var xz, ref [2]Element
				from52(&u51, &in.u)
				from52(&xz[0], &got[0])
				from52(&xz[1], &got[1])
				spec.Ladder(&ref, &in.k, &u51)
				if !congruent(&xz[0], &ref[0]) || !congruent(&xz[1], &ref[1]) {
					t.Fatalf("%s(%x, %v) = %v, not congruent to Ladder's %v", v.name, in.k, in.u, xz, ref)
				}
			}
		})
	}
}

// TestA24 checks the wrapper's constant against the specification's.
func TestA24(t *testing.T) {
	if a24 != spec.A24 || a24 != (Element52{121665}) {
		t.Fatalf("a24 = %v, spec.A24 = %v, want 121665", a24, spec.A24)
	}
}

// TestStep52 compares the radix-2⁵² step kernels with StepState52x4 on
// random states with limbs up to 2⁵² and beyond (the multiply-adds ignore
// the bits above 2⁵², the spec too), a24 and x₁ random.
func TestStep52(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	for _, v := range stepVariants52 {
		t.Run(v.name, func(t *testing.T) {
			if !v.usable() {
				t.Skip("CPU lacks the features (or VG_CPU_FEATURES hides them)")
			}
			for i := range 2000 {
				var s [3]Element52x4
				w := []uint{52, 53, 64}[i%3]
				for a := range s {
					for b := range s[a] {
						for c := range s[a][b] {
							s[a][b][c] = r.Uint64() >> (64 - w)
						}
					}
				}
				got, want := s, s
				v.f(&got)
				spec.StepState52x4(&want)
				if got != want {
					t.Fatalf("%s(%v) = %v, want %v", v.name, s, got, want)
				}
			}
		})
	}
}

type stepVariant52 struct {
	name   string
	usable func() bool
	f      func(s *[3]Element52x4)
}

// TestRadixConversion checks that to52 and from52 keep the value: random
// and edge radix-2⁵¹ elements survive the round trip, and from52 of
// radix-2⁵² limbs at their bounds gives the same value as math/big.
func TestRadixConversion(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	const m51 = 1<<51 - 1
	cases := []Element{{}, {L0: 1}, {L0: m51, L1: m51, L2: m51, L3: m51, L4: m51}}
	for range 1000 {
		cases = append(cases, Element{L0: r.Uint64() & m51, L1: r.Uint64() & m51, L2: r.Uint64() & m51,
			L3: r.Uint64() & m51, L4: r.Uint64() & m51})
	}
	for _, a := range cases {
		var b Element52
		var c Element
		to52(&b, &a)
		for i, l := range b {
			if l >= 1<<52 || (i == 4 && l >= 1<<47) {
				t.Fatalf("to52(%v) limb %d = %#x out of bounds", a, i, l)
			}
		}
		from52(&c, &b)
		if c != a {
			t.Fatalf("from52(to52(%v)) = %v", a, c)
		}
	}
	// from52 at the bound of ladderIFMA's output: limbs 2⁵² − 1, limb 4
	// 2⁴⁸ − 1, compared as integers.
	top := Element52{1<<52 - 1, 1<<52 - 1, 1<<52 - 1, 1<<52 - 1, 1<<48 - 1}
	var c Element
	from52(&c, &top)
	if c.L0 != m51 || c.L1 != m51 || c.L2 != m51 || c.L3 != m51 || c.L4 != 1<<52-1 {
		t.Fatalf("from52(%v) = %v", top, c)
	}
}

// TestSelected checks which variant the dispatch picks under
// VG_CPU_FEATURES, and that Ladder agrees with the specification (modulo
// p) whatever is chosen.
func TestSelected(t *testing.T) {
	t.Cleanup(selectVariant) // registered before t.Setenv: runs after the restore
	t.Logf("selected at init: %s", selected())
	k := [32]byte{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 31: 0x80}
	u := Element{L0: 9, L1: 1<<51 - 1, L4: 1 << 50}
	var want [2]Element
	spec.Ladder(&want, &k, &u)
	for _, env := range []string{"", "none", "bmi2,adx", "avx512ifma", "avx512ifma,avx512vl", "avx512ifma,avx512vl,bmi2,adx", "avx2"} {
		t.Setenv(cpuid.EnvVar, env)
		selectVariant()
		if got, want := selected(), wantSelected(env); got != want {
			t.Errorf("%s=%q: selected %q, want %q", cpuid.EnvVar, env, got, want)
		}
		var got [2]Element
		Ladder(&got, &k, &u)
		if ratio(&got) != ratio(&want) || !congruent(&got[1], &want[1]) {
			t.Errorf("%s=%q: Ladder = %v, want %v modulo p", cpuid.EnvVar, env, got, want)
		}
	}
}
