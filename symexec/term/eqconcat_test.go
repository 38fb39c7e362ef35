package term

import (
	"fmt"
	"math/big"
	"math/rand"
	"testing"
)

// TestEqOfConcatRandom: Eq(concat(k, parts...), c) against an
// independent big.Int computation, random widths (1..) and part kinds.
func TestEqOfConcatRandom(t *testing.T) {
	rng := rand.New(rand.NewSource(42))
	fired, decidedFalse := 0, 0
	for it := 0; it < 20000; it++ {
		b := NewBuilder()
		np := 2 + rng.Intn(4)
		type part struct {
			t   *Term
			val func(env map[string]*big.Int) *big.Int
		}
		var parts []part
		total := 0
		env := map[string]*big.Int{}
		vals := map[*Term]Value{}
		for i := 0; i < np; i++ {
			maxw := 512 - total - (np - i - 1)
			if maxw < 1 {
				break
			}
			w := 1 + rng.Intn(min(maxw, []int{1, 2, 8, 33, 70, 130}[rng.Intn(6)]))
			total += w
			kind := rng.Intn(4)
			if i == 0 {
				kind = 0
			}
			name := fmt.Sprintf("v%d", i)
			switch kind {
			case 0: // const
				x := new(big.Int).Rand(rng, new(big.Int).Lsh(big.NewInt(1), uint(w)))
				if rng.Intn(3) == 0 {
					x.SetInt64(0)
				}
				c := b.Const(BigValue(x, w), w)
				parts = append(parts, part{c, func(map[string]*big.Int) *big.Int { return x }})
			case 1, 3: // var
				v := b.Var(name, w)
				x := new(big.Int).Rand(rng, new(big.Int).Lsh(big.NewInt(1), uint(w)))
				env[name] = x
				vals[v] = BigValue(x, w)
				parts = append(parts, part{v, func(e map[string]*big.Int) *big.Int { return e[name] }})
			case 2: // extract of a wider var (top bits)
				vw := w + 1 + rng.Intn(8)
				if vw > 512 {
					vw = 512
				}
				v := b.Var(name, vw)
				x := new(big.Int).Rand(rng, new(big.Int).Lsh(big.NewInt(1), uint(vw)))
				env[name] = x
				vals[v] = BigValue(x, vw)
				lo := vw - w
				ww := w
				parts = append(parts, part{b.Extract(v, vw-1, lo), func(e map[string]*big.Int) *big.Int {
					return new(big.Int).And(new(big.Int).Rsh(e[name], uint(lo)), new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(ww)), big.NewInt(1)))
				}})
			}
		}
		if len(parts) < 2 {
			continue
		}
		ts := make([]*Term, len(parts))
		for i := range parts {
			ts[i] = parts[i].t
		}
		cc := b.Concat(ts...)
		whole := func() *big.Int {
			r := new(big.Int)
			for _, p := range parts {
				r.Lsh(r, uint(p.t.Width()))
				r.Or(r, p.val(env))
			}
			return r
		}()
		W := cc.Width()
		var c *big.Int
		switch rng.Intn(4) {
		case 0:
			c = new(big.Int).Set(whole)
		case 1:
			c = new(big.Int).SetBit(whole, rng.Intn(W), whole.Bit(0)^1)
			c = new(big.Int).Xor(whole, new(big.Int).Lsh(big.NewInt(1), uint(rng.Intn(W))))
		default:
			c = new(big.Int).Rand(rng, new(big.Int).Lsh(big.NewInt(1), uint(W)))
		}
		if cc.op == OpConcat && cc.args[0].op == OpConst {
			fired++
		}
		for _, order := range []bool{false, true} {
			var eq *Term
			if order {
				eq = b.Eq(b.Const(BigValue(c, W), W), cc)
			} else {
				eq = b.Eq(cc, b.Const(BigValue(c, W), W))
			}
			if eq.op == OpConst && cc.op == OpConcat {
				decidedFalse++
			}
			ev := NewEvaluator(MapEnv(vals))
			got, err := ev.Eval(eq)
			if err != nil {
				t.Fatal(err)
			}
			want := whole.Cmp(c) == 0
			if (got[0] == 1) != want {
				t.Fatalf("it %d: %v = %x gives %v, want %v (term %v)", it, cc, c, got[0], want, eq)
			}
		}
	}
	t.Logf("concat with a constant head: %d, decided: %d", fired, decidedFalse)
}
