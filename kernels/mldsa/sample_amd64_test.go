//go:build amd64 && !purego

package mldsa

import (
	"testing"

	"vg.dev/kernels/internal/cpuid"
	spec "vg.dev/spec/mldsa"
	"vg.dev/vgtest/directivetest"
)

func init() {
	sampleKernels = append(sampleKernels, sampleKernel{"AMD64", rejBounded2AMD64, rejBounded4AMD64, rejUniformAMD64, spec.RejUniform, packHintAMD64, sampleInBallAMD64, unpackHintAMD64})
	if cpuid.Has("avx512f") && cpuid.Has("avx512vl") && cpuid.Has("avx512vbmi") && cpuid.Has("popcnt") {
		uniformKernels = append(uniformKernels, sampleKernel{name: "AVX512", uniform: rejUniformAVX512, uniformSpec: spec.RejUniformPacked})
	}
}

// TestDirectivesSample checks the samplers' stubs' directives, the leak
// each declares among them.
func TestDirectivesSample(t *testing.T) {
	directivetest.Check(t, "sample_amd64.go", map[string]directivetest.Stub{
		"rejUniformAMD64":   {Func: rejUniformAMD64, Spec: spec.RejUniform, Public: []string{"out", "a"}},
		"rejUniformAVX512":  {Func: rejUniformAVX512, Spec: spec.RejUniformPacked, Public: []string{"out", "a"}},
		"packHintAMD64":     {Func: packHintAMD64, Spec: spec.PackHint, Public: []string{"out", "h"}},
		"sampleInBallAMD64": {Func: sampleInBallAMD64, Spec: spec.SampleInBallSwaps, Public: []string{"c", "js", "signs", "tau"}, Sizes: "tau=39,49,60"},
		"unpackHintAMD64":   {Func: unpackHintAMD64, Spec: spec.UnpackHint, Public: []string{"h", "y", "first", "end"}},
		"rejBounded2AMD64":  {Func: rejBounded2AMD64, Spec: spec.RejBounded2, Leaks: spec.RejBoundedAccepted2},
		"rejBounded4AMD64":  {Func: rejBounded4AMD64, Spec: spec.RejBounded4, Leaks: spec.RejBoundedAccepted4},
	})
}
