//go:build arm64 && !purego

package fe25519

import (
	"go/ast"
	"go/parser"
	"go/token"
	"reflect"
	"strings"
	"testing"

	spec "vg.dev/spec/fe25519"
)

// TestDirectives checks the //vg:spec directives the prover reads: every
// assembly stub names exactly one spec function, and that function exists
// with the stub's signature.
func TestDirectives(t *testing.T) {
	specs := map[string]any{
		"vg.dev/spec/fe25519.Mul":    spec.Mul,
		"vg.dev/spec/fe25519.Square": spec.Square,
		"vg.dev/spec/fe25519.Carry":  spec.Carry,
	}
	kernels := map[string]any{
		"mulARM64":    mulARM64,
		"squareARM64": squareARM64,
		"carryARM64":  carryARM64,
	}
	f, err := parser.ParseFile(token.NewFileSet(), "fe25519_arm64.go", nil, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, d := range f.Decls {
		fn, ok := d.(*ast.FuncDecl)
		if !ok || fn.Body != nil {
			continue
		}
		name := fn.Name.Name
		seen[name] = true
		var targets []string
		if fn.Doc != nil {
			for _, c := range fn.Doc.List {
				if rest, ok := strings.CutPrefix(c.Text, "//vg:spec "); ok {
					targets = append(targets, strings.TrimSpace(rest))
				}
			}
		}
		if len(targets) != 1 {
			t.Errorf("%s: %d //vg:spec directives, want 1", name, len(targets))
			continue
		}
		s, ok := specs[targets[0]]
		if !ok {
			t.Errorf("%s: //vg:spec %s names no known spec function", name, targets[0])
			continue
		}
		k, ok := kernels[name]
		if !ok {
			t.Errorf("%s: stub missing from this test's table", name)
			continue
		}
		if ks, ss := reflect.TypeOf(k), reflect.TypeOf(s); ks != ss {
			t.Errorf("%s has type %v, its spec %s has %v", name, ks, targets[0], ss)
		}
	}
	for name := range kernels {
		if !seen[name] {
			t.Errorf("%s: no stub found in fe25519_arm64.go", name)
		}
	}
}
