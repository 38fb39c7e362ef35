//go:build arm64 && !purego

package mldsa

import (
	"testing"

	spec "vg.dev/spec/mldsa"
	"vg.dev/vgtest/directivetest"
)

func init() {
	unpackKernels = append(unpackKernels, unpackKernel{"ARM64", yes, unpackZ17ARM64, unpackZ19ARM64, packT0ARM64, unpackT0ARM64,
		packEta2ARM64, unpackEta2ARM64, packEta4ARM64, unpackEta4ARM64})
}

// TestDirectivesUnpack checks the unpacking stubs' directives.
func TestDirectivesUnpack(t *testing.T) {
	directivetest.Check(t, "unpack_arm64.go", map[string]directivetest.Stub{
		"unpackZ17ARM64":  {Func: unpackZ17ARM64, Spec: spec.UnpackZ17},
		"unpackZ19ARM64":  {Func: unpackZ19ARM64, Spec: spec.UnpackZ19},
		"packT0ARM64":     {Func: packT0ARM64, Spec: spec.PackT0},
		"unpackT0ARM64":   {Func: unpackT0ARM64, Spec: spec.UnpackT0},
		"packEta2ARM64":   {Func: packEta2ARM64, Spec: spec.PackEta2},
		"unpackEta2ARM64": {Func: unpackEta2ARM64, Spec: spec.UnpackEta2},
		"packEta4ARM64":   {Func: packEta4ARM64, Spec: spec.PackEta4},
		"unpackEta4ARM64": {Func: unpackEta4ARM64, Spec: spec.UnpackEta4},
	})
}
