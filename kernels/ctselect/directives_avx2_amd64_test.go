//go:build amd64 && !purego

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

// TestDirectivesAVX2 checks the //vg: directives of the stub in
// ctselect_avx2_amd64.go as TestDirectives checks those of
// ctselect_amd64.go: one spec with the stub's type, one precondition over
// the stub's parameters, and the default secrecy (every parameter secret).
func TestDirectivesAVX2(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "ctselect_avx2_amd64.go", nil, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	var stubs []*ast.FuncDecl
	for _, d := range f.Decls {
		if fn, ok := d.(*ast.FuncDecl); ok && fn.Body == nil {
			stubs = append(stubs, fn)
		}
	}
	if len(stubs) != 1 || stubs[0].Name.Name != "selectAVX2" {
		t.Fatalf("ctselect_avx2_amd64.go: want exactly the stub selectAVX2, found %d stubs", len(stubs))
	}
	dirs := map[string][]string{}
	for _, c := range stubs[0].Doc.List {
		if rest, ok := strings.CutPrefix(c.Text, "//vg:"); ok {
			verb, arg, _ := strings.Cut(rest, " ")
			dirs[verb] = append(dirs[verb], strings.TrimSpace(arg))
		}
	}
	want := map[string][]string{
		"spec":     {"vg.dev/spec/ctselect.Select"},
		"requires": {"vg.dev/spec/ctselect.InRange"},
	}
	if !reflect.DeepEqual(dirs, want) {
		t.Errorf("selectAVX2 directives %v, want %v", dirs, want)
	}
	kt := reflect.TypeOf(selectAVX2)
	if st := reflect.TypeOf(spec.Select); kt != st {
		t.Errorf("selectAVX2 has type %v, its spec has %v", kt, st)
	}
	rt := reflect.TypeOf(spec.InRange)
	if rt.NumIn() != kt.NumIn() || rt.NumOut() != 1 || rt.Out(0).Kind() != reflect.Bool {
		t.Fatalf("precondition has type %v", rt)
	}
	for i := range kt.NumIn() {
		if kt.In(i) != rt.In(i) {
			t.Errorf("parameter %d is %v, the precondition's is %v", i, kt.In(i), rt.In(i))
		}
	}
}
