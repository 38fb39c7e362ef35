package term

import (
	"fmt"
	"testing"
)

// TestInternUnique builds the same terms twice and checks that equal fields
// give one term and different fields different terms, with the table's
// tags at full width and narrowed to a few bits (so that most probes meet
// terms of other fields with the same tag, and the table grows while full
// of them).
func TestInternUnique(t *testing.T) {
	for _, bits := range []uint{32, 4, 0} {
		t.Run(fmt.Sprintf("tag bits %d", bits), func(t *testing.T) {
			defer func(m uint32) { tagMask = m }(tagMask)
			tagMask = uint32(1)<<bits - 1
			b := NewRawBuilder()
			x, y := b.Var("x", 64), b.Var("y", 32)
			build := func(i int) []*Term {
				c := b.Uint(uint64(i), 64)
				return []*Term{
					c,
					b.Add(x, c),
					b.Mul(c, x),
					b.Extract(b.Add(x, c), i%64, 0),
					b.Concat(y, b.Extract(c, 31, 0)),
					b.Var(fmt.Sprintf("v%d", i), 1+i%100),
				}
			}
			const n = 1500
			first := make([][]*Term, n)
			seen := map[*Term]string{}
			for i := range first {
				first[i] = build(i)
				for j, u := range first[i] {
					what := fmt.Sprintf("term %d of %d", j, i)
					if prev, dup := seen[u]; dup && prev != what {
						t.Fatalf("%s and %s are one term %v", prev, what, u)
					}
					seen[u] = what
				}
			}
			for i := range first {
				for j, u := range build(i) {
					if u != first[i][j] {
						t.Fatalf("term %d of %d built again is a new term: %v vs %v", j, i, u, first[i][j])
					}
				}
			}
			if b.Len() < 6*n {
				t.Fatalf("%d terms, want at least %d", b.Len(), 6*n)
			}
		})
	}
}
