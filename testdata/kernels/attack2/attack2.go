// Package attack2 holds kernels written against vgcheck's aliased-run
// shortcut (README, "Aliasing"): each is right with its pointers apart and
// wrong, or not constant time, or not frame-safe, with them equal, and
// tries to have that aliasing judged an instance of the distinct run.
// ATTACKS.md lists each with its verdict. Only the tests build it.
package attack2

import (
	"math/bits"
	"unsafe"
)

// copyGo sets out to a.
func copyGo(out, a *[4]uint64) {
	for i := range out {
		out[i] = a[i]
	}
}

// firstZeroGo returns a[0] and sets out[i] to 0.
func firstZeroGo(out, a *[4]uint64, i uint64) uint64 {
	r := a[0]
	out[i] = 0
	return r
}

// below4 is firstZero's precondition: out[i] is in bounds.
func below4(out, a *[4]uint64, i uint64) bool { return i < 4 }

// same reports whether p and q are one array.
func same(p, q *[4]uint64) bool { return p == q }

// copyHelperGo is copyGo but out[0] = 1 when out and a are one array,
// the comparison hidden in a helper.
func copyHelperGo(out, a *[4]uint64) {
	eq := same(out, a)
	copyGo(out, a)
	if eq {
		out[0] = 1
	}
}

// copyElemGo is copyGo but out[0] = 1 when out and a are one array,
// comparing element addresses.
func copyElemGo(out, a *[4]uint64) {
	eq := &out[1] == &a[1]
	copyGo(out, a)
	if eq {
		out[0] = 1
	}
}

// addGo is z = x + y with carry, as math/big's addVV_g.
func addGo(z, x, y []uint64) (c uint64) {
	for i := range z {
		zi, cc := bits.Add64(x[i], y[i], c)
		z[i] = zi
		c = cc
	}
	return
}

// writeBackGo sets out[0] = 5 and stores a[0]'s own value back: with
// out = a, out[0] is left as it was.
func writeBackGo(out, a *[2]uint64) {
	t := a[0]
	out[0] = 5
	a[0] = t
}

// fiveGo sets out[0] = 5.
func fiveGo(out, a *[2]uint64) { out[0] = 5 }

// retFirstGo returns a[0] as it was and sets out[0] = 5.
func retFirstGo(out, a *[2]uint64) uint64 {
	r := a[0]
	out[0] = 5
	return r
}

// retSecondGo returns a[1] as it was and zeroes out.
func retSecondGo(out, a *[2]uint64) uint64 {
	r := a[1]
	out[0], out[1] = 0, 0
	return r
}

// retFirstTopGo returns a[0] as it was and sets out[0]'s top byte to 5.
func retFirstTopGo(out, a *[2]uint64) uint64 {
	r := a[0]
	v := out[0]
	out[0] = v&^(0xff<<56) | 5<<56
	return r
}

// retFirstHighGo returns a[0] as it was and sets out[0]'s high half to 5.
func retFirstHighGo(out, a *[2]uint64) uint64 {
	r := a[0]
	v := out[0]
	out[0] = v&0xffffffff | 5<<32
	return r
}

// selGo sets out[0] = 5, then returns out[0] or, when a[1] is 0, a[0]:
// with out = a that is 5 either way.
func selGo(out, a *[2]uint64) uint64 {
	out[0] = 5
	p := out
	if a[1] == 0 {
		p = a
	}
	return p[0]
}

// clearOutReq is a precondition that writes out[0] = 0, then asks a[0]
// to be 0: with out = a it holds for every input.
func clearOutReq(out, a *[2]uint64) bool {
	out[0] = 0
	return a[0] == 0
}

// copy2Go sets out to a.
func copy2Go(out, a *[2]uint64) { *out = *a }

// copyIfaceGo is copy2Go but out[0] = 1 when out and a are one array,
// compared as interfaces.
func copyIfaceGo(out, a *[2]uint64) {
	eq := any(out) == any(a)
	*out = *a
	if eq {
		out[0] = 1
	}
}

// copyUnsafeGo is copy2Go but out[0] = 1 when out and a are one array,
// compared as unsafe.Pointer.
func copyUnsafeGo(out, a *[2]uint64) {
	eq := unsafe.Pointer(out) == unsafe.Pointer(a)
	*out = *a
	if eq {
		out[0] = 1
	}
}

// copyUintptrGo is copy2Go but adds 1 to out[0] when out and a are one
// array, from their addresses' xor, with no comparison.
func copyUintptrGo(out, a *[2]uint64) {
	d := uint64(uintptr(unsafe.Pointer(out)) ^ uintptr(unsafe.Pointer(a)))
	eq := 1 - (d|-d)>>63
	*out = *a
	out[0] += eq
}

// retHighGo returns a[1] as it was and sets out[1] = 5.
func retHighGo(out, a *[2]uint64) uint64 {
	r := a[1]
	out[1] = 5
	return r
}

// copy1Go sets z[0] = x[0].
func copy1Go(z, x []uint64) { z[0] = x[0] }

// pair holds a pointer, so that pair values compare their pointers.
type pair struct{ p *[2]uint64 }

