package mldsa

import (
	"math"
	"testing"
)

// edgeValues are coefficients every coefficient-wise function is tried on.
var edgeValues = []int32{0, 1, -1, Q - 1, -(Q - 1), Q, -Q, Q + 1, 2 * Q, -2 * Q, 2*Q - 1,
	(Q - 1) / 2, -(Q - 1) / 2, 9*Q - 1, -(9*Q - 1), 1 << 22, -1 << 22, 1<<23 - 1, 1 << 23,
	reduceMax, reduceMax - 1, 1<<30 - 1, -1 << 30, math.MaxInt32, math.MinInt32, math.MinInt32 + 1}

// edgePoly fills a Poly with edge values, starting at offset k.
func edgePoly(k int) *Poly {
	var p Poly
	for i := range p {
		p[i] = edgeValues[(i+k)%len(edgeValues)]
	}
	return &p
}

// TestAddSub checks Add and Sub against int64 sums: exact when the sum fits
// in int32, the wrapped int32 sum otherwise (as the kernels' 32-bit adds).
func TestAddSub(t *testing.T) {
	rng := newRand(7)
	polys := []*Poly{randPoly(rng, -(9*Q - 1), 9*Q-1), randPoly(rng, math.MinInt32, math.MaxInt32), constPoly(Q - 1), constPoly(-Q)}
	for k := range edgeValues {
		polys = append(polys, edgePoly(k))
	}
	for _, a := range polys {
		for _, b := range polys {
			var sum, diff Poly
			Add(&sum, a, b)
			Sub(&diff, a, b)
			for i := range N {
				s, d := int64(a[i])+int64(b[i]), int64(a[i])-int64(b[i])
				if int64(sum[i]) != int64(int32(s)) || int64(diff[i]) != int64(int32(d)) {
					t.Fatalf("%d ± %d = %d, %d", a[i], b[i], sum[i], diff[i])
				}
				if AddRequires(&sum, a, b) && int64(sum[i]) != s || SubRequires(&diff, a, b) && int64(diff[i]) != d {
					t.Fatalf("%d ± %d not exact within the precondition", a[i], b[i])
				}
			}
		}
	}
	// Aliasing: out = a.
	a, b := randPoly(rng, -Q, Q), randPoly(rng, -Q, Q)
	var want Poly
	Add(&want, a, b)
	Add(a, a, b)
	if *a != want {
		t.Errorf("Add with out = a differs")
	}
}

// checkReduce checks reduce32 and Freeze's scalar on r: congruent, and in
// the documented ranges.
func checkReduce(t *testing.T, r int32) {
	t.Helper()
	got := reduce32(r)
	if got < reduceMin || got > reduceMaxOut || modQ(int64(got)) != modQ(int64(r)) {
		t.Fatalf("reduce32(%d) = %d", r, got)
	}
	if f := caddq(got); int64(f) != modQ(int64(r)) {
		t.Fatalf("freeze(%d) = %d, want %d", r, f, modQ(int64(r)))
	}
}

// TestReduce checks reduce32 over its whole domain [−2³¹, reduceMax]: on
// each of the 512 intervals where t = ⌊(r + 2²²)/2²³⌋ is constant the result
// r − t·q increases with r, so checking both ends of every interval (and
// around them) proves the range; random values check the congruence.
func TestReduce(t *testing.T) {
	for k := int64(-256); k <= 255; k++ {
		first := max(k<<23-1<<22, math.MinInt32)
		last := min(k<<23+1<<22-1, reduceMax)
		for _, r := range []int64{first, first + 1, last, last - 1} {
			checkReduce(t, int32(r))
		}
	}
	// The documented extremes are reached.
	if reduce32(reduceMax) != reduceMaxOut {
		t.Errorf("reduce32(%d) = %d, want %d", reduceMax, reduce32(reduceMax), reduceMaxOut)
	}
	if reduce32(-255<<23-1<<22) != reduceMin {
		t.Errorf("reduce32(%d) = %d, want %d", -255<<23-1<<22, reduce32(-255<<23-1<<22), reduceMin)
	}
	rng := newRand(8)
	for range 2_000_000 {
		checkReduce(t, int32(rng.Int64N(reduceMax-math.MinInt32+1)+math.MinInt32))
	}
	for _, r := range edgeValues {
		if r <= reduceMax {
			checkReduce(t, r)
		}
	}
}

