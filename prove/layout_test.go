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

// TestADRPLow: only an ADD or integer load that consumes an ADRP's page and
// overwrites its register (not 31) is a pair hashed by symbol; anything
// else keeps its text in the hash (a reviewer found pairs whose page
// outlived them hashing alike at different layouts).
func TestADRPLow(t *testing.T) {
	const adrpX1 = 0xb0000421 // ADRP X1, page
	tests := []struct {
		name   string
		a, b   uint32
		lo     uint64
		paired bool
	}{
		{"ADD X1, X1, #320", adrpX1, 0x91050021, 320, true},
		{"LDR X1, [X1, #8]", adrpX1, 0xf9400421, 8, true},
		{"LDR W1, [X1, #4]", adrpX1, 0xb9400421, 4, true},
		{"ADD X2, X1, #320: the page survives in X1", adrpX1, 0x91050022, 0, false},
		{"LDR X0, [X1, #8]: the page survives", adrpX1, 0xf9400420, 0, false},
		{"STR X1, [X1, #8]", adrpX1, 0xf9000421, 0, false},
		{"PRFM [X1, #8]", adrpX1, 0xf9800421, 0, false},
		{"LDR Q1, [X1]", adrpX1, 0x3dc00021, 0, false},
		{"ADDS X1, X1, #320", adrpX1, 0xb1050021, 0, false},
		{"ADD X1, X1, #320, LSL #12", adrpX1, 0x91450021, 0, false},
		{"ADRP XZR and a load from SP", 0xb000043f, 0xf94007ff, 0, false},
		{"not an ADRP", 0x91050021, 0x91050021, 0, false},
	}
	for _, tt := range tests {
		lo, ok := adrpLow(tt.a, tt.b)
		if ok != tt.paired || lo != tt.lo {
			t.Errorf("%s: adrpLow = %d, %v; want %d, %v", tt.name, lo, ok, tt.lo, tt.paired)
		}
	}
}
