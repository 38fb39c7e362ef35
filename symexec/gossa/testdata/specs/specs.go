// Package specs holds small Go functions that the tests of gossa interpret
// symbolically and compare with native calls.
package specs

import (
	"math/bits"
	"unsafe"
)

// Ints are the integer types.
type Ints interface {
	~int8 | ~int16 | ~int32 | ~int64 | ~int | ~uint8 | ~uint16 | ~uint32 | ~uint64 | ~uint | ~uintptr
}

// Arith holds the results of every non-panicking integer operation.
type Arith[T Ints] struct {
	Add, Sub, Mul, And, Or, Xor, AndNot, Neg, Not T
	Shl8, Shr8, Shl64, Shr64, ShlK, ShrK          T
	Lt, Le, Gt, Ge, Eq, Ne                        bool
}

func arith[T Ints](x, y T, s uint8, z uint64) Arith[T] {
	return Arith[T]{
		x + y, x - y, x * y, x & y, x | y, x ^ y, x &^ y, -x, ^x,
		x << s, x >> s, x << z, x >> z, x << 3, x >> 5,
		x < y, x <= y, x > y, x >= y, x == y, x != y,
	}
}

func ArithI8(x, y int8, s uint8, z uint64) Arith[int8]        { return arith(x, y, s, z) }
func ArithI16(x, y int16, s uint8, z uint64) Arith[int16]     { return arith(x, y, s, z) }
func ArithI32(x, y int32, s uint8, z uint64) Arith[int32]     { return arith(x, y, s, z) }
func ArithI64(x, y int64, s uint8, z uint64) Arith[int64]     { return arith(x, y, s, z) }
func ArithInt(x, y int, s uint8, z uint64) Arith[int]         { return arith(x, y, s, z) }
func ArithU8(x, y uint8, s uint8, z uint64) Arith[uint8]      { return arith(x, y, s, z) }
func ArithU16(x, y uint16, s uint8, z uint64) Arith[uint16]   { return arith(x, y, s, z) }
func ArithU32(x, y uint32, s uint8, z uint64) Arith[uint32]   { return arith(x, y, s, z) }
func ArithU64(x, y uint64, s uint8, z uint64) Arith[uint64]   { return arith(x, y, s, z) }
func ArithUint(x, y uint, s uint8, z uint64) Arith[uint]      { return arith(x, y, s, z) }
func ArithPtr(x, y uintptr, s uint8, z uint64) Arith[uintptr] { return arith(x, y, s, z) }

// SignedShift shifts by a signed count: a negative count panics.
func SignedShift(x int32, c int16, d int64) (int32, uint8) {
	return x<<c ^ x>>d, uint8(x) >> c
}

// Div holds a quotient and remainder.
type Div[T Ints] struct{ Quo, Rem T }

func div[T Ints](x, y T) Div[T] { return Div[T]{x / y, x % y} }

func DivI8(x, y int8) Div[int8]      { return div(x, y) }
func DivI16(x, y int16) Div[int16]   { return div(x, y) }
func DivI32(x, y int32) Div[int32]   { return div(x, y) }
func DivI64(x, y int64) Div[int64]   { return div(x, y) }
func DivU8(x, y uint8) Div[uint8]    { return div(x, y) }
func DivU16(x, y uint16) Div[uint16] { return div(x, y) }
func DivU32(x, y uint32) Div[uint32] { return div(x, y) }
func DivU64(x, y uint64) Div[uint64] { return div(x, y) }
func DivUint(x, y uint) Div[uint]    { return div(x, y) }

// DivConst divides by constants (no panic).
func DivConst(x int32, y uint16) (int32, int32, uint16, uint16) {
	return x / 7, x % -3, y / 10, y % 16
}

// Conv holds a value converted to every integer type.
type Conv struct {
	I8  int8
	I16 int16
	I32 int32
	I64 int64
	I   int
	U8  uint8
	U16 uint16
	U32 uint32
	U64 uint64
	U   uint
	P   uintptr
	NZ  bool
}

func conv[T Ints](x T) Conv {
	return Conv{int8(x), int16(x), int32(x), int64(x), int(x), uint8(x), uint16(x), uint32(x), uint64(x), uint(x), uintptr(x), x != 0}
}

func ConvI8(x int8) Conv     { return conv(x) }
func ConvI16(x int16) Conv   { return conv(x) }
func ConvI32(x int32) Conv   { return conv(x) }
func ConvI64(x int64) Conv   { return conv(x) }
func ConvU8(x uint8) Conv    { return conv(x) }
func ConvU16(x uint16) Conv  { return conv(x) }
func ConvU32(x uint32) Conv  { return conv(x) }
func ConvU64(x uint64) Conv  { return conv(x) }
func ConvPtr(x uintptr) Conv { return conv(x) }