// TestReduceFreezePoly checks the Poly functions on random and edge
// polynomials within ReduceRequires.
func TestReduceFreezePoly(t *testing.T) {
	rng := newRand(9)
	polys := []*Poly{randPoly(rng, math.MinInt32, reduceMax), randPoly(rng, -(9*Q - 1), 9*Q-1), constPoly(reduceMax), constPoly(math.MinInt32)}
	for k := range edgeValues {
		p := edgePoly(k)
		for i := range p {
			p[i] = min(p[i], reduceMax)
		}
		polys = append(polys, p)
	}
	for _, p := range polys {
		if !ReduceRequires(p) || !FreezeRequires(p) {
			t.Fatalf("ReduceRequires false on %v", p)
		}
		r, f := *p, *p
		Reduce(&r)
		Freeze(&f)
		for i := range N {
			if r[i] < reduceMin || r[i] > reduceMaxOut || modQ(int64(r[i])) != modQ(int64(p[i])) {
				t.Fatalf("Reduce: %d → %d", p[i], r[i])
			}
			if int64(f[i]) != modQ(int64(p[i])) {
				t.Fatalf("Freeze: %d → %d, want %d", p[i], f[i], modQ(int64(p[i])))
			}
		}
	}
	if ReduceRequires(constPoly(reduceMax + 1)) {
		t.Errorf("ReduceRequires true above reduceMax")
	}
}

// normRef is [‖a‖∞ ≥ bound] with FIPS 204's norm: |a[i] mod± q|.
func normRef(a *Poly, bound int32) uint32 {
	for _, x := range a {
		c := modQ(int64(x))
		if c > (Q-1)/2 {
			c -= Q
		}
		if c < 0 {
			c = -c
		}
		if c >= int64(bound) {
			return 1
		}
	}
	return 0
}

// TestNormExceeds checks NormExceeds against the standard's infinity norm
// on Reduce outputs with the bounds ML-DSA uses (all ≤ (q−1)/8), and on
// single coefficients at ±bound, ±(bound−1), at every position's ends.
func TestNormExceeds(t *testing.T) {
	bounds := []int32{0, 1, 1<<17 - 78, 1<<19 - 196, 1<<19 - 120, Gamma2_88 - 78, Gamma2_32 - 196, Gamma2_32 - 120, (Q - 1) / 8}
	rng := newRand(10)
	for _, bound := range bounds {
		for k := range 40 {
			var a *Poly
			switch k % 4 {
			case 0: // small: mostly below the bound
				a = randPoly(rng, -bound, bound)
			case 1: // Reduce outputs of anything
				a = randPoly(rng, math.MinInt32, reduceMax)
				Reduce(a)
			case 2: // below the bound but for one coefficient
				a = randPoly(rng, -max(bound-1, 0), max(bound-1, 0))
				a[rng.IntN(N)] = []int32{bound, -bound, bound - 1, -(bound - 1), reduceMin, reduceMaxOut}[rng.IntN(6)]
			default: // around q/2, where mod± turns
				a = randPoly(rng, -max(bound-1, 0), max(bound-1, 0))
				a[rng.IntN(N)] = []int32{(Q - 1) / 2, (Q + 1) / 2, -(Q - 1) / 2, Q - bound, -(Q - bound)}[rng.IntN(5)]
			}
			if !NormExceedsRequires(a, bound) {
				t.Fatalf("NormExceedsRequires false")
			}
			if got, want := NormExceeds(a, bound), normRef(a, bound); got != want {
				t.Fatalf("NormExceeds(bound %d) = %d, want %d", bound, got, want)
			}
		}
		for _, pos := range []int{0, 1, N - 1} {
			for _, x := range []int32{bound, -bound, bound - 1, -(bound - 1), bound + 1} {
				var a Poly
				a[pos] = x
				want := uint32(0)
				if x >= bound || -x >= bound {
					want = 1
				}
				if got := NormExceeds(&a, bound); got != want {
					t.Errorf("NormExceeds(a[%d] = %d, bound %d) = %d", pos, x, bound, got)
				}
			}
		}
	}
	if NormExceedsRequires(constPoly(math.MinInt32), 5) || NormExceedsRequires(constPoly(0), -1) {
		t.Errorf("NormExceedsRequires accepts −2³¹ or a negative bound")
	}
	if NormExceeds(constPoly(math.MaxInt32), math.MaxInt32) != 1 || NormExceeds(constPoly(-math.MaxInt32), math.MaxInt32) != 1 {
		t.Errorf("NormExceeds at ±(2³¹−1)")
	}
}

