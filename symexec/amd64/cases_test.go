package amd64

import (
	"fmt"
	"math/bits"
	"math/rand"
)

// instCase is one instruction executed from a concrete state. ref, when
// set, computes the expected state per the Intel SDM (flags the SDM leaves
// undefined are undef); the native test also runs every case on the CPU.
type instCase struct {
	name string
	hex  string
	in   cpu
	ref  func(in cpu) cpu
	// pcRel marks instructions whose result depends on where they are
	// (RIP-relative), which the native test cannot place at their pc.
	pcRel bool
}

// A register operand of a test encoding: register number, width, shift.
type regOp struct{ n, w, shift int }

func (r regOp) get(c cpu) uint64 { return c.regs[r.n] >> uint(r.shift) & mask(r.w) }

// The registers the encodings below use: r/m = AX (or AH), reg = CX.
var (
	accOf = map[int]regOp{8: {RAX, 8, 0}, 16: {RAX, 16, 0}, 32: {RAX, 32, 0}, 64: {RAX, 64, 0}}
	srcOf = map[int]regOp{8: {RCX, 8, 0}, 16: {RCX, 16, 0}, 32: {RCX, 32, 0}, 64: {RCX, 64, 0}}
)

// encRR encodes "op AX, CX" at width w (ModRM C8: r/m = AX, reg = CX) from
// the byte opcode op8 and the word opcode opW.
func encRR(w int, op8, opW string) string {
	if w == 8 {
		return op8 + "c8"
	}
	return widthPrefix(w) + opW + "c8"
}

// resultFlags sets SF, ZF and PF of f from the w-bit result r.
func resultFlags(f *[nflags]int8, r uint64, w int) {
	f[SF] = bit(r, w-1)
	f[ZF] = b2i(r&mask(w) == 0)
	f[PF] = parity(r)
}

// refAddSub computes x ± y ± c at width w with its six flags.
func refAddSub(sub bool, x, y, c uint64, w int) (r uint64, f [nflags]int8) {
	m := mask(w)
	x, y = x&m, y&m
	var carry uint64
	switch {
	case !sub && w == 64:
		r, carry = bits.Add64(x, y, c)
	case !sub:
		full := x + y + c
		r, carry = full&m, full>>uint(w)&1
	case w == 64:
		r, carry = bits.Sub64(x, y, c)
	default:
		r = (x - y - c) & m
		carry = uint64(b2i(x < y+c))
	}
	f[CF] = int8(carry)
	if sub {
		f[OF] = bit((x^y)&(x^r), w-1)
	} else {
		f[OF] = bit((x^r)&(y^r), w-1)
	}
	f[AF] = bit(x^y^r, 4)
	resultFlags(&f, r, w)
	return r, f
}

