package mldsa

import (
	"encoding/binary"
	"errors"

	kern "vg.dev/kernels/mldsa"
)

// The encodings of FIPS 204 §7.1–7.2: SimpleBitPack, BitPack and their
// inverses (Algorithms 16–19), the hint packing (Algorithms 20, 21) and
// the key and signature encodings built on them (Algorithms 22–28).
//
// Constant time: every packing and unpacking FIPS 204 uses, but the
// hint's, is a kernel proved constant time with all its arguments secret
// (s₁, s₂, t₀, w₁, y, z; t₁ too, though public), and so is skDecode's
// range check on s₁ and s₂ (kern.OutOfEta2, OutOfEta4); the general code
// for other widths loops over the 256 coefficients with bounds that
// depend only on the bit width and indexes the byte buffers with
// counters, so coefficients only flow through shifts, masks and
// subtractions. The range checks' results are accumulated without
// branching and tested once (a malformed private key is reported, which
// says only that it is malformed). The hint is public: it is packed (by a
// proved kernel, kern.PackHint) only into a signature that is returned,
// and unpacked, with branches, from one.

// packBits writes the values base − p[i] (base = 0: p[i] itself), each
// in [0, 2^bits), into out as bits-bit little-endian fields: SimpleBitPack
// (base 0) or BitPack(p, a, base). len(out) must be 32·bits. The widths
// of FIPS 204 are the proved kernels: s₁, s₂ (η = 2, 4: kern.PackEta2,
// PackEta4), t₀ (PackT0), w₁ (4 or 6 bits: PackW1_32, PackW1_88), z (base
// γ₁: PackZ17, PackZ19) and t₁ (PackT1); any other (at most 32 bits)
// gathers in a 64-bit accumulator flushed 32 bits at a time.
func packBits(out []byte, p *poly, bits int, base int32) {
	switch bits {
	case 3:
		if base == 2 {
			kern.PackEta2((*[96]byte)(out), p)
			return
		}
	case 4:
		switch base {
		case 4:
			kern.PackEta4((*[128]byte)(out), p)
			return
		case 0:
			kern.PackW1_32((*[128]byte)(out), p)
			return
		}
	case 6:
		if base == 0 {
			kern.PackW1_88((*[192]byte)(out), p)
			return
		}
	case 10:
		if base == 0 {
			kern.PackT1((*[320]byte)(out), p)
			return
		}
	case 13:
		if base == 1<<(d-1) {
			kern.PackT0((*[416]byte)(out), p)
			return
		}
	case 18:
		if base == 1<<17 {
			kern.PackZ17((*[576]byte)(out), p)
			return
		}
	case 20:
		if base == 1<<19 {
			kern.PackZ19((*[640]byte)(out), p)
			return
		}
	}
	var acc uint64
	nacc, j := 0, 0
	mask := uint32(1)<<bits - 1
	for i := range n {
		acc |= uint64(fields(p, i, base, mask)) << nacc
		nacc += bits
		if nacc >= 32 {
			binary.LittleEndian.PutUint32(out[j:], uint32(acc))
			j += 4
			acc >>= 32
			nacc -= 32
		}
	}
	for ; nacc > 0; nacc -= 8 {
		out[j] = byte(acc)
		j++
		acc >>= 8
	}
}

// fields returns the values packBits packs: base − p[i], or p[i] itself
// for base 0, masked to bits.
func fields(p *poly, i int, base int32, mask uint32) uint32 {
	if base == 0 {
		return uint32(p[i]) & mask
	}
	return uint32(base-p[i]) & mask
}

