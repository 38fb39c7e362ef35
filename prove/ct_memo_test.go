package prove

import (
	"math/rand/v2"
	"testing"

	"vg.dev/symexec/term"
)

// TestMentionsSecretMemo checks the memoised taint test against its
// definition (some variable of term.Support is secret) on every subterm
// of random DAGs over secret and public variables, asked in random order
// so that the memo is met both filled and empty; and that a long chain
// of public products, each asked once, is answered in time linear in its
// length (a whole exponentiation's multiplies with public inputs).
func TestMentionsSecretMemo(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for round := range 20 {
		b := term.NewBuilder()
		in := &inputs{secret: map[*term.Term]bool{}}
		var pool []*term.Term
		for i := range 6 {
			v := b.Var(string(rune('a'+i)), 64)
			in.secret[v] = i < round%4 // rounds with no secret at all too
			pool = append(pool, v)
		}
		for range 200 {
			x, y := pool[r.IntN(len(pool))], pool[r.IntN(len(pool))]
			var z *term.Term
			switch r.IntN(4) {
			case 0:
				z = b.Add(x, y)
			case 1:
				z = b.Mul(x, y)
			case 2:
				z = b.Xor(x, y)
			default:
				z = b.And(x, b.Uint(r.Uint64(), 64))
			}
			pool = append(pool, z)
		}
		sv := &solveState{b: b, in: in}
		for _, i := range r.Perm(len(pool)) {
			x := pool[i]
			want := false
			for _, v := range term.Support(x) {
				want = want || in.secret[v]
			}
			if got := sv.mentionsSecret(x); got != want {
				t.Fatalf("round %d: mentionsSecret(%v) = %v, want %v", round, x, got, want)
			}
		}
	}

	b := term.NewBuilder()
	x := b.Var("x", 64)
	in := &inputs{secret: map[*term.Term]bool{x: false}}
	sv := &solveState{b: b, in: in}
	chain := x
	var asked []*term.Term
	const n = 20000
	for i := range n {
		chain = b.Add(b.Mul(chain, chain), b.Uint(uint64(i), 64))
		asked = append(asked, chain)
		if sv.mentionsSecret(chain) {
			t.Fatal("a chain over a public variable mentions a secret")
		}
	}
	// Each term was answered once and kept: the memo holds every term
	// asked and no more terms than the DAG of everything asked has.
	for _, c := range asked {
		if _, ok := sv.secretMemo[c]; !ok {
			t.Fatal("a term asked is not in the memo")
		}
	}
	if got, want := len(sv.secretMemo), term.Size(asked...); got > want {
		t.Fatalf("memo holds %d terms, what was asked has %d", got, want)
	}
}
