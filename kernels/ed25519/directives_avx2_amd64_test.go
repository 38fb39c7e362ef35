//go:build amd64 && !purego

package ed25519

import (
	"testing"

	spec "vg.dev/spec/ed25519"
	"vg.dev/vgtest/directivetest"
)

// TestDirectivesAVX2 checks the //vg: directives of the stub in
// ed25519_avx2_amd64.go as TestDirectives checks ed25519_amd64.go's.
func TestDirectivesAVX2(t *testing.T) {
	directivetest.Check(t, "ed25519_avx2_amd64.go", map[string]directivetest.Stub{
		"scalarBaseAVX2": {Func: scalarBaseAVX2, Spec: spec.ScalarBaseMult},
	})
}
