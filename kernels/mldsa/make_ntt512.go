//go:build ignore

// make_ntt512 writes ntt512_amd64.s, the AVX-512 NTT and inverse NTT:
//
//	go run make_ntt512.go
//
// A ZMM register holds sixteen int32 coefficients, so the whole polynomial
// lives in Z0…Z15 (Zr holds coefficients 16r … 16r+15, lane l the
// coefficient 16r + l) from the loads to the stores. The layers whose
// butterflies pair coefficients 16 or more apart (len 128 … 16) pair
// registers lane by lane. For the others (len 8 … 1) the sixteen registers
// are transposed first (each 4×4 block of doublewords within 128-bit lanes
// with VPUNPCK{L,H}{DQ,QDQ}, then the 4×4 blocks of 128-bit lanes across
// registers with VPERMI2Q), so that a register holds the coefficients
// with one value of the low four index bits and those layers pair
// registers too; the same transposition brings them back.
//
// Every butterfly is the spec's (vg.dev/spec/mldsa.NTT and InvNTT), with
// the Montgomery product computed as the AVX2 kernels compute it
// (mldsa_amd64.h, MONT): VPMULDQ on the even doublewords, VPSHUFD $0xF5
// for the odd ones, and one VPSHUFD $0xF5 masked to the even lanes (K2 =
// 0x5555) in place of the VPSHUFD and VPBLENDD pair. So the prover's terms for kernel and spec meet by
// hash-consing, as for nttAVX2.
//
// The generator tracks which coefficient each lane of each register holds
// through every instruction it writes; the factors of each butterfly are
// read off that layout (a broadcast scalar entry when the sixteen lanes
// share a factor, else vectors for the even and the odd lanes, as in
// gen_tables.go), and it checks that partners are lane-aligned and that
// the layout is the natural one again before the stores.
package main

import (
	"bytes"
	"fmt"
	"log"
	"os"
)

const (
	q    = 8380417
	qinv = 58728449 // q⁻¹ mod 2³²
	zeta = 1753
	n    = 256
)

func powMod(b, e uint64) uint64 {
	r := uint64(1)
	b %= q
	for ; e > 0; e >>= 1 {
		if e&1 == 1 {
			r = r * b % q
		}
		b = b * b % q
	}
	return r
}

func brv8(i int) int {
	r := 0
	for k := range 8 {
		r |= (i >> k & 1) << (7 - k)
	}
	return r
}

func centred(x uint64) int32 {
	if x > (q-1)/2 {
		return int32(int64(x) - q)
	}
	return int32(x)
}

// zetas[m] = ζ^brv₈(m)·2³² mod± q, the spec's factors.
var zetas [n]int32

func init() {
	r := powMod(2, 32)
	for m := range n {
		zetas[m] = centred(powMod(zeta, uint64(brv8(m))) * r % q)
	}
}

// fwd and inv are the factors of the forward and inverse butterflies of
// layer len that coefficient c (the lower of the pair) takes part in.
func fwd(c, length int) int32 { return zetas[128/length+c/(2*length)] }
func inv(c, length int) int32 { return -zetas[256/length-1-c/(2*length)] }

func zq(z int32) int32 { return int32(uint32(z) * qinv) }

// table is the kernels' read-only data, with entries deduplicated.
type table struct {
	name  string
	data  []int32
	index map[string]int // entry → byte offset
}

func (t *table) add(vals []int32) int {
	key := fmt.Sprint(vals)
	if off, ok := t.index[key]; ok {
		return off
	}
	for len(t.data)%16 != 0 && len(vals) >= 16 {
		t.data = append(t.data, 0) // 64-byte entries 64-byte aligned
	}
	off := 4 * len(t.data)
	t.data = append(t.data, vals...)
	t.index[key] = off
	return off
}

// scalar adds (ζ, ζ·q⁻¹): VPMULDQ.BCST reads ζ at off and ζ·q⁻¹ at off+4
// (the low doubleword of each broadcast quadword).
func (t *table) scalar(z int32) int { return t.add([]int32{z, zq(z), z, 0}) }

