//go:build cgo

package z3

import "testing"

func TestBoolOps(t *testing.T) {
	ctx := newTestContext(t)
	tests := []struct {
		name string
		op   func(a, b, c Bool) Bool
		ref  func(a, b, c bool) bool
	}{
		{"And", func(a, b, c Bool) Bool { return a.And(b) }, func(a, b, c bool) bool { return a && b }},
		{"And3", func(a, b, c Bool) Bool { return a.And(b, c) }, func(a, b, c bool) bool { return a && b && c }},
		{"And1", func(a, b, c Bool) Bool { return a.And() }, func(a, b, c bool) bool { return a }},
		{"Or", func(a, b, c Bool) Bool { return a.Or(b) }, func(a, b, c bool) bool { return a || b }},
		{"Or3", func(a, b, c Bool) Bool { return a.Or(b, c) }, func(a, b, c bool) bool { return a || b || c }},
		{"Not", func(a, b, c Bool) Bool { return a.Not() }, func(a, b, c bool) bool { return !a }},
		{"Xor", func(a, b, c Bool) Bool { return a.Xor(b) }, func(a, b, c bool) bool { return a != b }},
		{"NE", func(a, b, c Bool) Bool { return a.NE(b) }, func(a, b, c bool) bool { return a != b }},
		{"Eq", func(a, b, c Bool) Bool { return a.Eq(b) }, func(a, b, c bool) bool { return a == b }},
		{"Implies", func(a, b, c Bool) Bool { return a.Implies(b) }, func(a, b, c bool) bool { return !a || b }},
		{"IteBool", func(a, b, c Bool) Bool { return a.IteBool(b, c) }, func(a, b, c bool) bool {
			if a {
				return b
			}
			return c
		}},
		{"BoolIte", func(a, b, c Bool) Bool { return a.Context().BoolIte(a, b, c) }, func(a, b, c bool) bool {
			if a {
				return b
			}
			return c
		}},
		{"Ite", func(a, b, c Bool) Bool { return a.Ite(b, c).(Bool) }, func(a, b, c bool) bool {
			if a {
				return b
			}
			return c
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for i := range 8 {
				a, b, c := i&1 != 0, i&2 != 0, i&4 != 0
				r := tc.op(ctx.FromBool(a), ctx.FromBool(b), ctx.FromBool(c))
				got, ok := r.Simplify().AsBool()
				if !ok {
					t.Fatalf("%v does not simplify to a constant (err %v)", r, r.Err())
				}
				if want := tc.ref(a, b, c); got != want {
					t.Errorf("%s(%v, %v, %v) = %v, want %v", tc.name, a, b, c, got, want)
				}
			}
		})
	}
}

func TestBoolConst(t *testing.T) {
	ctx := newTestContext(t)
	p, q := ctx.BoolConst("p"), ctx.BoolConst("q")
	if _, ok := p.AsBool(); ok {
		t.Errorf("AsBool of a constant succeeded")
	}
	if got := p.And(q).String(); got != "(and p q)" {
		t.Errorf("String = %q", got)
	}
	if k := p.Sort().Kind(); k != KindBool {
		t.Errorf("Sort kind = %v", k)
	}
	// p xor q, p => q, q => p is unsatisfiable.
	s := ctx.NewSolver()
	s.Assert(p.Xor(q))
	s.Assert(p.Implies(q))
	s.Assert(q.Implies(p))
	if r, err := s.Check(); r != Unsat || err != nil {
		t.Errorf("Check = %v, %v; want unsat", r, err)
	}
}
