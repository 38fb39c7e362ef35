package mldsa

import (
	"fmt"
	"testing"
	"time"
)

// The rounding functions are checked on every r ∈ [0, q), through the Poly
// functions (so both they and the scalar functions are covered), against
// transcriptions of Algorithms 35 to 40 written here in another way: r0 is
// found by rounding r/α half down (r0 = r − α·⌊(r + α/2 − 1)/α⌋) instead of
// by mod±, in int64. The defining properties (r ≡ r1·α + r0, the ranges) are
// checked as well.

// refRound returns k and r − k·α for k = ⌊(r + α/2 − 1)/α⌋, r ≥ 0, α even:
// the r0 ∈ (−α/2, α/2] of the standard's r mod± α.
func refRound(r, alpha int64) (k, r0 int64) {
	k = (r + alpha/2 - 1) / alpha
	return k, r - k*alpha
}

// refPower2Round is Algorithm 35 for r ∈ [0, q).
func refPower2Round(r int64) (r1, r0 int64) { return refRound(r, 1<<13) }

// refDecompose is Algorithm 36 for r ∈ [0, q).
func refDecompose(r, gamma2 int64) (r1, r0 int64) {
	r1, r0 = refRound(r, 2*gamma2)
	if r-r0 == Q-1 {
		return 0, r0 - 1
	}
	return r1, r0
}

// refUseHint is Algorithm 40 for h ∈ {0, 1}, r ∈ [0, q).
func refUseHint(h, r, gamma2 int64) int64 {
	m := (Q - 1) / (2 * gamma2)
	r1, r0 := refDecompose(r, gamma2)
	switch {
	case h == 1 && r0 > 0:
		return (r1 + 1) % m
	case h == 1:
		return (r1 - 1 + m) % m
	}
	return r1
}

// refMakeHint is Algorithm 39 for z, r ∈ [0, q).
func refMakeHint(z, r, gamma2 int64) int64 {
	r1, _ := refDecompose(r, gamma2)
	v1, _ := refDecompose((r+z)%Q, gamma2)
	if r1 != v1 {
		return 1
	}
	return 0
}

// forAllZq calls f with polynomials whose coefficients run through every
// r ∈ [0, q) in order, 256 at a time (the last one wraps around to 0).
func forAllZq(t *testing.T, name string, f func(a *Poly)) {
	t.Helper()
	start := time.Now()
	var a Poly
	for base := int32(0); base < Q; base += N {
		for i := range a {
			a[i] = (base + int32(i)) % Q
		}
		f(&a)
		if t.Failed() {
			return
		}
	}
	t.Logf("%s: all %d values of [0, q) in %v", name, Q, time.Since(start))
}

var gammas = []struct {
	name   string
	gamma2 int64
	decomp func(a1, a0, a *Poly)
	high   func(a1, a *Poly)
	low    func(a0, a *Poly)
	use    func(out, h, r *Poly)
	make   func(h, z, r *Poly) uint32
}{
	{"88", Gamma2_88, Decompose88, HighBits88, LowBits88, UseHint88, MakeHint88},
	{"32", Gamma2_32, Decompose32, HighBits32, LowBits32, UseHint32, MakeHint32},
}

func TestPower2RoundExhaustive(t *testing.T) {
	forAllZq(t, "Power2Round", func(a *Poly) {
		var a1, a0 Poly
		Power2Round(&a1, &a0, a)
		for i, r := range a {
			w1, w0 := refPower2Round(int64(r))
			if int64(a1[i]) != w1 || int64(a0[i]) != w0 {
				t.Fatalf("Power2Round(%d) = %d, %d, want %d, %d", r, a1[i], a0[i], w1, w0)
			}
			if a1[i]<<D+a0[i] != r || a0[i] <= -1<<12 || a0[i] > 1<<12 || a1[i] < 0 || a1[i] >= 1<<10 {
				t.Fatalf("Power2Round(%d) = %d, %d out of range", r, a1[i], a0[i])
			}
		}
	})
}

func TestDecomposeExhaustive(t *testing.T) {
	for _, g := range gammas {
		t.Run(g.name, func(t *testing.T) {
			m := (Q - 1) / (2 * g.gamma2)
			forAllZq(t, "Decompose"+g.name+", HighBits, LowBits", func(a *Poly) {
				var a1, a0, h, l Poly
				g.decomp(&a1, &a0, a)
				g.high(&h, a)
				g.low(&l, a)
				for i, r := range a {
					w1, w0 := refDecompose(int64(r), g.gamma2)
					if int64(a1[i]) != w1 || int64(a0[i]) != w0 || h[i] != a1[i] || l[i] != a0[i] {
						t.Fatalf("Decompose(%d) = %d, %d; HighBits %d, LowBits %d; want %d, %d", r, a1[i], a0[i], h[i], l[i], w1, w0)
					}
					r1, r0 := int64(a1[i]), int64(a0[i])
					if modQ(r1*2*g.gamma2+r0) != int64(r) || r1 < 0 || r1 >= m || r0 < -g.gamma2 || r0 > g.gamma2 ||
						r0 == -g.gamma2 && int64(r) != Q-g.gamma2 {
						t.Fatalf("Decompose(%d) = %d, %d breaks its definition", r, r1, r0)
					}
				}
			})
		})
	}
}

