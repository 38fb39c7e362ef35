package mldsa

import (
	"math/rand/v2"
	"testing"
)

// bitUnpack is FIPS 204 Algorithm 19 bit by bit: field i is bits
// i·bits … i·bits + bits − 1 of b (bit j of byte k is bit 8k + j).
func bitUnpack(b []byte, bits int, gamma1 int32) Poly {
	var p Poly
	for i := range N {
		var v int32
		for j := range bits {
			k := i*bits + j
			v |= int32(b[k/8]>>(k%8)&1) << j
		}
		p[i] = gamma1 - v
	}
	return p
}

func TestUnpackZ(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	for trial := range 50 {
		var b17 [576]byte
		var b19 [640]byte
		for i := range b17 {
			b17[i] = byte(r.Uint32())
		}
		for i := range b19 {
			b19[i] = byte(r.Uint32())
		}
		if trial == 0 {
			for i := range b17 {
				b17[i] = 0xFF
			}
			for i := range b19 {
				b19[i] = 0xFF
			}
		}
		var p Poly
		UnpackZ17(&p, &b17)
		if want := bitUnpack(b17[:], 18, Gamma1_17); p != want {
			t.Fatalf("UnpackZ17 differs from BitUnpack")
		}
		UnpackZ19(&p, &b19)
		if want := bitUnpack(b19[:], 20, Gamma1_19); p != want {
			t.Fatalf("UnpackZ19 differs from BitUnpack")
		}
		for i := range p {
			if p[i] < -Gamma1_19+1 || p[i] > Gamma1_19 {
				t.Fatalf("coefficient %d out of range", p[i])
			}
		}
	}
}

// bitPack is FIPS 204 Algorithm 17 bit by bit: field i is base − p[i].
func bitPack(p *Poly, bits int, base int32) []byte {
	b := make([]byte, N*bits/8)
	for i := range N {
		v := uint32(base - p[i])
		for j := range bits {
			k := i*bits + j
			b[k/8] |= byte(v>>j&1) << (k % 8)
		}
	}
	return b
}

func TestT0(t *testing.T) {
	r := rand.New(rand.NewPCG(23, 24))
	for trial := range 50 {
		var p Poly
		for i := range p {
			p[i] = int32(r.IntN(1<<13)) - T0Base + 1 // (−2¹², 2¹²]
		}
		if trial == 0 {
			for i := range p {
				p[i] = -T0Base + 1 + int32(i%2)*(1<<13-1)
			}
		}
		var b [416]byte
		PackT0(&b, &p)
		if want := bitPack(&p, 13, T0Base); string(b[:]) != string(want) {
			t.Fatalf("PackT0 differs from BitPack")
		}
		var q Poly
		UnpackT0(&q, &b)
		if q != p {
			t.Fatalf("UnpackT0(PackT0(p)) != p")
		}
		if want := bitUnpack(b[:], 13, T0Base); q != want {
			t.Fatalf("UnpackT0 differs from BitUnpack")
		}
	}
}

func TestEta(t *testing.T) {
	r := rand.New(rand.NewPCG(25, 26))
	for trial := range 50 {
		var p2, p4 Poly
		for i := range p2 {
			p2[i] = int32(r.IntN(5)) - 2
			p4[i] = int32(r.IntN(9)) - 4
		}
		var b2 [96]byte
		var b4 [128]byte
		PackEta2(&b2, &p2)
		PackEta4(&b4, &p4)
		if want := bitPack(&p2, 3, 2); string(b2[:]) != string(want) {
			t.Fatalf("PackEta2 differs from BitPack")
		}
		if want := bitPack(&p4, 4, 4); string(b4[:]) != string(want) {
			t.Fatalf("PackEta4 differs from BitPack")
		}
		var q Poly
		if UnpackEta2(&q, &b2); q != p2 {
			t.Fatalf("UnpackEta2(PackEta2(p)) != p")
		}
		if UnpackEta4(&q, &b4); q != p4 {
			t.Fatalf("UnpackEta4(PackEta4(p)) != p")
		}
		for i := range b2 {
			b2[i] = byte(r.Uint32())
		}
		for i := range b4 {
			b4[i] = byte(r.Uint32())
		}
		if trial == 0 {
			for i := range b4 {
				b4[i] = 0xFF
			}
			for i := range b2 {
				b2[i] = 0xFF
			}
		}
		if UnpackEta2(&q, &b2); q != bitUnpack(b2[:], 3, 2) {
			t.Fatalf("UnpackEta2 differs from BitUnpack")
		}
		if UnpackEta4(&q, &b4); q != bitUnpack(b4[:], 4, 4) {
			t.Fatalf("UnpackEta4 differs from BitUnpack")
		}
	}
}

// simpleBitPack is FIPS 204 Algorithm 16 bit by bit: field i is p[i].
func simpleBitPack(p *Poly, bits int) []byte {
	b := make([]byte, N*bits/8)
	for i := range N {
		v := uint32(p[i])
		for j := range bits {
			k := i*bits + j
			b[k/8] |= byte(v>>j&1) << (k % 8)
		}
	}
	return b
}

