package bench

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/cloudflare/circl/sign"
	"github.com/cloudflare/circl/sign/mldsa/mldsa44"
	"github.com/cloudflare/circl/sign/mldsa/mldsa65"
	"github.com/cloudflare/circl/sign/mldsa/mldsa87"

	"vg.dev/crypto/mldsa"
)

// Differential tests of vg.dev/crypto/mldsa against CIRCL's ML-DSA
// (sign/mldsa/mldsa44, 65, 87), an implementation written elsewhere: for
// random seeds, messages and contexts, the keys derived from a seed are
// the same bytes, CIRCL's deterministic signatures are byte for byte
// ours, and each library verifies the other's hedged signatures (and
// rejects them under another message).

type circlSet struct {
	params *mldsa.Parameters
	scheme sign.Scheme
	// signHedged signs with CIRCL's randomized (hedged) mode.
	signHedged func(sk sign.PrivateKey, msg, ctx []byte) ([]byte, error)
}

var circlSets = []circlSet{
	{mldsa.MLDSA44(), mldsa44.Scheme(), func(sk sign.PrivateKey, msg, ctx []byte) ([]byte, error) {
		sig := make([]byte, mldsa44.SignatureSize)
		return sig, mldsa44.SignTo(sk.(*mldsa44.PrivateKey), msg, ctx, true, sig)
	}},
	{mldsa.MLDSA65(), mldsa65.Scheme(), func(sk sign.PrivateKey, msg, ctx []byte) ([]byte, error) {
		sig := make([]byte, mldsa65.SignatureSize)
		return sig, mldsa65.SignTo(sk.(*mldsa65.PrivateKey), msg, ctx, true, sig)
	}},
	{mldsa.MLDSA87(), mldsa87.Scheme(), func(sk sign.PrivateKey, msg, ctx []byte) ([]byte, error) {
		sig := make([]byte, mldsa87.SignatureSize)
		return sig, mldsa87.SignTo(sk.(*mldsa87.PrivateKey), msg, ctx, true, sig)
	}},
}

func TestCrossCIRCL(t *testing.T) {
	trials := 40
	if testing.Short() {
		trials = 8
	}
	for _, cs := range circlSets {
		t.Run(cs.params.String(), func(t *testing.T) {
			r := rand.New(rand.NewPCG(uint64(cs.params.SignatureSize()), 5))
			for trial := range trials {
				seed := make([]byte, mldsa.SeedSize)
				for i := range seed {
					seed[i] = byte(r.Uint32())
				}
				msg := make([]byte, r.IntN(300))
				for i := range msg {
					msg[i] = byte(r.Uint32())
				}
				ctx := make([]byte, r.IntN(2)*r.IntN(256)) // empty half the time
				for i := range ctx {
					ctx[i] = byte(r.Uint32())
				}
				opts := &mldsa.Options{Context: string(ctx)}

				priv, err := mldsa.NewPrivateKey(cs.params, seed)
				if err != nil {
					t.Fatal(err)
				}
				cpk, csk := cs.scheme.DeriveKey(seed)
				cpkb, _ := cpk.MarshalBinary()
				cskb, _ := csk.MarshalBinary()
				if !bytes.Equal(priv.PublicKey().Bytes(), cpkb) {
					t.Fatalf("trial %d: public keys differ", trial)
				}
				if !bytes.Equal(priv.ExpandedBytes(), cskb) {
					t.Fatalf("trial %d: private keys differ", trial)
				}

				det, err := priv.SignDeterministic(msg, opts)
				if err != nil {
					t.Fatal(err)
				}
				cdet := cs.scheme.Sign(csk, msg, &sign.SignatureOpts{Context: string(ctx)})
				if !bytes.Equal(det, cdet) {
					t.Fatalf("trial %d: deterministic signatures differ", trial)
				}

				hedged, err := priv.Sign(nil, msg, opts)
				if err != nil {
					t.Fatal(err)
				}
				if !cs.scheme.Verify(cpk, msg, hedged, &sign.SignatureOpts{Context: string(ctx)}) {
					t.Errorf("trial %d: CIRCL rejects our hedged signature", trial)
				}
				if cs.scheme.Verify(cpk, append(msg, 1), hedged, &sign.SignatureOpts{Context: string(ctx)}) {
					t.Errorf("trial %d: CIRCL accepts our signature for another message", trial)
				}
				chedged, err := cs.signHedged(csk, msg, ctx)
				if err != nil {
					t.Fatal(err)
				}
				if err := mldsa.Verify(priv.PublicKey(), msg, chedged, opts); err != nil {
					t.Errorf("trial %d: we reject CIRCL's hedged signature: %v", trial, err)
				}
				if mldsa.Verify(priv.PublicKey(), append(msg, 1), chedged, opts) == nil {
					t.Errorf("trial %d: we accept CIRCL's signature for another message", trial)
				}
				// A public key decoded from CIRCL's bytes verifies too.
				pub, err := mldsa.NewPublicKey(cs.params, cpkb)
				if err != nil || mldsa.Verify(pub, msg, chedged, opts) != nil {
					t.Errorf("trial %d: decoded CIRCL public key: %v", trial, err)
				}
			}
		})
	}
}
