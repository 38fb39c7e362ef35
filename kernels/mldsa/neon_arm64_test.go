//go:build arm64 && !purego

package mldsa

import (
	"testing"

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

// TestNEONDirectives checks the directives the prover reads: every stub of
// kernels_arm64.go names exactly one spec function, the one neonKernels or
// neonNTTKernels files it under, with the stub's signature, and one
// precondition over the same parameters returning bool; every NEON kernel
// has a stub and every stub is tested.
func TestNEONDirectives(t *testing.T) {
	stubs := map[string]directivetest.Stub{}
	for _, ks := range []map[string]asmKernel{neonKernels, neonNTTKernels} {
		for name, k := range ks {
			s, ok := specFuncs[name]
			if !ok {
				t.Errorf("%s: %s is filed under no spec function", name, k.name)
				continue
			}
			stubs[k.name] = directivetest.Stub{Func: k.f, Spec: s.f, Requires: s.requires}
		}
	}
	directivetest.Check(t, "kernels_arm64.go", stubs)
}