func TestW1(t *testing.T) {
	r := rand.New(rand.NewPCG(27, 28))
	for trial := range 50 {
		var p32, p88 Poly
		for i := range p32 {
			p32[i] = int32(r.IntN(16)) // (q−1)/(2γ₂) − 1 = 15
			p88[i] = int32(r.IntN(44)) // 43
			if trial == 0 {            // the extremes, alternating
				p32[i], p88[i] = int32(i%2)*15, int32(i%2)*43
			}
		}
		var b32 [128]byte
		var b88 [192]byte
		PackW1_32(&b32, &p32)
		PackW1_88(&b88, &p88)
		if want := simpleBitPack(&p32, 4); string(b32[:]) != string(want) {
			t.Fatalf("PackW1_32 differs from SimpleBitPack")
		}
		if want := simpleBitPack(&p88, 6); string(b88[:]) != string(want) {
			t.Fatalf("PackW1_88 differs from SimpleBitPack")
		}
	}
}

func TestPackZ(t *testing.T) {
	r := rand.New(rand.NewPCG(29, 30))
	for trial := range 50 {
		var p17, p19 Poly
		for i := range p17 {
			p17[i] = int32(r.IntN(2*Gamma1_17-1)) - Gamma1_17 + 1 // |z| < γ₁
			p19[i] = int32(r.IntN(2*Gamma1_19-1)) - Gamma1_19 + 1
			if trial == 0 {
				p17[i] = -Gamma1_17 + 1 + int32(i%2)*(2*Gamma1_17-2)
				p19[i] = -Gamma1_19 + 1 + int32(i%2)*(2*Gamma1_19-2)
			}
		}
		var b17 [576]byte
		var b19 [640]byte
		PackZ17(&b17, &p17)
		PackZ19(&b19, &p19)
		if want := bitPack(&p17, 18, Gamma1_17); string(b17[:]) != string(want) {
			t.Fatalf("PackZ17 differs from BitPack")
		}
		if want := bitPack(&p19, 20, Gamma1_19); string(b19[:]) != string(want) {
			t.Fatalf("PackZ19 differs from BitPack")
		}
		var q Poly
		if UnpackZ17(&q, &b17); q != p17 {
			t.Fatalf("UnpackZ17(PackZ17(z)) != z")
		}
		if UnpackZ19(&q, &b19); q != p19 {
			t.Fatalf("UnpackZ19(PackZ19(z)) != z")
		}
	}
}

func TestT1(t *testing.T) {
	r := rand.New(rand.NewPCG(31, 32))
	for trial := range 50 {
		var p Poly
		for i := range p {
			p[i] = int32(r.IntN(1 << 10))
			if trial == 0 {
				p[i] = int32(i%2) * (1<<10 - 1)
			}
		}
		var b [320]byte
		PackT1(&b, &p)
		if want := simpleBitPack(&p, 10); string(b[:]) != string(want) {
			t.Fatalf("PackT1 differs from SimpleBitPack")
		}
		var q Poly
		if UnpackT1(&q, &b); q != p {
			t.Fatalf("UnpackT1(PackT1(p)) != p")
		}
		for i := range b {
			b[i] = byte(r.Uint32())
		}
		if trial == 0 {
			for i := range b {
				b[i] = 0xFF
			}
		}
		UnpackT1(&q, &b)
		neg := bitUnpack(b[:], 10, 0) // 0 − v_i: SimpleBitUnpack negated
		for i := range q {
			if q[i] != -neg[i] {
				t.Fatalf("UnpackT1 differs from SimpleBitUnpack at %d", i)
			}
		}
	}
}

// outOfEtaNaive is the range check by definition: some p[i] ∉ [−η, η].
func outOfEtaNaive(p *Poly, eta int32) uint32 {
	for _, v := range p {
		if v < -eta || v > eta {
			return 1
		}
	}
	return 0
}

// TestOutOfEta checks OutOfEta2 and OutOfEta4 against the definition: one
// edge value at every position of an in-range polynomial, then random
// polynomials in range, just around it and over every int32.
func TestOutOfEta(t *testing.T) {
	for _, c := range []struct {
		name string
		eta  int32
		f    func(*Poly) uint32
	}{{"OutOfEta2", 2, OutOfEta2}, {"OutOfEta4", 4, OutOfEta4}} {
		t.Run(c.name, func(t *testing.T) {
			edges := []int32{-c.eta - 1, -c.eta, 0, c.eta, c.eta + 1,
				1<<31 - 1, -1 << 31, 1<<31 - 1 - c.eta, -1<<31 + c.eta, 2*c.eta + 1, -2*c.eta - 1}
			for _, e := range edges {
				for _, i := range []int{0, 1, 127, 255} {
					var p Poly
					p[i] = e
					if got, want := c.f(&p), outOfEtaNaive(&p, c.eta); got != want {
						t.Fatalf("p[%d] = %d: got %d, want %d", i, e, got, want)
					}
				}
			}
			r := rand.New(rand.NewPCG(uint64(c.eta), 27))
			var ones int
			for trial := range 600 {
				var p Poly
				for i := range p {
					switch trial % 3 {
					case 0:
						p[i] = int32(r.IntN(int(2*c.eta+1))) - c.eta
					case 1:
						// Mostly in range, a few just outside.
						p[i] = int32(r.IntN(int(2*c.eta+1))) - c.eta
						if r.IntN(300) == 0 {
							p[i] = edges[r.IntN(len(edges))]
						}
					default:
						p[i] = int32(r.Uint32())
					}
				}
				got, want := c.f(&p), outOfEtaNaive(&p, c.eta)
				if got != want {
					t.Fatalf("trial %d: got %d, want %d", trial, got, want)
				}
				ones += int(got)
			}
			if ones < 200 || ones > 500 {
				t.Fatalf("%d of 600 trials out of range: the inputs miss a case", ones)
			}
		})
	}
}
