package prove

import (
	"context"
	"testing"
)

// TestCodeHashLayout: two arm64 kernels with the same code on different
// pages, reading one table through an ADRP pair, have one code hash (the
// pair is hashed as the symbol and offset it addresses, not the page
// distance); a kernel reading another word of the table has another.
func TestCodeHashLayout(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and proves")
	}
	opts := Options{Dir: "..", Arch: "arm64"}
	c, err := Collect(context.Background(), opts, "vg.dev/testdata/kernels/layout")
	if err != nil {
		t.Fatal(err)
	}
	results, err := Prove(context.Background(), opts, c.Obligations)
	if err != nil {
		t.Fatal(err)
	}
	hash := map[string]string{}
	for _, r := range results {
		if r.Spec != "" && (r.Equivalence != Proved || r.CT != Proved || r.Frame != Proved) {
			t.Errorf("%s: %s (ct %s, frame %s): %s", r.Kernel, r.Equivalence, r.CT, r.Frame, r.Message)
		}
		hash[r.Kernel] = r.CodeHash
	}
	const pkg = "vg.dev/testdata/kernels/layout."
	first1, first2, second := hash[pkg+"addFirst1"], hash[pkg+"addFirst2"], hash[pkg+"addSecond"]
	if first1 == "" || first2 == "" || second == "" {
		t.Fatalf("missing results: %v", hash)
	}
	if first1 != first2 {
		t.Errorf("the same code at another address hashes differently: %s vs %s", first1, first2)
	}
	if first1 == second {
		t.Errorf("code reading another word of the table hashes the same: %s", first1)
	}
}