// arithCases: ADD ADC SUB SBB CMP AND OR XOR TEST, register forms at all
// widths, over edge and random operand pairs, with random other state.
func arithCases(rng *rand.Rand) []instCase {
	type binop struct {
		name      string
		op8, opW  string
		sub, carr bool
		logic     func(x, y uint64) uint64
		nowrite   bool
	}
	ops := []binop{
		{name: "ADD", op8: "00", opW: "01"},
		{name: "ADC", op8: "10", opW: "11", carr: true},
		{name: "SUB", op8: "28", opW: "29", sub: true},
		{name: "SBB", op8: "18", opW: "19", sub: true, carr: true},
		{name: "CMP", op8: "38", opW: "39", sub: true, nowrite: true},
		{name: "AND", op8: "20", opW: "21", logic: func(x, y uint64) uint64 { return x & y }},
		{name: "OR", op8: "08", opW: "09", logic: func(x, y uint64) uint64 { return x | y }},
		{name: "XOR", op8: "30", opW: "31", logic: func(x, y uint64) uint64 { return x ^ y }},
		{name: "TEST", op8: "84", opW: "85", logic: func(x, y uint64) uint64 { return x & y }, nowrite: true},
	}
	var cs []instCase
	for _, op := range ops {
		for _, w := range []int{8, 16, 32, 64} {
			for _, p := range operandPairs(rng, 24) {
				in := randCPU(rng)
				in.regs[RAX], in.regs[RCX] = p[0], p[1]
				op, w := op, w
				cs = append(cs, instCase{
					name: fmt.Sprintf("%s%d %#x,%#x", op.name, w, p[0], p[1]),
					hex:  encRR(w, op.op8, op.opW),
					in:   in,
					ref: func(in cpu) cpu {
						out := in
						x, y := accOf[w].get(in), srcOf[w].get(in)
						var r uint64
						if op.logic != nil {
							r = op.logic(x, y) & mask(w)
							out.flags[CF], out.flags[OF], out.flags[AF] = 0, 0, undef
							resultFlags(&out.flags, r, w)
						} else {
							var c uint64
							if op.carr {
								c = uint64(in.flags[CF])
							}
							r, out.flags = refAddSub(op.sub, x, y, c, w)
						}
						if !op.nowrite {
							out.putReg(RAX, w, 0, r)
						}
						return out
					},
				})
			}
		}
	}
	// Immediate forms (83 /r ib sign-extended, 81 /r id) and high bytes.
	for i := 0; i < 40; i++ {
		in := randCPU(rng)
		imm8 := int8(rng.Intn(256) - 128)
		cs = append(cs,
			instCase{name: "ADD RAX, imm8", hex: fmt.Sprintf("4883c0%02x", uint8(imm8)), in: in, ref: func(in cpu) cpu {
				out := in
				r, f := refAddSub(false, in.regs[RAX], uint64(int64(imm8)), 0, 64)
				out.regs[RAX], out.flags = r, f
				return out
			}},
			instCase{name: "SUB EAX, imm32", hex: "81e8 78563412", in: in, ref: func(in cpu) cpu {
				out := in
				r, f := refAddSub(true, in.regs[RAX], 0x12345678, 0, 32)
				out.flags = f
				out.putReg(RAX, 32, 0, r)
				return out
			}},
			instCase{name: "SBB RAX, imm8", hex: fmt.Sprintf("4883d8%02x", uint8(imm8)), in: in, ref: func(in cpu) cpu {
				out := in
				r, f := refAddSub(true, in.regs[RAX], uint64(int64(imm8)), uint64(in.flags[CF]), 64)
				out.regs[RAX], out.flags = r, f
				return out
			}},
			instCase{name: "ADD AH, CL", hex: "00cc", in: in, ref: func(in cpu) cpu {
				out := in
				r, f := refAddSub(false, in.regs[RAX]>>8, in.regs[RCX], 0, 8)
				out.flags = f
				out.putReg(RAX, 8, 8, r)
				return out
			}},
			instCase{name: "SUB CH, DH", hex: "28f5", in: in, ref: func(in cpu) cpu { // ModRM F5: r/m = CH, reg = DH
				out := in
				r, f := refAddSub(true, in.regs[RCX]>>8, in.regs[RDX]>>8, 0, 8)
				out.flags = f
				out.putReg(RCX, 8, 8, r)
				return out
			}},
			instCase{name: "ADD SIL, CL", hex: "4000ce", in: in, ref: func(in cpu) cpu {
				out := in
				r, f := refAddSub(false, in.regs[RSI], in.regs[RCX], 0, 8)
				out.flags = f
				out.putReg(RSI, 8, 0, r)
				return out
			}},
			instCase{name: "AND EAX, -1", hex: "83e0ff", in: in, ref: func(in cpu) cpu {
				out := in
				r := in.regs[RAX] & mask(32)
				out.regs[RAX] = r
				out.flags[CF], out.flags[OF], out.flags[AF] = 0, 0, undef
				resultFlags(&out.flags, r, 32)
				return out
			}},
		)
	}
	return cs
}

