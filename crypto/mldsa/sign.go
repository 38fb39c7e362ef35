package mldsa

import (
	"crypto"
	"crypto/rand"
	"errors"
	"io"

	kern "vg.dev/kernels/mldsa"
)

// Options are the options of signing and verification: the FIPS 204
// context string (at most 255 bytes; empty by default). It implements
// crypto.SignerOpts, with HashFunc 0: the message is signed itself (pure
// ML-DSA), not a digest of it.
type Options struct {
	Context string
}

// HashFunc returns 0: ML-DSA signs the message, not a hash of it.
func (*Options) HashFunc() crypto.Hash { return 0 }

// contextOf returns the context of opts, which may be nil, an *Options or
// any crypto.SignerOpts with HashFunc 0 (empty context).
func contextOf(opts crypto.SignerOpts) (string, error) {
	if opts == nil {
		return "", nil
	}
	if opts.HashFunc() != 0 {
		return "", errors.New("mldsa: HashML-DSA (a pre-hashed message) is not supported: opts.HashFunc() must be 0")
	}
	if o, ok := opts.(*Options); ok && o != nil {
		return o.Context, nil
	}
	return "", nil
}

// messageHash returns μ = H(tr ‖ M′, 64) with M′ = 0 ‖ |ctx| ‖ ctx ‖ M
// (FIPS 204 Algorithms 2 and 3, and line 6 of Algorithms 7 and 8).
func messageHash(tr *[64]byte, msg []byte, ctx string) (*[MuSize]byte, error) {
	if len(ctx) > 255 {
		return nil, errors.New("mldsa: context longer than 255 bytes")
	}
	var mu [MuSize]byte
	shake256(mu[:], tr[:], []byte{0, byte(len(ctx))}, []byte(ctx), msg)
	return &mu, nil
}

// ExternalMu returns the message representative μ of message under pub
// and the context of opts (nil: empty), for SignExternalMu and
// VerifyExternalMu.
func ExternalMu(pub *PublicKey, message []byte, opts *Options) ([]byte, error) {
	ctx := ""
	if opts != nil {
		ctx = opts.Context
	}
	mu, err := messageHash(&pub.tr, message, ctx)
	if err != nil {
		return nil, err
	}
	return mu[:], nil
}

// Sign signs message with the hedged variant of ML-DSA.Sign (FIPS 204
// Algorithm 2): 32 bytes of rand (nil: crypto/rand.Reader) are mixed into
// the per-signature seed. opts is nil, an *Options with the context, or
// any crypto.SignerOpts whose HashFunc is 0. The private key and the
// random bytes are secret; the message and context are not.
func (priv *PrivateKey) Sign(random io.Reader, message []byte, opts crypto.SignerOpts) ([]byte, error) {
	ctx, err := contextOf(opts)
	if err != nil {
		return nil, err
	}
	mu, err := messageHash(&priv.pub.tr, message, ctx)
	if err != nil {
		return nil, err
	}
	var rnd [32]byte
	if err := readRandom(random, &rnd); err != nil {
		return nil, err
	}
	return priv.signInternal(mu, &rnd), nil
}

// SignDeterministic signs message with the deterministic variant of
// ML-DSA.Sign: the random bytes are 32 zeros, so the signature depends
// only on the key, the message and the context.
func (priv *PrivateKey) SignDeterministic(message []byte, opts crypto.SignerOpts) ([]byte, error) {
	ctx, err := contextOf(opts)
	if err != nil {
		return nil, err
	}
	mu, err := messageHash(&priv.pub.tr, message, ctx)
	if err != nil {
		return nil, err
	}
	return priv.signInternal(mu, new([32]byte)), nil
}

// SignExternalMu signs the 64-byte message representative μ (see
// ExternalMu), hedged with 32 bytes of rand (nil: crypto/rand.Reader):
// ML-DSA.Sign_internal (Algorithm 7) from line 7 on, as FIPS 204 allows
// μ to be computed elsewhere.
func (priv *PrivateKey) SignExternalMu(random io.Reader, mu []byte) ([]byte, error) {
	if len(mu) != MuSize {
		return nil, errors.New("mldsa: μ must be 64 bytes")
	}
	var rnd [32]byte
	if err := readRandom(random, &rnd); err != nil {
		return nil, err
	}
	return priv.signInternal((*[MuSize]byte)(mu), &rnd), nil
}

// SignExternalMuDeterministic is SignExternalMu with 32 zero random bytes.
func (priv *PrivateKey) SignExternalMuDeterministic(mu []byte) ([]byte, error) {
	if len(mu) != MuSize {
		return nil, errors.New("mldsa: μ must be 64 bytes")
	}
	return priv.signInternal((*[MuSize]byte)(mu), new([32]byte)), nil
}

