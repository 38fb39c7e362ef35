//go:build cgo

package vgtest

import (
	"strings"
	"testing"

	"vg.dev/prove"
)

func TestProveShippedKernels(t *testing.T) {
	Prove(t, "../kernels/fe25519")
}

func TestFailure(t *testing.T) {
	tests := []struct {
		name string
		r    prove.Result
		want string
	}{
		{"proved", prove.Result{Equivalence: prove.Proved, CT: prove.Proved, Frame: prove.Proved}, ""},
		{"unchanged", prove.Result{Equivalence: prove.Unchanged, CT: prove.Unchanged, Frame: prove.Unchanged}, ""},
		{"refuted", prove.Result{Kernel: "k", Equivalence: prove.Refuted, CT: prove.Proved, Frame: prove.Proved,
			Counterexample: &prove.Counterexample{Diffs: []prove.Diff{{Output: "out[0:8]", Kernel: "00", Spec: "01"}}}}, "out[0:8]: kernel 00, spec 01"},
		{"violated", prove.Result{Kernel: "k", Equivalence: prove.Proved, CT: prove.Violated, Frame: prove.Proved,
			Violations: []prove.Violation{{Kind: prove.KindSecretBranch, File: "k.s", Line: 7, Detail: "JNE"}}}, "k.s:7: secret-branch"},
		{"unknown", prove.Result{Kernel: "k", Equivalence: prove.Unknown, CT: prove.Proved, Frame: prove.Proved, Message: "timeout"}, "equivalence unknown"},
	}
	for _, tt := range tests {
		got := Failure(&tt.r)
		if (tt.want == "") != (got == "") || !strings.Contains(got, tt.want) {
			t.Errorf("%s: %q, want %q", tt.name, got, tt.want)
		}
	}
}
