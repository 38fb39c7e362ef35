//go:build arm64 && !purego

package mldsa

import (
	"go/ast"
	"go/parser"
	"go/token"
	"reflect"
	"strings"
	"testing"

	spec "vg.dev/spec/mldsa"
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

// neonSpecFuncs are the spec functions and preconditions the directives
// of kernels_arm64.go may name.
var neonSpecFuncs = map[string]any{
	"NTT":                    spec.NTT,
	"InvNTT":                 spec.InvNTT,
	"PointwiseMontgomery":    spec.PointwiseMontgomery,
	"PointwiseAccMontgomery": spec.PointwiseAccMontgomery,
	"Add":                    spec.Add,
	"Sub":                    spec.Sub,
	"Reduce":                 spec.Reduce,
	"Freeze":                 spec.Freeze,
	"NormExceeds":            spec.NormExceeds,
	"Power2Round":            spec.Power2Round,
	"Decompose88":            spec.Decompose88,
	"Decompose32":            spec.Decompose32,
	"HighBits88":             spec.HighBits88,
	"HighBits32":             spec.HighBits32,
	"LowBits88":              spec.LowBits88,
	"LowBits32":              spec.LowBits32,
	"MakeHint88":             spec.MakeHint88,
	"MakeHint32":             spec.MakeHint32,
	"UseHint88":              spec.UseHint88,
	"UseHint32":              spec.UseHint32,

	"NTTRequires":          spec.NTTRequires,
	"InvNTTRequires":       spec.InvNTTRequires,
	"PointwiseRequires":    spec.PointwiseRequires,
	"PointwiseAccRequires": spec.PointwiseAccRequires,
	"AddRequires":          spec.AddRequires,
	"SubRequires":          spec.SubRequires,
	"ReduceRequires":       spec.ReduceRequires,
	"FreezeRequires":       spec.FreezeRequires,
	"NormExceedsRequires":  spec.NormExceedsRequires,
	"Power2RoundRequires":  spec.Power2RoundRequires,
	"DecomposeRequires":    spec.DecomposeRequires,
	"HighBitsRequires":     spec.HighBitsRequires,
	"LowBitsRequires":      spec.LowBitsRequires,
	"MakeHintRequires":     spec.MakeHintRequires,
	"UseHintRequires":      spec.UseHintRequires,
}

// TestNEONDirectives checks the directives the prover reads: every stub of
// kernels_arm64.go names exactly one spec function, with the stub's
// signature, and one precondition over the same parameters returning
// bool; every NEON kernel has a stub and every stub is tested.
func TestNEONDirectives(t *testing.T) {
	kernels := map[string]any{}
	for _, k := range neonKernels {
		kernels[k.name] = k.f
	}
	for _, k := range neonNTTKernels {
		kernels[k.name] = k.f
	}
	f, err := parser.ParseFile(token.NewFileSet(), "kernels_arm64.go", nil, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	const pkg = "vg.dev/spec/mldsa."
	seen := map[string]bool{}
	for _, d := range f.Decls {
		fn, ok := d.(*ast.FuncDecl)
		if !ok || fn.Body != nil {
			continue
		}
		name := fn.Name.Name
		seen[name] = true
		var specs, reqs []string
		if fn.Doc != nil {
			for _, c := range fn.Doc.List {
				if rest, ok := strings.CutPrefix(c.Text, "//vg:spec "); ok {
					specs = append(specs, strings.TrimSpace(rest))
				}
				if rest, ok := strings.CutPrefix(c.Text, "//vg:requires "); ok {
					reqs = append(reqs, strings.TrimSpace(rest))
				}
			}
		}
		if len(specs) != 1 || len(reqs) != 1 {
			t.Errorf("%s: %d //vg:spec and %d //vg:requires directives, want 1 each", name, len(specs), len(reqs))
			continue
		}
		k, ok := kernels[name]
		if !ok {
			t.Errorf("%s: stub missing from neonKernels", name)
			continue
		}
		kt := reflect.TypeOf(k)
		s, ok := neonSpecFuncs[strings.TrimPrefix(specs[0], pkg)]
		if !strings.HasPrefix(specs[0], pkg) || !ok {
			t.Errorf("%s: //vg:spec %s names no known spec function", name, specs[0])
		} else if st := reflect.TypeOf(s); st != kt {
			t.Errorf("%s has type %v, its spec %s has %v", name, kt, specs[0], st)
		}
		r, ok := neonSpecFuncs[strings.TrimPrefix(reqs[0], pkg)]
		if !strings.HasPrefix(reqs[0], pkg) || !ok {
			t.Errorf("%s: //vg:requires %s names no known predicate", name, reqs[0])
			continue
		}
		rt := reflect.TypeOf(r)
		if rt.NumIn() != kt.NumIn() || rt.NumOut() != 1 || rt.Out(0).Kind() != reflect.Bool {
			t.Errorf("%s: precondition %s has type %v", name, reqs[0], rt)
			continue
		}
		for i := range rt.NumIn() {
			if rt.In(i) != kt.In(i) {
				t.Errorf("%s: precondition %s has type %v, kernel %v", name, reqs[0], rt, kt)
			}
		}
	}
	for name := range kernels {
		if !seen[name] {
			t.Errorf("%s: no stub found in kernels_arm64.go", name)
		}
	}
}