// BoolOps uses booleans as values.
func BoolOps(a, b bool, x uint8) (bool, bool, bool, uint8) {
	c := a && !b || x > 7
	d := a != b
	var n uint8
	if c {
		n = 1
	}
	return c, d, a == (x&1 == 1), n
}

// Point has no padding, so it can live in input memory.
type Point struct {
	X, Y int32
	Z    uint64
	T    uint16
	U    int16
	W    uint32
}

// Padded has padding; it is only a value.
type Padded struct {
	A uint8
	B uint32
	C bool
	D int64
}

// Structs reads and writes structs and arrays through pointers.
func Structs(p *Point, q Point, a [4]uint16, out *[4]uint16) (Point, Padded) {
	r := *p
	r.X += q.Y
	r.Z ^= uint64(a[1]) << 40
	p.Y = int32(a[0]) - q.X
	p.W = uint32(r.Z >> 3)
	var arr [4]uint16
	for i := range arr {
		arr[i] = a[3-i] + uint16(q.T)
	}
	*out = arr
	out[2] ^= uint16(p.U)
	pad := Padded{A: uint8(q.Z), B: uint32(q.W), C: q.X < r.Y, D: int64(p.X)}
	return r, pad
}

// Local pointers: a local variable whose address is taken.
func Locals(x, y uint32) uint32 {
	var t [3]uint32
	pt := &t
	swap(&x, &y)
	pt[0], pt[1], pt[2] = x, y, x^y
	q := new(Point)
	q.W = t[2] * 3
	return q.W + t[0]
}

func swap(a, b *uint32) { *a, *b = *b, *a }

// SumLoop has a loop with a constant bound.
func SumLoop(a *[8]uint32) uint64 {
	var s uint64
	for i := 0; i < len(a); i++ {
		s += uint64(a[i]) * uint64(i+1)
	}
	return s
}

// Ifs64 branches 64 times on data.
func Ifs64(x, y uint64) uint64 {
	for i := 0; i < 64; i++ {
		if (x>>i)&1 == 1 {
			y = y*3 + x
		} else {
			y ^= y >> 7
		}
	}
	return y
}

// Ifs writes memory on symbolic branches, with else-if chains and early
// returns.
func Ifs(p *[4]uint64, x, y int32) int32 {
	if x < y {
		p[0] = uint64(x)
	} else if x == y {
		p[1] = uint64(y)
		p[0] ^= 0xff
	} else {
		p[2]++
	}
	if x&3 == 0 {
		return y
	}
	switch y & 7 {
	case 1:
		x += 10
	case 2, 3:
		x -= 3
		p[3] = uint64(x)
	default:
		x *= 5
	}
	for i := 0; i < 4; i++ {
		if p[i]&1 == 0 {
			break
		}
		x ^= int32(i)
	}
	return x
}

// MulAcc is a 128-bit multiply-accumulate with carries and borrows.
func MulAcc(acc *[3]uint64, x, y, z uint64) uint64 {
	hi, lo := bits.Mul64(x, y)
	var c uint64
	acc[0], c = bits.Add64(acc[0], lo, 0)
	acc[1], c = bits.Add64(acc[1], hi, c)
	acc[2], _ = bits.Add64(acc[2], 0, c)
	d, b := bits.Sub64(acc[0], z, 0)
	e, b := bits.Sub64(acc[1], 0, b)
	f, _ := bits.Sub64(acc[2], 0, b)
	return d ^ e ^ f
}

// Carries uses carry and borrow inputs that are 0 or 1 but not visibly so
// (math/bits leaves other carries undefined, and the compiled code does
// not follow the Go formula for them).
func Carries(x, y, c uint64, a, b, k uint32) [8]uint64 {
	s, co := bits.Add64(x, y, c%2)
	d, bo := bits.Sub64(x, y, c%2)
	s32, co32 := bits.Add32(a, b, k%2)
	d32, bo32 := bits.Sub32(a, b, k&1)
	return [8]uint64{s, co, d, bo, uint64(s32), uint64(co32), uint64(d32), uint64(bo32)}
}