// unpackBits reads 256 bits-bit fields of in (len(in) = 32·bits) and sets
// p[i] = base − field (base = 0: the field itself): SimpleBitUnpack or
// BitUnpack. Every field value is accepted; callers check ranges. The
// unpacking of y and z (BitUnpack with base γ₁), of s₁ and s₂ (base η),
// of t₀ (base 2¹²) and of t₁ (10 bits, base 0) is the proved kernels'
// (kern.UnpackZ17, UnpackZ19, UnpackEta2, UnpackEta4, UnpackT0,
// UnpackT1). Field i
// is read from the 64-bit little-endian word at its first byte (bits ≤
// 20 lie within it), assembled byte by byte near the end of in.
func unpackBits(p *poly, in []byte, bits int, base int32) {
	switch {
	case bits == 18 && base == 1<<17:
		kern.UnpackZ17(p, (*[576]byte)(in))
		return
	case bits == 20 && base == 1<<19:
		kern.UnpackZ19(p, (*[640]byte)(in))
		return
	case bits == 3 && base == 2:
		kern.UnpackEta2(p, (*[96]byte)(in))
		return
	case bits == 4 && base == 4:
		kern.UnpackEta4(p, (*[128]byte)(in))
		return
	case bits == d && base == 1<<(d-1):
		kern.UnpackT0(p, (*[416]byte)(in))
		return
	case bits == t1Bits && base == 0:
		kern.UnpackT1(p, (*[320]byte)(in))
		return
	}
	mask := uint64(1)<<bits - 1
	last := len(in) - 8 // the last offset a 64-bit load may start at
	for i := range n {
		o := i * bits
		k := o / 8
		var w uint64
		if k <= last {
			w = binary.LittleEndian.Uint64(in[k:])
		} else {
			for b := k; b < len(in); b++ {
				w |= uint64(in[b]) << (8 * (b - k))
			}
		}
		v := int32(w >> (o % 8) & mask)
		if base == 0 {
			p[i] = v
		} else {
			p[i] = base - v
		}
	}
}

// outOfEta returns 1 if some coefficient of p is outside [−η, η], else 0:
// the proved kernels kern.OutOfEta2 and OutOfEta4, which do not branch on
// the coefficients. η is a public parameter, 2 or 4.
func outOfEta(p *poly, eta int32) uint32 {
	if eta == 2 {
		return kern.OutOfEta2(p)
	}
	return kern.OutOfEta4(p)
}

// pkEncode is Algorithm 22: ρ ‖ SimpleBitPack(t₁[i], 2¹⁰ − 1) for each i.
func pkEncode(p *Parameters, rho *[32]byte, t1 []poly) []byte {
	pk := make([]byte, p.PublicKeySize())
	copy(pk, rho[:])
	const size = n * t1Bits / 8
	for i := range t1 {
		packBits(pk[32+i*size:32+(i+1)*size], &t1[i], t1Bits, 0)
	}
	return pk
}

// pkDecode is Algorithm 23. Every bit string of the right length is a
// public key: the 10-bit fields are the t₁ coefficients, all in range.
func pkDecode(p *Parameters, pk []byte, rho *[32]byte, t1 []poly) error {
	if len(pk) != p.PublicKeySize() {
		return errors.New("mldsa: invalid public key length")
	}
	copy(rho[:], pk)
	const size = n * t1Bits / 8
	for i := range t1 {
		unpackBits(&t1[i], pk[32+i*size:32+(i+1)*size], t1Bits, 0)
	}
	return nil
}

// skEncode is Algorithm 24: ρ ‖ K ‖ tr ‖ BitPack(s₁, η, η) ‖
// BitPack(s₂, η, η) ‖ BitPack(t₀, 2¹² − 1, 2¹²).
func skEncode(p *Parameters, rho, key *[32]byte, tr *[64]byte, s1, s2, t0 []poly) []byte {
	sk := make([]byte, p.PrivateKeySize())
	copy(sk, rho[:])
	copy(sk[32:], key[:])
	copy(sk[64:], tr[:])
	off := 128
	eb := p.etaBits()
	for _, s := range [][]poly{s1, s2} {
		for i := range s {
			packBits(sk[off:off+32*eb], &s[i], eb, p.eta)
			off += 32 * eb
		}
	}
	for i := range t0 {
		packBits(sk[off:off+32*d], &t0[i], d, 1<<(d-1))
		off += 32 * d
	}
	return sk
}

