package mldsa

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

// refPack is SimpleBitPack / BitPack as FIPS 204 writes them
// (Algorithms 16, 17, with BitsToBytes): bit j of field i is bit i·bits + j
// of the output.
func refPack(p *poly, bits int, base int32) []byte {
	out := make([]byte, 32*bits)
	for i := range n {
		v := uint32(p[i])
		if base != 0 {
			v = uint32(base - p[i])
		}
		for j := range bits {
			if v>>j&1 == 1 {
				b := i*bits + j
				out[b/8] |= 1 << (b % 8)
			}
		}
	}
	return out
}

func TestPackBits(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, tt := range []struct {
		bits int
		base int32
	}{{3, 2}, {4, 4}, {4, 0}, {6, 0}, {10, 0}, {13, 1 << 12}, {18, 1 << 17}, {20, 1 << 19},
		{3, 0}, {5, 0}, {7, 3}, {12, 0}, {13, 0}, {17, 1 << 16}} { // widths of the general code too
		for trial := range 20 {
			var p poly
			for i := range p {
				v := int32(r.IntN(1 << tt.bits))
				if trial == 0 {
					v = 1<<tt.bits - 1 // every bit set
				}
				if tt.base != 0 {
					v = tt.base - v
				}
				p[i] = v
			}
			got := make([]byte, 32*tt.bits)
			packBits(got, &p, tt.bits, tt.base)
			if want := refPack(&p, tt.bits, tt.base); !bytes.Equal(got, want) {
				t.Fatalf("bits %d base %d: packBits differs from the bit-by-bit packing", tt.bits, tt.base)
			}
			var back poly
			unpackBits(&back, got, tt.bits, tt.base)
			if back != p {
				t.Fatalf("bits %d base %d: unpackBits does not invert packBits", tt.bits, tt.base)
			}
		}
	}
}