// TestRequires checks the preconditions accept their documented ranges and
// reject one step outside.
func TestRequires(t *testing.T) {
	var z Poly
	for _, c := range []struct {
		name string
		ok   bool
	}{
		{"NTT q−1", NTTRequires(constPoly(Q - 1))},
		{"NTT −(q−1)", NTTRequires(constPoly(-(Q - 1)))},
		{"NTT q", !NTTRequires(constPoly(Q))},
		{"NTT −q", !NTTRequires(&Poly{9: -Q})},
		{"InvNTT 2²³−1", InvNTTRequires(alternating(1<<23 - 1))},
		{"InvNTT 2²³", !InvNTTRequires(&Poly{7: 1 << 23})},
		{"InvNTT −2²³", !InvNTTRequires(&Poly{7: -1 << 23})},
		{"Pointwise 9q", PointwiseRequires(&z, constPoly(9*Q-1), alternating(9*Q-1))},
		{"Pointwise q−1 × −2³¹", PointwiseRequires(&z, constPoly(Q-1), constPoly(math.MinInt32))},
		{"Pointwise q+1 × −2³¹", !PointwiseRequires(&z, constPoly(Q+1), constPoly(math.MinInt32))},
		{"PointwiseAcc", PointwiseAccRequires(constPoly(1<<31-Q), &z, &z)},
		{"PointwiseAcc out", !PointwiseAccRequires(constPoly(1<<31-Q+1), &z, &z)},
		{"Add", AddRequires(&z, constPoly(1<<30), constPoly(1<<30-1))},
		{"Add overflow", !AddRequires(&z, constPoly(1<<30), constPoly(1<<30))},
		{"Sub", SubRequires(&z, constPoly(-1<<30), constPoly(1<<30))},
		{"Sub overflow", !SubRequires(&z, constPoly(-1<<30), constPoly(1<<30+1))},
		{"Power2Round", Power2RoundRequires(&z, &z, constPoly(Q-1))},
		{"Power2Round q", !Power2RoundRequires(&z, &z, constPoly(Q))},
		{"Power2Round −1", !Power2RoundRequires(&z, &z, &Poly{255: -1})},
		{"Decompose", DecomposeRequires(&z, &z, constPoly(Q-1))},
		{"Decompose q", !DecomposeRequires(&z, &z, &Poly{Q})},
		{"HighBits q", !HighBitsRequires(&z, &Poly{Q})},
		{"LowBits", LowBitsRequires(&z, constPoly(0))},
		{"MakeHint r", !MakeHintRequires(&z, &z, &Poly{1: Q})},
		{"UseHint r", !UseHintRequires(&z, &z, &Poly{1: Q})},
		{"UseHint h=−1", !UseHintRequires(&z, &Poly{-1}, &z)},
		{"NormExceeds", NormExceedsRequires(constPoly(-(1<<31 - 1)), 0)},
		{"Decompose −1", !DecomposeRequires(&z, &z, &Poly{3: -1})},
		{"HighBits", HighBitsRequires(&z, constPoly(Q-1))},
		{"LowBits q", !LowBitsRequires(&z, constPoly(Q))},
		{"MakeHint", MakeHintRequires(&z, constPoly(Q-1), constPoly(0))},
		{"MakeHint z", !MakeHintRequires(&z, constPoly(-1), constPoly(0))},
		{"UseHint", UseHintRequires(&z, constPoly(1), constPoly(Q-1))},
		{"UseHint h=2", !UseHintRequires(&z, &Poly{2}, &z)},
	} {
		if !c.ok {
			t.Errorf("%s", c.name)
		}
	}
}
