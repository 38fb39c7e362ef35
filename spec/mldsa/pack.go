package mldsa

// The unpacking of the mask y and the signature's z (FIPS 204 §7.1,
// Algorithm 19, BitUnpack(v, γ₁ − 1, γ₁)): each coefficient is γ₁ minus a
// field of 1 + log₂ γ₁ bits, little-endian, the fields following each
// other from bit 0. ExpandMask unpacks y from SHAKE256 output, sigDecode z
// from the signature; every bit string is accepted, and the coefficients
// are in [−γ₁ + 1, γ₁].

// Gamma1_17 and Gamma1_19 are the two values of γ₁: 2¹⁷ for ML-DSA-44,
// 2¹⁹ for ML-DSA-65 and -87.
const (
	Gamma1_17 = 1 << 17
	Gamma1_19 = 1 << 19
)

// UnpackZ17 sets p[i] = 2¹⁷ − v_i for the 18-bit fields v_i of b: four
// fields in each 9 bytes.
func UnpackZ17(p *Poly, b *[576]byte) {
	for g := range N / 4 {
		b0, b1, b2 := uint32(b[9*g]), uint32(b[9*g+1]), uint32(b[9*g+2])
		b3, b4, b5 := uint32(b[9*g+3]), uint32(b[9*g+4]), uint32(b[9*g+5])
		b6, b7, b8 := uint32(b[9*g+6]), uint32(b[9*g+7]), uint32(b[9*g+8])
		p[4*g] = Gamma1_17 - int32(b0|b1<<8|(b2&0x03)<<16)
		p[4*g+1] = Gamma1_17 - int32(b2>>2|b3<<6|(b4&0x0F)<<14)
		p[4*g+2] = Gamma1_17 - int32(b4>>4|b5<<4|(b6&0x3F)<<12)
		p[4*g+3] = Gamma1_17 - int32(b6>>6|b7<<2|b8<<10)
	}
}

// UnpackZ19 sets p[i] = 2¹⁹ − v_i for the 20-bit fields v_i of b: two
// fields in each 5 bytes.
func UnpackZ19(p *Poly, b *[640]byte) {
	for g := range N / 2 {
		b0, b1, b2 := uint32(b[5*g]), uint32(b[5*g+1]), uint32(b[5*g+2])
		b3, b4 := uint32(b[5*g+3]), uint32(b[5*g+4])
		p[2*g] = Gamma1_19 - int32(b0|b1<<8|(b2&0x0F)<<16)
		p[2*g+1] = Gamma1_19 - int32(b2>>4|b3<<4|b4<<12)
	}
}

// The packing of t₀ in the private key (FIPS 204 Algorithms 24 and 25,
// BitPack(t₀, 2¹² − 1, 2¹²) and its inverse): each coefficient is stored
// as the 13-bit field 2¹² − t₀[i], little-endian, eight fields in each 13
// bytes. t₀ is secret.

// T0Base is the base of the t₀ packing, 2^(d−1) for d = 13.
const T0Base = 1 << 12

// PackT0 writes the 13-bit fields (2¹² − p[i]) mod 2¹³ into b. Every
// int32 is accepted (the field is masked); Power2Round's t₀ lies in
// (−2¹², 2¹²], where the mask loses nothing.
func PackT0(b *[416]byte, p *Poly) {
	const m = 1<<13 - 1
	for g := range N / 8 {
		f0 := uint64(uint32(T0Base-p[8*g]) & m)
		f1 := uint64(uint32(T0Base-p[8*g+1]) & m)
		f2 := uint64(uint32(T0Base-p[8*g+2]) & m)
		f3 := uint64(uint32(T0Base-p[8*g+3]) & m)
		f4 := uint64(uint32(T0Base-p[8*g+4]) & m)
		f5 := uint64(uint32(T0Base-p[8*g+5]) & m)
		f6 := uint64(uint32(T0Base-p[8*g+6]) & m)
		f7 := uint64(uint32(T0Base-p[8*g+7]) & m)
		lo := f0 | f1<<13 | f2<<26 | f3<<39 | f4<<52 // bits 0…63
		hi := f4>>12 | f5<<1 | f6<<14 | f7<<27       // bits 64…103
		o := 13 * g
		for k := range 8 {
			b[o+k] = byte(lo >> (8 * k))
		}
		for k := range 5 {
			b[o+8+k] = byte(hi >> (8 * k))
		}
	}
}

