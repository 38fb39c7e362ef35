package obligation

import (
	"errors"
	"testing"
)

// FuzzParse feeds random directive lines to the parser: it must return
// directives or a *DirectiveError, never panic, and what it accepts must
// be well formed.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"//vg:spec vg.dev/spec/fe25519.Mul", "//vg:sizes x,y=1,4", "//vg:secret a b", "//vg:public n,m",
		"//vg:requires ok", "//vg:spec", "//vg:sizes x=", "//vg:bogus", "//vg:sizes =1"} {
		f.Add(s, "//vg:spec S")
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		d, ok, err := Parse([]Line{{Text: a}, {Text: b}})
		if err != nil {
			var de *DirectiveError
			if !errors.As(err, &de) || de.Msg == "" {
				t.Fatalf("error %v is not a DirectiveError", err)
			}
			return
		}
		if !ok {
			return
		}
		if d.Spec == "" {
			t.Fatal("accepted directives without a spec")
		}
		for _, s := range d.Sizes {
			if len(s.Params) == 0 || len(s.Lens)+len(s.Each) == 0 {
				t.Fatalf("empty size set %+v", s)
			}
		}
		for _, sz := range Expand(d.Sizes) {
			for p := range sz {
				if !isIdent(p) {
					t.Fatalf("size for %q", p)
				}
			}
		}
	})
}
