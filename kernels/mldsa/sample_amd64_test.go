//go:build amd64 && !purego

package mldsa

import (
	"testing"

	spec "vg.dev/spec/mldsa"
	"vg.dev/vgtest/directivetest"
)

func init() {
	sampleKernels = append(sampleKernels, sampleKernel{"AMD64", rejBounded2AMD64, rejBounded4AMD64, rejUniformAMD64, packHintAMD64, sampleInBallAMD64, unpackHintAMD64})
}

// TestDirectivesSample checks the samplers' stubs' directives, the leak
// each declares among them.
func TestDirectivesSample(t *testing.T) {
	directivetest.Check(t, "sample_amd64.go", map[string]directivetest.Stub{
		"rejUniformAMD64":   {Func: rejUniformAMD64, Spec: spec.RejUniform, Public: []string{"out", "a"}},
		"packHintAMD64":     {Func: packHintAMD64, Spec: spec.PackHint, Public: []string{"out", "h"}},
		"sampleInBallAMD64": {Func: sampleInBallAMD64, Spec: spec.SampleInBallSwaps, Public: []string{"c", "js", "signs", "tau"}, Sizes: "tau=39,49,60"},
		"unpackHintAMD64":   {Func: unpackHintAMD64, Spec: spec.UnpackHint, Public: []string{"h", "y", "first", "end"}},
		"rejBounded2AMD64":  {Func: rejBounded2AMD64, Spec: spec.RejBounded2, Leaks: spec.RejBoundedAccepted2},
		"rejBounded4AMD64":  {Func: rejBounded4AMD64, Spec: spec.RejBounded4, Leaks: spec.RejBoundedAccepted4},
	})
}
