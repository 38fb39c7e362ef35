//go:build amd64 && !purego

package mldsa

import (
	"testing"

	"vg.dev/vgtest/directivetest"
)

// TestDirectives checks the directives the prover reads: every assembly
// stub names exactly one spec function, the one asmKernels files it under,
// with the stub's signature, and one precondition over the same parameters
// returning bool; every kernel of asmKernels has a stub and every stub is
// in asmKernels.
func TestDirectives(t *testing.T) {
	stubs := map[string]directivetest.Stub{}
	for name, k := range asmKernels {
		s, ok := specFuncs[name]
		if !ok {
			t.Errorf("%s: %s is filed under no spec function", name, k.name)
			continue
		}
		stubs[k.name] = directivetest.Stub{Func: k.f, Spec: s.f, Requires: s.requires}
	}
	directivetest.Check(t, "mldsa_amd64.go", stubs)
}