// UnpackT0 sets p[i] = 2¹² − v_i for the 13-bit fields v_i of b: every
// bit string is accepted, and the coefficients are in [−2¹² + 1, 2¹²].
func UnpackT0(p *Poly, b *[416]byte) {
	const m = 1<<13 - 1
	for g := range N / 8 {
		o := 13 * g
		var lo, hi uint64
		for k := range 8 {
			lo |= uint64(b[o+k]) << (8 * k)
		}
		for k := range 5 {
			hi |= uint64(b[o+8+k]) << (8 * k)
		}
		p[8*g] = T0Base - int32(lo&m)
		p[8*g+1] = T0Base - int32(lo>>13&m)
		p[8*g+2] = T0Base - int32(lo>>26&m)
		p[8*g+3] = T0Base - int32(lo>>39&m)
		p[8*g+4] = T0Base - int32((lo>>52|hi<<12)&m)
		p[8*g+5] = T0Base - int32(hi>>1&m)
		p[8*g+6] = T0Base - int32(hi>>14&m)
		p[8*g+7] = T0Base - int32(hi>>27&m)
	}
}

// The packing of s₁ and s₂ in the private key (FIPS 204 Algorithms 24
// and 25, BitPack(s, η, η) and its inverse): each coefficient is stored
// as the field η − s[i], 3 bits for η = 2 (eight fields in each 3 bytes),
// 4 bits for η = 4 (two in each byte), little-endian. s₁ and s₂ are
// secret. Unpacking accepts every field, so its coefficients may lie
// outside [−η, η] (down to η − 7 or η − 15): skDecode checks the range.

// PackEta2 writes the 3-bit fields (2 − p[i]) mod 8 into b.
func PackEta2(b *[96]byte, p *Poly) {
	for g := range N / 8 {
		var v uint32
		for k := range 8 {
			v |= uint32(2-p[8*g+k]) & 7 << (3 * k)
		}
		b[3*g], b[3*g+1], b[3*g+2] = byte(v), byte(v>>8), byte(v>>16)
	}
}

// UnpackEta2 sets p[i] = 2 − v_i for the 3-bit fields v_i of b.
func UnpackEta2(p *Poly, b *[96]byte) {
	for g := range N / 8 {
		v := uint32(b[3*g]) | uint32(b[3*g+1])<<8 | uint32(b[3*g+2])<<16
		for k := range 8 {
			p[8*g+k] = 2 - int32(v>>(3*k)&7)
		}
	}
}

// PackEta4 writes the 4-bit fields (4 − p[i]) mod 16 into b.
func PackEta4(b *[128]byte, p *Poly) {
	for i := range N / 2 {
		b[i] = byte(uint32(4-p[2*i])&15 | (uint32(4-p[2*i+1])&15)<<4)
	}
}

// UnpackEta4 sets p[i] = 4 − v_i for the 4-bit fields v_i of b.
func UnpackEta4(p *Poly, b *[128]byte) {
	for i := range N / 2 {
		p[2*i] = 4 - int32(b[i]&15)
		p[2*i+1] = 4 - int32(b[i]>>4)
	}
}

// OutOfEta2 returns 1 if some coefficient of p is outside [−2, 2], else
// 0: skDecode's range check on s₁ and s₂ for η = 2 (ML-DSA-44 and -87),
// which FIPS 204 leaves to the caller (a 3-bit field can hold η − 7). It
// is exact on every int32 and looks at every coefficient; no branch.
func OutOfEta2(p *Poly) uint32 { return outOfEta(p, 2) }

// OutOfEta4 is OutOfEta2 for η = 4 (ML-DSA-65).
func OutOfEta4(p *Poly) uint32 { return outOfEta(p, 4) }

// outOfEta ORs, over all coefficients v, (η − v) | (v + η) in 64 bits,
// where neither wraps: the sign bit is set exactly when v > η or v < −η.
func outOfEta(p *Poly, eta int64) uint32 {
	var acc int64
	for i := range N {
		v := int64(p[i])
		acc |= (eta - v) | (v + eta)
	}
	return uint32(uint64(acc) >> 63)
}

// The encoding of w₁ (FIPS 204 Algorithm 28, w1Encode: SimpleBitPack(w₁,
// (q − 1)/(2γ₂) − 1)): each coefficient is stored as its own field,
// little-endian, 4 bits for γ₂ = (q − 1)/32 (ML-DSA-65 and -87, w₁ in
// [0, 15]), 6 bits for γ₂ = (q − 1)/88 (ML-DSA-44, w₁ in [0, 43]). w₁ is
// secret until it is hashed into c̃.