// unaryCases: INC DEC NEG NOT at all widths.
func unaryCases(rng *rand.Rand) []instCase {
	var cs []instCase
	for _, w := range []int{8, 16, 32, 64} {
		for _, v := range append(append([]uint64{}, edges...), rng.Uint64(), rng.Uint64(), rng.Uint64()) {
			for _, op := range []struct {
				name string
				reg  int
			}{{"INC", 0}, {"DEC", 1}, {"NOT", 2}, {"NEG", 3}} {
				in := randCPU(rng)
				in.regs[RAX] = v
				var enc string
				switch {
				case op.reg < 2 && w == 8:
					enc = fmt.Sprintf("fe%02x", 0xc0|op.reg<<3)
				case op.reg < 2:
					enc = widthPrefix(w) + fmt.Sprintf("ff%02x", 0xc0|op.reg<<3)
				case w == 8:
					enc = fmt.Sprintf("f6%02x", 0xc0|op.reg<<3)
				default:
					enc = widthPrefix(w) + fmt.Sprintf("f7%02x", 0xc0|op.reg<<3)
				}
				name, w := op.name, w
				cs = append(cs, instCase{name: fmt.Sprintf("%s%d %#x", name, w, v), hex: enc, in: in, ref: func(in cpu) cpu {
					out := in
					x := in.regs[RAX] & mask(w)
					var r uint64
					var f [nflags]int8
					switch name {
					case "INC":
						r, f = refAddSub(false, x, 1, 0, w)
						f[CF] = in.flags[CF]
					case "DEC":
						r, f = refAddSub(true, x, 1, 0, w)
						f[CF] = in.flags[CF]
					case "NEG":
						r, f = refAddSub(true, 0, x, 0, w)
						if f[CF] != b2i(x != 0) {
							panic("NEG CF")
						}
					case "NOT":
						r, f = ^x&mask(w), in.flags
					}
					out.flags = f
					out.putReg(RAX, w, 0, r)
					return out
				}})
			}
		}
	}
	return cs
}

