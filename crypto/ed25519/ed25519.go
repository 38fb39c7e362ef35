// Package ed25519 implements the Ed25519 signature scheme of RFC 8032
// (with Ed25519ph and Ed25519ctx) with the API of crypto/ed25519, so that
// it can replace it by changing the import path.
//
// Key generation and signing compute A = s·B and R = r·B with the
// fixed-base comb over 26 static tables of affine points: where the CPU
// has bmi2 and adx, and on arm64, the whole multiplication (recoding,
// constant-time selection, additions, doublings) is one proved kernel,
// vg.dev/kernels/ed25519.ScalarBaseMult; elsewhere the same comb runs in
// Go over the proved field kernels (vg.dev/kernels/fe25519) and selection
// kernel (vg.dev/kernels/ctselect). Scalar arithmetic modulo ℓ
// (vg.dev/crypto/internal/scalar) is branch-free, index-free Go.
// Verification, whose inputs are public, runs in variable time: where the
// CPU has AVX-512 IFMA, on the proved four-lane point kernels of
// vg.dev/kernels/edwards (vg.dev/crypto/internal/edwards.VarTimeVerify),
// elsewhere on the field kernels. With -tags purego every kernel is
// replaced by its Go specification; VG_CPU_FEATURES chooses among the
// assembly variants.
//
// # Verification rules
//
// Verify and VerifyWithOptions accept exactly the signatures
// crypto/ed25519 accepts:
//
//   - The public key A is decoded as in RFC 8032, section 5.1.3, except
//     that a non-canonical y (≥ 2²⁵⁵ − 19) and x = 0 with the sign bit set
//     are accepted; a key that decodes to no point is rejected. Keys of
//     small order are not rejected.
//   - S must be below ℓ (canonical); the three top bits of the signature
//     must be zero.
//   - The check is cofactorless: the canonical encoding of
//     [S]B − [k]A must equal the signature's R bytes, so a non-canonical
//     R is rejected, and k = SHA-512(dom ‖ R ‖ A ‖ M) mod ℓ hashes the
//     public key's bytes as given.
//
// Not covered: a comb kernel with AVX2/IFMA selection; the SHA-512
// hashing and the scalar arithmetic are Go, not kernels.
package ed25519

import (
	"bytes"
	"crypto"
	"crypto/rand"
	"crypto/sha512"
	"crypto/subtle"
	"errors"
	"io"
	"strconv"

	"vg.dev/crypto/internal/edwards"
	"vg.dev/crypto/internal/scalar"
)

const (
	// PublicKeySize is the size, in bytes, of public keys.
	PublicKeySize = 32
	// PrivateKeySize is the size, in bytes, of private keys: the seed
	// followed by the public key.
	PrivateKeySize = 64
	// SignatureSize is the size, in bytes, of signatures.
	SignatureSize = 64
	// SeedSize is the size, in bytes, of private key seeds (RFC 8032's
	// private keys).
	SeedSize = 32
)

// PublicKey is an Ed25519 public key.
type PublicKey []byte

// Equal reports whether pub and x have the same value.
func (pub PublicKey) Equal(x crypto.PublicKey) bool {
	xx, ok := x.(PublicKey)
	return ok && subtle.ConstantTimeCompare(pub, xx) == 1
}

// PrivateKey is an Ed25519 private key: the seed and the public key.
type PrivateKey []byte

// Public returns the PublicKey of priv.
func (priv PrivateKey) Public() crypto.PublicKey {
	publicKey := make([]byte, PublicKeySize)
	copy(publicKey, priv[32:])
	return PublicKey(publicKey)
}

// Equal reports whether priv and x have the same value, in constant time.
func (priv PrivateKey) Equal(x crypto.PrivateKey) bool {
	xx, ok := x.(PrivateKey)
	return ok && subtle.ConstantTimeCompare(priv, xx) == 1
}

// Seed returns the private key seed corresponding to priv.
func (priv PrivateKey) Seed() []byte {
	return bytes.Clone(priv[:SeedSize])
}