// PackW1_32 writes the 4-bit fields p[i] mod 16 into b, two in each byte.
// Every int32 is accepted (the field is masked); HighBits32's w₁ is in
// range, where the mask loses nothing.
func PackW1_32(b *[128]byte, p *Poly) {
	for i := range N / 2 {
		b[i] = byte(uint32(p[2*i])&15 | (uint32(p[2*i+1])&15)<<4)
	}
}

// PackW1_88 writes the 6-bit fields p[i] mod 64 into b, four in each 3
// bytes.
func PackW1_88(b *[192]byte, p *Poly) {
	for g := range N / 4 {
		var v uint32
		for k := range 4 {
			v |= uint32(p[4*g+k]) & 63 << (6 * k)
		}
		b[3*g], b[3*g+1], b[3*g+2] = byte(v), byte(v>>8), byte(v>>16)
	}
}

// The packing of z in the signature (FIPS 204 Algorithm 26, BitPack(z,
// γ₁ − 1, γ₁)): each coefficient is stored as the field γ₁ − z[i], 18 bits
// for γ₁ = 2¹⁷, 20 bits for γ₁ = 2¹⁹, little-endian. The z of a rejected
// attempt is secret; the packing runs only on the accepted one, but the
// kernels treat it as secret all the same.

// PackZ17 writes the 18-bit fields (2¹⁷ − p[i]) mod 2¹⁸ into b, four in
// each 9 bytes. Every int32 is accepted; a centred z (|z[i]| < γ₁) loses
// nothing to the mask.
func PackZ17(b *[576]byte, p *Poly) {
	const m = 1<<18 - 1
	for g := range N / 4 {
		f0 := uint64(uint32(Gamma1_17-p[4*g]) & m)
		f1 := uint64(uint32(Gamma1_17-p[4*g+1]) & m)
		f2 := uint64(uint32(Gamma1_17-p[4*g+2]) & m)
		f3 := uint64(uint32(Gamma1_17-p[4*g+3]) & m)
		lo := f0 | f1<<18 | f2<<36 | f3<<54 // bits 0…63
		o := 9 * g
		for k := range 8 {
			b[o+k] = byte(lo >> (8 * k))
		}
		b[o+8] = byte(f3 >> 10) // bits 64…71
	}
}

// PackZ19 writes the 20-bit fields (2¹⁹ − p[i]) mod 2²⁰ into b, two in
// each 5 bytes.
func PackZ19(b *[640]byte, p *Poly) {
	const m = 1<<20 - 1
	for g := range N / 2 {
		v := uint64(uint32(Gamma1_19-p[2*g])&m) | uint64(uint32(Gamma1_19-p[2*g+1])&m)<<20
		o := 5 * g
		for k := range 5 {
			b[o+k] = byte(v >> (8 * k))
		}
	}
}

// The packing of t₁ in the public key (FIPS 204 Algorithms 22 and 23,
// SimpleBitPack(t₁, 2¹⁰ − 1) and SimpleBitUnpack): each coefficient is
// its own 10-bit field, little-endian, four fields in each 5 bytes. t₁ is
// public; the kernels treat it as secret all the same.

// PackT1 writes the 10-bit fields p[i] mod 2¹⁰ into b. Every int32 is
// accepted (the field is masked); Power2Round's t₁ is in [0, 2¹⁰), where
// the mask loses nothing.
func PackT1(b *[320]byte, p *Poly) {
	const m = 1<<10 - 1
	for g := range N / 4 {
		v := uint64(uint32(p[4*g])&m) | uint64(uint32(p[4*g+1])&m)<<10 |
			uint64(uint32(p[4*g+2])&m)<<20 | uint64(uint32(p[4*g+3])&m)<<30
		o := 5 * g
		for k := range 5 {
			b[o+k] = byte(v >> (8 * k))
		}
	}
}

// UnpackT1 sets p[i] to the 10-bit field v_i of b: every bit string is
// accepted, and the coefficients are in [0, 2¹⁰).
func UnpackT1(p *Poly, b *[320]byte) {
	const m = 1<<10 - 1
	for g := range N / 4 {
		o := 5 * g
		var v uint64
		for k := range 5 {
			v |= uint64(b[o+k]) << (8 * k)
		}
		for k := range 4 {
			p[4*g+k] = int32(v >> (10 * k) & m)
		}
	}
}
