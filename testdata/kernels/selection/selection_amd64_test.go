package selection

import (
	"math/rand"
	"slices"
	"testing"
)

// TestMisbehaviour: each kernel agrees with its spec on indices below 2⁸
// but those named, where the refuted ones differ: the refutations are
// right, and a proof would have been wrong.
func TestMisbehaviour(t *testing.T) {
	byteKernel := func(k func(*[4]uint64, uint8) uint64) func(*[4]uint64, uint64) uint64 {
		return func(t *[4]uint64, d uint64) uint64 { return k(t, uint8(d)) }
	}
	cases := []struct {
		name   string
		kernel func(*[4]uint64, uint64) uint64
		differ []uint64 // the indices where kernel and spec differ
	}{
		{"pickLanes", pickLanes, []uint64{1<<32 + 1}},
		{"pickLanesByte", byteKernel(pickLanesByte), nil},
		{"pickCMOV", pickCMOV, nil},
		{"pickCMOVTwice", pickCMOVTwice, []uint64{2, 3}},
	}
	rng := rand.New(rand.NewSource(1))
	tab := &[4]uint64{rng.Uint64(), rng.Uint64(), rng.Uint64(), rng.Uint64()}
	for _, tc := range cases {
		for d := uint64(0); d < 256; d++ {
			if k, s := tc.kernel(tab, d), pickGo(tab, d); k != s && !slices.Contains(tc.differ, d) {
				t.Errorf("%s(%d) = %#x, spec %#x", tc.name, d, k, s)
			}
		}
		for _, d := range tc.differ {
			if k, s := tc.kernel(tab, d), pickGo(tab, d); k == s {
				t.Errorf("%s(%#x): kernel and spec agree (%#x); the refutation would be wrong", tc.name, d, k)
			}
		}
	}
}
