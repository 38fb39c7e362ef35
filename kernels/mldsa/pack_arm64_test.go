//go:build arm64 && !purego

package mldsa

import (
	"testing"

	spec "vg.dev/spec/mldsa"
	"vg.dev/vgtest/directivetest"
)

func init() {
	packKernels = append(packKernels, packKernel{"ARM64", yes, packW1_32ARM64, packW1_88ARM64,
		packZ17ARM64, packZ19ARM64,
		packT1ARM64, unpackT1ARM64, outOfEta2ARM64, outOfEta4ARM64})
}

// TestDirectivesPack checks the packing stubs' directives.
func TestDirectivesPack(t *testing.T) {
	directivetest.Check(t, "pack_arm64.go", map[string]directivetest.Stub{
		"packW1_32ARM64": {Func: packW1_32ARM64, Spec: spec.PackW1_32},
		"packW1_88ARM64": {Func: packW1_88ARM64, Spec: spec.PackW1_88},
		"packZ17ARM64":   {Func: packZ17ARM64, Spec: spec.PackZ17},
		"packZ19ARM64":   {Func: packZ19ARM64, Spec: spec.PackZ19},
		"packT1ARM64":    {Func: packT1ARM64, Spec: spec.PackT1},
		"unpackT1ARM64":  {Func: unpackT1ARM64, Spec: spec.UnpackT1},
		"outOfEta2ARM64": {Func: outOfEta2ARM64, Spec: spec.OutOfEta2},
		"outOfEta4ARM64": {Func: outOfEta4ARM64, Spec: spec.OutOfEta4},
	})
}
