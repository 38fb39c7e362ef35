package amd64

import (
	"math/bits"
	"testing"

	"golang.org/x/arch/x86/x86asm"
)

// Lane tests: every lane-wise operation (add, subtract, multiply, IFMA,
// minimum, maximum, absolute value, compare, logic, shifts), in every
// unmasked register form of the semantics table, on edge-value lanes,
// against a Go model of the SDM. They need no AVX hardware.

type zreg = [8]uint64

func getLane(z zreg, ew, i int) uint64 {
	bit := ew * i
	return z[bit/64] >> uint(bit%64) & mask(ew)
}

func setLane(z *zreg, ew, i int, v uint64) {
	bit := ew * i
	z[bit/64] = z[bit/64]&^(mask(ew)<<uint(bit%64)) | (v&mask(ew))<<uint(bit%64)
}

// laneRef is the SDM model of a lane-wise operation: element j of the
// result from elements j of the first and second sources and of the old
// destination.
type laneRef struct {
	ew int
	f  func(a, b, d uint64) uint64
}

func b2u64(x bool) uint64 {
	if x {
		return ^uint64(0)
	}
	return 0
}

func ifma(a, b, d uint64, high bool) uint64 {
	hi, lo := bits.Mul64(a&(1<<52-1), b&(1<<52-1))
	if high {
		return d + (hi<<12 | lo>>52)
	}
	return d + lo&(1<<52-1)
}

var laneRefs = map[x86asm.Op]laneRef{
	x86asm.VPADDD: {32, func(a, b, _ uint64) uint64 { return a + b }},
	x86asm.VPADDQ: {64, func(a, b, _ uint64) uint64 { return a + b }},
	x86asm.VPADDW: {16, func(a, b, _ uint64) uint64 { return a + b }},
	x86asm.VPSUBD: {32, func(a, b, _ uint64) uint64 { return a - b }},
	x86asm.VPSUBQ: {64, func(a, b, _ uint64) uint64 { return a - b }},
	x86asm.VPSUBW: {16, func(a, b, _ uint64) uint64 { return a - b }},

	x86asm.VPCMPEQD: {32, func(a, b, _ uint64) uint64 { return b2u64(a == b) }},
	x86asm.VPCMPEQQ: {64, func(a, b, _ uint64) uint64 { return b2u64(a == b) }},
	x86asm.VPCMPGTD: {32, func(a, b, _ uint64) uint64 { return b2u64(int32(a) > int32(b)) }},
	x86asm.VPMINUD:  {32, func(a, b, _ uint64) uint64 { return min(a, b) }},
	x86asm.VPMAXUD:  {32, func(a, b, _ uint64) uint64 { return max(a, b) }},
	x86asm.VPMINSD:  {32, func(a, b, _ uint64) uint64 { return uint64(min(int32(a), int32(b))) }},
	x86asm.VPMAXSD:  {32, func(a, b, _ uint64) uint64 { return uint64(max(int32(a), int32(b))) }},

	x86asm.VPMULUDQ: {64, func(a, b, _ uint64) uint64 { return uint64(uint32(a)) * uint64(uint32(b)) }},
	x86asm.VPMULDQ:  {64, func(a, b, _ uint64) uint64 { return uint64(int64(int32(a)) * int64(int32(b))) }},
	x86asm.VPMULLD:  {32, func(a, b, _ uint64) uint64 { return a * b }},
	x86asm.VPMULLW:  {16, func(a, b, _ uint64) uint64 { return a * b }},
	x86asm.VPMULHW:  {16, func(a, b, _ uint64) uint64 { return uint64(int32(int16(a))*int32(int16(b))) >> 16 }},
	x86asm.VPMULHUW: {16, func(a, b, _ uint64) uint64 { return a * b >> 16 }},

	x86asm.VPMADD52LUQ: {64, func(a, b, d uint64) uint64 { return ifma(a, b, d, false) }},
	x86asm.VPMADD52HUQ: {64, func(a, b, d uint64) uint64 { return ifma(a, b, d, true) }},

	x86asm.VPAND:  {64, func(a, b, _ uint64) uint64 { return a & b }},
	x86asm.VPANDN: {64, func(a, b, _ uint64) uint64 { return ^a & b }},
	x86asm.VPOR:   {64, func(a, b, _ uint64) uint64 { return a | b }},
	x86asm.VPXOR:  {64, func(a, b, _ uint64) uint64 { return a ^ b }},
}

// The other spellings of the same lane operations.
var laneAliases = map[x86asm.Op]x86asm.Op{
	x86asm.PADDD: x86asm.VPADDD, x86asm.PADDQ: x86asm.VPADDQ, x86asm.PADDW: x86asm.VPADDW,
	x86asm.PSUBD: x86asm.VPSUBD, x86asm.PSUBQ: x86asm.VPSUBQ, x86asm.PSUBW: x86asm.VPSUBW,
	x86asm.PCMPEQD: x86asm.VPCMPEQD, x86asm.PMULUDQ: x86asm.VPMULUDQ,
	x86asm.PAND: x86asm.VPAND, x86asm.VPANDD: x86asm.VPAND, x86asm.VPANDQ: x86asm.VPAND,
	x86asm.PANDN: x86asm.VPANDN, x86asm.VPANDND: x86asm.VPANDN, x86asm.VPANDNQ: x86asm.VPANDN,
	x86asm.POR: x86asm.VPOR, x86asm.VPORD: x86asm.VPOR, x86asm.VPORQ: x86asm.VPOR,
	x86asm.PXOR: x86asm.VPXOR, x86asm.VPXORD: x86asm.VPXOR, x86asm.VPXORQ: x86asm.VPXOR,
}

