// Package x25519 implements the X25519 Diffie-Hellman function of RFC 7748
// with the API shape of crypto/ecdh's X25519 curve: PrivateKey, PublicKey,
// GenerateKey, NewPrivateKey, NewPublicKey and PrivateKey.ECDH, plus the
// raw function X25519.
//
// The shared secret is RFC 7748's Montgomery ladder as one proved kernel,
// all 255 steps and their conditional swaps (vg.dev/kernels/x25519:
// ladderADX with bmi2 and adx, ladderARM64 on arm64), followed by the
// inversion of z over the proved field kernels of vg.dev/kernels/fe25519.
// With AVX-512 IFMA (and VL) the ladder runs four lanes in radix 2⁵², the
// whole ladder again one proved kernel (ladderIFMA).
// Elsewhere (amd64 without ADX, or VG_CPU_FEATURES hiding it) the same
// ladder runs in Go over the field kernels, its swaps and bit reads
// branch-free. A public key is computed on the Edwards curve with the
// constant-time fixed-base comb of vg.dev/crypto/internal/edwards (with
// bmi2 and adx, and on arm64, one proved kernel,
// vg.dev/kernels/ed25519.ScalarBaseMult)
// and mapped to u = (1 + y)/(1 − y). With -tags purego every kernel is replaced by
// its Go specification.
//
// As in crypto/ecdh, an all-zero shared secret (a remote public key of
// small order) is an error, ErrLowOrder; the raw X25519 returns the same
// error. Public keys are not otherwise checked: the top bit of u is
// ignored and non-canonical u (≥ 2²⁵⁵ − 19) are reduced, as RFC 7748
// says.
//
// Not covered: a proved whole IFMA ladder (see above).
package x25519

import (
	"crypto"
	"crypto/rand"
	"crypto/subtle"
	"errors"
	"io"

	"vg.dev/crypto/internal/edwards"
	"vg.dev/crypto/internal/field"
	"vg.dev/crypto/internal/scalar"
	"vg.dev/kernels/fe25519"
	ladderkernel "vg.dev/kernels/x25519"
)

// Sizes of keys and of the shared secret, in bytes.
const (
	PrivateKeySize   = 32
	PublicKeySize    = 32
	SharedSecretSize = 32
)

// ErrLowOrder is returned when the shared secret is all zeros: the remote
// public key is a point of small order (RFC 7748, section 6.1).
var ErrLowOrder = errors.New("x25519: bad X25519 remote ECDH input: low order point")

// PrivateKey is an X25519 private key, a 32-byte scalar (clamped when
// used), with its public key.
type PrivateKey struct {
	priv [32]byte
	pub  PublicKey
}

// PublicKey is an X25519 public key, a 32-byte u-coordinate.
type PublicKey struct {
	u [32]byte
}

// GenerateKey returns a private key made of 32 bytes read from random, or
// from crypto/rand if random is nil.
func GenerateKey(random io.Reader) (*PrivateKey, error) {
	if random == nil {
		random = rand.Reader
	}
	var key [32]byte
	if _, err := io.ReadFull(random, key[:]); err != nil {
		return nil, err
	}
	return NewPrivateKey(key[:])
}

// NewPrivateKey returns the private key of the 32 bytes key.
func NewPrivateKey(key []byte) (*PrivateKey, error) {
	if len(key) != PrivateKeySize {
		return nil, errors.New("x25519: invalid private key size")
	}
	k := new(PrivateKey)
	copy(k.priv[:], key)
	k.pub.u = basePoint(k.priv[:])
	return k, nil
}

// NewPublicKey returns the public key of the 32 bytes key. Any 32 bytes
// are accepted, as in crypto/ecdh.
func NewPublicKey(key []byte) (*PublicKey, error) {
	if len(key) != PublicKeySize {
		return nil, errors.New("x25519: invalid public key")
	}
	k := new(PublicKey)
	copy(k.u[:], key)
	return k, nil
}

// Bytes returns a copy of the private key's 32 bytes.
func (k *PrivateKey) Bytes() []byte { b := k.priv; return b[:] }

// PublicKey returns the public key of k.
func (k *PrivateKey) PublicKey() *PublicKey { p := k.pub; return &p }

// Public implements crypto.Signer's and crypto.Decrypter's Public.
func (k *PrivateKey) Public() crypto.PublicKey { return k.PublicKey() }

// Equal reports whether x is a *PrivateKey with the same bytes, in
// constant time.
func (k *PrivateKey) Equal(x crypto.PrivateKey) bool {
	o, ok := x.(*PrivateKey)
	return ok && subtle.ConstantTimeCompare(k.priv[:], o.priv[:]) == 1
}

