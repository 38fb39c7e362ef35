//go:build amd64 && !purego

package fe25519

import (
	"testing"

	spec "vg.dev/spec/fe25519"
	"vg.dev/vgtest/directivetest"
)

// TestDirectivesIFMA checks the //vg: directives of the stub in
// fe25519_ifma_amd64.go as TestDirectives checks those of fe25519_amd64.go:
// exactly one //vg:spec, naming a spec function of the stub's type, and
// nothing else (every parameter secret, no precondition).
func TestDirectivesIFMA(t *testing.T) {
	directivetest.Check(t, "fe25519_ifma_amd64.go", map[string]directivetest.Stub{
		"mul52x4IFMA": {Func: mul52x4IFMA, Spec: spec.Mul52x4},
	})
}
