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
// spec that is not one counted loop. And math/big's own addVV.
func TestAllLengths(t *testing.T) {
	if runtime.GOARCH != "amd64" {
		t.Skip("amd64 kernels")
	}
	const pkg = "vg.dev/testdata/kernels/lengths."
	for _, c := range []struct {
		kernel, spec string
		proved       bool
		why          string
	}{
		{pkg + "addRight", pkg + "addGo", true, ""},
		{pkg + "addWrongFourth", pkg + "addGo", false, "is written as the spec writes it does not hold"},
		{pkg + "addWrongCount", pkg + "addGo", false, "does not hold"},
		{"math/big.addVV", "math/big.addVV_g", true, ""},
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
		t.Logf("%s: proved %v in %.1fs (%d cut points, %d paths, %d queries) %s", c.kernel, r.Proved, r.Seconds, r.CutPoints, r.Segments, r.Queries, r.Why)
	}
}
