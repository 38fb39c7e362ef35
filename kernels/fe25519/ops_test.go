package fe25519

import (
	"math/rand/v2"
	"testing"

	spec "vg.dev/spec/fe25519"
)

// opsKernels is one implementation of the rest of the field: the public
// entry points, the generic variant, or an architecture's kernels
// (opsAsm, in the ops_variants_*_test.go files).
type opsKernels struct {
	name      string
	add, sub  func(out, a, b *Element)
	neg       func(out, a *Element)
	sel       func(out, a, b *Element, c uint64)
	swap      func(a, b *Element, c uint64)
	reduce    func(out, a *Element)
	toBytes   func(out *[32]byte, a *Element)
	fromBytes func(out *Element, b *[32]byte)
}

func allOps() []opsKernels {
	ops := []opsKernels{
		{"public", Add, Sub, Neg, Select, Swap, Reduce, ToBytes, FromBytes},
		{"generic", addGeneric, subGeneric, negGeneric, selectGeneric, swapGeneric, reduceGeneric, toBytesGeneric, fromBytesGeneric},
	}
	return append(ops, opsAsm...)
}

// TestOps compares every implementation with the specification, limb for
// limb and byte for byte, on the edge inputs and random limbs of every
// width (the kernels equal the spec for all inputs), also with the output
// aliasing an input.
func TestOps(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	inputs := append([]Element(nil), edges...)
	for range 3000 {
		inputs = append(inputs, randomElement(r))
	}
	for _, k := range allOps() {
		t.Run(k.name, func(t *testing.T) {
			for i, a := range inputs {
				b := inputs[(i*7+1)%len(inputs)]
				c := r.Uint64()
				var got, want Element
				type binary struct {
					name   string
					kernel func(out, a, b *Element)
					spec   func(out, a, b *Element)
				}
				for _, op := range []binary{{"Add", k.add, spec.Add}, {"Sub", k.sub, spec.Sub}} {
					op.kernel(&got, &a, &b)
					op.spec(&want, &a, &b)
					if got != want {
						t.Fatalf("%s(%v, %v) = %v, want %v", op.name, a, b, got, want)
					}
					alias := a
					op.kernel(&alias, &alias, &b)
					if alias != want {
						t.Fatalf("%s aliased: %v, want %v", op.name, alias, want)
					}
				}
				k.neg(&got, &a)
				spec.Neg(&want, &a)
				if got != want {
					t.Fatalf("Neg(%v) = %v, want %v", a, got, want)
				}
				k.reduce(&got, &a)
				spec.Reduce(&want, &a)
				if got != want {
					t.Fatalf("Reduce(%v) = %v, want %v", a, got, want)
				}
				var gb, wb [32]byte
				k.toBytes(&gb, &a)
				spec.ToBytes(&wb, &a)
				if gb != wb {
					t.Fatalf("ToBytes(%v) = %x, want %x", a, gb, wb)
				}
				raw := [32]byte{}
				for j := range raw {
					raw[j] = byte(a.L0 >> (j % 8 * 8))
				}
				k.fromBytes(&got, &raw)
				spec.FromBytes(&want, &raw)
				if got != want {
					t.Fatalf("FromBytes(%x) = %v, want %v", raw, got, want)
				}
				k.sel(&got, &a, &b, c)
				spec.Select(&want, &a, &b, c)
				if got != want {
					t.Fatalf("Select(c = %#x) wrong", c)
				}
				x, y := a, b
				sx, sy := a, b
				k.swap(&x, &y, c)
				spec.Swap(&sx, &sy, c)
				if x != sx || y != sy {
					t.Fatalf("Swap(c = %#x) wrong", c)
				}
				k.swap(&x, &x, c)
				if x != sx {
					t.Fatal("Swap of an element with itself changed it")
				}
			}
		})
	}
}

// TestInvert compares Invert and the invert kernels with the
// specification on the edge and random inputs (all limb widths).
func TestInvert(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	inputs := append([]Element(nil), edges...)
	for range 300 {
		inputs = append(inputs, randomElement(r))
	}
	for _, v := range append([]squareVariant{{"Invert", func() bool { return true }, Invert}, {"invertChain", func() bool { return true }, invertChain}}, invertVariants...) {
		t.Run(v.name, func(t *testing.T) {
			if !v.usable() {
				t.Skip("CPU lacks the features (or VG_CPU_FEATURES hides them)")
			}
			for _, a := range inputs {
				var got, want Element
				v.f(&got, &a)
				spec.Invert(&want, &a)
				if got != want {
					t.Fatalf("%s(%v) = %v, want %v", v.name, a, got, want)
				}
			}
		})
	}
}