// Options selects Ed25519ph or Ed25519ctx, for PrivateKey.Sign and
// VerifyWithOptions.
type Options struct {
	// Hash is zero for Ed25519 and Ed25519ctx, or crypto.SHA512 for
	// Ed25519ph.
	Hash crypto.Hash
	// Context, if not empty, selects Ed25519ctx, or is the context of
	// Ed25519ph. At most 255 bytes.
	Context string
}

// HashFunc returns o.Hash.
func (o *Options) HashFunc() crypto.Hash { return o.Hash }

// Sign signs message with priv; rand is ignored and may be nil. If
// opts.HashFunc() is crypto.SHA512, Ed25519ph is used and message must be
// a SHA-512 digest; otherwise opts.HashFunc() must be zero. An *Options
// may carry a context.
func (priv PrivateKey) Sign(rand io.Reader, message []byte, opts crypto.SignerOpts) ([]byte, error) {
	hash := opts.HashFunc()
	context := ""
	if o, ok := opts.(*Options); ok {
		context = o.Context
	}
	if len(priv) != PrivateKeySize {
		return nil, errors.New("ed25519: bad private key length: " + strconv.Itoa(len(priv)))
	}
	switch {
	case hash == crypto.SHA512:
		if len(message) != sha512.Size {
			return nil, errors.New("ed25519: bad Ed25519ph message hash length: " + strconv.Itoa(len(message)))
		}
		if len(context) > 255 {
			return nil, errors.New("ed25519: bad Ed25519ph context length: " + strconv.Itoa(len(context)))
		}
		sig := make([]byte, SignatureSize)
		sign(sig, priv, message, domPH, context)
		return sig, nil
	case hash == crypto.Hash(0) && context != "":
		if len(context) > 255 {
			return nil, errors.New("ed25519: bad Ed25519ctx context length: " + strconv.Itoa(len(context)))
		}
		sig := make([]byte, SignatureSize)
		sign(sig, priv, message, domCtx, context)
		return sig, nil
	case hash == crypto.Hash(0):
		return Sign(priv, message), nil
	default:
		return nil, errors.New("ed25519: expected opts.HashFunc() zero (unhashed message, for standard Ed25519) or SHA-512 (for Ed25519ph)")
	}
}

// GenerateKey generates a key pair from 32 bytes of random, or of
// crypto/rand if random is nil.
func GenerateKey(random io.Reader) (PublicKey, PrivateKey, error) {
	if random == nil {
		random = rand.Reader
	}
	seed := make([]byte, SeedSize)
	if _, err := io.ReadFull(random, seed); err != nil {
		return nil, nil, err
	}
	priv := NewKeyFromSeed(seed)
	pub := make([]byte, PublicKeySize)
	copy(pub, priv[32:])
	return pub, priv, nil
}

// NewKeyFromSeed returns the private key of seed. It panics if len(seed)
// is not SeedSize.
func NewKeyFromSeed(seed []byte) PrivateKey {
	if l := len(seed); l != SeedSize {
		panic("ed25519: bad seed length: " + strconv.Itoa(l))
	}
	priv := make([]byte, PrivateKeySize)
	copy(priv, seed)
	s, _ := expand(seed)
	var A edwards.Point
	A.ScalarBaseMult(s)
	pub := A.Bytes()
	copy(priv[32:], pub[:])
	return priv
}

// expand returns the secret scalar s and the prefix of RFC 8032, 5.1.5.
func expand(seed []byte) (*scalar.Scalar, []byte) {
	h := sha512.Sum512(seed)
	s, err := new(scalar.Scalar).SetBytesWithClamping(h[:32])
	if err != nil {
		panic("ed25519: internal error: " + err.Error())
	}
	return s, h[32:]
}

// Sign signs message with privateKey and returns the signature. It panics
// if len(privateKey) is not PrivateKeySize.
func Sign(privateKey PrivateKey, message []byte) []byte {
	if l := len(privateKey); l != PrivateKeySize {
		panic("ed25519: bad private key length: " + strconv.Itoa(l))
	}
	sig := make([]byte, SignatureSize)
	sign(sig, privateKey, message, domNone, "")
	return sig
}

// The dom2 prefix of RFC 8032, 5.1: none for Ed25519, with the flag 0 for
// Ed25519ctx and 1 for Ed25519ph.
const (
	domNone = iota
	domCtx
	domPH
)