// skDecode is Algorithm 25, with the check FIPS 204 leaves to the caller
// that every coefficient of s₁ and s₂ is in [−η, η] (a 3- or 4-bit field
// can hold more). The t₀ fields are all in range. The check does not
// branch on the coefficients; its result is returned as an error.
func skDecode(p *Parameters, sk []byte, rho, key *[32]byte, tr *[64]byte, s1, s2, t0 []poly) error {
	if len(sk) != p.PrivateKeySize() {
		return errors.New("mldsa: invalid private key length")
	}
	copy(rho[:], sk)
	copy(key[:], sk[32:])
	copy(tr[:], sk[64:])
	off := 128
	eb := p.etaBits()
	var bad uint32
	for _, s := range [][]poly{s1, s2} {
		for i := range s {
			unpackBits(&s[i], sk[off:off+32*eb], eb, p.eta)
			bad |= outOfEta(&s[i], p.eta)
			off += 32 * eb
		}
	}
	for i := range t0 {
		unpackBits(&t0[i], sk[off:off+32*d], d, 1<<(d-1))
		off += 32 * d
	}
	if bad != 0 {
		return errors.New("mldsa: invalid private key: s₁ or s₂ coefficient out of range")
	}
	return nil
}

// w1Encode is Algorithm 28: SimpleBitPack(w₁[i], (q−1)/(2γ₂) − 1) for
// each i, into out (len k·32·w1Bits).
func w1Encode(p *Parameters, out []byte, w1 []poly) {
	bits := p.w1Bits()
	for i := range w1 {
		packBits(out[i*32*bits:(i+1)*32*bits], &w1[i], bits, 0)
	}
}

// sigEncode is Algorithm 26: c̃ ‖ BitPack(z[i], γ₁ − 1, γ₁) ‖
// HintBitPack(h). z must be centred (|z[i][j]| < γ₁) and h have at most ω
// ones.
func sigEncode(p *Parameters, sig, ctilde []byte, z, h []poly) {
	copy(sig, ctilde)
	off := p.challengeSize()
	size := 32 * p.z1Bits
	for i := range z {
		packBits(sig[off:off+size], &z[i], p.z1Bits, p.gamma1)
		off += size
	}
	hintPack(p, sig[off:], h)
}

// hintPack is Algorithm 20, HintBitPack: the positions of the ones of each
// h[i], then for each i the running count. out has ω + k bytes. Each
// polynomial's positions come from a proved kernel (kern.PackHint,
// branch-free; the hint is public).
func hintPack(p *Parameters, out []byte, h []poly) {
	clear(out)
	idx := 0
	var pos [n]byte
	for i := range h {
		c := kern.PackHint(&pos, &h[i])
		if idx+c > p.omega {
			panic("mldsa: internal error: a hint with more than ω ones") // sign rejects those first
		}
		idx += copy(out[idx:], pos[:c])
		out[p.omega+i] = byte(idx)
	}
}

// errInvalidSignature is every verification failure, malformed encodings
// included.
var errInvalidSignature = errors.New("mldsa: invalid signature")

// sigDecode is Algorithm 27: c̃, z (each coefficient in [−γ₁ + 1, γ₁]) and
// h, with HintBitUnpack's checks (Algorithm 21): the counts are
// non-decreasing and at most ω, the positions within each polynomial
// strictly increasing, and the unused position bytes zero.
func sigDecode(p *Parameters, sig []byte, z, h []poly) (ctilde []byte, err error) {
	if len(sig) != p.SignatureSize() {
		return nil, errors.New("mldsa: invalid signature length")
	}
	ctilde = sig[:p.challengeSize()]
	off := p.challengeSize()
	size := 32 * p.z1Bits
	for i := range z {
		unpackBits(&z[i], sig[off:off+size], p.z1Bits, p.gamma1)
		off += size
	}
	if !hintUnpack(p, sig[off:], h) {
		return nil, errInvalidSignature
	}
	return ctilde, nil
}

// hintUnpack is Algorithm 21, HintBitUnpack; it reports false where the
// algorithm returns ⊥.
//
// Each polynomial is unpacked by a proved kernel (kern.UnpackHint,
// branch-free over ω ≤ 80 positions); the counts are checked here. The
// signature is public.
func hintUnpack(p *Parameters, y []byte, h []poly) bool {
	var pos [80]byte
	copy(pos[:], y[:p.omega])
	idx := 0
	ok := uint32(1)
	for i := range h {
		end := int(y[p.omega+i])
		if end < idx || end > p.omega {
			return false
		}
		ok &= kern.UnpackHint(&h[i], &pos, idx, end)
		idx = end
	}
	for ; idx < p.omega; idx++ {
		if y[idx] != 0 {
			return false
		}
	}
	return ok == 1
}
