package mldsa

// Parameters is one of the three parameter sets of FIPS 204 (Table 1).
// The values of MLDSA44, MLDSA65 and MLDSA87 are the only ones; compare
// them by pointer.
type Parameters struct {
	name   string
	k, l   int   // rows and columns of A
	eta    int32 // bound η of the secret coefficients
	tau    int   // number of ±1 coefficients of the challenge c
	lambda int   // collision strength λ in bits; c̃ has λ/4 bytes
	gamma1 int32 // coefficient range γ₁ of the mask y, a power of two
	z1Bits int   // bits per packed z coefficient: 1 + bitlen(γ₁ − 1)
	gamma2 int32 // low-order rounding range γ₂
	omega  int   // maximum number of ones in the hint h
}

var (
	mldsa44 = Parameters{name: "ML-DSA-44", k: 4, l: 4, eta: 2, tau: 39, lambda: 128,
		gamma1: 1 << 17, z1Bits: 18, gamma2: (q - 1) / 88, omega: 80}
	mldsa65 = Parameters{name: "ML-DSA-65", k: 6, l: 5, eta: 4, tau: 49, lambda: 192,
		gamma1: 1 << 19, z1Bits: 20, gamma2: (q - 1) / 32, omega: 55}
	mldsa87 = Parameters{name: "ML-DSA-87", k: 8, l: 7, eta: 2, tau: 60, lambda: 256,
		gamma1: 1 << 19, z1Bits: 20, gamma2: (q - 1) / 32, omega: 75}
)

// The largest k and l of any parameter set, for fixed-size arrays.
const (
	maxK = 8
	maxL = 7
)

// MLDSA44 returns the ML-DSA-44 parameter set (NIST security category 2).
func MLDSA44() *Parameters { return &mldsa44 }

// MLDSA65 returns the ML-DSA-65 parameter set (NIST security category 3).
func MLDSA65() *Parameters { return &mldsa65 }

// MLDSA87 returns the ML-DSA-87 parameter set (NIST security category 5).
func MLDSA87() *Parameters { return &mldsa87 }

// String returns the parameter set's name, such as "ML-DSA-65".
func (p *Parameters) String() string { return p.name }

// beta is β = τ·η, the largest coefficient of c·s₁ and c·s₂.
func (p *Parameters) beta() int32 { return int32(p.tau) * p.eta }

// etaBits is the number of bits of a packed s₁ or s₂ coefficient:
// bitlen(2η).
func (p *Parameters) etaBits() int {
	if p.eta == 2 {
		return 3
	}
	return 4
}

// w1Bits is the number of bits of a packed w₁ coefficient:
// bitlen((q−1)/(2γ₂) − 1).
func (p *Parameters) w1Bits() int {
	if p.gamma2 == (q-1)/88 {
		return 6
	}
	return 4
}

// PublicKeySize returns the size of an encoded public key (pkEncode) in
// bytes: 1312, 1952 or 2592.
func (p *Parameters) PublicKeySize() int { return 32 + p.k*n*t1Bits/8 }

// PrivateKeySize returns the size of an expanded private key (skEncode)
// in bytes: 2560, 4032 or 4896. The seed form is always SeedSize bytes.
func (p *Parameters) PrivateKeySize() int {
	return 32 + 32 + 64 + (p.k+p.l)*n*p.etaBits()/8 + p.k*n*d/8
}

// SignatureSize returns the size of a signature in bytes: 2420, 3309 or
// 4627.
func (p *Parameters) SignatureSize() int {
	return p.lambda/4 + p.l*n*p.z1Bits/8 + p.omega + p.k
}

// challengeSize is the size of c̃ in bytes.
func (p *Parameters) challengeSize() int { return p.lambda / 4 }
