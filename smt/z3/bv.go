package z3

/*
#include "vgz3.h"
*/
import "C"

import (
	"fmt"
	"math/big"
	"runtime"
)

// Z3 constructors used through the generic helpers of value.go.
var (
	fnBVAdd  = C.vg_fn2(C.Z3_mk_bvadd)
	fnBVSub  = C.vg_fn2(C.Z3_mk_bvsub)
	fnBVMul  = C.vg_fn2(C.Z3_mk_bvmul)
	fnBVAnd  = C.vg_fn2(C.Z3_mk_bvand)
	fnBVOr   = C.vg_fn2(C.Z3_mk_bvor)
	fnBVXor  = C.vg_fn2(C.Z3_mk_bvxor)
	fnBVShl  = C.vg_fn2(C.Z3_mk_bvshl)
	fnBVLshr = C.vg_fn2(C.Z3_mk_bvlshr)
	fnBVAshr = C.vg_fn2(C.Z3_mk_bvashr)
	fnBVUDiv = C.vg_fn2(C.Z3_mk_bvudiv)
	fnBVURem = C.vg_fn2(C.Z3_mk_bvurem)
	fnBVSDiv = C.vg_fn2(C.Z3_mk_bvsdiv)
	fnBVSRem = C.vg_fn2(C.Z3_mk_bvsrem)
	fnBVSMod = C.vg_fn2(C.Z3_mk_bvsmod)
	fnConcat = C.vg_fn2(C.Z3_mk_concat)
	fnBVULT  = C.vg_fn2(C.Z3_mk_bvult)
	fnBVULE  = C.vg_fn2(C.Z3_mk_bvule)
	fnBVUGT  = C.vg_fn2(C.Z3_mk_bvugt)
	fnBVUGE  = C.vg_fn2(C.Z3_mk_bvuge)
	fnBVSLT  = C.vg_fn2(C.Z3_mk_bvslt)
	fnBVSLE  = C.vg_fn2(C.Z3_mk_bvsle)
	fnBVSGT  = C.vg_fn2(C.Z3_mk_bvsgt)
	fnBVSGE  = C.vg_fn2(C.Z3_mk_bvsge)
	fnEq     = C.vg_fn2(C.Z3_mk_eq)

	fnBVNeg    = C.vg_fn1(C.Z3_mk_bvneg)
	fnBVNot    = C.vg_fn1(C.Z3_mk_bvnot)
	fnSimplify = C.vg_fn1(C.Z3_simplify)

	fnRotL    = C.vg_fnu(C.Z3_mk_rotate_left)
	fnRotR    = C.vg_fnu(C.Z3_mk_rotate_right)
	fnZeroExt = C.vg_fnu(C.Z3_mk_zero_ext)
	fnSignExt = C.vg_fnu(C.Z3_mk_sign_ext)
	fnRepeat  = C.vg_fnu(C.Z3_mk_repeat)

	fnIte      = C.vg_fn3(C.Z3_mk_ite)
	fnDistinct = C.vg_fnn(C.Z3_mk_distinct)
)

// A BV is a bit-vector term of fixed width. The zero BV is invalid.
//
// BV is a small handle; copy it freely. Operations never modify their
// operands. Binary operations require operands of the same width and
// Context; see Context for how errors are reported.
type BV struct{ t *term }

func (x BV) term() *term { return x.t }

// Context returns the Context of x.
func (x BV) Context() *Context { return x.t.context() }

// Err reports why x is invalid, or nil.
func (x BV) Err() error { return x.t.error() }

// String returns x in SMT-LIB syntax.
func (x BV) String() string { return x.t.string() }

// Width returns the width of x in bits (0 for the zero BV).
func (x BV) Width() int {
	if x.t == nil {
		return 0
	}
	return x.t.width
}

// Sort returns the bit-vector sort of x.
func (x BV) Sort() Sort {
	if x.t == nil || x.t.err != nil {
		return Sort{ctx: x.Context(), err: x.Err()}
	}
	return x.t.ctx.BVSort(x.t.width)
}

func (x BV) bin(f C.vg_fn2, name string, y BV) BV {
	return BV{op2(f, name, x.t, y.t, true, x.Width())}
}

func (x BV) cmp(f C.vg_fn2, name string, y BV) Bool {
	return Bool{op2(f, name, x.t, y.t, true, 0)}
}

// Add returns x + y mod 2^w.
func (x BV) Add(y BV) BV { return x.bin(fnBVAdd, "Add", y) }

// Sub returns x - y mod 2^w.
func (x BV) Sub(y BV) BV { return x.bin(fnBVSub, "Sub", y) }