// mulCases: MUL and IMUL (one, two and three operands) at all widths,
// MULX, ADCX and ADOX.
func mulCases(rng *rand.Rand) []instCase {
	var cs []instCase
	mulUndefFlags := func(f *[nflags]int8) { f[SF], f[ZF], f[AF], f[PF] = undef, undef, undef, undef }
	sext := func(v uint64, w int) int64 { return int64(v<<uint(64-w)) >> uint(64-w) }
	for _, p := range operandPairs(rng, 16) {
		for _, w := range []int{8, 16, 32, 64} {
			in := randCPU(rng)
			in.regs[RAX], in.regs[RCX] = p[0], p[1]
			w := w
			enc := func(op8, opW, modrm string) string {
				if w == 8 {
					return op8 + modrm
				}
				return widthPrefix(w) + opW + modrm
			}
			for _, signed := range []bool{false, true} {
				signed := signed
				modrm, name := "e1", "MUL"
				if signed {
					modrm, name = "e9", "IMUL"
				}
				cs = append(cs, instCase{name: fmt.Sprintf("%s%d %#x,%#x", name, w, p[0], p[1]), hex: enc("f6", "f7", modrm), in: in, ref: func(in cpu) cpu {
					out := in
					x, y := in.regs[RAX]&mask(w), in.regs[RCX]&mask(w)
					var lo, hi uint64
					var big bool
					if signed {
						xs, ys := sext(x, w), sext(y, w)
						if w == 64 {
							h, l := bits.Mul64(x, y)
							// Signed high half from the unsigned one.
							if xs < 0 {
								h -= y
							}
							if ys < 0 {
								h -= x
							}
							lo, hi = l, h
						} else {
							prod := uint64(xs * ys)
							lo, hi = prod&mask(w), prod>>uint(w)&mask(w)
						}
						big = hi != uint64(sext(lo, w)>>63)&mask(w)
					} else {
						if w == 64 {
							hi, lo = bits.Mul64(x, y)
						} else {
							prod := x * y
							lo, hi = prod&mask(w), prod>>uint(w)&mask(w)
						}
						big = hi != 0
					}
					if w == 8 {
						out.putReg(RAX, 16, 0, hi<<8|lo)
					} else {
						out.putReg(RAX, w, 0, lo)
						out.putReg(RDX, w, 0, hi)
					}
					out.flags[CF], out.flags[OF] = b2i(big), b2i(big)
					mulUndefFlags(&out.flags)
					return out
				}})
			}
			if w == 8 {
				continue
			}
			// IMUL AX, CX (0F AF C1: reg = AX, r/m = CX) and IMUL AX, CX, imm8 (6B C1 ib).
			imm := int8(p[0] >> 8)
			twoOp := func(y uint64) func(in cpu) cpu {
				return func(in cpu) cpu {
					out := in
					x := in.regs[RCX] & mask(w)
					prod := uint64(sext(x, w) * sext(y, w))
					r := prod & mask(w)
					var big bool
					if w == 64 {
						h, _ := bits.Mul64(x, y)
						if sext(x, w) < 0 {
							h -= y
						}
						if sext(y, w) < 0 {
							h -= x
						}
						big = h != uint64(int64(r)>>63)
					} else {
						big = sext(x, w)*sext(y, w) != sext(r, w)
					}
					out.putReg(RAX, w, 0, r)
					out.flags[CF], out.flags[OF] = b2i(big), b2i(big)
					mulUndefFlags(&out.flags)
					return out
				}
			}
			cs = append(cs,
				instCase{name: fmt.Sprintf("IMUL2_%d %#x,%#x", w, p[0], p[1]), hex: widthPrefix(w) + "0fafc1", in: in,
					ref: func(in cpu) cpu { return twoOp(in.regs[RAX] & mask(w))(in) }},
				instCase{name: fmt.Sprintf("IMUL3_%d %#x,%d", w, p[1], imm), hex: widthPrefix(w) + fmt.Sprintf("6bc1%02x", uint8(imm)), in: in,
					ref: twoOp(uint64(int64(imm)) & mask(w))},
			)
			if w == 16 {
				continue
			}
			// MULX RBX, RSI, RCX (hi, lo, src) and the 32-bit form.
			mx := "c4e2cbf6d9"
			if w == 32 {
				mx = "c4e24bf6d9"
			}
			in.regs[RDX] = p[0]
			cs = append(cs, instCase{name: fmt.Sprintf("MULX%d %#x,%#x", w, p[0], p[1]), hex: mx, in: in, ref: func(in cpu) cpu {
				out := in
				x, y := in.regs[RDX]&mask(w), in.regs[RCX]&mask(w)
				var hi, lo uint64
				if w == 64 {
					hi, lo = bits.Mul64(x, y)
				} else {
					hi, lo = x*y>>32, x*y&mask(32)
				}
				out.putReg(RSI, w, 0, lo)
				out.putReg(RBX, w, 0, hi)
				return out
			}})
			// ADCX AX, CX and ADOX AX, CX.
			for _, o := range []bool{false, true} {
				o := o
				pfx, name, f := "66", "ADCX", CF
				if o {
					pfx, name, f = "f3", "ADOX", OF
				}
				if w == 64 {
					pfx += "48"
				}
				cs = append(cs, instCase{name: fmt.Sprintf("%s%d %#x,%#x", name, w, p[0], p[1]), hex: pfx + "0f38f6c1", in: in, ref: func(in cpu) cpu {
					out := in
					r, fl := refAddSub(false, in.regs[RAX], in.regs[RCX], uint64(in.flags[f]), w)
					out.putReg(RAX, w, 0, r)
					out.flags[f] = fl[CF]
					return out
				}})
			}
		}
	}
	return cs
}