// vector adds the 64-byte entries of per-lane factors f: ζ of the even
// lanes (in the even doublewords, repeated in the odd ones), ζ·q⁻¹ of the
// even lanes, ζ of the odd lanes, ζ·q⁻¹ of the odd lanes.
func (t *table) vector(f [16]int32) int {
	var v []int32
	for _, part := range []func(int32) int32{func(z int32) int32 { return z }, zq} {
		for k := range 8 {
			v = append(v, part(f[2*k]), part(f[2*k]))
		}
	}
	for _, part := range []func(int32) int32{func(z int32) int32 { return z }, zq} {
		for k := range 8 {
			v = append(v, part(f[2*k+1]), part(f[2*k+1]))
		}
	}
	return t.add(v)
}

func (t *table) write(e *emitter) {
	e.f("// %s: the factors and permutation indices, in 64-byte entries.", t.name)
	for i := 0; i < len(t.data); i += 2 {
		lo, hi := uint64(uint32(t.data[i])), uint64(0)
		if i+1 < len(t.data) {
			hi = uint64(uint32(t.data[i+1]))
		}
		e.f("DATA %s+%#04x(SB)/8, $%#016x", t.name, 4*i, hi<<32|lo)
	}
	e.f("GLOBL %s(SB), RODATA|NOPTR, $%d", t.name, 4*(len(t.data)+len(t.data)%2))
	e.f("")
}

type emitter struct{ bytes.Buffer }

func (e *emitter) f(format string, args ...any) { fmt.Fprintf(&e.Buffer, format+"\n", args...) }

// kernel is the state of one kernel being written: the layout of Z0…Z31
// (the coefficient each lane holds, -1 for none) and the table.
type kernel struct {
	e      *emitter
	t      *table
	layout [32][16]int
}

// none is the layout of a register that holds no coefficient.
var none = [16]int{-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1}

func z(i int) string { return fmt.Sprintf("Z%d", i) }

const (
	qReg = 31 // q in every lane
	t0   = 16 // scratch of the products: t0, t1 of butterfly k at 16+2k, 17+2k
)

func (k *kernel) load() {
	for r := range 16 {
		k.e.f("\tVMOVDQU32 %d(DI), %s", 64*r, z(r))
		for l := range 16 {
			k.layout[r][l] = 16*r + l
		}
	}
}

// store writes the polynomial back, each row from the register that
// holds it in natural order.
func (k *kernel) store() {
	for r := range 16 {
		k.storeRow(r)
	}
}

// storeRow writes coefficients 16r … 16r+15 from the register that holds
// them in natural order.
func (k *kernel) storeRow(r int) {
	for x := range 32 {
		natural := true
		for l := range 16 {
			natural = natural && k.layout[x][l] == 16*r+l
		}
		if natural {
			k.e.f("\tVMOVDQU32 %s, %d(DI)", z(x), 64*r)
			return
		}
	}
	log.Fatalf("no register holds coefficients %d … %d in order at the store", 16*r, 16*r+15)
}

// factors returns the operands of the Montgomery product of a butterfly
// whose lower coefficients are those of register x: ζ, ζ·q⁻¹ for the even
// and for the odd lanes, as memory operands (with .BCST for a scalar).
func (k *kernel) factors(x int, factor func(c int) int32) (bcst bool, ze, zqe, zo, zqo string) {
	var f [16]int32
	same := true
	for l := range 16 {
		f[l] = factor(k.layout[x][l])
		same = same && f[l] == f[0]
	}
	if same {
		off := k.t.scalar(f[0])
		a := fmt.Sprintf("%d(SI)", off)
		b := fmt.Sprintf("%d(SI)", off+4)
		return true, a, b, a, b
	}
	off := k.t.vector(f)
	m := func(o int) string { return fmt.Sprintf("%d(SI)", off+o) }
	return false, m(0), m(64), m(128), m(192)
}

