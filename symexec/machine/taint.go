package machine

import "vg.dev/symexec/term"

// Taint answers whether a term has a secret variable in its support,
// remembering the answer for every subterm it visits, so that a lift that
// asks about many terms sharing one DAG (the operands of every multiply of
// a whole X25519 ladder) visits each node once in all, not once per
// question. The answers hold for one secret predicate; a Taint must not be
// shared across runs with different ones.
type Taint struct {
	secret func(*term.Term) bool
	memo   map[*term.Term]bool
}

// NewTaint returns an empty Taint for the predicate secret on variables.
func NewTaint(secret func(*term.Term) bool) *Taint {
	return &Taint{secret: secret, memo: map[*term.Term]bool{}}
}

// Any reports whether any of ts (nil and constants skipped) depends on a
// variable for which the predicate is true.
func (tt *Taint) Any(ts ...*term.Term) bool {
	for _, t := range ts {
		if t != nil && !t.IsConst() && tt.depends(t) {
			return true
		}
	}
	return false
}

func (tt *Taint) depends(x *term.Term) bool {
	if d, ok := tt.memo[x]; ok {
		return d
	}
	d := false
	if x.Op() == term.OpVar {
		d = tt.secret(x)
	} else {
		for _, a := range x.Args() {
			if tt.depends(a) {
				d = true
				break
			}
		}
	}
	tt.memo[x] = d
	return d
}
