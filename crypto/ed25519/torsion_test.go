package ed25519

import (
	"bytes"
	stded25519 "crypto/ed25519"
	"crypto/sha512"
	mrand "math/rand/v2"
	"testing"

	"vg.dev/crypto/internal/edwards"
	"vg.dev/crypto/internal/scalar"
)

// TestTorsion compares verdicts with crypto/ed25519 on signatures whose
// public key and R have components of small order, which random signing
// never makes and which only the cofactorless check tells apart: with
// A = [a]B + T_A, R = [r]B + T_R, k = H(R ‖ A ‖ M) and S = r + k·a,
// [S]B − [k]A = R exactly when T_R = −[k]T_A. Each T_A of order 1 to 8 is
// tried with every T_R until one makes a signature crypto/ed25519
// accepts, and every T_R is then checked (the others must be rejected by
// both): the verification path that multiplies the check by d (with c ≡
// d·k modulo 8ℓ) must keep these verdicts.
func TestTorsion(t *testing.T) {
	r := mrand.New(mrand.NewPCG(8, 1))
	small := smallOrderEncodings(t)
	randScalar := func() *scalar.Scalar {
		var b [64]byte
		for i := range b {
			b[i] = byte(r.Uint32())
		}
		s, _ := new(scalar.Scalar).SetUniformBytes(b[:])
		return s
	}
	accepted, total := 0, 0
	for n := range 24 {
		a := randScalar()
		TA, _ := new(edwards.Point).SetBytes(small[n%len(small)])
		var A edwards.Point
		A.ScalarBaseMult(a)
		A.Add(&A, TA)
		aEnc := A.Bytes()
		msg := []byte{byte(n), 't', 'o', 'r'}
		for try := 0; try < 4; try++ {
			rr := randScalar()
			for _, tr := range small {
				TR, _ := new(edwards.Point).SetBytes(tr)
				var R edwards.Point
				R.ScalarBaseMult(rr)
				R.Add(&R, TR)
				rEnc := R.Bytes()
				h := sha512.New()
				h.Write(rEnc[:])
				h.Write(aEnc[:])
				h.Write(msg)
				k, _ := new(scalar.Scalar).SetUniformBytes(h.Sum(nil))
				S := new(scalar.Scalar).MultiplyAdd(k, a, rr)
				sEnc := S.Bytes()
				sig := append(bytes.Clone(rEnc[:]), sEnc[:]...)
				got := Verify(aEnc[:], msg, sig)
				want := stded25519.Verify(aEnc[:], msg, sig)
				if got != want {
					t.Fatalf("T_A %d, T_R %x: Verify = %v, crypto/ed25519 %v", n%len(small), tr, got, want)
				}
				total++
				if want {
					accepted++
				}
			}
		}
	}
	if accepted == 0 || accepted == total {
		t.Fatalf("%d of %d accepted: both verdicts must occur", accepted, total)
	}
	t.Logf("%d of %d accepted", accepted, total)
}

// smallOrderEncodings are the eight points of order dividing 8.
func smallOrderEncodings(t *testing.T) [][]byte {
	var out [][]byte
	for _, h := range []string{
		"0100000000000000000000000000000000000000000000000000000000000000",
		"ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
		"0000000000000000000000000000000000000000000000000000000000000000",
		"0000000000000000000000000000000000000000000000000000000000000080",
		"c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a",
		"c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac03fa",
		"26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05",
		"26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc85",
	} {
		out = append(out, mustHex(t, h))
	}
	return out
}
