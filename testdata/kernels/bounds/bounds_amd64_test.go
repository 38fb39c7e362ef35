package bounds

import (
	"math/rand"
	"testing"
)

// TestMisbehaviour: each kernel agrees with its spec on random inputs its
// tight precondition allows, and the refuted ones differ on an input
// their own precondition allows: the refutations are right, and a proof
// would have been wrong.
func TestMisbehaviour(t *testing.T) {
	inPlace := func(k func(a, out *[2]uint32), a0, a1 uint32) [2]uint32 {
		x := [2]uint32{a0, a1}
		k(&x, &x)
		return x
	}
	apart := func(k func(a, out *[2]uint32), a0, a1 uint32) [2]uint32 {
		x, out := [2]uint32{a0, a1}, [2]uint32{}
		k(&x, &out)
		return out
	}
	pair := func(hi, lo uint32) [2]uint32 { return [2]uint32{hi, lo} }
	cases := []struct {
		name   string
		kernel func(a, c uint32) [2]uint32
		spec   func(a, c uint32) [2]uint32
		allows func(a, c uint32) bool
		// an input the obligation's precondition allows on which the
		// kernel differs (none for those that are proved)
		a, c   uint32
		differ bool
	}{
		{"mul38Tight", func(a, c uint32) [2]uint32 { return pair(mul38Tight(a, c)) }, func(a, c uint32) [2]uint32 { return pair(mul38Go(a, c)) }, tight, 0, 0, false},
		{"mul38LooseA", func(a, c uint32) [2]uint32 { return pair(mul38LooseA(a, c)) }, func(a, c uint32) [2]uint32 { return pair(mul38Go(a, c)) }, looseA, 1<<27 - 1, 1, true},
		{"mul38LooseC", func(a, c uint32) [2]uint32 { return pair(mul38LooseC(a, c)) }, func(a, c uint32) [2]uint32 { return pair(mul38Go(a, c)) }, looseC, 1, 1 << 31, true},
		{"mul38Apart", func(a, c uint32) [2]uint32 { return apart(mul38Apart, a, c) }, func(a, c uint32) [2]uint32 { return apart(mul38InPlaceGo, a, c) }, tight, 0, 0, false},
		{"mul38Apart in place", func(a, c uint32) [2]uint32 { return inPlace(mul38Apart, a, c) }, func(a, c uint32) [2]uint32 { return inPlace(mul38InPlaceGo, a, c) }, tight, 0, 0, false},
		{"mul38Alias in place", func(a, c uint32) [2]uint32 { return inPlace(mul38Alias, a, c) }, func(a, c uint32) [2]uint32 { return inPlace(mul38InPlaceGo, a, c) },
			func(a, c uint32) bool { return true }, 1<<27 - 1, 1, true},
	}
	rng := rand.New(rand.NewSource(1))
	for _, tc := range cases {
		for n := 0; n < 1000; n++ {
			a, c := rng.Uint32()>>6, rng.Uint32()>>1
			if !tight(a, c) {
				t.Fatalf("draw outside tight: a=%#x c=%#x", a, c)
			}
			if k, s := tc.kernel(a, c), tc.spec(a, c); k != s {
				t.Errorf("%s at a=%#x c=%#x, within the tight bound: kernel %x, spec %x", tc.name, a, c, k, s)
			}
		}
		if !tc.differ {
			continue
		}
		if !tc.allows(tc.a, tc.c) {
			t.Fatalf("%s: a=%#x c=%#x is not allowed by the precondition", tc.name, tc.a, tc.c)
		}
		if k, s := tc.kernel(tc.a, tc.c), tc.spec(tc.a, tc.c); k == s {
			t.Errorf("%s at a=%#x c=%#x: kernel and spec agree (%x); the refutation would be wrong", tc.name, tc.a, tc.c, k)
		}
	}
}
