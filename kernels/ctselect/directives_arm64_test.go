//go:build arm64 && !purego

package ctselect

import (
	"go/ast"
	"go/parser"
	"go/token"
	"reflect"
	"strings"
	"testing"

	spec "vg.dev/spec/ctselect"
)

// TestDirectives checks the //vg: directives the prover reads: every
// assembly stub names exactly one spec function and one precondition, both
// exist with the stub's parameters, and no //vg:public or //vg:secret
// directive narrows the default (every parameter secret).
func TestDirectives(t *testing.T) {
	specs := map[string]any{"vg.dev/spec/ctselect.Select": spec.Select}
	requires := map[string]any{"vg.dev/spec/ctselect.InRange": spec.InRange}
	kernels := map[string]any{"selectCSEL": selectCSEL}
	f, err := parser.ParseFile(token.NewFileSet(), "ctselect_arm64.go", nil, parser.ParseComments)
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
		k, ok := kernels[name]
		if !ok {
			t.Errorf("%s: stub missing from this test's table", name)
			continue
		}
		dirs := map[string][]string{}
		if fn.Doc != nil {
			for _, c := range fn.Doc.List {
				if rest, ok := strings.CutPrefix(c.Text, "//vg:"); ok {
					verb, arg, _ := strings.Cut(rest, " ")
					dirs[verb] = append(dirs[verb], strings.TrimSpace(arg))
				}
			}
		}
		for _, verb := range []string{"public", "secret"} {
			if len(dirs[verb]) != 0 {
				t.Errorf("%s: //vg:%s %v; want the default, all secret", name, verb, dirs[verb])
			}
		}
		if len(dirs["spec"]) != 1 {
			t.Errorf("%s: %d //vg:spec directives, want 1", name, len(dirs["spec"]))
		} else if s, ok := specs[dirs["spec"][0]]; !ok {
			t.Errorf("%s: //vg:spec %s names no known spec function", name, dirs["spec"][0])
		} else if ks, ss := reflect.TypeOf(k), reflect.TypeOf(s); ks != ss {
			t.Errorf("%s has type %v, its spec has %v", name, ks, ss)
		}
		if len(dirs["requires"]) != 1 {
			t.Errorf("%s: %d //vg:requires directives, want 1", name, len(dirs["requires"]))
		} else if r, ok := requires[dirs["requires"][0]]; !ok {
			t.Errorf("%s: //vg:requires %s names no known predicate", name, dirs["requires"][0])
		} else {
			kt, rt := reflect.TypeOf(k), reflect.TypeOf(r)
			if rt.NumOut() != 1 || rt.Out(0).Kind() != reflect.Bool || rt.NumIn() != kt.NumIn() {
				t.Errorf("%s: precondition has type %v", name, rt)
			} else {
				for i := range kt.NumIn() {
					if kt.In(i) != rt.In(i) {
						t.Errorf("%s: parameter %d is %v, the precondition's is %v", name, i, kt.In(i), rt.In(i))
					}
				}
			}
		}
	}
	for name := range kernels {
		if !seen[name] {
			t.Errorf("%s: no stub found in ctselect_arm64.go", name)
		}
	}
}