// shiftRefs model the shifts: kind and element width.
var shiftRefs = map[x86asm.Op]struct {
	kind shiftKind
	ew   int
}{
	x86asm.VPSRLD: {shiftRL, 32}, x86asm.PSRLD: {shiftRL, 32},
	x86asm.VPSLLD: {shiftL, 32}, x86asm.PSLLD: {shiftL, 32},
	x86asm.VPSRAD: {shiftRA, 32}, x86asm.PSRAD: {shiftRA, 32},
	x86asm.VPSRLQ: {shiftRL, 64}, x86asm.PSRLQ: {shiftRL, 64},
	x86asm.VPSLLQ: {shiftL, 64}, x86asm.PSLLQ: {shiftL, 64},
	x86asm.VPSRAW: {shiftRA, 16}, x86asm.PSRAW: {shiftRA, 16},
}

func refVecShift(x uint64, n uint64, ew int, kind shiftKind) uint64 {
	switch {
	case kind == shiftRA:
		return uint64(sext(x, ew) >> min(n, uint64(ew-1)))
	case n >= uint64(ew):
		return 0
	case kind == shiftL:
		return x << n
	}
	return x >> n
}

// laneEdges are the edge values of each element width.
var laneEdges = map[int][]uint64{
	16: {0, 1, 2, 0x7f, 0x80, 0xff, 0x7fff, 0x8000, 0x8001, 0xfffe, 0xffff},
	32: {0, 1, 2, 0xffff, 0x10000, 0x7fffffff, 0x80000000, 0x80000001, 0xfffffffe, 0xffffffff, 0xfffff, 0x3ffffff},
	64: {0, 1, 2, 0xffffffff, 1 << 32, 1<<52 - 1, 1 << 52, 1<<63 - 1, 1 << 63, ^uint64(0), 0xfffffffffffff000, 0x123456789abcdef0},
}

// TestVecLanes runs every unmasked register form of the lane-wise
// operations on all pairs of edge values.
func TestVecLanes(t *testing.T) {
	cases := 0
	for _, v := range vecVariants() {
		op := v.f.op
		if a, ok := laneAliases[op]; ok {
			op = a
		}
		ref, isLane := laneRefs[op]
		sh, isShift := shiftRefs[op]
		if !isLane && !isShift || v.mem || v.mask != 0 {
			continue
		}
		ew := ref.ew
		if isShift {
			ew = sh.ew
		}
		es := laneEdges[ew]
		vl := 128 << v.l
		if v.f.enc == encSSE {
			vl = 128
		}
		// Operand registers: reg 1, vvvv 2, r/m 3.
		c := vecChoice{l: v.l, reg: 1, vvvv: 2, rm: 3, index: -1}
		dst, srcA, srcB := 1, 2, 3 // VEX/EVEX "V,H,W"
		switch v.f.ops {
		case "VW": // legacy binary, VPABSD
			srcA = 1
			if op == x86asm.VPABSD {
				srcA = 3
			}
		case "HUI", "HWI":
			dst, srcA = 2, 3
		case "UI":
			dst, srcA = 3, 3
		}
		counts := []uint64{0, 1, uint64(ew - 1), uint64(ew), uint64(ew + 1), 63, 64, 255, 1 << 32, ^uint64(0)}
		rounds := len(es)
		if isShift {
			rounds = len(counts)
		}
		for k := 0; k < rounds; k++ {
			var st vecState
			for i := range st.z {
				for j := range st.z[i] {
					st.z[i][j] = 0x5a5a5a5a5a5a5a5a ^ uint64(i)<<32 ^ uint64(j)
				}
			}
			st.base, st.index = RBX, RCX
			for j := 0; j < 512/ew; j++ {
				setLane(&st.z[srcA], ew, j, es[j%len(es)])
				if srcB != srcA {
					setLane(&st.z[srcB], ew, j, es[(j/len(es)+j+k)%len(es)])
				}
			}
			var count uint64
			if isShift {
				count = counts[k]
				c.imm = byte(count)
				if v.f.imm {
					count = uint64(c.imm)
				} else {
					st.z[srcB][0], st.z[srcB][1] = count, 0
				}
			}
			code := encodeVec(v.f, c)
			got, err := liftVec(st, code, false)
			if err != nil {
				t.Fatalf("%v: %v", v, err)
			}
			want := st.z[dst]
			if v.f.enc != encSSE {
				want = zreg{}
			}
			for j := 0; j < vl/ew; j++ {
				a := getLane(st.z[srcA], ew, j)
				var r uint64
				if isShift {
					r = refVecShift(a, count, ew, sh.kind)
				} else if op == x86asm.VPABSD {
					r = uint64(max(int32(a), -int32(a)))
				} else {
					r = ref.f(a, getLane(st.z[srcB], ew, j), getLane(st.z[dst], ew, j))
				}
				setLane(&want, ew, j, r)
			}
			cases++
			if got.z[dst] != want {
				t.Errorf("%v [% x] count %d: got %x want %x", v, code, count, got.z[dst], want)
				break
			}
		}
	}
	t.Logf("%d lane cases", cases)
}

func init() {
	laneRefs[x86asm.VPABSD] = laneRef{32, nil}
}
