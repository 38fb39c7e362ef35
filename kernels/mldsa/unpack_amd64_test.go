//go:build amd64 && !purego

package mldsa

import (
	"testing"

	spec "vg.dev/spec/mldsa"
	"vg.dev/vgtest/directivetest"
)

func init() {
	unpackKernels = append(unpackKernels, unpackKernel{"AVX2", hasAVX2, unpackZ17AVX2, unpackZ19AVX2, packT0AMD64, unpackT0AMD64,
		packEta2AMD64, unpackEta2AMD64, packEta4AMD64, unpackEta4AMD64})
}

// TestDirectivesUnpack checks the unpacking stubs' directives.
func TestDirectivesUnpack(t *testing.T) {
	directivetest.Check(t, "unpack_amd64.go", map[string]directivetest.Stub{
		"unpackZ17AVX2":   {Func: unpackZ17AVX2, Spec: spec.UnpackZ17},
		"unpackZ19AVX2":   {Func: unpackZ19AVX2, Spec: spec.UnpackZ19},
		"packT0AMD64":     {Func: packT0AMD64, Spec: spec.PackT0},
		"unpackT0AMD64":   {Func: unpackT0AMD64, Spec: spec.UnpackT0},
		"packEta2AMD64":   {Func: packEta2AMD64, Spec: spec.PackEta2},
		"unpackEta2AMD64": {Func: unpackEta2AMD64, Spec: spec.UnpackEta2},
		"packEta4AMD64":   {Func: packEta4AMD64, Spec: spec.PackEta4},
		"unpackEta4AMD64": {Func: unpackEta4AMD64, Spec: spec.UnpackEta4},
	})
}
