package mldsa

import (
	"crypto"
	"crypto/rand"
	"crypto/subtle"
	"errors"
	"io"

	kern "vg.dev/kernels/mldsa"
)

// PublicKey is an ML-DSA public key. It holds the matrix Â expanded from ρ
// and t₁ in the NTT domain, so verification does no expansion. Public
// keys are immutable and safe for concurrent use.
type PublicKey struct {
	params *Parameters
	rho    [32]byte
	a      []poly // Â, row-major, k·l polynomials in T_q, coefficients in [0, q)
	t1Hat  []poly // NTT(t₁·2ᵈ), |·| < 9q
	tr     [64]byte
	enc    []byte // pkEncode(ρ, t₁)
}

// PrivateKey is an ML-DSA private key. It holds Â, s₁, s₂ and t₀ in the
// NTT domain. Private keys are immutable and safe for concurrent use.
type PrivateKey struct {
	pub     PublicKey
	seed    [SeedSize]byte
	hasSeed bool
	key     [32]byte // K
	s1Hat   []poly   // NTT(s₁)
	s2Hat   []poly   // NTT(s₂)
	t0Hat   []poly   // NTT(t₀)
	enc     []byte   // skEncode
}

// GenerateKey generates a key pair for params from 32 bytes of rand, the
// seed ξ (FIPS 204 Algorithm 1, ML-DSA.KeyGen). A nil rand means
// crypto/rand.Reader.
func GenerateKey(params *Parameters, random io.Reader) (*PrivateKey, error) {
	if random == nil {
		random = rand.Reader
	}
	var seed [SeedSize]byte
	if _, err := io.ReadFull(random, seed[:]); err != nil {
		return nil, errors.New("mldsa: reading the key seed: " + err.Error())
	}
	return newKeyFromSeed(params, &seed), nil
}

// NewPrivateKey derives the key pair of params from the 32-byte seed ξ
// (FIPS 204 Algorithm 6, ML-DSA.KeyGen_internal). The seed is secret.
func NewPrivateKey(params *Parameters, seed []byte) (*PrivateKey, error) {
	if len(seed) != SeedSize {
		return nil, errors.New("mldsa: invalid seed length")
	}
	return newKeyFromSeed(params, (*[SeedSize]byte)(seed)), nil
}

// newKeyFromSeed is KeyGen_internal. The seed, ρ′, K, s₁, s₂ and t₀ are
// secret: everything between the kernels here is public-length loops and
// calls, with the secrets in the kernels' memory and in SHAKE256, the
// samplers and the packers (each constant time but for what FIPS 204 lets
// leak, see rejBoundedPoly).
func newKeyFromSeed(params *Parameters, seed *[SeedSize]byte) *PrivateKey {
	p := params
	priv := &PrivateKey{seed: *seed, hasSeed: true}
	var h [128]byte
	shake256(h[:], seed[:], []byte{byte(p.k), byte(p.l)})
	pub := &priv.pub
	pub.params = p
	copy(pub.rho[:], h[:32])
	rhoPrime := h[32:96]
	copy(priv.key[:], h[96:])

	// One allocation for the key's polynomials: Â, NTT(s₁), NTT(s₂),
	// NTT(t₀), NTT(t₁·2ᵈ).
	polys := make([]poly, p.k*p.l+p.l+3*p.k)
	pub.a, polys = polys[:p.k*p.l:p.k*p.l], polys[p.k*p.l:]
	priv.s1Hat, polys = polys[:p.l:p.l], polys[p.l:]
	priv.s2Hat, polys = polys[:p.k:p.k], polys[p.k:]
	priv.t0Hat, pub.t1Hat = polys[:p.k:p.k], polys[p.k:]
	expandA(p, pub.a, &pub.rho)
	var s1 [maxL]poly
	var s2, t1, t0 [maxK]poly
	expandS(p, s1[:p.l], s2[:p.k], rhoPrime)

	copy(priv.s1Hat, s1[:p.l])
	nttVec(priv.s1Hat)
	computeT(pub, priv.s1Hat, s2[:p.k], t1[:p.k], t0[:p.k])

	pub.enc = pkEncode(p, &pub.rho, t1[:p.k])
	shake256(pub.tr[:], pub.enc)
	t1HatOf(pub.t1Hat, t1[:p.k])
	copy(priv.s2Hat, s2[:p.k])
	nttVec(priv.s2Hat)
	copy(priv.t0Hat, t0[:p.k])
	nttVec(priv.t0Hat)
	priv.enc = skEncode(p, &pub.rho, &priv.key, &pub.tr, s1[:p.l], s2[:p.k], t0[:p.k])
	return priv
}

// computeT sets t₁, t₀ = Power2Round(Â·s₁ + s₂) given NTT(s₁).
func computeT(pub *PublicKey, s1Hat, s2, t1, t0 []poly) {
	p := pub.params
	var t poly
	for i := range p.k {
		mulAcc(&t, pub.a[i*p.l:(i+1)*p.l], s1Hat) // (−l·q, l·q)
		kern.Reduce(&t)                           // |·| ≤ 6283009 < 2²³
		kern.InvNTT(&t)                           // (−q, q)
		kern.Add(&t, &t, &s2[i])                  // (−q − η, q + η)
		kern.Freeze(&t)                           // [0, q)
		kern.Power2Round(&t1[i], &t0[i], &t)
	}
}

// t1HatOf sets out = NTT(t₁·2ᵈ): t₁ ≤ 2¹⁰ − 1, so t₁·2ᵈ ≤ q − 1 is in
// the NTT's input range.
func t1HatOf(out, t1 []poly) {
	for i := range t1 {
		for j := range n {
			out[i][j] = t1[i][j] << d
		}
		kern.NTT(&out[i])
	}
}