const domPrefix = "SigEd25519 no Ed25519 collisions"

func writeDom(h io.Writer, dom int, context string) {
	if dom == domNone {
		return
	}
	h.Write([]byte(domPrefix))
	h.Write([]byte{byte(dom - domCtx), byte(len(context))})
	h.Write([]byte(context))
}

func sign(sig []byte, priv PrivateKey, message []byte, dom int, context string) {
	s, prefix := expand(priv[:SeedSize])
	pub := priv[SeedSize:]

	h := sha512.New()
	writeDom(h, dom, context)
	h.Write(prefix)
	h.Write(message)
	var digest [64]byte
	h.Sum(digest[:0])
	r, _ := new(scalar.Scalar).SetUniformBytes(digest[:])

	var R edwards.Point
	R.ScalarBaseMult(r)
	rEnc := R.Bytes()

	k := challenge(dom, context, rEnc[:], pub, message)
	S := new(scalar.Scalar).MultiplyAdd(k, s, r)
	sEnc := S.Bytes()
	copy(sig[:32], rEnc[:])
	copy(sig[32:], sEnc[:])
}

// challenge returns k = SHA-512(dom ‖ R ‖ A ‖ M) mod ℓ.
func challenge(dom int, context string, R, A, message []byte) *scalar.Scalar {
	h := sha512.New()
	writeDom(h, dom, context)
	h.Write(R)
	h.Write(A)
	h.Write(message)
	var digest [64]byte
	h.Sum(digest[:0])
	k, _ := new(scalar.Scalar).SetUniformBytes(digest[:])
	return k
}

// Verify reports whether sig is a valid signature of message by
// publicKey, under the rules in the package documentation. It panics if
// len(publicKey) is not PublicKeySize.
func Verify(publicKey PublicKey, message, sig []byte) bool {
	return verify(publicKey, message, sig, domNone, "")
}

// VerifyWithOptions reports whether sig is a valid signature of message by
// publicKey: a nil error means valid. If opts.Hash is crypto.SHA512,
// Ed25519ph is used and message must be a SHA-512 digest; if opts.Hash is
// zero and opts.Context is not empty, Ed25519ctx. It panics if
// len(publicKey) is not PublicKeySize.
func VerifyWithOptions(publicKey PublicKey, message, sig []byte, opts *Options) error {
	if l := len(publicKey); l != PublicKeySize {
		panic("ed25519: bad public key length: " + strconv.Itoa(l))
	}
	dom := domNone
	switch {
	case opts.Hash == crypto.SHA512:
		if l := len(message); l != sha512.Size {
			return errors.New("ed25519: bad Ed25519ph message hash length: " + strconv.Itoa(l))
		}
		if l := len(opts.Context); l > 255 {
			return errors.New("ed25519: bad Ed25519ph context length: " + strconv.Itoa(l))
		}
		dom = domPH
	case opts.Hash == crypto.Hash(0) && opts.Context != "":
		if l := len(opts.Context); l > 255 {
			return errors.New("ed25519: bad Ed25519ctx context length: " + strconv.Itoa(l))
		}
		dom = domCtx
	case opts.Hash == crypto.Hash(0):
	default:
		return errors.New("ed25519: expected opts.Hash zero (unhashed message, for standard Ed25519) or SHA-512 (for Ed25519ph)")
	}
	if !verify(publicKey, message, sig, dom, opts.Context) {
		return errors.New("ed25519: invalid signature")
	}
	return nil
}

func verify(publicKey PublicKey, message, sig []byte, dom int, context string) bool {
	if l := len(publicKey); l != PublicKeySize {
		panic("ed25519: bad public key length: " + strconv.Itoa(l))
	}
	if len(sig) != SignatureSize || sig[63]&224 != 0 {
		return false
	}
	S, err := new(scalar.Scalar).SetCanonicalBytes(sig[32:])
	if err != nil {
		return false
	}
	k := challenge(dom, context, sig[:32], publicKey, message)
	// The encoding of [S]B − [k]A must be R's bytes, with A decoded
	// (false if publicKey encodes no point).
	return edwards.VarTimeVerify(publicKey, sig[:32], k, S)
}
