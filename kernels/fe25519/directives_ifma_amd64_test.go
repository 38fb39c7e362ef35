//go:build amd64 && !purego

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

// TestDirectivesIFMA checks the //vg: directives of the stub in
// fe25519_ifma_amd64.go as TestDirectives checks those of fe25519_amd64.go:
// exactly one //vg:spec, naming a spec function of the stub's type, and
// nothing else (every parameter secret, no precondition).
func TestDirectivesIFMA(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "fe25519_ifma_amd64.go", nil, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	var stubs []*ast.FuncDecl
	for _, d := range f.Decls {
		if fn, ok := d.(*ast.FuncDecl); ok && fn.Body == nil {
			stubs = append(stubs, fn)
		}
	}
	if len(stubs) != 1 || stubs[0].Name.Name != "mul52x4IFMA" {
		t.Fatalf("fe25519_ifma_amd64.go: want exactly the stub mul52x4IFMA, found %d stubs", len(stubs))
	}
	dirs := map[string][]string{}
	for _, c := range stubs[0].Doc.List {
		if rest, ok := strings.CutPrefix(c.Text, "//vg:"); ok {
			verb, arg, _ := strings.Cut(rest, " ")
			dirs[verb] = append(dirs[verb], strings.TrimSpace(arg))
		}
	}
	if want := map[string][]string{"spec": {"vg.dev/spec/fe25519.Mul52x4"}}; !reflect.DeepEqual(dirs, want) {
		t.Errorf("mul52x4IFMA directives %v, want %v", dirs, want)
	}
	if kt, st := reflect.TypeOf(mul52x4IFMA), reflect.TypeOf(spec.Mul52x4); kt != st {
		t.Errorf("mul52x4IFMA has type %v, its spec has %v", kt, st)
	}
}