// mont writes t = MontMul(ζ, y) into register t (y and u clobbered). The
// high halves of the odd lanes' products are in place in t's odd
// doublewords; one VPSHUFD $0xF5 masked to the even lanes (K2) moves those
// of the even lanes' products down into t's even doublewords.
func (k *kernel) mont(y, t, u int, bcst bool, ze, zqe, zo, zqo string) {
	mul := "VPMULDQ"
	if bcst {
		mul = "VPMULDQ.BCST"
	}
	e := k.e
	e.f("\tVPSHUFD $0xF5, %s, %s", z(y), z(t))
	e.f("\t%s %s, %s, %s", mul, zqe, z(y), z(u))
	e.f("\t%s %s, %s, %s", mul, ze, z(y), z(y))
	e.f("\tVPMULDQ %s, %s, %s", z(qReg), z(u), z(u))
	e.f("\tVPSUBQ %s, %s, %s", z(u), z(y), z(y))
	e.f("\t%s %s, %s, %s", mul, zqo, z(t), z(u))
	e.f("\t%s %s, %s, %s", mul, zo, z(t), z(t))
	e.f("\tVPMULDQ %s, %s, %s", z(qReg), z(u), z(u))
	e.f("\tVPSUBQ %s, %s, %s", z(u), z(t), z(t))
	e.f("\tVPSHUFD $0xF5, %s, K2, %s", z(y), z(t))
}

// pairs checks that register y holds, lane by lane, the partners at
// distance length of register x's coefficients.
func (k *kernel) pairs(x, y, length int) {
	for l := range 16 {
		c := k.layout[x][l]
		if k.layout[y][l] != c+length || c/length%2 != 0 {
			log.Fatalf("Z%d lane %d (%d) and Z%d (%d) are not partners of len %d", x, l, c, y, k.layout[y][l], length)
		}
	}
}

// ct writes the forward butterfly of layer len on (x, y): t = MontMul(ζ,
// y); y = x − t; x = x + t. slot picks the scratch registers.
func (k *kernel) ct(x, y, length, slot int) {
	k.pairs(x, y, length)
	bcst, ze, zqe, zo, zqo := k.factors(x, func(c int) int32 { return fwd(c, length) })
	t, u := t0+2*slot, t0+2*slot+1
	k.mont(y, t, u, bcst, ze, zqe, zo, zqo)
	k.e.f("\tVPSUBD %s, %s, %s", z(t), z(x), z(y))
	k.e.f("\tVPADDD %s, %s, %s", z(t), z(x), z(x))
}

// gs writes the inverse butterfly of layer len on (x, y): d = x − y;
// x = x + y; y = MontMul(ζ, d).
func (k *kernel) gs(x, y, length, slot int) {
	k.pairs(x, y, length)
	bcst, ze, zqe, zo, zqo := k.factors(x, func(c int) int32 { return inv(c, length) })
	d, u := t0+2*slot, t0+2*slot+1
	k.e.f("\tVPSUBD %s, %s, %s", z(y), z(x), z(d))
	k.e.f("\tVPADDD %s, %s, %s", z(y), z(x), z(x))
	k.mont(d, y, u, bcst, ze, zqe, zo, zqo)
}

// layer writes the butterflies of one layer on the registers: partner
// registers are found from the layout (lane 0), two butterflies
// interleaved per slot pair.
func (k *kernel) layer(length int, inverse bool) {
	k.e.f("\t// len %d", length)
	var todo [][2]int
	for x := range 16 {
		c := k.layout[x][0]
		if c/length%2 != 0 {
			continue
		}
		for y := range 16 {
			if k.layout[y][0] == c+length {
				todo = append(todo, [2]int{x, y})
			}
		}
	}
	if len(todo) != 8 {
		log.Fatalf("len %d: %d register pairs", length, len(todo))
	}
	for i, p := range todo {
		if inverse {
			k.gs(p[0], p[1], length, i%4)
		} else {
			k.ct(p[0], p[1], length, i%4)
		}
	}
}

