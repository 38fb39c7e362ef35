package mldsa

import (
	"crypto"
	"crypto/rand"
	"crypto/subtle"
	"errors"
	"io"
	"sync"

	kern "vg.dev/kernels/mldsa"
)

// PublicKey is an ML-DSA public key. It holds the matrix Â expanded from ρ
// (and, after its first verification, t₁ in the NTT domain), so
// verification does no expansion. Public keys are safe for concurrent use.
type PublicKey struct {
	params *Parameters
	rho    [32]byte
	a      [][]poly // Â, k rows of l polynomials in T_q, coefficients in [0, q)
	t1Once sync.Once
	t1Hat  []poly // NTT(t₁·2ᵈ), |·| < 9q, made by t1HatOnce on first use
	tr     [64]byte
	enc    []byte // pkEncode(ρ, t₁)
}

// PrivateKey is an ML-DSA private key. It holds Â, and after its first
// signature s₁, s₂ and t₀ in the NTT domain. Private keys are safe for
// concurrent use.
type PrivateKey struct {
	pub     PublicKey
	seed    [SeedSize]byte
	hasSeed bool
	key     [32]byte // K
	// NTT(s₁), NTT(s₂) and NTT(t₀), decoded from enc by secretsOnce on the
	// first signature: a key that never signs does not hold them (key
	// generation computes NTT(s₁) on the stack).
	secrets             sync.Once
	s1Hat, s2Hat, t0Hat []poly
	enc                 []byte // skEncode
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
// leak, see rejBoundedLanes).
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

	allocPublic(pub)
	expandA(p, pub.a, &pub.rho)
	var s1, s1Hat [maxL]poly
	var s2, t1, t0 [maxK]poly
	expandS(p, s1[:p.l], s2[:p.k], rhoPrime)

	s1Hat = s1
	nttVec(s1Hat[:p.l])
	computeT(pub, s1Hat[:p.l], s2[:p.k], t1[:p.k], t0[:p.k])

	pub.enc = pkEncode(p, &pub.rho, t1[:p.k])
	shake256(pub.tr[:], pub.enc)
	priv.enc = skEncode(p, &pub.rho, &priv.key, &pub.tr, s1[:p.l], s2[:p.k], t0[:p.k])
	return priv
}

// allocPublic allocates the polynomials of a public key, Â, in blocks of
// as many whole rows as fit in 32 KiB, the Go allocator's largest small
// object (a larger one is a span of its own, which the garbage collector
// returns to the system and the next key asks for again): 4 rows of 7
// KiB for ML-DSA-87, exactly a size class, where a row at a time took 8
// KiB for each.
func allocPublic(pub *PublicKey) {
	p := pub.params
	const block = 32 << 10
	perBlock := max(1, block/(p.l*n*4))
	pub.a = make([][]poly, p.k)
	for r := 0; r < p.k; r += perBlock {
		rows := min(perBlock, p.k-r)
		polys := make([]poly, rows*p.l)
		for i := range rows {
			pub.a[r+i] = polys[i*p.l : (i+1)*p.l : (i+1)*p.l]
		}
	}
}

// secretsOnce returns NTT(s₁), NTT(s₂) and NTT(t₀), decoding s₁, s₂ and
// t₀ from the key's encoding the first time. The encoding was made or
// checked when the key was (its coefficients are in range), so skDecode
// cannot fail. Secret: decoding and the NTT are constant time.
func (priv *PrivateKey) secretsOnce() (s1Hat, s2Hat, t0Hat []poly) {
	priv.secrets.Do(func() {
		p := priv.pub.params
		var rho, key [32]byte
		var tr [64]byte
		polys := make([]poly, p.l+2*p.k)
		s1 := polys[:p.l:p.l]
		s2 := polys[p.l : p.l+p.k : p.l+p.k]
		t0 := polys[p.l+p.k:]
		if err := skDecode(p, priv.enc, &rho, &key, &tr, s1, s2, t0); err != nil {
			panic("mldsa: internal error: " + err.Error())
		}
		nttVec(polys)
		priv.s1Hat, priv.s2Hat, priv.t0Hat = s1, s2, t0
	})
	return priv.s1Hat, priv.s2Hat, priv.t0Hat
}

// computeT sets t₁, t₀ = Power2Round(Â·s₁ + s₂) given NTT(s₁).
func computeT(pub *PublicKey, s1Hat, s2, t1, t0 []poly) {
	p := pub.params
	var t poly
	for i := range p.k {
		mulAcc(&t, pub.a[i], s1Hat) // (−l·q, l·q)
		kern.Reduce(&t)             // |·| ≤ 6283009 < 2²³
		kern.InvNTT(&t)             // (−q, q)
		kern.Add(&t, &t, &s2[i])    // (−q − η, q + η)
		kern.Freeze(&t)             // [0, q)
		kern.Power2Round(&t1[i], &t0[i], &t)
	}
}

// t1HatOnce returns NTT(t₁·2ᵈ), decoding t₁ from the encoding the first
// time (only verification needs it, and not every key verifies). t₁ ≤
// 2¹⁰ − 1, so t₁·2ᵈ ≤ q − 1 is in the NTT's input range.
func (pub *PublicKey) t1HatOnce() []poly {
	pub.t1Once.Do(func() {
		p := pub.params
		t1 := make([]poly, p.k)
		var rho [32]byte
		pkDecode(p, pub.enc, &rho, t1)
		for i := range t1 {
			for j := range n {
				t1[i][j] <<= d
			}
			kern.NTT(&t1[i])
		}
		pub.t1Hat = t1
	})
	return pub.t1Hat
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
	allocPublic(pub)
	expandA(p, pub.a, &pub.rho)
	s1Hat := s1
	nttVec(s1Hat[:p.l])
	computeT(pub, s1Hat[:p.l], s2[:p.k], t1[:p.k], t0Want[:p.k])
	pub.enc = pkEncode(p, &pub.rho, t1[:p.k])
	shake256(pub.tr[:], pub.enc)
	ok := subtle.ConstantTimeCompare(pub.tr[:], tr[:])
	for i := range p.k {
		ok &= polyEqual(&t0[i], &t0Want[i])
	}
	if ok != 1 {
		return nil, errors.New("mldsa: invalid private key: t₀ or tr does not match ρ, s₁ and s₂")
	}
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
// encoding of the right length is a public key (pkDecode accepts every
// 10-bit field).
func NewPublicKey(params *Parameters, pk []byte) (*PublicKey, error) {
	p := params
	pub := &PublicKey{params: p}
	if len(pk) != p.PublicKeySize() {
		return nil, errors.New("mldsa: invalid public key length")
	}
	copy(pub.rho[:], pk) // t₁ is decoded by t1HatOnce
	allocPublic(pub)
	expandA(p, pub.a, &pub.rho)
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
