package prove

import (
	"context"
	"runtime"
	"strings"
	"testing"

	"vg.dev/obligation"
)

// TestAllLengths: the induction over lengths proves a kernel right for
// every length, and not the two that are right only for the short
// lengths the per-length proofs try (testdata/kernels/lengths), nor a
// spec that is not one counted loop, nor those right only in a model
// weaker than the per-length proofs' (testdata/kernels/lengthsmodel:
// aliasing, capacity, vector registers across iterations). And math/big's
// own addVV, under every aliasing.
func TestAllLengths(t *testing.T) {
	if runtime.GOARCH != "amd64" {
		t.Skip("amd64 kernels")
	}
	const pkg = "vg.dev/testdata/kernels/lengths."
	const model = "vg.dev/testdata/kernels/lengthsmodel."
	for _, c := range []struct {
		kernel, spec string
		proved       bool
		why          string
	}{
		{pkg + "addRight", pkg + "addGo", true, ""},
		{pkg + "addWrongFourth", pkg + "addGo", false, "is written as the spec writes it does not hold"},
		{pkg + "addWrongCount", pkg + "addGo", false, "does not hold"},
		{"math/big.addVV", "math/big.addVV_g", true, ""},
		// Right in a weaker model than the per-length proofs'.
		{model + "addWrongAlias", model + "addGo", false, "with z = x (the same memory)"},
		{model + "addWrongCap", model + "addGo", false, "(i + k ≤ n) does not hold"},
		{model + "addWrongVector", model + "addGo", false, "is written as the spec writes it does not hold"},
		{"math/big.lshVU", "math/big.lshVU_g", false, "not one counted loop"},
	} {
		o := &obligation.Obligation{Kernel: c.kernel, Spec: c.spec, Arch: "amd64"}
		r, err := AllLengths(context.Background(), Options{Dir: ".."}, o)
		if err != nil {
			t.Fatalf("%s: %v", c.kernel, err)
		}
		if r.Proved != c.proved || !strings.Contains(r.Why, c.why) {
			t.Errorf("%s: proved %v (%s), want %v (%q)", c.kernel, r.Proved, r.Why, c.proved, c.why)
		}
		if c.kernel == "math/big.addVV" && len(r.Aliasings) != 4 {
			t.Errorf("%s: proved under the aliasings %q, want the 4 of z, x, y", c.kernel, r.Aliasings)
		}
		t.Logf("%s: proved %v in %.1fs (%d cut points, %d paths, %d queries) %s", c.kernel, r.Proved, r.Seconds, r.CutPoints, r.Segments, r.Queries, r.Why)
	}
	// Slices of different lengths are another contract.
	o := &obligation.Obligation{Kernel: pkg + "addRight", Spec: pkg + "addGo", Arch: "amd64", Sizes: map[string]int{"z": 2, "x": 2, "y": 1}}
	r, err := AllLengths(context.Background(), Options{Dir: ".."}, o)
	if err != nil || r.Proved || !strings.Contains(r.Why, "different lengths") {
		t.Errorf("different lengths: %+v, %v", r, err)
	}
}
