//go:build amd64 && !purego

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
	directivetest.Check(t, "fe25519_amd64.go", map[string]directivetest.Stub{
		"mulADX":     {Func: mulADX, Spec: spec.Mul},
		"mulMULQ":    {Func: mulMULQ, Spec: spec.Mul},
		"squareADX":  {Func: squareADX, Spec: spec.Square},
		"squareMULQ": {Func: squareMULQ, Spec: spec.Square},
		"carryAMD64": {Func: carryAMD64, Spec: spec.Carry},
	})

	directivetest.Check(t, "ops_amd64.go", map[string]directivetest.Stub{
		"addAMD64":       {Func: addAMD64, Spec: spec.Add},
		"subAMD64":       {Func: subAMD64, Spec: spec.Sub},
		"negAMD64":       {Func: negAMD64, Spec: spec.Neg},
		"selectAMD64":    {Func: selectAMD64, Spec: spec.Select},
		"swapAMD64":      {Func: swapAMD64, Spec: spec.Swap},
		"reduceAMD64":    {Func: reduceAMD64, Spec: spec.Reduce},
		"toBytesAMD64":   {Func: toBytesAMD64, Spec: spec.ToBytes},
		"fromBytesAMD64": {Func: fromBytesAMD64, Spec: spec.FromBytes},
		"invertADX":      {Func: invertADX, Spec: spec.Invert},
	})
}
