//go:build arm64 && !purego

package mldsa

import (
	"testing"

	spec "vg.dev/spec/mldsa"
	"vg.dev/vgtest/directivetest"
)

func init() {
	sampleKernels = append(sampleKernels, sampleKernel{"ARM64", rejBounded2ARM64, rejBounded4ARM64, rejUniformARM64})
}

// TestDirectivesSample checks the samplers' stubs' directives, the leak
// each declares among them.
func TestDirectivesSample(t *testing.T) {
	directivetest.Check(t, "sample_arm64.go", map[string]directivetest.Stub{
		"rejUniformARM64":  {Func: rejUniformARM64, Spec: spec.RejUniform, Public: []string{"out", "a"}},
		"rejBounded2ARM64": {Func: rejBounded2ARM64, Spec: spec.RejBounded2, Leaks: spec.RejBoundedAccepted2},
		"rejBounded4ARM64": {Func: rejBounded4ARM64, Spec: spec.RejBounded4, Leaks: spec.RejBoundedAccepted4},
	})
}
