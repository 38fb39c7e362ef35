//go:build amd64 && !purego

package mldsa

import (
	"testing"

	spec "vg.dev/spec/mldsa"
	"vg.dev/vgtest/directivetest"
)

// specFuncs maps the name of each spec function, as asmKernels is keyed,
// to the function and its precondition.
var specFuncs = map[string]struct{ f, requires any }{
	"NTT":                    {spec.NTT, spec.NTTRequires},
	"InvNTT":                 {spec.InvNTT, spec.InvNTTRequires},
	"PointwiseMontgomery":    {spec.PointwiseMontgomery, spec.PointwiseRequires},
	"PointwiseAccMontgomery": {spec.PointwiseAccMontgomery, spec.PointwiseAccRequires},
	"Add":                    {spec.Add, spec.AddRequires},
	"Sub":                    {spec.Sub, spec.SubRequires},
	"Reduce":                 {spec.Reduce, spec.ReduceRequires},
	"Freeze":                 {spec.Freeze, spec.FreezeRequires},
	"NormExceeds":            {spec.NormExceeds, spec.NormExceedsRequires},
	"Power2Round":            {spec.Power2Round, spec.Power2RoundRequires},
	"Decompose88":            {spec.Decompose88, spec.DecomposeRequires},
	"Decompose32":            {spec.Decompose32, spec.DecomposeRequires},
	"HighBits88":             {spec.HighBits88, spec.HighBitsRequires},
	"HighBits32":             {spec.HighBits32, spec.HighBitsRequires},
	"LowBits88":              {spec.LowBits88, spec.LowBitsRequires},
	"LowBits32":              {spec.LowBits32, spec.LowBitsRequires},
	"MakeHint88":             {spec.MakeHint88, spec.MakeHintRequires},
	"MakeHint32":             {spec.MakeHint32, spec.MakeHintRequires},
	"UseHint88":              {spec.UseHint88, spec.UseHintRequires},
	"UseHint32":              {spec.UseHint32, spec.UseHintRequires},
}

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
