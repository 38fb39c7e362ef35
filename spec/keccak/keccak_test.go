package keccak

import (
	"bytes"
	"crypto/sha3"
	"encoding/binary"
	"encoding/hex"
	"math/rand/v2"
	"testing"
)

// rcBit is FIPS 202 Algorithm 5, rc(t): the output of an LFSR.
func rcBit(t int) uint64 {
	if t%255 == 0 {
		return 1
	}
	r := uint16(0x80) // R = 10000000 (R[0] first: bit 7 of this byte)
	for range t % 255 {
		// R = 0 ‖ R; R[0] ^= R[8]; R[4] ^= R[8]; R[5] ^= R[8]; R[6] ^= R[8];
		// R = Trunc₈(R). With R[i] at bit 7 − i of r, prepending 0 is
		// r >> 1 and R[8] is the old R[7], bit 0 of r.
		r8 := r & 1
		r >>= 1
		r ^= r8 << 7 // R[0]
		r ^= r8 << 3 // R[4]
		r ^= r8 << 2 // R[5]
		r ^= r8 << 1 // R[6]
	}
	return uint64(r >> 7)
}

func TestRoundConstants(t *testing.T) {
	rc := roundConstants()
	for ir := range Rounds {
		var want uint64
		for j := range 7 {
			want |= rcBit(j+7*ir) << (1<<j - 1)
		}
		if rc[ir] != want {
			t.Errorf("RC[%d] = %#x, want %#x (Algorithm 5)", ir, rc[ir], want)
		}
	}
}

func TestRotations(t *testing.T) {
	var want [25]int
	x, y := 1, 0
	for tt := range 24 {
		want[x+5*y] = (tt + 1) * (tt + 2) / 2 % 64
		x, y = y, (2*x+3*y)%5
	}
	if got := rotations(); got != want {
		t.Errorf("rotations = %v, want %v (Algorithm 2)", got, want)
	}
}

// TestZeroState checks the permutation of the all-zero state against the
// value published with the Keccak reference (first and last lanes).
func TestZeroState(t *testing.T) {
	var a [25]uint64
	F1600(&a)
	if a[0] != 0xF1258F7940E1DDE7 || a[1] != 0x84D5CCF933C0478A || a[24] != 0xEAF1FF7B5CECA249 {
		t.Errorf("Keccak-f[1600](0) = %#x, %#x … %#x", a[0], a[1], a[24])
	}
}

// shake is SHAKE128 (rate 168) or SHAKE256 (rate 136) over F1600: FIPS
// 202 §4 sponge with the padding 1111 then pad10*1 (0x1F … 0x80).
func shake(rate int, msg []byte, outLen int) []byte {
	var a [25]uint64
	xorBlock := func(block []byte) {
		for i := 0; i < rate/8; i++ {
			a[i] ^= binary.LittleEndian.Uint64(block[8*i:])
		}
	}
	for len(msg) >= rate {
		xorBlock(msg[:rate])
		F1600(&a)
		msg = msg[rate:]
	}
	last := make([]byte, rate)
	copy(last, msg)
	last[len(msg)] ^= 0x1F
	last[rate-1] ^= 0x80
	xorBlock(last)
	var out []byte
	for len(out) < outLen {
		F1600(&a)
		for i := 0; i < rate/8; i++ {
			out = binary.LittleEndian.AppendUint64(out, a[i])
		}
	}
	return out[:outLen]
}

// TestSHAKE checks SHAKE built on F1600 against the standard library's
// crypto/sha3 on random inputs of every length up to three blocks, and
// against the FIPS 202 example values for the empty message.
func TestSHAKE(t *testing.T) {
	empty := map[int]string{
		168: "7f9c2ba4e88f827d616045507605853ed73b8093f6efbc88eb1a6eacfa66ef26",
		136: "46b9dd2b0ba88d13233b3feb743eeb243fcd52ea62b81b82b50c27646ed5762f",
	}
	r := rand.New(rand.NewPCG(1, 2))
	for _, rate := range []int{168, 136} {
		if got := hex.EncodeToString(shake(rate, nil, 32)); got != empty[rate] {
			t.Errorf("rate %d: SHAKE(\"\") = %s, want %s", rate, got, empty[rate])
		}
		for n := 0; n <= 3*rate; n += 1 + r.IntN(7) {
			msg := make([]byte, n)
			for i := range msg {
				msg[i] = byte(r.Uint32())
			}
			outLen := 1 + r.IntN(3*rate)
			want := make([]byte, outLen)
			if rate == 168 {
				copy(want, sha3.SumSHAKE128(msg, outLen))
			} else {
				copy(want, sha3.SumSHAKE256(msg, outLen))
			}
			if got := shake(rate, msg, outLen); !bytes.Equal(got, want) {
				t.Fatalf("rate %d, %d bytes: differs from crypto/sha3", rate, n)
			}
		}
	}
}

func TestF1600x4(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	var a [100]uint64
	var st [4][25]uint64
	for i := range a {
		a[i] = r.Uint64()
		st[i%4][i/4] = a[i]
	}
	F1600x4(&a)
	for s := range 4 {
		F1600(&st[s])
		for i := range 25 {
			if a[4*i+s] != st[s][i] {
				t.Fatalf("state %d lane %d differs", s, i)
			}
		}
	}
}

func TestF1600x8(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	var a [200]uint64
	var st [8][25]uint64
	for i := range a {
		a[i] = r.Uint64()
		st[i%8][i/8] = a[i]
	}
	F1600x8(&a)
	for s := range 8 {
		F1600(&st[s])
		for i := range 25 {
			if a[8*i+s] != st[s][i] {
				t.Fatalf("state %d lane %d differs", s, i)
			}
		}
	}
}