// BitsMisc calls the remaining math/bits models.
func BitsMisc(x uint64, y uint32, z uint16, w uint8, k int) [24]uint64 {
	h32, l32 := bits.Mul32(y, uint32(x))
	hu, lu := bits.Mul(uint(x), uint(y))
	return [24]uint64{
		uint64(bits.LeadingZeros64(x)), uint64(bits.LeadingZeros32(y)), uint64(bits.LeadingZeros16(z)), uint64(bits.LeadingZeros8(w)),
		uint64(bits.TrailingZeros64(x)), uint64(bits.TrailingZeros32(y)), uint64(bits.TrailingZeros16(z)), uint64(bits.TrailingZeros8(w)),
		uint64(bits.Len64(x)), uint64(bits.Len32(y)) + uint64(bits.Len(uint(z))), uint64(bits.OnesCount64(x)), uint64(bits.OnesCount8(w)),
		bits.ReverseBytes64(x), uint64(bits.ReverseBytes32(y)), uint64(bits.ReverseBytes16(z)), bits.Reverse64(x),
		uint64(bits.Reverse8(w)) ^ uint64(bits.Reverse16(z))<<8,
		bits.RotateLeft64(x, k), bits.RotateLeft64(x, 13), uint64(bits.RotateLeft32(y, -5)), uint64(bits.RotateLeft8(w, k)),
		uint64(h32)<<32 | uint64(l32), uint64(hu) ^ uint64(lu), uint64(bits.RotateLeft16(z, k)),
	}
}

// Div64 may panic.
func Div64(hi, lo, y uint64) (uint64, uint64, uint64) {
	q, r := bits.Div64(hi, lo, y)
	return q, r, bits.Rem64(hi, lo, y|1)
}

// Lookup indexes a table with a symbolic index.
func Lookup(t *[16]uint64, i uint8) uint64 { return t[i&15] }

// LookupLocal indexes a local table.
func LookupLocal(i uint, j int) uint32 {
	tab := [8]uint32{3, 1, 4, 1, 5, 9, 2, 6}
	return tab[i%8] + tab[j&7]*10
}

// LookupStruct loads a 24-byte struct at a symbolic index.
func LookupStruct(t *[4]Point, i uint) Point { return t[i&3] }

// StoreAt writes at a symbolic index.
func StoreAt(out *[8]uint64, t *[3]Point, i uint, v uint64) {
	out[i%8] = v
	out[(i+1)%8] += 1
	t[i%3].Y = int32(v)
}

// Oob panics when i >= 4.
func Oob(a *[4]uint32, i uint) uint32 { return a[i] }

// OobSlice panics when i is out of range.
func OobSlice(s []uint64, i int) uint64 { return s[i] }

// Slices slices, copies and makes slices.
func Slices(s []uint32, x uint64) (int, uint32, uint64) {
	t := s[2:5]
	n := copy(t, s[5:8])
	u := s[1:3:4]
	buf := make([]uint64, 4)
	for i := range buf {
		buf[i] = x >> (i * 8)
	}
	arr := (*[4]uint64)(buf)
	return len(t)*100 + cap(t)*10 + n + len(u)*1000 + cap(u)*10000, t[0] + u[1], arr[3] + buf[1]
}

// SliceWindow slices at symbolic bounds.
func SliceWindow(s []uint32, lo, hi uint) uint32 {
	w := s[lo:hi]
	var sum uint32
	for i := 0; i < 8; i++ {
		if i < len(w) {
			sum += w[i] * uint32(i+1)
		}
	}
	return sum
}

// Checked panics explicitly.
func Checked(x uint32) uint32 {
	if x > 100 {
		panic("too big")
	}
	return x * 2
}

// Nested calls functions that branch.
func Nested(x, y uint64) uint64 {
	return combine(clamp(x), clamp(y)) + combine(y, 7)
}

func clamp(v uint64) uint64 {
	if v > 1000 {
		return 1000
	}
	if v < 10 {
		return v * 2
	}
	return v
}

func combine(a, b uint64) uint64 {
	if a < b {
		return b - a
	}
	return sub(a, b)
}

func sub(a, b uint64) uint64 { return a - b }

// Closure calls closures.
func Closure(x uint32) uint32 {
	add := func(y uint32) uint32 { return x + y }
	twice := func(f func(uint32) uint32, v uint32) uint32 { return f(f(v)) }
	return twice(add, 3) * add(x)
}

// MinMax uses the builtins.
func MinMax(a, b int16, c, d uint64) (int16, uint64) {
	return min(a, b, 3), max(c, d)
}

// Method has a method call.
type Acc struct{ V uint64 }

func (a *Acc) Add(x uint64) { a.V += x }

func (a Acc) Get() uint64 { return a.V * 2 }

func Method(a *Acc, x uint64) uint64 {
	a.Add(x)
	f := a.Get
	return f()
}

