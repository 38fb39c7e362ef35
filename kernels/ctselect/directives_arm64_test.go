//go:build arm64 && !purego

package ctselect

import (
	"testing"

	spec "vg.dev/spec/ctselect"
	"vg.dev/vgtest/directivetest"
)

// TestDirectives checks the //vg: directives the prover reads: every
// assembly stub names exactly one spec function and one precondition, both
// exist with the stub's parameters, and no //vg:public or //vg:secret
// directive narrows the default (every parameter secret).
func TestDirectives(t *testing.T) {
	directivetest.Check(t, "ctselect_arm64.go", map[string]directivetest.Stub{
		"selectCSEL": {Func: selectCSEL, Spec: spec.Select, Requires: spec.InRange},
	})
}
