//go:build arm64 && !purego

package ed25519

import (
	"testing"

	spec "vg.dev/spec/ed25519"
	"vg.dev/vgtest/directivetest"
)

// TestDirectives checks the //vg: directives of the stubs: one spec each,
// with the stub's signature, every parameter secret.
func TestDirectives(t *testing.T) {
	directivetest.Check(t, "ed25519_arm64.go", map[string]directivetest.Stub{
		"combAddARM64":    {Func: combAddARM64, Spec: spec.CombAdd},
		"scalarBaseARM64": {Func: scalarBaseARM64, Spec: spec.ScalarBaseMult},
	})
}