// Recursive recurses a constant number of times.
func Recursive(x uint64) uint64 { return rec(x, 5) }

func rec(x uint64, n int) uint64 {
	if n == 0 {
		return x
	}
	return rec(x*3+1, n-1)
}

// SymLoop loops a symbolic number of times.
func SymLoop(n uint64) uint64 {
	var s uint64
	for i := uint64(0); i < n; i++ {
		s += i
	}
	return s
}

// UsesMap is not supported.
func UsesMap(x int) int {
	m := map[int]int{1: 2}
	return m[x]
}

// Ifs64Flat is 64 sequential data-dependent ifs written out.
func Ifs64Flat(x, y uint64) uint64 {
	if x>>0&1 != 0 {
		y = y*3 + x
	} else {
		y ^= y >> 1
	}
	if x>>1&1 != 0 {
		y = y*5 + x
	} else {
		y ^= y >> 2
	}
	if x>>2&1 != 0 {
		y = y*7 + x
	} else {
		y ^= y >> 3
	}
	if x>>3&1 != 0 {
		y = y*9 + x
	} else {
		y ^= y >> 4
	}
	if x>>4&1 != 0 {
		y = y*11 + x
	} else {
		y ^= y >> 5
	}
	if x>>5&1 != 0 {
		y = y*13 + x
	} else {
		y ^= y >> 6
	}
	if x>>6&1 != 0 {
		y = y*15 + x
	} else {
		y ^= y >> 7
	}
	if x>>7&1 != 0 {
		y = y*17 + x
	} else {
		y ^= y >> 8
	}
	if x>>8&1 != 0 {
		y = y*19 + x
	} else {
		y ^= y >> 9
	}
	if x>>9&1 != 0 {
		y = y*21 + x
	} else {
		y ^= y >> 10
	}
	if x>>10&1 != 0 {
		y = y*23 + x
	} else {
		y ^= y >> 11
	}
	if x>>11&1 != 0 {
		y = y*25 + x
	} else {
		y ^= y >> 12
	}
	if x>>12&1 != 0 {
		y = y*27 + x
	} else {
		y ^= y >> 13
	}
	if x>>13&1 != 0 {
		y = y*29 + x
	} else {
		y ^= y >> 1
	}
	if x>>14&1 != 0 {
		y = y*31 + x
	} else {
		y ^= y >> 2
	}
	if x>>15&1 != 0 {
		y = y*33 + x
	} else {
		y ^= y >> 3
	}
	if x>>16&1 != 0 {
		y = y*35 + x
	} else {
		y ^= y >> 4
	}
	if x>>17&1 != 0 {
		y = y*37 + x
	} else {
		y ^= y >> 5
	}
	if x>>18&1 != 0 {
		y = y*39 + x
	} else {
		y ^= y >> 6
	}
	if x>>19&1 != 0 {
		y = y*41 + x
	} else {
		y ^= y >> 7
	}
	if x>>20&1 != 0 {
		y = y*43 + x
	} else {
		y ^= y >> 8
	}
	if x>>21&1 != 0 {
		y = y*45 + x
	} else {
		y ^= y >> 9
	}
	if x>>22&1 != 0 {
		y = y*47 + x
	} else {
		y ^= y >> 10
	}
	if x>>23&1 != 0 {
		y = y*49 + x
	} else {
		y ^= y >> 11
	}
	if x>>24&1 != 0 {
		y = y*51 + x
	} else {
		y ^= y >> 12
	}
	if x>>25&1 != 0 {
		y = y*53 + x
	} else {
		y ^= y >> 13
	}
	if x>>26&1 != 0 {
		y = y*55 + x
	} else {
		y ^= y >> 1
	}
	if x>>27&1 != 0 {
		y = y*57 + x
	} else {
		y ^= y >> 2
	}
	if x>>28&1 != 0 {
		y = y*59 + x
	} else {
		y ^= y >> 3
	}
	if x>>29&1 != 0 {
		y = y*61 + x
	} else {
		y ^= y >> 4
	}
	if x>>30&1 != 0 {
		y = y*63 + x
	} else {
		y ^= y >> 5
	}
	if x>>31&1 != 0 {
		y = y*65 + x
	} else {
		y ^= y >> 6
	}
	if x>>32&1 != 0 {
		y = y*67 + x
	} else {
		y ^= y >> 7
	}
	if x>>33&1 != 0 {
		y = y*69 + x
	} else {
		y ^= y >> 8
	}
	if x>>34&1 != 0 {
		y = y*71 + x
	} else {
		y ^= y >> 9
	}
	if x>>35&1 != 0 {
		y = y*73 + x
	} else {
		y ^= y >> 10
	}
	if x>>36&1 != 0 {
		y = y*75 + x
	} else {
		y ^= y >> 11
	}
	if x>>37&1 != 0 {
		y = y*77 + x
	} else {
		y ^= y >> 12
	}
	if x>>38&1 != 0 {
		y = y*79 + x
	} else {
		y ^= y >> 13
	}
	if x>>39&1 != 0 {
		y = y*81 + x
	} else {
		y ^= y >> 1
	}
	if x>>40&1 != 0 {
		y = y*83 + x
	} else {
		y ^= y >> 2
	}
	if x>>41&1 != 0 {
		y = y*85 + x
	} else {
		y ^= y >> 3
	}
	if x>>42&1 != 0 {
		y = y*87 + x
	} else {
		y ^= y >> 4
	}
	if x>>43&1 != 0 {
		y = y*89 + x
	} else {
		y ^= y >> 5
	}
	if x>>44&1 != 0 {
		y = y*91 + x
	} else {
		y ^= y >> 6
	}
	if x>>45&1 != 0 {
		y = y*93 + x
	} else {
		y ^= y >> 7
	}
	if x>>46&1 != 0 {
		y = y*95 + x
	} else {
		y ^= y >> 8
	}
	if x>>47&1 != 0 {
		y = y*97 + x
	} else {
		y ^= y >> 9
	}
	if x>>48&1 != 0 {
		y = y*99 + x
	} else {
		y ^= y >> 10
	}
	if x>>49&1 != 0 {
		y = y*101 + x
	} else {
		y ^= y >> 11
	}
	if x>>50&1 != 0 {
		y = y*103 + x
	} else {
		y ^= y >> 12
	}
	if x>>51&1 != 0 {
		y = y*105 + x
	} else {
		y ^= y >> 13
	}
	if x>>52&1 != 0 {
		y = y*107 + x
	} else {
		y ^= y >> 1
	}
	if x>>53&1 != 0 {
		y = y*109 + x
	} else {
		y ^= y >> 2
	}
	if x>>54&1 != 0 {
		y = y*111 + x
	} else {
		y ^= y >> 3
	}
	if x>>55&1 != 0 {
		y = y*113 + x
	} else {
		y ^= y >> 4
	}
	if x>>56&1 != 0 {
		y = y*115 + x
	} else {
		y ^= y >> 5
	}
	if x>>57&1 != 0 {
		y = y*117 + x
	} else {
		y ^= y >> 6
	}
	if x>>58&1 != 0 {
		y = y*119 + x
	} else {
		y ^= y >> 7
	}
	if x>>59&1 != 0 {
		y = y*121 + x
	} else {
		y ^= y >> 8
	}
	if x>>60&1 != 0 {
		y = y*123 + x
	} else {
		y ^= y >> 9
	}
	if x>>61&1 != 0 {
		y = y*125 + x
	} else {
		y ^= y >> 10
	}
	if x>>62&1 != 0 {
		y = y*127 + x
	} else {
		y ^= y >> 11
	}
	if x>>63&1 != 0 {
		y = y*129 + x
	} else {
		y ^= y >> 12
	}
	return y
}

