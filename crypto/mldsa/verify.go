package mldsa

import (
	"crypto/subtle"
	"errors"

	kern "vg.dev/kernels/mldsa"
)

// Verify reports whether sig is a valid signature of message by pub under
// the context of opts (nil: empty), FIPS 204 Algorithm 3 (ML-DSA.Verify):
// nil if it is, an error if not. A signature of the wrong length or with
// a malformed hint is an error like any invalid one. Every input is
// public.
func Verify(pub *PublicKey, message, sig []byte, opts *Options) error {
	ctx := ""
	if opts != nil {
		ctx = opts.Context
	}
	mu, err := messageHash(&pub.tr, message, ctx)
	if err != nil {
		return err
	}
	return pub.verifyInternal(mu, sig)
}

// VerifyExternalMu reports whether sig is a valid signature of the 64-byte
// message representative μ (see ExternalMu) by pub: ML-DSA.Verify_internal
// (Algorithm 8) from line 7 on.
func VerifyExternalMu(pub *PublicKey, mu, sig []byte) error {
	if len(mu) != MuSize {
		return errors.New("mldsa: μ must be 64 bytes")
	}
	return pub.verifyInternal((*[MuSize]byte)(mu), sig)
}

// verifyInternal is ML-DSA.Verify_internal from μ on. Nothing here is
// secret; the kernels are used for speed.
func (pub *PublicKey) verifyInternal(mu *[MuSize]byte, sig []byte) error {
	p := pub.params
	k, l := p.k, p.l
	var (
		z, zHat  [maxL]poly
		h, w, w1 [maxK]poly
		c, tmp   poly
		w1buf    [maxK * 32 * 6]byte
		ctilde   [64]byte
	)
	ct, err := sigDecode(p, sig, z[:l], h[:k])
	if err != nil {
		return err
	}
	// z is centred: its coefficients are in [−γ₁ + 1, γ₁].
	for j := range l {
		if kern.NormExceeds(&z[j], p.gamma1-p.beta()) != 0 {
			return errInvalidSignature
		}
	}
	sampleInBall(p, &c, ct)
	kern.NTT(&c)
	copy(zHat[:l], z[:l])
	nttVec(zHat[:l])
	t1Hat := pub.t1HatOnce()
	for i := range k {
		// w′ = Â·z − c·t₁·2ᵈ, in (−(l+1)·q, (l+1)·q).
		mulAcc(&w[i], pub.a[i], zHat[:l])
		kern.PointwiseMontgomery(&tmp, &c, &t1Hat[i])
		kern.Sub(&w[i], &w[i], &tmp)
		kern.Reduce(&w[i])
		kern.InvNTT(&w[i])
		kern.Freeze(&w[i])
		useHint(p, &w1[i], &h[i], &w[i])
	}
	w1len := k * 32 * p.w1Bits()
	w1Encode(p, w1buf[:w1len], w1[:k])
	cts := ctilde[:p.challengeSize()]
	shake256(cts, mu[:], w1buf[:w1len])
	if subtle.ConstantTimeCompare(cts, ct) != 1 {
		return errInvalidSignature
	}
	return nil
}
