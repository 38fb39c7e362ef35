package gossa

import (
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"
	"vg.dev/symexec/term"
)

// An intrinsic models a math/bits function by terms instead of
// interpreting its Go body: the lifted machine code produces these same
// shapes, so hash-consing identifies the kernel's subterms with the spec's.
// It returns the results, or false when the call certainly panics.
type intrinsic func(in *interp, s *state, args []*term.Term, pos token.Pos) ([]*term.Term, bool)

// intrinsics are keyed by name without the width suffix; the width is the
// operands'. uint variants are 64-bit on the supported architectures.
var intrinsics = map[string]intrinsic{
	"Add":           addCarry,
	"Sub":           subBorrow,
	"Mul":           mulFull,
	"Div":           divFull,
	"Rem":           remFull,
	"RotateLeft":    rotateLeft,
	"LeadingZeros":  leadingZeros,
	"TrailingZeros": trailingZeros,
	"Len":           bitLen,
	"OnesCount":     onesCount,
	"ReverseBytes":  reverseBytes,
	"Reverse":       reverseBits,
}

// intrinsicFor returns the model of fn, if it is a math/bits function with
// one.
func intrinsicFor(fn *ssa.Function) (intrinsic, bool) {
	obj, ok := fn.Object().(*types.Func)
	if !ok || obj.Pkg() == nil || obj.Pkg().Path() != "math/bits" || fn.Signature.Recv() != nil {
		return nil, false
	}
	base := strings.TrimRight(fn.Name(), "0123456789")
	switch fn.Name()[len(base):] {
	case "", "8", "16", "32", "64":
	default:
		return nil, false
	}
	f, ok := intrinsics[base]
	return f, ok
}

func isIntrinsic(fn *ssa.Function) bool {
	_, ok := intrinsicFor(fn)
	return ok
}

// isBit reports whether x is syntactically 0 or 1: a constant, a zero
// extension of a width-1 term, or a choice between such terms.
func isBit(x *term.Term) bool {
	switch x.Op() {
	case term.OpConst:
		k, ok := x.Uint64()
		return ok && k <= 1
	case term.OpConcat:
		args := x.Args()
		if len(args) != 2 || args[1].Width() != 1 {
			return false
		}
		k, ok := args[0].Uint64()
		return ok && k == 0
	case term.OpIte:
		return isBit(x.Arg(1)) && isBit(x.Arg(2))
	}
	return false
}

// addCarry is Add{32,64}(x, y, c): sum and carry out. For a carry in of 0 or
// 1 the carry out is bit w of the (w+1)-bit sum; otherwise Go's formula.
func addCarry(in *interp, _ *state, a []*term.Term, _ token.Pos) ([]*term.Term, bool) {
	b := in.b
	x, y, c := a[0], a[1], a[2]
	w := x.Width()
	sum := b.Add(b.Add(x, y), c)
	var carry *term.Term
	if isBit(c) {
		wide := b.Add(b.Add(b.ZeroExt(x, w+1), b.ZeroExt(y, w+1)), b.ZeroExt(c, w+1))
		carry = b.ZeroExt(b.Extract(wide, w, w), w)
	} else {
		// ((x & y) | ((x | y) &^ sum)) >> (w-1)
		carry = b.LshrC(b.Or(b.And(x, y), b.And(b.Or(x, y), b.Not(sum))), w-1)
	}
	return []*term.Term{sum, carry}, true
}

// subBorrow is Sub{32,64}(x, y, borrow): difference and borrow out.
func subBorrow(in *interp, _ *state, a []*term.Term, _ token.Pos) ([]*term.Term, bool) {
	b := in.b
	x, y, c := a[0], a[1], a[2]
	w := x.Width()
	diff := b.Sub(b.Sub(x, y), c)
	var borrow *term.Term
	if isBit(c) {
		wide := b.Sub(b.Sub(b.ZeroExt(x, w+1), b.ZeroExt(y, w+1)), b.ZeroExt(c, w+1))
		borrow = b.ZeroExt(b.Extract(wide, w, w), w)
	} else {
		// ((^x & y) | (^(x ^ y) & diff)) >> (w-1)
		borrow = b.LshrC(b.Or(b.And(b.Not(x), y), b.And(b.Not(b.Xor(x, y)), diff)), w-1)
	}
	return []*term.Term{diff, borrow}, true
}

// mulFull is Mul{32,64}(x, y): the high and low halves of the full product.
func mulFull(in *interp, _ *state, a []*term.Term, _ token.Pos) ([]*term.Term, bool) {
	b := in.b
	w := a[0].Width()
	p := b.Mul(b.ZeroExt(a[0], 2*w), b.ZeroExt(a[1], 2*w))
	return []*term.Term{b.Extract(p, 2*w-1, w), b.Extract(p, w-1, 0)}, true
}

