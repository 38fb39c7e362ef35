package keccak

import "math/bits"

// Rounds is the number of rounds of Keccak-f[1600], 12 + 2ℓ with ℓ = 6.
const Rounds = 24

// roundConstants returns RC for rounds 0 to 23: FIPS 202 Algorithm 6,
// RC[2ʲ − 1] = rc(j + 7·iᵣ) for j = 0…6 (keccak_test.go derives them from
// Algorithm 5).
func roundConstants() [Rounds]uint64 {
	return [Rounds]uint64{
		0x0000000000000001, 0x0000000000008082, 0x800000000000808A, 0x8000000080008000,
		0x000000000000808B, 0x0000000080000001, 0x8000000080008081, 0x8000000000008009,
		0x000000000000008A, 0x0000000000000088, 0x0000000080008009, 0x000000008000000A,
		0x000000008000808B, 0x800000000000008B, 0x8000000000008089, 0x8000000000008003,
		0x8000000000008002, 0x8000000000000080, 0x000000000000800A, 0x800000008000000A,
		0x8000000080008081, 0x8000000000008080, 0x0000000080000001, 0x8000000080008008,
	}
}

// rotations returns ρ's offset of lane (x, y) at index x + 5y: FIPS 202
// Algorithm 2, (t + 1)(t + 2)/2 mod 64 along the walk (x, y) ← (y,
// 2x + 3y) from (1, 0), 0 for lane (0, 0).
func rotations() [25]int {
	return [25]int{
		0, 1, 62, 28, 27,
		36, 44, 6, 55, 20,
		3, 10, 43, 25, 39,
		41, 45, 15, 21, 8,
		18, 2, 61, 56, 14,
	}
}

// F1600 applies Keccak-f[1600] to the state a (lane (x, y) at a[x+5y]).
func F1600(a *[25]uint64) {
	rc := roundConstants()
	rot := rotations()
	for r := range Rounds {
		// θ
		var c [5]uint64
		for x := range 5 {
			c[x] = a[x] ^ a[x+5] ^ a[x+10] ^ a[x+15] ^ a[x+20]
		}
		for x := range 5 {
			d := c[(x+4)%5] ^ bits.RotateLeft64(c[(x+1)%5], 1)
			for y := range 5 {
				a[x+5*y] ^= d
			}
		}
		// ρ and π: B[y, 2x + 3y] = rot(A[x, y], r[x, y]).
		var b [25]uint64
		for x := range 5 {
			for y := range 5 {
				b[y+5*((2*x+3*y)%5)] = bits.RotateLeft64(a[x+5*y], rot[x+5*y])
			}
		}
		// χ
		for y := range 5 {
			for x := range 5 {
				a[x+5*y] = b[x+5*y] ^ (^b[(x+1)%5+5*y] & b[(x+2)%5+5*y])
			}
		}
		// ι
		a[0] ^= rc[r]
	}
}

// F1600x4 applies Keccak-f[1600] to each of four interleaved states: lane
// i of state s at a[4i+s].
func F1600x4(a *[100]uint64) {
	for s := range 4 {
		var st [25]uint64
		for i := range 25 {
			st[i] = a[4*i+s]
		}
		F1600(&st)
		for i := range 25 {
			a[4*i+s] = st[i]
		}
	}
}

// F1600x8 applies Keccak-f[1600] to each of eight interleaved states: lane
// i of state s at a[8i+s].
func F1600x8(a *[200]uint64) {
	for s := range 8 {
		var st [25]uint64
		for i := range 25 {
			st[i] = a[8*i+s]
		}
		F1600(&st)
		for i := range 25 {
			a[8*i+s] = st[i]
		}
	}
}