// Mul returns x * y mod 2^w.
func (x BV) Mul(y BV) BV { return x.bin(fnBVMul, "Mul", y) }

// And returns the bitwise and of x and y.
func (x BV) And(y BV) BV { return x.bin(fnBVAnd, "And", y) }

// Or returns the bitwise or of x and y.
func (x BV) Or(y BV) BV { return x.bin(fnBVOr, "Or", y) }

// Xor returns the bitwise exclusive or of x and y.
func (x BV) Xor(y BV) BV { return x.bin(fnBVXor, "Xor", y) }

// Shl returns x << y (0 if y >= w). y has the width of x.
func (x BV) Shl(y BV) BV { return x.bin(fnBVShl, "Shl", y) }

// Lshr returns x >> y, logical (0 if y >= w).
func (x BV) Lshr(y BV) BV { return x.bin(fnBVLshr, "Lshr", y) }

// Ashr returns x >> y, arithmetic (sign fill if y >= w).
func (x BV) Ashr(y BV) BV { return x.bin(fnBVAshr, "Ashr", y) }

// UDiv returns the unsigned quotient x / y. By SMT-LIB convention,
// x / 0 is all ones.
func (x BV) UDiv(y BV) BV { return x.bin(fnBVUDiv, "UDiv", y) }

// URem returns the unsigned remainder x % y; x % 0 is x.
func (x BV) URem(y BV) BV { return x.bin(fnBVURem, "URem", y) }

// SDiv returns the signed quotient of x and y, truncated toward zero.
// x / 0 is -1 for x >= 0 and 1 for x < 0.
func (x BV) SDiv(y BV) BV { return x.bin(fnBVSDiv, "SDiv", y) }

// SRem returns the signed remainder of x and y; its sign follows x.
// x % 0 is x.
func (x BV) SRem(y BV) BV { return x.bin(fnBVSRem, "SRem", y) }

// SMod returns the signed modulus of x and y; its sign follows y.
// x mod 0 is x.
func (x BV) SMod(y BV) BV { return x.bin(fnBVSMod, "SMod", y) }

// Neg returns -x mod 2^w.
func (x BV) Neg() BV { return BV{op1(fnBVNeg, x.t, x.Width())} }

// Not returns the bitwise complement of x.
func (x BV) Not() BV { return BV{op1(fnBVNot, x.t, x.Width())} }

// Eq returns x == y.
func (x BV) Eq(y BV) Bool { return x.cmp(fnEq, "Eq", y) }

// NE returns x != y.
func (x BV) NE(y BV) Bool {
	if x.t != nil && y.t != nil && x.t.err == nil && y.t.err == nil && x.t.width != y.t.width {
		return x.cmp(fnEq, "NE", y) // reports the width mismatch
	}
	return Bool{opN(fnDistinct, x.t, []*term{y.t}, 0)}
}

// ULT returns x < y, unsigned.
func (x BV) ULT(y BV) Bool { return x.cmp(fnBVULT, "ULT", y) }

// ULE returns x <= y, unsigned.
func (x BV) ULE(y BV) Bool { return x.cmp(fnBVULE, "ULE", y) }

// UGT returns x > y, unsigned.
func (x BV) UGT(y BV) Bool { return x.cmp(fnBVUGT, "UGT", y) }

// UGE returns x >= y, unsigned.
func (x BV) UGE(y BV) Bool { return x.cmp(fnBVUGE, "UGE", y) }

// SLT returns x < y, signed.
func (x BV) SLT(y BV) Bool { return x.cmp(fnBVSLT, "SLT", y) }

// SLE returns x <= y, signed.
func (x BV) SLE(y BV) Bool { return x.cmp(fnBVSLE, "SLE", y) }

// SGT returns x > y, signed.
func (x BV) SGT(y BV) Bool { return x.cmp(fnBVSGT, "SGT", y) }

// SGE returns x >= y, signed.
func (x BV) SGE(y BV) Bool { return x.cmp(fnBVSGE, "SGE", y) }

// Concat returns the concatenation of x (high bits) and y (low bits).
func (x BV) Concat(y BV) BV {
	w := x.Width() + y.Width()
	if x.t != nil && y.t != nil && x.t.err == nil && y.t.err == nil {
		if err := checkWidth("Concat", w); err != nil {
			return BV{x.t.ctx.errTerm(err, 0)}
		}
	}
	return BV{op2(fnConcat, "Concat", x.t, y.t, false, w)}
}