func TestUseHintExhaustive(t *testing.T) {
	for _, g := range gammas {
		t.Run(g.name, func(t *testing.T) {
			for _, hv := range []int32{0, 1} {
				h := constPoly(hv)
				forAllZq(t, fmt.Sprintf("UseHint%s h=%d", g.name, hv), func(r *Poly) {
					var out Poly
					g.use(&out, h, r)
					for i, x := range r {
						if want := refUseHint(int64(hv), int64(x), g.gamma2); int64(out[i]) != want {
							t.Fatalf("UseHint(%d, %d) = %d, want %d", hv, x, out[i], want)
						}
					}
				})
			}
		})
	}
}

// TestMakeHintExhaustive checks MakeHint for every r with a random z, and
// the property the hints exist for (FIPS 204 §7.4): for |z| ≤ γ₂,
// UseHint(MakeHint(z, r), r) = HighBits(r + z).
func TestMakeHintExhaustive(t *testing.T) {
	for k, g := range gammas {
		t.Run(g.name, func(t *testing.T) {
			rng := newRand(uint64(20 + k))
			forAllZq(t, "MakeHint"+g.name, func(r *Poly) {
				var z, h Poly
				for i := range z {
					if i%2 == 0 {
						z[i] = int32(rng.Int64N(Q))
					} else { // small z: hints are rare otherwise
						z[i] = int32(modQ(rng.Int64N(2*g.gamma2+1) - g.gamma2))
					}
				}
				ones := g.make(&h, &z, r)
				var want uint32
				for i := range N {
					w := refMakeHint(int64(z[i]), int64(r[i]), g.gamma2)
					if int64(h[i]) != w {
						t.Fatalf("MakeHint(%d, %d) = %d, want %d", z[i], r[i], h[i], w)
					}
					want += uint32(w)
				}
				if ones != want {
					t.Fatalf("MakeHint counted %d ones, want %d", ones, want)
				}
				// The hint recovers the high bits of r + z for small z.
				var used, sum, high Poly
				g.use(&used, &h, r)
				for i := range N {
					sum[i] = int32((int64(r[i]) + int64(z[i])) % Q)
				}
				g.high(&high, &sum)
				for i := 1; i < N; i += 2 {
					if used[i] != high[i] {
						t.Fatalf("UseHint(MakeHint(%d, %d), %d) = %d, HighBits(r+z) = %d", z[i], r[i], r[i], used[i], high[i])
					}
				}
			})
		})
	}
}

// TestRoundingSpots checks a few values worked out by hand from the
// standard's definitions.
func TestRoundingSpots(t *testing.T) {
	for _, c := range []struct {
		r, gamma2, r1, r0 int32
	}{
		{0, Gamma2_88, 0, 0},
		{Gamma2_88, Gamma2_88, 0, Gamma2_88},          // γ₂ mod± 2γ₂ = γ₂
		{Gamma2_88 + 1, Gamma2_88, 1, -Gamma2_88 + 1}, // past the half: rounds up
		{Q - 1, Gamma2_88, 0, -1},                     // r − r0 = q − 1: r1 = 0, r0 − 1
		{Q - Gamma2_88, Gamma2_88, 0, -Gamma2_88},     // the other end of the special case
		{Q - 1 - Gamma2_88, Gamma2_88, 43, Gamma2_88}, // just below it: the largest r1
		{Q - 1, Gamma2_32, 0, -1},
		{Q - Gamma2_32, Gamma2_32, 0, -Gamma2_32},
		{Q - 1 - Gamma2_32, Gamma2_32, 15, Gamma2_32},
	} {
		r1, r0 := decompose(c.r, c.gamma2)
		if r1 != c.r1 || r0 != c.r0 {
			t.Errorf("decompose(%d, %d) = %d, %d, want %d, %d", c.r, c.gamma2, r1, r0, c.r1, c.r0)
		}
	}
	if r1, r0 := power2Round(1<<12 + 1); r1 != 1 || r0 != -(1<<12)+1 {
		t.Errorf("power2Round(2¹²+1) = %d, %d", r1, r0)
	}
	if r1, r0 := power2Round(1 << 12); r1 != 0 || r0 != 1<<12 {
		t.Errorf("power2Round(2¹²) = %d, %d", r1, r0)
	}
	// UseHint wraps around mod m: from r1 = 0 down to m − 1 and up again.
	if got := useHint(1, Q-1, Gamma2_88); got != 43 {
		t.Errorf("useHint(1, q−1) = %d, want 43", got)
	}
	if got := useHint(1, Q-1-Gamma2_88, Gamma2_88); got != 0 { // r1 = 43, r0 = γ₂ > 0
		t.Errorf("useHint(1, q−1−γ₂) = %d, want 0", got)
	}
	if got := useHint(1, Gamma2_88+1, Gamma2_88); got != 0 { // r1 = 1, r0 < 0
		t.Errorf("useHint(1, γ₂+1) = %d, want 0", got)
	}
	for _, c := range []struct{ m, alpha, plus, pm int32 }{
		{7, 4, 3, -1}, {-7, 4, 1, 1}, {6, 4, 2, 2}, {-6, 4, 2, 2}, {5, 5, 0, 0}, {-3, 5, 2, 2}, {3, 5, 3, -2},
	} {
		if p, pm := modPlus(c.m, c.alpha), modPM(c.m, c.alpha); p != c.plus || pm != c.pm {
			t.Errorf("%d mod⁺ %d = %d, mod± = %d; want %d, %d", c.m, c.alpha, p, pm, c.plus, c.pm)
		}
	}
}