// copyEqGo is copy2Go, then out[0] = 1 when eq.
func copyEqGo(out, a *[2]uint64, eq bool) {
	*out = *a
	if eq {
		out[0] = 1
	}
}

// copyStructGo compares the pointers inside structs.
func copyStructGo(out, a *[2]uint64) { copyEqGo(out, a, pair{out} == pair{a}) }

// copyArrayGo compares the pointers inside arrays.
func copyArrayGo(out, a *[2]uint64) {
	copyEqGo(out, a, [1]*[2]uint64{out} == [1]*[2]uint64{a})
}

// copyAddGo compares unsafe.Add(out, 8) with &a[1].
func copyAddGo(out, a *[2]uint64) {
	copyEqGo(out, a, unsafe.Add(unsafe.Pointer(out), 8) == unsafe.Pointer(&a[1]))
}

// copySwitchGo compares the pointers in a switch.
func copySwitchGo(out, a *[2]uint64) {
	eq := false
	switch out {
	case a:
		eq = true
	}
	copyEqGo(out, a, eq)
}

// copyClosureGo compares the pointers in a closure.
func copyClosureGo(out, a *[2]uint64) {
	f := func() bool { return out == a }
	copyEqGo(out, a, f())
}

// samePtr compares any two pointers of one type.
func samePtr[T any](p, q *T) bool { return p == q }

// copyGenericGo compares the pointers in a generic helper.
func copyGenericGo(out, a *[2]uint64) { copyEqGo(out, a, samePtr(out, a)) }

// copySliceDataGo compares the slices' data pointers.
func copySliceDataGo(out, a *[2]uint64) {
	copyEqGo(out, a, unsafe.SliceData(out[:]) == unsafe.SliceData(a[:]))
}

// copyIntPtrGo compares the pointers after a round trip through uintptr.
func copyIntPtrGo(out, a *[2]uint64) {
	p := (*[2]uint64)(unsafe.Pointer(uintptr(unsafe.Pointer(out))))
	copyEqGo(out, a, p == a)
}

// Each spec below sets out[1] = 5 and then reads a[1] through some Go
// construct: with out = a it returns 5. Their kernel reads a[1] first.

func spCopyGo(out, a *[2]uint64) uint64 {
	out[1] = 5
	var t [2]uint64
	copy(t[:], a[:])
	return t[1]
}

func spRangeGo(out, a *[2]uint64) uint64 {
	out[1] = 5
	var r uint64
	for i, v := range a {
		if i == 1 {
			r = v
		}
	}
	return r
}

// vec is an array with a method.
type vec [2]uint64

func (v *vec) second() uint64 { return v[1] }

func spMethodGo(out, a *vec) uint64 {
	out[1] = 5
	return a.second()
}

func spDeferGo(out, a *[2]uint64) (r uint64) {
	defer func() { r = a[1] }()
	out[1] = 5
	return 0
}

func spArrayValGo(out, a *[2]uint64) uint64 {
	out[1] = 5
	t := *a
	return t[1]
}

func spSliceGo(out, a *[2]uint64) uint64 {
	out[1] = 5
	s := a[1:]
	return s[0]
}

func spCopyStoreGo(out, a *[2]uint64) uint64 {
	t := [2]uint64{0, 5}
	copy(out[1:], t[1:])
	return a[1]
}

func spAppendGo(out, a *[2]uint64) uint64 {
	out[1] = 5
	s := append([]uint64(nil), a[:]...)
	return s[1]
}

var gp *[2]uint64

func spGlobalGo(out, a *[2]uint64) uint64 {
	gp = a
	out[1] = 5
	return gp[1]
}

func spFieldGo(out, a *[2]uint64) uint64 {
	h := pair{a}
	out[1] = 5
	return h.p[1]
}

func spPtrPtrGo(out, a *[2]uint64) uint64 {
	pp := &a
	out[1] = 5
	return (*pp)[1]
}

func spIfaceGo(out, a *[2]uint64) uint64 {
	var x any = a
	out[1] = 5
	return x.(*[2]uint64)[1]
}

// dbl4Go doubles a into out and returns a[3] as it was.
func dbl4Go(out, a *[4]uint64) uint64 {
	r := a[3]
	for i := range out {
		out[i] = a[i] * 2
	}
	return r
}

// triGo sets out[0] = a[0]+1, then out[1] = b[0]: with out = b it reads
// the new out[0], so that aliasing is lifted; out = a = b is then an
// instance of it.
func triGo(out, a, b *[2]uint64) {
	t := a[0]
	out[0] = t + 1
	out[1] = b[0]
}

// recoverGo sets out[1] = 5 and returns a[1] read after it, from a
// deferred closure that also recovers.
func recoverGo(out, a *[2]uint64) (r uint64) {
	defer func() {
		recover()
		r = a[1]
	}()
	out[1] = 5
	return 0
}

// copyPanicGo is copy2Go, but panics when out and a are one array.
func copyPanicGo(out, a *[2]uint64) {
	if out == a {
		panic("in place")
	}
	*out = *a
}
