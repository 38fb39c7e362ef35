package attack

import "testing"

var (
	rotNamedKernel     = rotNamed
	globalSecretKernel = globalSecretSlow
	globalAliasKernel  = globalAlias
)

// argPaddingAfterCall calls argPadding(x) right after an ABI0 call whose
// argument, in the same stack slot, was all ones.
//
//go:noinline
func argPaddingAfterCall(x uint32) uint64 {
	sink += tailHelper(^uint64(1))
	return argPadding(x)
}

// partialResultAfterCall calls partialResult(x) right after an ABI0 call
// whose result, in the same stack slot, was all ones.
//
//go:noinline
func partialResultAfterCall(x uint64) uint64 {
	sink += tailHelper(^uint64(1))
	return partialResult(x)
}

var linkLayoutCases = []struct {
	name         string
	kernel, spec func() uint64
}{
	{"addrBits", addrBits, addrBitsGo},
	{"textRead", func() uint64 { return textRead(0) }, func() uint64 { return textGo(0) }},
}

// TestPartialResult: the kernel writes 4 of its result's 8 bytes; the other
// 4 are what the previous call left in the slot. vgcheck refutes it, but
// its replay does not confirm.
func TestPartialResult(t *testing.T) {
	if got := partialResultAfterCall(5); got != 5 {
		t.Logf("partialResult(5) = %#x", got)
		return
	}
	t.Fatal("partialResult(5) = 5: no misbehaviour")
}

// TestRotReqAliased: rotReq is reported "also proved with out = a", but
// with out = a its precondition holds for no input: that proof is vacuous,
// and the kernel is wrong there.
func TestRotReqAliased(t *testing.T) {
	x := [4]uint64{1, 2, 3, 4}
	y := x
	rotReq(&x, &x)
	rotGo(&y, &y)
	if x == y {
		t.Fatalf("rotReq(&x, &x) = %v, as its spec: no misbehaviour", x)
	}
	t.Logf("rotReq(&x, &x) = %v, spec %v; firstDiffer(&x, &x) = %v", x, y, firstDiffer(&x, &x))
}

// TestSumFixed: sumFixed is proved for the length its //vg:sizes lists;
// any other length is outside the proof.
func TestSumFixed(t *testing.T) {
	p := []uint64{1, 2, 3}
	if got, want := sumFixed(p), sum2Go(p); got == want {
		t.Fatalf("sumFixed(%v) = %d, as its spec: no misbehaviour", p, got)
	} else {
		t.Logf("sumFixed(%v) = %d, spec %d", p, got, want)
	}
}
