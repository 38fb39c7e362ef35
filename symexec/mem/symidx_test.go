package mem

import (
	"fmt"
	"math/rand"
	"slices"
	"testing"

	"vg.dev/symexec/term"
)

// TestPlacesOf: the places of an access are exactly the in-bounds offsets
// the offset can take, found by enumerating the variable, and Exhaustive
// holds exactly when every value is one of them.
func TestPlacesOf(t *testing.T) {
	b := term.NewBuilder()
	i := b.Var("i", 64)
	bounded := b.Var("j", 64)
	b.Bound(bounded, 5)
	cases := []struct {
		name string
		off  *term.Term
		n    int
		size int64
	}{
		{"8i, 8 bytes of 64", b.Mul(b.Uint(8, 64), i), 8, 64},
		{"8i+4, 4 bytes of 64", b.Add(b.Mul(b.Uint(8, 64), i), b.Uint(4, 64)), 4, 64},
		{"i, 1 byte of 10", i, 1, 10},
		{"i, 4 bytes of 10", i, 4, 10},
		{"i&7, 1 byte of 8", b.And(i, b.Uint(7, 64)), 1, 8},
		{"i&7, 2 bytes of 8", b.And(i, b.Uint(7, 64)), 2, 8},
		{"4(i&15)+2, 4 bytes of 64", b.Add(b.Mul(b.Uint(4, 64), b.And(i, b.Uint(15, 64))), b.Uint(2, 64)), 4, 64},
		{"j ≤ 5, 1 byte of 6", bounded, 1, 6},
		{"j ≤ 5, 1 byte of 5", bounded, 1, 5},
		{"i, 16 bytes of 8", i, 16, 8},
		{"16i+100, 8 bytes of 64", b.Add(b.Mul(b.Uint(16, 64), i), b.Uint(100, 64)), 8, 64},
	}
	for _, c := range cases {
		for _, useRange := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/range=%v", c.name, useRange), func(t *testing.T) {
				r := &Region{Name: "r", Kind: Input, Size: c.size}
				p, err := PlacesOf(b, r, c.off, c.n, useRange)
				if err != nil {
					t.Fatal(err)
				}
				// Every in-bounds value of the offset over i, j in [0, 4096)
				// and near 2^64 (wrapped).
				var want []int64
				exhaustive := true
				for _, k := range sample() {
					for _, v := range []*term.Term{i, bounded} {
						if v == bounded && k > 5 {
							continue
						}
						env := term.MapEnv(map[*term.Term]term.Value{i: term.U64(k, 64), bounded: term.U64(min(k, 5), 64)})
						x, err := term.NewEvaluator(env).Eval(c.off)
						if err != nil {
							t.Fatal(err)
						}
						o := x.Uint64()
						in := o <= uint64(c.size) && uint64(c.n) <= uint64(c.size)-o
						if in && !slices.Contains(want, int64(o)) {
							want = append(want, int64(o))
						}
						exhaustive = exhaustive && in
						ib, _ := term.NewEvaluator(env).Eval(p.InBounds)
						if ib.Uint64() == 1 != in {
							t.Errorf("offset %d: InBounds %v", o, ib.Uint64())
						}
					}
				}
				slices.Sort(want)
				for _, o := range want {
					if !slices.Contains(p.Offs, o) {
						t.Errorf("offset %d is reachable and in bounds, but not a place %v", o, p.Offs)
					}
				}
				for _, o := range p.Offs {
					if o < 0 || o+int64(c.n) > c.size {
						t.Errorf("place %d out of bounds", o)
					}
				}
				if p.Exhaustive && !exhaustive {
					t.Errorf("Exhaustive, but an offset falls outside")
				}
			})
		}
	}
}

func sample() []uint64 {
	var ks []uint64
	for k := uint64(0); k < 300; k++ {
		ks = append(ks, k, ^k, 1<<61+k, 1<<63+k)
	}
	return ks
}