// divFull is Div{32,64}(hi, lo, y): quotient and remainder of hi:lo by y.
// It panics when y = 0 or y ≤ hi (the quotient overflows).
func divFull(in *interp, s *state, a []*term.Term, pos token.Pos) ([]*term.Term, bool) {
	b := in.b
	hi, lo, y := a[0], a[1], a[2]
	w := y.Width()
	zero := b.Eq(y, b.Zero(w))
	if !in.fail(s, zero, pos, "integer divide by zero") {
		return nil, false
	}
	if !in.fail(s, b.And(b.Not(zero), b.Ule(y, hi)), pos, "integer overflow") {
		return nil, false
	}
	n, d := b.Concat(hi, lo), b.ZeroExt(y, 2*w)
	return []*term.Term{b.Extract(b.UDiv(n, d), w-1, 0), b.Extract(b.URem(n, d), w-1, 0)}, true
}

// remFull is Rem{32,64}(hi, lo, y): the remainder of hi:lo by y, which
// panics only when y = 0.
func remFull(in *interp, s *state, a []*term.Term, pos token.Pos) ([]*term.Term, bool) {
	b := in.b
	hi, lo, y := a[0], a[1], a[2]
	w := y.Width()
	if !in.fail(s, b.Eq(y, b.Zero(w)), pos, "integer divide by zero") {
		return nil, false
	}
	return []*term.Term{b.Extract(b.URem(b.Concat(hi, lo), b.ZeroExt(y, 2*w)), w-1, 0)}, true
}

// rotateLeft is RotateLeft{8,16,32,64}(x, k int): rotation by k mod w
// (right for negative k).
func rotateLeft(in *interp, _ *state, a []*term.Term, _ token.Pos) ([]*term.Term, bool) {
	b := in.b
	x, k := a[0], a[1]
	w := x.Width()
	if c, ok := k.Uint64(); ok {
		return []*term.Term{b.RotL(x, int(c&uint64(w-1)))}, true
	}
	logw := 0
	for 1<<logw < w {
		logw++
	}
	n := b.ZeroExt(b.Extract(k, logw-1, 0), w)
	return []*term.Term{b.Or(b.Shl(x, n), b.Lshr(x, b.Sub(b.Uint(uint64(w), w), n)))}, true
}

// intWidth is the width of int.
func (in *interp) intWidth() int { return int(8 * in.sizes.Sizeof(types.Typ[types.Int])) }

// leadingZeros is an ite chain on the bits of x, the highest set bit
// deciding.
func leadingZeros(in *interp, _ *state, a []*term.Term, _ token.Pos) ([]*term.Term, bool) {
	b, x, iw := in.b, a[0], in.intWidth()
	w := x.Width()
	r := b.Uint(uint64(w), iw)
	for i := 0; i < w; i++ {
		r = b.Ite(b.Bit(x, i), b.Uint(uint64(w-1-i), iw), r)
	}
	return []*term.Term{r}, true
}

// trailingZeros is an ite chain, the lowest set bit deciding.
func trailingZeros(in *interp, _ *state, a []*term.Term, _ token.Pos) ([]*term.Term, bool) {
	b, x, iw := in.b, a[0], in.intWidth()
	w := x.Width()
	r := b.Uint(uint64(w), iw)
	for i := w - 1; i >= 0; i-- {
		r = b.Ite(b.Bit(x, i), b.Uint(uint64(i), iw), r)
	}
	return []*term.Term{r}, true
}

// bitLen is the number of bits needed to represent x.
func bitLen(in *interp, _ *state, a []*term.Term, _ token.Pos) ([]*term.Term, bool) {
	b, x, iw := in.b, a[0], in.intWidth()
	r := b.Zero(iw)
	for i := 0; i < x.Width(); i++ {
		r = b.Ite(b.Bit(x, i), b.Uint(uint64(i+1), iw), r)
	}
	return []*term.Term{r}, true
}

// onesCount is the sum of the bits of x.
func onesCount(in *interp, _ *state, a []*term.Term, _ token.Pos) ([]*term.Term, bool) {
	b, x, iw := in.b, a[0], in.intWidth()
	r := b.Zero(iw)
	for i := 0; i < x.Width(); i++ {
		r = b.Add(r, b.ZeroExt(b.Bit(x, i), iw))
	}
	return []*term.Term{r}, true
}

// reverseBytes concatenates the bytes of x in reverse order.
func reverseBytes(in *interp, _ *state, a []*term.Term, _ token.Pos) ([]*term.Term, bool) {
	b, x := in.b, a[0]
	n := x.Width() / 8
	parts := make([]*term.Term, n)
	for i := range parts {
		parts[i] = b.Extract(x, 8*i+7, 8*i) // byte 0 becomes the most significant
	}
	return []*term.Term{b.Concat(parts...)}, true
}

// reverseBits concatenates the bits of x in reverse order.
func reverseBits(in *interp, _ *state, a []*term.Term, _ token.Pos) ([]*term.Term, bool) {
	b, x := in.b, a[0]
	parts := make([]*term.Term, x.Width())
	for i := range parts {
		parts[i] = b.Bit(x, i)
	}
	return []*term.Term{b.Concat(parts...)}, true
}
