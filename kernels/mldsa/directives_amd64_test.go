//go:build amd64 && !purego

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

// specFuncs are the spec functions and preconditions the directives may
// name.
var specFuncs = map[string]any{
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

// TestDirectives checks the directives the prover reads: every assembly
// stub names exactly one spec function, with the stub's signature, and one
// precondition over the same parameters returning bool; and every kernel
// of asmKernels has a stub.
func TestDirectives(t *testing.T) {
	kernels := map[string]any{}
	for _, k := range asmKernels {
		kernels[k.name] = k.f
	}
	f, err := parser.ParseFile(token.NewFileSet(), "mldsa_amd64.go", nil, parser.ParseComments)
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
			t.Errorf("%s: stub missing from asmKernels", name)
			continue
		}
		kt := reflect.TypeOf(k)
		s, ok := specFuncs[strings.TrimPrefix(specs[0], pkg)]
		if !strings.HasPrefix(specs[0], pkg) || !ok {
			t.Errorf("%s: //vg:spec %s names no known spec function", name, specs[0])
		} else if st := reflect.TypeOf(s); st != kt {
			t.Errorf("%s has type %v, its spec %s has %v", name, kt, specs[0], st)
		}
		r, ok := specFuncs[strings.TrimPrefix(reqs[0], pkg)]
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
			t.Errorf("%s: no stub found in mldsa_amd64.go", name)
		}
	}
}
