//go:build amd64 && !purego

package ctselect

import (
	"testing"

	spec "vg.dev/spec/ctselect"
	"vg.dev/vgtest/directivetest"
)

// TestDirectivesAVX2 checks the //vg: directives of the stub in
// ctselect_avx2_amd64.go as TestDirectives checks those of
// ctselect_amd64.go: one spec with the stub's type, one precondition over
// the stub's parameters, and the default secrecy (every parameter secret).
func TestDirectivesAVX2(t *testing.T) {
	directivetest.Check(t, "ctselect_avx2_amd64.go", map[string]directivetest.Stub{
		"selectAVX2": {Func: selectAVX2, Spec: spec.Select, Requires: spec.InRange},
	})
}