func readRandom(random io.Reader, rnd *[32]byte) error {
	if random == nil {
		random = rand.Reader
	}
	if _, err := io.ReadFull(random, rnd[:]); err != nil {
		return errors.New("mldsa: reading signing randomness: " + err.Error())
	}
	return nil
}

// signInternal is ML-DSA.Sign_internal (Algorithm 7) from μ on.
//
// Constant time: K, rnd, ρ″, y, s₁, s₂, t₀ and every polynomial computed
// from them are secret and stay in kernels, SHAKE256 and the unpacking of
// y; the code between kernel calls loops over public bounds. It branches
// on exactly what FIPS 204 lets a signer leak (the Dilithium
// specification, round 3, §5.5): the c̃ of each attempt (SampleInBall
// branches on it), whether the attempt is rejected and by which check
// (each NormExceeds result, and whether the hint has more than ω ones).
// NormExceeds looks at every coefficient, so which coefficient failed is
// not even leaked. The accepted z and h are the signature.
func (priv *PrivateKey) signInternal(mu *[MuSize]byte, rnd *[32]byte) []byte {
	pub := &priv.pub
	p := pub.params
	k, l := p.k, p.l
	s1Hat, s2Hat, t0Hat := priv.secretsOnce()
	var rhoPP [64]byte
	shake256(rhoPP[:], priv.key[:], rnd[:], mu[:])

	var (
		y, z, cs1          [maxL]poly
		yHat               [maxL]poly
		w, w1, r, cs2, ct0 [maxK]poly
		hz, hr, h          [maxK]poly
		c, cHat            poly
		w1buf              [maxK * 32 * 6]byte
		ctilde             [64]byte
		tmp                poly
	)
	w1len := k * 32 * p.w1Bits()
	gamma1Beta := p.gamma1 - p.beta()
	gamma2Beta := p.gamma2 - p.beta()

	for kappa := 0; ; kappa += l {
		expandMask(p, y[:l], rhoPP[:], kappa) // [−γ₁ + 1, γ₁]
		copy(yHat[:l], y[:l])
		nttVec(yHat[:l])
		for i := range k {
			mulAcc(&w[i], pub.a[i], yHat[:l]) // (−l·q, l·q)
			kern.Reduce(&w[i])
			kern.InvNTT(&w[i]) // (−q, q)
			kern.Freeze(&w[i]) // [0, q)
			highBits(p, &w1[i], &w[i])
		}
		w1Encode(p, w1buf[:w1len], w1[:k])
		cts := ctilde[:p.challengeSize()]
		shake256(cts, mu[:], w1buf[:w1len])
		sampleInBall(p, &c, cts)
		cHat = c
		kern.NTT(&cHat)

		// z = y + c·s₁, rejected if ‖z‖∞ ≥ γ₁ − β.
		var reject uint32
		for j := range l {
			kern.PointwiseMontgomery(&cs1[j], &cHat, &s1Hat[j]) // (−q, q)
			kern.InvNTT(&cs1[j])                                // (−q, q)
			kern.Add(&z[j], &y[j], &cs1[j])
			kern.Reduce(&z[j])
			reject |= kern.NormExceeds(&z[j], gamma1Beta)
		}
		if reject != 0 {
			continue
		}
		// r = w − c·s₂ in [0, q); rejected if ‖LowBits(r)‖∞ ≥ γ₂ − β.
		for i := range k {
			kern.PointwiseMontgomery(&cs2[i], &cHat, &s2Hat[i])
			kern.InvNTT(&cs2[i])
			kern.Sub(&r[i], &w[i], &cs2[i]) // (−q, 2q)
			kern.Freeze(&r[i])
			lowBits(p, &tmp, &r[i])
			reject |= kern.NormExceeds(&tmp, gamma2Beta)
		}
		if reject != 0 {
			continue
		}
		// c·t₀, rejected if ‖c·t₀‖∞ ≥ γ₂; h = MakeHint(−c·t₀, r + c·t₀),
		// rejected if it has more than ω ones.
		var ones uint32
		for i := range k {
			kern.PointwiseMontgomery(&ct0[i], &cHat, &t0Hat[i])
			kern.InvNTT(&ct0[i]) // (−q, q)
			kern.Sub(&hz[i], &zeroPoly, &ct0[i])
			kern.Freeze(&hz[i])
			kern.Add(&hr[i], &r[i], &ct0[i]) // (−q, 2q)
			kern.Freeze(&hr[i])
			ones += makeHint(p, &h[i], &hz[i], &hr[i])
			kern.Reduce(&ct0[i])
			reject |= kern.NormExceeds(&ct0[i], p.gamma2)
		}
		// ones > ω, without a branch on ones: ω − ones is negative.
		reject |= uint32(int32(p.omega)-int32(ones)) >> 31
		if reject != 0 {
			continue
		}
		sig := make([]byte, p.SignatureSize())
		sigEncode(p, sig, cts, z[:l], h[:k])
		return sig
	}
}