// unaryN applies an indexed operator (rotate, extend, repeat) to x.
func (x BV) unaryN(f C.vg_fnu, name string, n, width int) BV {
	ctx, err := valid1(x.t)
	if err == nil {
		err = checkWidth(name, width)
	}
	if err != nil {
		return BV{ctx.errTerm(err, width)}
	}
	r := C.vg_opu(ctx.k.c, f, C.unsigned(n), x.t.ast)
	runtime.KeepAlive(x.t)
	t := ctx.newTerm(r, width)
	t.uf = x.t.uf
	return BV{t}
}

// RotateLeft returns x rotated left by n bits. n may be negative or
// larger than the width; it is taken mod the width.
func (x BV) RotateLeft(n int) BV {
	w := x.Width()
	if w == 0 {
		return x.unaryN(fnRotL, "RotateLeft", 0, 0)
	}
	if n %= w; n < 0 {
		n += w
	}
	return x.unaryN(fnRotL, "RotateLeft", n, w)
}

// RotateRight returns x rotated right by n bits, n taken mod the width.
func (x BV) RotateRight(n int) BV {
	w := x.Width()
	if w == 0 {
		return x.unaryN(fnRotR, "RotateRight", 0, 0)
	}
	if n %= w; n < 0 {
		n += w
	}
	return x.unaryN(fnRotR, "RotateRight", n, w)
}

// ZeroExtend returns x extended with n >= 0 zero bits on the left.
func (x BV) ZeroExtend(n int) BV {
	if n < 0 {
		return x.badArg(fmt.Errorf("%w: ZeroExtend by %d", ErrArgument, n))
	}
	return x.unaryN(fnZeroExt, "ZeroExtend", n, x.Width()+n)
}

// SignExtend returns x extended with n >= 0 copies of its sign bit.
func (x BV) SignExtend(n int) BV {
	if n < 0 {
		return x.badArg(fmt.Errorf("%w: SignExtend by %d", ErrArgument, n))
	}
	return x.unaryN(fnSignExt, "SignExtend", n, x.Width()+n)
}

// Repeat returns n >= 1 copies of x concatenated.
func (x BV) Repeat(n int) BV {
	if n < 1 || n > MaxWidth {
		return x.badArg(fmt.Errorf("%w: Repeat %d times", ErrArgument, n))
	}
	return x.unaryN(fnRepeat, "Repeat", n, x.Width()*n)
}

// badArg returns an invalid BV for a bad argument, unless x is already
// invalid, in which case x's error wins.
func (x BV) badArg(err error) BV {
	ctx, xerr := valid1(x.t)
	if xerr != nil {
		err = xerr
	}
	return BV{ctx.errTerm(err, 0)}
}

// Extract returns bits high..low of x (inclusive), a vector of width
// high-low+1. It requires 0 <= low <= high < x.Width().
func (x BV) Extract(high, low int) BV {
	if x.t != nil && x.t.err == nil && (low < 0 || low > high || high >= x.t.width) {
		return x.badArg(fmt.Errorf("%w: Extract(%d, %d) of %d-bit vector", ErrArgument, high, low, x.t.width))
	}
	w := max(high-low+1, 0)
	ctx, err := valid1(x.t)
	if err != nil {
		return BV{ctx.errTerm(err, w)}
	}
	r := C.vg_extract(ctx.k.c, C.unsigned(high), C.unsigned(low), x.t.ast)
	runtime.KeepAlive(x.t)
	t := ctx.newTerm(r, w)
	t.uf = x.t.uf
	return BV{t}
}

// Simplify returns x simplified by Z3 (Z3_simplify). A term built only
// from numerals simplifies to a numeral.
func (x BV) Simplify() BV { return BV{simplify(x.t)} }

// AsUint64 returns the value of x if x is a numeral that fits in a uint64.
// It does not simplify x first.
func (x BV) AsUint64() (uint64, bool) { return numeralUint64(x.t) }

// AsBigUnsigned returns the value of x in [0, 2^w) if x is a numeral.
func (x BV) AsBigUnsigned() (*big.Int, bool) { return numeralBig(x.t) }

// AsBigSigned returns the two's complement value of x in
// [-2^(w-1), 2^(w-1)) if x is a numeral.
func (x BV) AsBigSigned() (*big.Int, bool) {
	v, ok := numeralBig(x.t)
	if !ok {
		return nil, false
	}
	return toSigned(v, x.t.width), true
}

// toSigned reinterprets v in [0, 2^w) as a w-bit two's complement value.
func toSigned(v *big.Int, w int) *big.Int {
	if v.Bit(w-1) == 1 {
		v.Sub(v, new(big.Int).Lsh(big.NewInt(1), uint(w)))
	}
	return v
}

// BVIte returns the bit-vector "if cond then a else b".
func (ctx *Context) BVIte(cond Bool, a, b BV) BV { return cond.IteBV(a, b) }
