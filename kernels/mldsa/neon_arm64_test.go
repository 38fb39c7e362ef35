//go:build arm64 && !purego

package mldsa

import (
	"testing"

	spec "vg.dev/spec/mldsa"
	"vg.dev/vgtest/directivetest"
)

// neonKernels maps each spec function's name to its NEON kernel.
var neonKernels = map[string]asmKernel{
	"PointwiseMontgomery":    {"pointwiseNEON", yes, pointwiseNEON},
	"PointwiseAccMontgomery": {"pointwiseAccNEON", yes, pointwiseAccNEON},
	"Add":                    {"addNEON", yes, addNEON},
	"Sub":                    {"subNEON", yes, subNEON},
	"Reduce":                 {"reduceNEON", yes, reduceNEON},
	"Freeze":                 {"freezeNEON", yes, freezeNEON},
	"NormExceeds":            {"normExceedsNEON", yes, normExceedsNEON},
	"Power2Round":            {"power2RoundNEON", yes, power2RoundNEON},
	"Decompose88":            {"decompose88NEON", yes, decompose88NEON},
	"Decompose32":            {"decompose32NEON", yes, decompose32NEON},
	"HighBits88":             {"highBits88NEON", yes, highBits88NEON},
	"HighBits32":             {"highBits32NEON", yes, highBits32NEON},
	"LowBits88":              {"lowBits88NEON", yes, lowBits88NEON},
	"LowBits32":              {"lowBits32NEON", yes, lowBits32NEON},
	"MakeHint88":             {"makeHint88NEON", yes, makeHint88NEON},
	"MakeHint32":             {"makeHint32NEON", yes, makeHint32NEON},
	"UseHint88":              {"useHint88NEON", yes, useHint88NEON},
	"UseHint32":              {"useHint32NEON", yes, useHint32NEON},
}

// While the public functions on arm64 still dispatch to the generic
// variant (mldsa_noasm.go), the NEON kernels are registered here as the
// assembly kernels of this build, so that every test of the package
// (TestUnary, TestBinary, TestNormExceeds, TestRoundingRandom and the
// exhaustive rounding tests) checks them against the spec. Once the
// dispatch of mldsa_arm64.go is enabled, variants_arm64_test.go lists
// them and this init finds them already there.
func init() {
	for name, k := range neonKernels {
		if _, ok := asmKernels[name]; !ok {
			asmKernels[name] = k
		}
	}
}

// TestNEONRegistered checks that the tests above see every NEON kernel.
func TestNEONRegistered(t *testing.T) {
	for _, ks := range []map[string]asmKernel{neonKernels, neonNTTKernels} {
		for name, k := range ks {
			if got, ok := asmKernels[name]; !ok || got.name != k.name {
				t.Errorf("%s: asmKernels has %q, want %q", name, got.name, k.name)
			}
		}
	}
}

// neonSpecFuncs maps the name of each spec function, as neonKernels and
// neonNTTKernels are keyed, to the function and its precondition.
var neonSpecFuncs = map[string]struct{ f, requires any }{
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

// TestNEONDirectives checks the directives the prover reads: every stub of
// kernels_arm64.go names exactly one spec function, the one neonKernels or
// neonNTTKernels files it under, with the stub's signature, and one
// precondition over the same parameters returning bool; every NEON kernel
// has a stub and every stub is tested.
func TestNEONDirectives(t *testing.T) {
	stubs := map[string]directivetest.Stub{}
	for _, ks := range []map[string]asmKernel{neonKernels, neonNTTKernels} {
		for name, k := range ks {
			s, ok := neonSpecFuncs[name]
			if !ok {
				t.Errorf("%s: %s is filed under no spec function", name, k.name)
				continue
			}
			stubs[k.name] = directivetest.Stub{Func: k.f, Spec: s.f, Requires: s.requires}
		}
	}
	directivetest.Check(t, "kernels_arm64.go", stubs)
}
