//go:build cgo

package prove_test

import (
	"context"
	"fmt"

	"vg.dev/obligation"
	"vg.dev/prove"
)

// Prove one ad-hoc obligation: an assembly kernel against a Go spec.
func Example() {
	obl := &obligation.Obligation{
		Kernel: "vg.dev/kernels/fe25519.mulADX",
		Spec:   "vg.dev/spec/fe25519.Mul",
		Arch:   "amd64",
	}
	results, err := prove.Prove(context.Background(), prove.Options{Dir: ".."}, []*obligation.Obligation{obl})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, r := range results {
		fmt.Println(r.Kernel, r.Equivalence)
	}
	// Output: vg.dev/kernels/fe25519.mulADX proved
}

// Collect the obligations that //vg: directives declare in a package.
func ExampleCollect() {
	col, err := prove.Collect(context.Background(), prove.Options{Dir: ".."}, "vg.dev/kernels/fe25519")
	if err != nil {
		fmt.Println(err)
		return
	}
	obls := col.Obligations
	for _, o := range obls {
		if o.Kernel == "vg.dev/kernels/fe25519.squareADX" {
			fmt.Println(o.Kernel, "≡", o.Spec)
		}
	}
	// Output: vg.dev/kernels/fe25519.squareADX ≡ vg.dev/spec/fe25519.Square
}
