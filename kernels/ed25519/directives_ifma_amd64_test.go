//go:build amd64 && !purego

package ed25519

import (
	"testing"

	spec "vg.dev/spec/ed25519"
	"vg.dev/vgtest/directivetest"
)

// TestDirectivesIFMA checks the //vg: directives of the stub in
// comb_ifma_amd64.go as TestDirectives checks ed25519_amd64.go's.
func TestDirectivesIFMA(t *testing.T) {
	directivetest.Check(t, "comb_ifma_amd64.go", map[string]directivetest.Stub{
		"scalarBaseIFMA": {Func: scalarBaseIFMA, Spec: spec.ScalarBaseMult52x8},
	})
}
