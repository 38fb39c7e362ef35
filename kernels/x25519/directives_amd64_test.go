//go:build amd64 && !purego

package x25519

import (
	"testing"

	spec "vg.dev/spec/x25519"
	"vg.dev/vgtest/directivetest"
)

// TestDirectives checks the //vg: directives of the stubs: one spec each,
// with the stub's signature, every parameter secret.
func TestDirectives(t *testing.T) {
	directivetest.Check(t, "x25519_amd64.go", map[string]directivetest.Stub{
		"ladderADX":  {Func: ladderADX, Spec: spec.Ladder},
		"stepADX":    {Func: stepADX, Spec: spec.StepState},
		"stepIFMA":   {Func: stepIFMA, Spec: spec.StepState52x4},
		"ladderIFMA": {Func: ladderIFMA, Spec: spec.Ladder52x4},
	})
}