// ConstOob always panics: the index is out of range for the harness's
// slices of length 8.
func ConstOob(s []uint64) uint64 { return s[9] }

// Deferred runs its deferred calls last first, each with the arguments it
// had where deferred; the closure deferred first writes the named result
// after the others ran.
func Deferred(x, y uint32) (r uint32) {
	var log [3]uint32
	n := 0
	push := func(v uint32) {
		log[n] = v
		n++
	}
	defer func() { r = r*7 + log[0] + 3*log[1] + 5*log[2] }()
	defer push(x) // x before the sum below
	x += y
	defer push(x ^ y)
	if x > y {
		r = x - y
	} else {
		r = y - x
	}
	return r
}

// DeferPanic panics in a deferred call when i >= 4.
func DeferPanic(a *[4]uint32, i uint) (r uint32) {
	defer func() { r += a[i] }()
	return a[0]
}

// DeferSome defers a call on one path only.
func DeferSome(x uint64) (r uint64) {
	if x > 5 {
		defer func() { r++ }()
	}
	return x
}

// UnsafeSlice views the array as a slice through its first element's
// address; the index panics past n.
func UnsafeSlice(a *[4]uint32, n uint8, i uint8) uint32 {
	s := unsafe.Slice(&a[1], n%4)
	s2 := unsafe.Slice((*uint16)(unsafe.Pointer(a)), 8)
	return s[i%4] ^ uint32(s2[3])
}