// NewPrivateKeyFromExpanded decodes a private key of params from its
// FIPS 204 encoding (skEncode, Algorithm 24; PrivateKeySize bytes). It
// returns an error for a wrong length, a coefficient of s₁ or s₂ outside
// [−η, η], and a key whose parts do not belong together: t₀ and tr are
// recomputed from ρ, s₁ and s₂ and compared (in constant time). The
// encoding is secret. Such a key has no seed: Bytes returns nil.
func NewPrivateKeyFromExpanded(params *Parameters, sk []byte) (*PrivateKey, error) {
	p := params
	priv := &PrivateKey{}
	pub := &priv.pub
	pub.params = p
	var s1 [maxL]poly
	var s2, t1, t0, t0Want [maxK]poly
	var tr [64]byte
	if err := skDecode(p, sk, &pub.rho, &priv.key, &tr, s1[:p.l], s2[:p.k], t0[:p.k]); err != nil {
		return nil, err
	}
	polys := make([]poly, p.k*p.l+p.l+3*p.k)
	pub.a, polys = polys[:p.k*p.l:p.k*p.l], polys[p.k*p.l:]
	priv.s1Hat, polys = polys[:p.l:p.l], polys[p.l:]
	priv.s2Hat, polys = polys[:p.k:p.k], polys[p.k:]
	priv.t0Hat, pub.t1Hat = polys[:p.k:p.k], polys[p.k:]
	expandA(p, pub.a, &pub.rho)
	copy(priv.s1Hat, s1[:p.l])
	nttVec(priv.s1Hat)
	computeT(pub, priv.s1Hat, s2[:p.k], t1[:p.k], t0Want[:p.k])
	pub.enc = pkEncode(p, &pub.rho, t1[:p.k])
	shake256(pub.tr[:], pub.enc)
	ok := subtle.ConstantTimeCompare(pub.tr[:], tr[:])
	for i := range p.k {
		ok &= polyEqual(&t0[i], &t0Want[i])
	}
	if ok != 1 {
		return nil, errors.New("mldsa: invalid private key: t₀ or tr does not match ρ, s₁ and s₂")
	}
	t1HatOf(pub.t1Hat, t1[:p.k])
	copy(priv.s2Hat, s2[:p.k])
	nttVec(priv.s2Hat)
	copy(priv.t0Hat, t0[:p.k])
	nttVec(priv.t0Hat)
	priv.enc = append([]byte(nil), sk...)
	return priv, nil
}

// polyEqual returns 1 if a and b are equal, else 0, in constant time.
func polyEqual(a, b *poly) int {
	var diff int32
	for i := range n {
		diff |= a[i] ^ b[i]
	}
	return subtle.ConstantTimeEq(diff, 0)
}

// NewPublicKey decodes a public key of params from its FIPS 204 encoding
// (pkEncode, Algorithm 22; PublicKeySize bytes) and expands Â. Every
// encoding of the right length is a public key.
func NewPublicKey(params *Parameters, pk []byte) (*PublicKey, error) {
	p := params
	pub := &PublicKey{params: p}
	var t1 [maxK]poly
	if err := pkDecode(p, pk, &pub.rho, t1[:p.k]); err != nil {
		return nil, err
	}
	polys := make([]poly, p.k*p.l+p.k)
	pub.a, pub.t1Hat = polys[:p.k*p.l:p.k*p.l], polys[p.k*p.l:]
	expandA(p, pub.a, &pub.rho)
	t1HatOf(pub.t1Hat, t1[:p.k])
	pub.enc = append([]byte(nil), pk...)
	shake256(pub.tr[:], pub.enc)
	return pub, nil
}

// Parameters returns the key's parameter set.
func (pub *PublicKey) Parameters() *Parameters { return pub.params }

// Bytes returns the FIPS 204 encoding of the public key (pkEncode).
func (pub *PublicKey) Bytes() []byte { return append([]byte(nil), pub.enc...) }

// Equal reports whether x is a *PublicKey with the same parameters and
// encoding.
func (pub *PublicKey) Equal(x crypto.PublicKey) bool {
	o, ok := x.(*PublicKey)
	return ok && o.params == pub.params && subtle.ConstantTimeCompare(o.enc, pub.enc) == 1
}

// Parameters returns the key's parameter set.
func (priv *PrivateKey) Parameters() *Parameters { return priv.pub.params }

// Bytes returns the 32-byte seed ξ the key was derived from, or nil for a
// key decoded by NewPrivateKeyFromExpanded. The seed is secret.
func (priv *PrivateKey) Bytes() []byte {
	if !priv.hasSeed {
		return nil
	}
	return append([]byte(nil), priv.seed[:]...)
}

// ExpandedBytes returns the FIPS 204 encoding of the private key
// (skEncode, PrivateKeySize bytes). It is secret.
func (priv *PrivateKey) ExpandedBytes() []byte { return append([]byte(nil), priv.enc...) }

// PublicKey returns the public key of the pair.
func (priv *PrivateKey) PublicKey() *PublicKey { return &priv.pub }

// Public returns the public key of the pair, a *PublicKey, for
// crypto.Signer.
func (priv *PrivateKey) Public() crypto.PublicKey { return &priv.pub }

// Equal reports whether x is a *PrivateKey with the same parameters and
// key material (the expanded encodings are compared in constant time; a
// key from a seed equals the same key decoded from its expanded form).
func (priv *PrivateKey) Equal(x crypto.PrivateKey) bool {
	o, ok := x.(*PrivateKey)
	return ok && o.pub.params == priv.pub.params && subtle.ConstantTimeCompare(o.enc, priv.enc) == 1
}
