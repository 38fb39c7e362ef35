//go:build arm64 && !purego

package fe25519

import (
	"testing"

	spec "vg.dev/spec/fe25519"
	"vg.dev/vgtest/directivetest"
)

// TestDirectives checks the //vg: directives the prover reads: every
// assembly stub names exactly one spec function, and that function exists
// with the stub's signature; no stub has a precondition or narrows the
// default secrecy (every parameter secret).
func TestDirectives(t *testing.T) {
	directivetest.Check(t, "fe25519_arm64.go", map[string]directivetest.Stub{
		"mulARM64":    {Func: mulARM64, Spec: spec.Mul},
		"squareARM64": {Func: squareARM64, Spec: spec.Square},
		"carryARM64":  {Func: carryARM64, Spec: spec.Carry},
	})

	directivetest.Check(t, "ops_arm64.go", map[string]directivetest.Stub{
		"addARM64":       {Func: addARM64, Spec: spec.Add},
		"subARM64":       {Func: subARM64, Spec: spec.Sub},
		"negARM64":       {Func: negARM64, Spec: spec.Neg},
		"selectARM64":    {Func: selectARM64, Spec: spec.Select},
		"swapARM64":      {Func: swapARM64, Spec: spec.Swap},
		"reduceARM64":    {Func: reduceARM64, Spec: spec.Reduce},
		"toBytesARM64":   {Func: toBytesARM64, Spec: spec.ToBytes},
		"fromBytesARM64": {Func: fromBytesARM64, Spec: spec.FromBytes},
		"invertARM64":    {Func: invertARM64, Spec: spec.Invert},
	})
}
