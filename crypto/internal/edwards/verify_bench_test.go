package edwards

import (
	"bytes"
	"syscall"
	"testing"

	"vg.dev/crypto/internal/scalar"
	pt4 "vg.dev/kernels/edwards"
)

// BenchmarkVarTimeVerify times the verification check on one valid
// relation, in one run, the ways this package can make it:
//
//   - "VarTimeVerify": the selected path;
//   - "encode52": decode A alone, the four-lane double-scalar
//     multiplication, and the comparison of the encodings (an inversion);
//   - "radix51": decode A, the radix-2⁵¹ double-scalar multiplication,
//     and the comparison of the encodings (the path without IFMA);
//   - and the parts: "decode" (SetBytes), "lanes" (the four-lane double-
//     scalar multiplication), "shortPair" (the lattice reduction),
//     "halfScalar52" (the four-scalar multiplication it allows, with its
//     checks), "bytes" (encoding a point).
//
// Besides the wall time each reports the process's CPU time per operation
// (cpu-ns/op), which the load of a shared machine changes much less.
func BenchmarkVarTimeVerify(b *testing.B) {
	s, k := benchScalar(1), benchScalar(2)
	var A Point
	A.ScalarBaseMult(benchScalar(3))
	a := A.Bytes()
	P := refMult(s, NewGeneratorPoint())
	P.Subtract(P, refMult(k, &A))
	r := P.Bytes()
	if !VarTimeVerify(a[:], r[:], k, s) {
		b.Fatal("the relation does not verify")
	}
	encode := func(double func(v *Point, a *scalar.Scalar, A *Point, b *scalar.Scalar) *Point) bool {
		A, err := new(Point).SetBytes(a[:])
		if err != nil {
			return false
		}
		var minusA, P Point
		minusA.Negate(A)
		double(&P, k, &minusA, s)
		enc := P.Bytes()
		return bytes.Equal(enc[:], r[:])
	}
	b.Run("VarTimeVerify", func(b *testing.B) {
		cpuLoop(b, func() {
			VarTimeVerify(a[:], r[:], k, s)
		})
	})
	b.Run("encode52", func(b *testing.B) {
		if !pt4.Available() {
			b.Skip("no four-lane kernels")
		}
		cpuLoop(b, func() {
			encode((*Point).varTimeDoubleScalarBaseMult52)
		})
	})
	b.Run("radix51", func(b *testing.B) {
		cpuLoop(b, func() {
			encode((*Point).varTimeDoubleScalarBaseMult51)
		})
	})
	b.Run("decode", func(b *testing.B) {
		cpuLoop(b, func() {
			new(Point).SetBytes(a[:])
		})
	})
	b.Run("lanes", func(b *testing.B) {
		cpuLoop(b, func() {
			doubleScalar52(k, &A, s)
		})
	})
	b.Run("shortPair", func(b *testing.B) {
		kb := k.Bytes()
		kn := bytesNat(&kb)
		cpuLoop(b, func() {
			shortPair(&kn)
		})
	})
	b.Run("halfScalar52", func(b *testing.B) {
		if !pt4.Available() {
			b.Skip("no four-lane kernels")
		}
		R, _ := new(Point).SetBytes(r[:])
		cpuLoop(b, func() {
			halfScalar52(k, s, &A, R)
		})
	})
	b.Run("bytes", func(b *testing.B) {
		cpuLoop(b, func() {
			P.Bytes()
		})
	})
}

// benchScalar is a fixed scalar from the byte i.
func benchScalar(i byte) *scalar.Scalar {
	var b [64]byte
	for j := range b {
		b[j] = i*31 + byte(j)*7
	}
	s, _ := new(scalar.Scalar).SetUniformBytes(b[:])
	return s
}

// cpuLoop runs f under b.Loop and reports the process's CPU time (user +
// system, getrusage) per call as cpu-ns/op.
func cpuLoop(b *testing.B, f func()) {
	start := cpuNanos()
	for b.Loop() {
		f()
	}
	b.ReportMetric(float64(cpuNanos()-start)/float64(b.N), "cpu-ns/op")
}

func cpuNanos() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
