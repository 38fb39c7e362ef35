//go:build cgo

package prove

import (
	"context"
	"strings"
	"testing"
)

// TestAttackSelect proves testdata/kernels/attack3, written by a review
// against the AVX-512 selection models (VPCOMPRESS, VPCMP into an opmask,
// VPMOVD2M, VPERMB) and the element-wise vector store at a symbolic
// offset: every kernel wrong against its spec is refuted or violated, and
// the invalid encodings (reserved EVEX.vvvv, an opmask named past K7),
// which the CPU answers with #UD, are errors; only the controls prove.
func TestAttackSelect(t *testing.T) {
	if testing.Short() {
		t.Skip("proves 42 obligations")
	}
	controls := map[string]bool{}
	for _, n := range strings.Fields(`cmpBytesOK cmpMasked cmpQX cmpSignedLE compressMerge compressQY
		compressX compressXBytes movd2mY permb permbMerge permbY storeSym storeSymBytes
		storeSymMasked storeSymTwice storeSymY uniOK`) {
		controls[n] = true
	}
	invalid := map[string]bool{"cmpBytesR0": true, "cmpBytesRp0": true, "compressXBadV": true, "movBadV": true, "movd2mBadV": true}
	opts := Options{Dir: "..", Arch: "amd64"}
	c, err := Collect(context.Background(), opts, "vg.dev/testdata/kernels/attack3")
	if err != nil {
		t.Fatal(err)
	}
	results, err := Prove(context.Background(), opts, c.Obligations)
	if err != nil {
		t.Fatal(err)
	}
	if len(results) != 42 {
		t.Fatalf("%d obligations, want 42", len(results))
	}
	for _, r := range results {
		name := r.Name()[strings.LastIndex(r.Name(), ".")+1:]
		proved := r.Equivalence == Proved && r.CT == Proved && r.Frame == Proved
		switch {
		case proved && !controls[name]:
			t.Errorf("%s proved; it is wrong against its spec or never runs", name)
		case !proved && controls[name]:
			t.Errorf("control %s: %s, ct %s, frame %s: %s", name, r.Equivalence, r.CT, r.Frame, r.Message)
		case invalid[name] && (r.Equivalence != Error || !strings.Contains(r.Message, "#UD")):
			t.Errorf("%s: %s (%s), want an error naming the #UD", name, r.Equivalence, r.Message)
		}
	}
}
