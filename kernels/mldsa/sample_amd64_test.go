//go:build amd64 && !purego

package mldsa

import (
	"testing"

	spec "vg.dev/spec/mldsa"
	"vg.dev/vgtest/directivetest"
)

func init() {
	sampleKernels = append(sampleKernels, sampleKernel{"AMD64", rejBounded2AMD64, rejBounded4AMD64, rejUniformAMD64})
}

// TestDirectivesSample checks the samplers' stubs' directives, the leak
// each declares among them.
func TestDirectivesSample(t *testing.T) {
	directivetest.Check(t, "sample_amd64.go", map[string]directivetest.Stub{
		"rejUniformAMD64":  {Func: rejUniformAMD64, Spec: spec.RejUniform, Public: []string{"out", "a"}},
		"rejBounded2AMD64": {Func: rejBounded2AMD64, Spec: spec.RejBounded2, Leaks: spec.RejBoundedAccepted2},
		"rejBounded4AMD64": {Func: rejBounded4AMD64, Spec: spec.RejBounded4, Leaks: spec.RejBoundedAccepted4},
	})
}