// unpack writes d = VPUNPCK{L,H}{DQ,QDQ}(a, b) (Go operand order b, a, d)
// and updates the layout: per 128-bit lane, DQ interleaves the low (high)
// two doublewords of a and b, QDQ takes the low (high) quadword of each.
func (k *kernel) unpack(op string, a, b, d int) {
	k.e.f("\t%s %s, %s, %s", op, z(b), z(a), z(d))
	var out [16]int
	for lane := range 4 {
		A, B := k.layout[a][4*lane:4*lane+4], k.layout[b][4*lane:4*lane+4]
		var v [4]int
		switch op {
		case "VPUNPCKLDQ":
			v = [4]int{A[0], B[0], A[1], B[1]}
		case "VPUNPCKHDQ":
			v = [4]int{A[2], B[2], A[3], B[3]}
		case "VPUNPCKLQDQ":
			v = [4]int{A[0], A[1], B[0], B[1]}
		case "VPUNPCKHQDQ":
			v = [4]int{A[2], A[3], B[2], B[3]}
		}
		copy(out[4*lane:], v[:])
	}
	k.layout[d] = out
}

// permi2q writes d = the quadwords idx of a ‖ b (VPERMI2Q, index register
// d loaded from the table first).
func (k *kernel) permi2q(a, b, d int, idx [8]int) {
	var v []int32
	for _, i := range idx {
		v = append(v, int32(i), 0)
	}
	off := k.t.add(v)
	k.e.f("\tVMOVDQU64 %d(SI), %s", off, z(d))
	k.e.f("\tVPERMI2Q %s, %s, %s", z(b), z(a), z(d))
	var out [16]int
	for j, i := range idx {
		src := k.layout[a]
		if i >= 8 {
			src, i = k.layout[b], i-8
		}
		out[2*j], out[2*j+1] = src[2*i], src[2*i+1]
	}
	k.layout[d] = out
}

// transpose writes the transposition of the 16×16 doubleword matrix
// Z0…Z15 (it is its own inverse), with Z16…Z23 scratch.
func (k *kernel) transpose() {
	k.e.f("\t// transpose")
	// 4×4 blocks of doublewords within each 128-bit lane, registers
	// 4g … 4g+3.
	for g := range 4 {
		r := 4 * g
		k.unpack("VPUNPCKLDQ", r, r+1, 16)
		k.unpack("VPUNPCKHDQ", r, r+1, 17)
		k.unpack("VPUNPCKLDQ", r+2, r+3, 18)
		k.unpack("VPUNPCKHDQ", r+2, r+3, 19)
		k.unpack("VPUNPCKLQDQ", 16, 18, r)
		k.unpack("VPUNPCKHQDQ", 16, 18, r+1)
		k.unpack("VPUNPCKLQDQ", 17, 19, r+2)
		k.unpack("VPUNPCKHQDQ", 17, 19, r+3)
	}
	// 4×4 blocks of 128-bit lanes, registers g, g+4, g+8, g+12: first
	// exchange lanes between (g, g+4) and (g+8, g+12), then halves between
	// (g, g+8) and (g+4, g+12).
	lo128 := [8]int{0, 1, 8, 9, 4, 5, 12, 13}
	hi128 := [8]int{2, 3, 10, 11, 6, 7, 14, 15}
	lo256 := [8]int{0, 1, 2, 3, 8, 9, 10, 11}
	hi256 := [8]int{4, 5, 6, 7, 12, 13, 14, 15}
	for g := range 4 {
		a, b, c, d := g, g+4, g+8, g+12
		k.permi2q(a, b, 16, lo128)
		k.permi2q(a, b, 17, hi128)
		k.permi2q(c, d, 18, lo128)
		k.permi2q(c, d, 19, hi128)
		k.permi2q(16, 18, a, lo256)
		k.permi2q(16, 18, c, hi256)
		k.permi2q(17, 19, b, lo256)
		k.permi2q(17, 19, d, hi256)
	}
}