// ECDH returns X25519(k, remote), or ErrLowOrder if it is all zeros.
func (k *PrivateKey) ECDH(remote *PublicKey) ([]byte, error) {
	out := ladder(k.priv[:], remote.u[:])
	if isZero(out[:]) {
		return nil, ErrLowOrder
	}
	return out[:], nil
}

// Bytes returns a copy of the public key's 32 bytes.
func (k *PublicKey) Bytes() []byte { b := k.u; return b[:] }

// Equal reports whether x is a *PublicKey with the same bytes.
func (k *PublicKey) Equal(x crypto.PublicKey) bool {
	o, ok := x.(*PublicKey)
	return ok && subtle.ConstantTimeCompare(k.u[:], o.u[:]) == 1
}

// Basepoint is the u-coordinate 9 of RFC 7748's base point.
var Basepoint = []byte{9, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}

// X25519 returns the RFC 7748 function X25519(scalar, point) of two
// 32-byte strings, or ErrLowOrder if the result is all zeros. A point
// equal to Basepoint is computed with the fixed-base comb.
func X25519(scalar, point []byte) ([]byte, error) {
	if len(scalar) != 32 {
		return nil, errors.New("x25519: bad scalar length")
	}
	if len(point) != 32 {
		return nil, errors.New("x25519: bad point length")
	}
	var out [32]byte
	if subtle.ConstantTimeCompare(point, Basepoint) == 1 {
		out = basePoint(scalar)
	} else {
		out = ladder(scalar, point)
	}
	if isZero(out[:]) {
		return nil, ErrLowOrder
	}
	return out[:], nil
}

func isZero(b []byte) bool {
	var acc byte
	for _, x := range b {
		acc |= x
	}
	return acc == 0
}

// basePoint returns X25519(k, 9): the clamped k (mod ℓ, as the base point
// has order ℓ) times the Edwards base point, mapped to u = (Z + Y)/(Z − Y).
func basePoint(k []byte) [32]byte {
	s, err := new(scalar.Scalar).SetBytesWithClamping(k)
	if err != nil {
		panic("x25519: " + err.Error()) // unreachable: len(k) is 32
	}
	var p edwards.Point
	p.ScalarBaseMult(s)
	return p.MontgomeryU()
}

// ladder returns X25519(k, u): the whole ladder as one proved kernel
// (vg.dev/kernels/x25519) where the CPU has one, else ladderGo; then the
// inversion of z.
func ladder(k, u []byte) [32]byte {
	if !ladderkernel.Available() {
		return ladderGo(k, u)
	}
	var kb, ub [32]byte
	copy(kb[:], k)
	copy(ub[:], u)
	var ue fe25519.Element
	fe25519.FromBytes(&ue, &ub)
	var xz [2]fe25519.Element
	ladderkernel.Ladder(&xz, &kb, &ue)
	var x, z field.Element
	*x.Limbs() = xz[0]
	*z.Limbs() = xz[1]
	z.Invert(&z)
	x.Multiply(&x, &z)
	return x.Bytes()
}

// ladderGo is RFC 7748's Montgomery ladder, section 5, over the field
// kernels: constant time, the swap under a mask of each scalar bit, the
// bits read at public positions.
func ladderGo(k, u []byte) [32]byte {
	var e [32]byte
	copy(e[:], k)
	e[0] &= 248
	e[31] &= 127
	e[31] |= 64

	var x1, x2, z2, x3, z3 field.Element
	if _, err := x1.SetBytes(u); err != nil {
		panic("x25519: " + err.Error()) // unreachable: len(u) is 32
	}
	x2.One()
	x3.Set(&x1)
	z3.One()
	var a, aa, b, bb, ee, c, d, da, cb, t field.Element
	swap := 0
	for i := 254; i >= 0; i-- {
		bit := int(e[i/8]>>(i%8)) & 1
		swap ^= bit
		x2.Swap(&x3, swap)
		z2.Swap(&z3, swap)
		swap = bit

		a.Add(&x2, &z2)
		b.Sub(&x2, &z2)
		c.Add(&x3, &z3)
		d.Sub(&x3, &z3)
		aa.Square(&a)
		bb.Square(&b)
		da.Multiply(&d, &a)
		cb.Multiply(&c, &b)
		ee.Sub(&aa, &bb)
		x3.Add(&da, &cb)
		z3.Sub(&da, &cb)
		x3.Square(&x3)
		z3.Square(&z3)
		z3.Multiply(&z3, &x1)
		x2.Multiply(&aa, &bb)
		t.Mult32(&ee, 121665)
		t.Add(&t, &aa)
		z2.Multiply(&ee, &t)
	}
	x2.Swap(&x3, swap)
	z2.Swap(&z3, swap)
	z2.Invert(&z2)
	x2.Multiply(&x2, &z2)
	return x2.Bytes()
}
