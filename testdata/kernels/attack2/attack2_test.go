//go:build amd64 || arm64

package attack2

import (
	"fmt"
	"testing"
)

// misbehaviour is a kernel called with its pointers equal and its spec
// called the same way, each giving what it left, printed.
type misbehaviour struct {
	name         string
	kernel, spec func() string
}

// inPlace2 runs f with both pointers at one copy of x, and returns the
// array after and the result, printed.
func inPlace2(f func(out, a *[2]uint64) uint64) string {
	x := [2]uint64{7, 2}
	r := f(&x, &x)
	return fmt.Sprint(x, r)
}

// void2 adapts a kernel or spec with no result to inPlace2.
func void2(f func(out, a *[2]uint64)) func(out, a *[2]uint64) uint64 {
	return func(out, a *[2]uint64) uint64 { f(out, a); return 0 }
}

// inPlace4 is inPlace2 for arrays of four words.
func inPlace4(f func(out, a *[4]uint64)) string {
	x := [4]uint64{7, 2, 3, 4}
	f(&x, &x)
	return fmt.Sprint(x)
}

// TestMisbehaviourInPlace: each attack kernel differs from its spec when
// its pointers are equal. It fails when one does not (no trap).
func TestMisbehaviourInPlace(t *testing.T) {
	for _, c := range misbehaviourCases {
		t.Run(c.name, func(t *testing.T) {
			k, s := c.kernel(), c.spec()
			if k == s {
				t.Fatalf("kernel %s, spec %s: no misbehaviour in place", k, s)
			}
			t.Logf("kernel %s, spec %s", k, s)
		})
	}
}
