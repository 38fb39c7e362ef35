//go:build arm64 && !purego

package mldsa

import (
	"testing"

	spec "vg.dev/spec/mldsa"
	"vg.dev/vgtest/directivetest"
)

func init() {
	unpackKernels = append(unpackKernels, unpackKernel{"ARM64", yes, unpackZ17ARM64, unpackZ19ARM64, packT0ARM64, unpackT0ARM64})
}

// TestDirectivesUnpack checks the unpacking stubs' directives.
func TestDirectivesUnpack(t *testing.T) {
	directivetest.Check(t, "unpack_arm64.go", map[string]directivetest.Stub{
		"unpackZ17ARM64": {Func: unpackZ17ARM64, Spec: spec.UnpackZ17},
		"unpackZ19ARM64": {Func: unpackZ19ARM64, Spec: spec.UnpackZ19},
		"packT0ARM64":    {Func: packT0ARM64, Spec: spec.PackT0},
		"unpackT0ARM64":  {Func: unpackT0ARM64, Spec: spec.UnpackT0},
	})
}
