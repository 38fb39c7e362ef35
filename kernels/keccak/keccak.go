package keccak

import spec "vg.dev/spec/keccak"

// F1600 applies Keccak-f[1600] to the state a, lane (x, y) at a[x+5y].
func F1600(a *[25]uint64) { f1600(a) }

// F1600x4 applies Keccak-f[1600] to four interleaved states: lane i of
// state s at a[4i+s].
func F1600x4(a *[100]uint64) { f1600x4(a) }

// F1600x8 applies Keccak-f[1600] to eight interleaved states: lane i of
// state s at a[8i+s].
func F1600x8(a *[200]uint64) { f1600x8(a) }

// Variant names, as reported by selected.
const (
	variantGeneric = "generic"
	variantHalves  = "halves" // F1600x8 as two calls of F1600x4
)

// f1600x4Each applies F1600 to each of the four interleaved states, for
// variants without a four-way kernel.
func f1600x4Each(a *[100]uint64, f func(*[25]uint64)) {
	var st [25]uint64
	for s := range 4 {
		for i := range 25 {
			st[i] = a[4*i+s]
		}
		f(&st)
		for i := range 25 {
			a[4*i+s] = st[i]
		}
	}
}

// f1600x8Halves applies F1600x4 to states 0…3 and 4…7, for variants
// without an eight-way kernel.
func f1600x8Halves(a *[200]uint64) {
	var h [100]uint64
	for half := range 2 {
		for i := range 25 {
			copy(h[4*i:4*i+4], a[8*i+4*half:8*i+4*half+4])
		}
		f1600x4(&h)
		for i := range 25 {
			copy(a[8*i+4*half:8*i+4*half+4], h[4*i:4*i+4])
		}
	}
}

func f1600Generic(a *[25]uint64) { spec.F1600(a) }

func f1600x8Generic(a *[200]uint64) { spec.F1600x8(a) }

func f1600x4Generic(a *[100]uint64) { spec.F1600x4(a) }
