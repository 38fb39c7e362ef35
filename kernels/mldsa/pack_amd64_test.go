//go:build amd64 && !purego

package mldsa

import (
	"testing"

	spec "vg.dev/spec/mldsa"
	"vg.dev/vgtest/directivetest"
)

func init() {
	packKernels = append(packKernels, packKernel{"AMD64", hasAVX2, packW1_32AMD64, packW1_88AMD64,
		packZ17AMD64, packZ19AMD64,
		packT1AMD64, unpackT1AMD64, outOfEta2AMD64, outOfEta4AMD64})
}

// TestDirectivesPack checks the packing stubs' directives.
func TestDirectivesPack(t *testing.T) {
	directivetest.Check(t, "pack_amd64.go", map[string]directivetest.Stub{
		"packW1_32AMD64": {Func: packW1_32AMD64, Spec: spec.PackW1_32},
		"packW1_88AMD64": {Func: packW1_88AMD64, Spec: spec.PackW1_88},
		"packZ17AMD64":   {Func: packZ17AMD64, Spec: spec.PackZ17},
		"packZ19AMD64":   {Func: packZ19AMD64, Spec: spec.PackZ19},
		"packT1AMD64":    {Func: packT1AMD64, Spec: spec.PackT1},
		"unpackT1AMD64":  {Func: unpackT1AMD64, Spec: spec.UnpackT1},
		"outOfEta2AMD64": {Func: outOfEta2AMD64, Spec: spec.OutOfEta2},
		"outOfEta4AMD64": {Func: outOfEta4AMD64, Spec: spec.OutOfEta4},
	})
}