// TestLoadStoreAt: on random contents and every offset, LoadAt reads what
// Load reads at that offset, and StoreAt changes exactly the bytes Store at
// that offset changes.
func TestLoadStoreAt(t *testing.T) {
	for _, n := range []int{1, 2, 4, 8} {
		b := term.NewBuilder()
		m := New(b)
		r := m.Add(&Region{Name: "r", Kind: Input, Size: 24, Writable: true})
		i := b.Var("i", 64)
		p, err := PlacesOf(b, r, i, n, true)
		if err != nil {
			t.Fatal(err)
		}
		v := b.Var("v", 8*n)
		loaded, err := m.LoadAt(r, p, n)
		if err != nil {
			t.Fatal(err)
		}
		after := m.Clone()
		if err := after.StoreAt(r, p, 0, v); err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewSource(int64(n)))
		for k := int64(0); k < 30; k++ {
			env := map[*term.Term]term.Value{i: term.U64(uint64(k), 64), v: term.U64(rng.Uint64(), 8*n), r.Base: term.U64(0x1000, 64)}
			for off := int64(0); off < r.Size; off += 8 {
				env[InitWord(b, r, off)] = term.U64(rng.Uint64(), 64)
			}
			ev := term.NewEvaluator(term.MapEnv(env))
			at := func(x *term.Term) uint64 {
				y, err := ev.Eval(x)
				if err != nil {
					t.Fatal(err)
				}
				return y.Uint64()
			}
			in := k+int64(n) <= r.Size
			if got := at(p.InBounds) == 1; got != in {
				t.Errorf("n=%d i=%d: InBounds %v", n, k, got)
			}
			ref := m.Clone()
			if in {
				want, _ := m.Load(r, k, n)
				if at(loaded) != at(want) {
					t.Errorf("n=%d i=%d: LoadAt %#x, Load %#x", n, k, at(loaded), at(want))
				}
				if err := ref.Store(r, k, v); err != nil {
					t.Fatal(err)
				}
			}
			for o := int64(0); o < r.Size; o++ {
				if got, want := at(after.Byte(r, o)), at(ref.Byte(r, o)); got != want {
					t.Errorf("n=%d i=%d: byte %d after StoreAt %#x, want %#x", n, k, o, got, want)
				}
			}
		}
	}
}

// TestCheckAlignAt: an access at 8i+phase is 8-aligned only for phase 0
// and a region known 8-aligned.
func TestCheckAlignAt(t *testing.T) {
	b := term.NewBuilder()
	i := b.Var("i", 64)
	cases := []struct {
		off   *term.Term
		align int64
		n     int
		ok    bool
	}{
		{b.Mul(b.Uint(8, 64), i), 8, 8, true},
		{b.Mul(b.Uint(8, 64), i), 4, 8, false},
		{b.Add(b.Mul(b.Uint(8, 64), i), b.Uint(4, 64)), 8, 8, false},
		{b.Add(b.Mul(b.Uint(8, 64), i), b.Uint(4, 64)), 8, 4, true},
		{b.Mul(b.Uint(4, 64), i), 16, 8, false},
		{i, 16, 1, true},
	}
	for _, c := range cases {
		r := &Region{Name: "r", Size: 64, Align: c.align}
		err := CheckAlignAt("load", r, &Places{Off: c.off}, c.n)
		if (err == nil) != c.ok {
			t.Errorf("%v, %d bytes, region %d-aligned: %v", c.off, c.n, c.align, err)
		}
	}
}

// TestLatticeShared: a running count merged at every step shares its
// previous value between the branches of each ite; the lattice of 300
// steps (2^300 paths through the DAG) is found by visiting each subterm
// once, and is exact: 8·count + 4 is 4 mod 8.
func TestLatticeShared(t *testing.T) {
	b := term.NewBuilder()
	idx := b.Zero(64)
	for j := 0; j < 300; j++ {
		c := b.Var(fmt.Sprintf("c%d", j), 1)
		idx = b.Ite(c, b.Add(idx, b.Uint(1, 64)), idx)
	}
	off := b.Add(b.Mul(b.Uint(8, 64), idx), b.Uint(4, 64))
	if phase, j := Lattice(off); phase != 4 || j != 3 {
		t.Errorf("lattice of 8·count+4: %d mod 2^%d, want 4 mod 2^3", phase, j)
	}
}
