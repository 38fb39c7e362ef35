package obligation

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

func lines(texts ...string) []Line {
	var ls []Line
	for _, t := range texts {
		ls = append(ls, Line{Text: t})
	}
	return ls
}

func TestParse(t *testing.T) {
	tests := []struct {
		name    string
		in      []string
		want    Directives
		none    bool
		wantErr string
	}{
		{name: "none", in: []string{"// mulADX multiplies.", "//go:noescape"}, none: true},
		{name: "spec only", in: []string{"//vg:spec vg.dev/spec/fe25519.Mul"}, want: Directives{Spec: "vg.dev/spec/fe25519.Mul"}},
		{name: "local spec", in: []string{"//vg:spec mulGeneric"}, want: Directives{Spec: "mulGeneric"}},
		{name: "all", in: []string{"//vg:spec S", "//vg:secret a b", "//vg:public n,m", "//vg:requires ok", "//vg:sizes z,x=1,4"},
			want: Directives{Spec: "S", Secret: []string{"a", "b"}, Public: []string{"n", "m"}, Requires: "ok",
				Sizes: []SizeSet{{Params: []string{"z", "x"}, Lens: []int{1, 4}}}}},
		{name: "unknown verb", in: []string{"//vg:spec S", "//vg:secrets a"}, wantErr: "unknown directive vg:secrets"},
		{name: "no spec", in: []string{"//vg:secret a"}, wantErr: "without //vg:spec"},
		{name: "two specs", in: []string{"//vg:spec S", "//vg:spec T"}, wantErr: "second //vg:spec"},
		{name: "empty spec", in: []string{"//vg:spec"}, wantErr: "want one function name"},
		{name: "spec with spaces", in: []string{"//vg:spec a b"}, wantErr: "want one function name"},
		{name: "bad sizes", in: []string{"//vg:spec S", "//vg:sizes x=one"}, wantErr: `"one" is not a length`},
		{name: "size tuples", in: []string{"//vg:spec S", "//vg:sizes nr,xk=10:44,14:60"},
			want: Directives{Spec: "S", Sizes: []SizeSet{{Params: []string{"nr", "xk"}, Each: [][]int{{10, 44}, {14, 60}}}}}},
		{name: "short tuple", in: []string{"//vg:spec S", "//vg:sizes nr,xk=10:44,14"}, wantErr: "mix of lengths and tuples"},
		{name: "tuple arity", in: []string{"//vg:spec S", "//vg:sizes nr,xk=10:44:1"}, wantErr: "one length per parameter (2)"},
		{name: "sizes without =", in: []string{"//vg:spec S", "//vg:sizes x"}, wantErr: "want p1,p2=n1,n2"},
		{name: "bad param", in: []string{"//vg:spec S", "//vg:secret 9a"}, wantErr: `"9a" is not a parameter or variable name`},
		{name: "leaks", in: []string{"//vg:spec S", "//vg:leaks vg.dev/spec/mldsa.Accepted"}, want: Directives{Spec: "S", Leaks: "vg.dev/spec/mldsa.Accepted"}},
		{name: "two leaks", in: []string{"//vg:spec S", "//vg:leaks L", "//vg:leaks M"}, wantErr: "second //vg:leaks"},
		{name: "leaks list", in: []string{"//vg:spec S", "//vg:leaks L,M"}, wantErr: "want one function name"},
		{name: "leaks unverified", in: []string{"//vg:unverified reason", "//vg:leaks L"}, wantErr: "what it leaks is not checked"},
		{name: "pageread", in: []string{"//vg:spec S", "//vg:pageread"}, want: Directives{Spec: "S", PageReads: true}},
		{name: "pageread with arguments", in: []string{"//vg:spec S", "//vg:pageread b"}, wantErr: "takes no arguments"},
		{name: "tail", in: []string{"//vg:spec S", "//vg:tail p=128, q=8"}, want: Directives{Spec: "S", Tail: map[string]int{"p": 128, "q": 8}}},
		{name: "tail without a length", in: []string{"//vg:spec S", "//vg:tail p"}, wantErr: "want p=n"},
		{name: "tail of 0", in: []string{"//vg:spec S", "//vg:tail p=0"}, wantErr: "want p=n"},
		{name: "tail twice", in: []string{"//vg:spec S", "//vg:tail p=8", "//vg:tail q=8"}, wantErr: "second //vg:tail"},
		{name: "tail of one slice twice", in: []string{"//vg:spec S", "//vg:tail p=8 p=16"}, wantErr: "second tail for p"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, ok, err := Parse(lines(tt.in...))
			if tt.wantErr != "" {
				var de *DirectiveError
				if !errors.As(err, &de) || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err = %v, want a DirectiveError containing %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if ok == tt.none {
				t.Fatalf("ok = %v", ok)
			}
			if !reflect.DeepEqual(d, tt.want) {
				t.Errorf("got %+v, want %+v", d, tt.want)
			}
		})
	}
}

func TestExpandAndNames(t *testing.T) {
	got := Expand([]SizeSet{{Params: []string{"x", "y"}, Lens: []int{1, 4}}, {Params: []string{"z"}, Lens: []int{2}}})
	want := []map[string]int{{"x": 1, "y": 1, "z": 2}, {"x": 4, "y": 4, "z": 2}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Expand = %v", got)
	}
	got = Expand([]SizeSet{{Params: []string{"nr", "xk"}, Each: [][]int{{10, 44}, {14, 60}}}, {Params: []string{"dst", "src"}, Lens: []int{16}}})
	want = []map[string]int{{"nr": 10, "xk": 44, "dst": 16, "src": 16}, {"nr": 14, "xk": 60, "dst": 16, "src": 16}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Expand of tuples = %v", got)
	}
	for _, tt := range []struct{ q, pkg, name string }{
		{"vg.dev/spec/fe25519.Mul", "vg.dev/spec/fe25519", "Mul"},
		{"crypto/internal/fips140/edwards25519/field.feMulGeneric", "crypto/internal/fips140/edwards25519/field", "feMulGeneric"},
		{"math/big.addVV", "math/big", "addVV"},
	} {
		pkg, name, ok := SplitName(tt.q)
		if !ok || pkg != tt.pkg || name != tt.name {
			t.Errorf("SplitName(%q) = %q %q %v", tt.q, pkg, name, ok)
		}
	}
	if q := Qualify("mulGeneric", "vg.dev/kernels/fe25519"); q != "vg.dev/kernels/fe25519.mulGeneric" {
		t.Errorf("Qualify = %q", q)
	}
	o := Obligation{Public: []string{"n"}}
	if !o.IsSecret("a") || o.IsSecret("n") {
		t.Error("default secrecy wrong")
	}
	o.Secret = []string{"a"}
	if !o.IsSecret("a") || o.IsSecret("b") {
		t.Error("explicit secrecy wrong")
	}
}
