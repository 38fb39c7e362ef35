package survey

import (
	"go/ast"
	"go/parser"
	"testing"
)

// TestOnlyPanics: a generic function whose body only panics (a
// placeholder, as internal/bytealg's generic Index) is not a counterpart;
// one that panics on a path, or calls something else, is.
func TestOnlyPanics(t *testing.T) {
	for _, c := range []struct {
		body string
		want bool
	}{
		{`{ panic("unimplemented") }`, true},
		{`{ panic(0) }`, true},
		{`{}`, false},
		{`{ if x { panic(0) }; return }`, false},
		{`{ panic("a"); panic("b") }`, false},
		{`{ f() }`, false},
		{`{ p.panic(0) }`, false},
	} {
		e, err := parser.ParseExpr("func() " + c.body)
		if err != nil {
			t.Fatalf("%s: %v", c.body, err)
		}
		if got := onlyPanics(e.(*ast.FuncLit).Body); got != c.want {
			t.Errorf("onlyPanics(%s) = %v, want %v", c.body, got, c.want)
		}
	}
}