// transposed checks that register r holds the coefficients with low four
// index bits r (so layers len 8 … 1 pair registers).
func (k *kernel) transposed() {
	for r := range 16 {
		for l := range 16 {
			if k.layout[r][l]%16 != r {
				log.Fatalf("after the transposition Z%d holds %v", r, k.layout[r])
			}
		}
	}
}

func header(e *emitter) {
	e.f("// Code generated by make_ntt512.go. DO NOT EDIT.")
	e.f("")
	e.f("//go:build amd64 && !purego")
	e.f("")
	e.f(`#include "textflag.h"`)
	e.f("")
}

// prologue loads q into Z31 and the even-lane mask into K2, and points SI
// at the table: its entries are addressed from SI (a RIP-relative EVEX
// operand would disassemble, and enter the proof record's hash, as a
// displacement that moves with the binary's layout).
func prologue(e *emitter, table string) {
	e.f("\tMOVQ p+0(FP), DI")
	e.f("\tLEAQ %s(SB), SI", table)
	e.f("\tMOVL $%d, AX", q)
	e.f("\tVPBROADCASTD AX, %s", z(qReg))
	e.f("\tMOVW $0x5555, AX")
	e.f("\tKMOVW AX, K2")
}

func main() {
	t := &table{name: "ntt512Data<>", index: map[string]int{}}
	var body emitter

	body.f("// func nttAVX512(p *Poly)")
	body.f("//")
	body.f("// The spec's NTT on sixteen coefficients per ZMM register, the whole")
	body.f("// polynomial in Z0…Z15 (make_ntt512.go). Z16…Z23 scratch, Z31 = q,")
	body.f("// K2 = the even lanes, DI = p, SI = the table. The addresses are constant")
	body.f("// offsets of p and of the table.")
	body.f("TEXT ·nttAVX512(SB), NOSPLIT, $0-8")
	prologue(&body, t.name)
	k := &kernel{e: &body, t: t}
	k.load()
	for _, length := range []int{128, 64, 32, 16} {
		k.layer(length, false)
	}
	k.transpose()
	k.transposed()
	for _, length := range []int{8, 4, 2, 1} {
		k.layer(length, false)
	}
	k.transpose()
	k.store()
	body.f("\tVZEROUPPER")
	body.f("\tRET")
	body.f("")

	body.f("// func invNTTAVX512(p *Poly)")
	body.f("//")
	body.f("// The spec's InvNTT: layers len 1 to 8 between transpositions, len 16 to")
	body.f("// 128 on whole registers, then the Montgomery product by 256⁻¹·2⁶⁴ mod± q.")
	body.f("TEXT ·invNTTAVX512(SB), NOSPLIT, $0-8")
	prologue(&body, t.name)
	k = &kernel{e: &body, t: t}
	k.load()
	k.transpose()
	k.transposed()
	for _, length := range []int{1, 2, 4, 8} {
		k.layer(length, true)
	}
	k.transpose()
	for _, length := range []int{16, 32, 64, 128} {
		k.layer(length, true)
	}
	f := centred(powMod(n, q-2) * powMod(2, 64) % q)
	off := t.scalar(f)
	body.f("\t// × 256⁻¹·2⁶⁴ mod± q, each row stored from the product's register")
	for r := t0; r < qReg; r++ {
		k.layout[r] = none // the scratch registers hold nothing to store
	}
	for r := range 16 {
		slot := r % 4
		tt, u := t0+2*slot, t0+2*slot+1
		a := fmt.Sprintf("%d(SI)", off)
		b := fmt.Sprintf("%d(SI)", off+4)
		k.mont(r, tt, u, true, a, b, a, b)
		k.layout[tt], k.layout[r], k.layout[u] = k.layout[r], none, none
		k.storeRow(r)
	}
	body.f("\tVZEROUPPER")
	body.f("\tRET")

	var out emitter
	header(&out)
	t.write(&out)
	out.Write(body.Bytes())
	if err := os.WriteFile("ntt512_amd64.s", out.Bytes(), 0o644); err != nil {
		log.Fatal(err)
	}
}
