//go:build arm64 && !purego

package mldsa

import (
	"testing"

	spec "vg.dev/spec/mldsa"
	"vg.dev/vgtest/directivetest"
)

func init() {
	sampleKernels = append(sampleKernels, sampleKernel{"ARM64", rejBounded2ARM64, rejBounded4ARM64, rejUniformARM64, spec.RejUniform, packHintARM64, sampleInBallARM64, unpackHintARM64})
}

// TestDirectivesSample checks the samplers' stubs' directives, the leak
// each declares among them.
func TestDirectivesSample(t *testing.T) {
	directivetest.Check(t, "sample_arm64.go", map[string]directivetest.Stub{
		"rejUniformARM64":   {Func: rejUniformARM64, Spec: spec.RejUniform, Public: []string{"out", "a"}},
		"packHintARM64":     {Func: packHintARM64, Spec: spec.PackHint, Public: []string{"out", "h"}},
		"sampleInBallARM64": {Func: sampleInBallARM64, Spec: spec.SampleInBallSwaps, Public: []string{"c", "js", "signs", "tau"}, Sizes: "tau=39,49,60"},
		"unpackHintARM64":   {Func: unpackHintARM64, Spec: spec.UnpackHint, Public: []string{"h", "y", "first", "end"}},
		"rejBounded2ARM64":  {Func: rejBounded2ARM64, Spec: spec.RejBounded2, Leaks: spec.RejBoundedAccepted2},
		"rejBounded4ARM64":  {Func: rejBounded4ARM64, Spec: spec.RejBounded4, Leaks: spec.RejBoundedAccepted4},
	})
}
