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
