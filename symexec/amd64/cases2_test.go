package amd64

import (
	"fmt"
	"math/bits"
	"math/rand"
)

func sext(v uint64, w int) int64 { return int64(v<<uint(64-w)) >> uint(64-w) }

// refShift is SHL, SHR, SAR, ROL or ROR of the w-bit x by count cnt (before
// masking), per the SDM pseudocode.
func refShift(op string, x, cnt uint64, w int, in [nflags]int8) (uint64, [nflags]int8) {
	f := in
	k := int(cnt & countMask(w))
	x &= mask(w)
	if k == 0 {
		return x, f
	}
	var r uint64
	switch op {
	case "ROL", "ROR":
		kk := k % w
		if op == "ROL" {
			r = (x<<uint(kk) | x>>uint(w-kk)) & mask(w)
			f[CF] = bit(r, 0)
			f[OF] = bit(r, w-1) ^ f[CF]
		} else {
			r = (x>>uint(kk) | x<<uint(w-kk)) & mask(w)
			f[CF] = bit(r, w-1)
			f[OF] = bit(r, w-1) ^ bit(r, w-2)
		}
		if k != 1 {
			f[OF] = undef
		}
		return r, f
	case "SHL":
		r = x << uint(k) & mask(w)
		f[CF] = undef
		if k < w {
			f[CF] = bit(x, w-k)
		}
		f[OF] = bit(r, w-1) ^ f[CF]
	case "SHR":
		r = x >> uint(k)
		f[CF] = undef
		if k < w {
			f[CF] = bit(x, k-1)
		}
		f[OF] = bit(x, w-1)
	case "SAR":
		r = uint64(sext(x, w)>>uint(min(k, 63))) & mask(w)
		f[CF] = undef
		if k < w {
			f[CF] = bit(x, k-1)
		}
		f[OF] = 0
	}
	if k != 1 {
		f[OF] = undef
	}
	resultFlags(&f, r, w)
	f[AF] = undef
	return r, f
}

var shiftReg = map[string]int{"ROL": 0, "ROR": 1, "SHL": 4, "SHR": 5, "SAR": 7}

// shiftCases: SHL SHR SAR ROL ROR by 1, imm8 and CL at all widths, SHLD and
// SHRD, SHLX SHRX SARX, RORX and BSWAP.
func shiftCases(rng *rand.Rand) []instCase {
	var cs []instCase
	counts := []uint64{0, 1, 2, 3, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65, 127, 255}
	vals := append(append([]uint64{}, edges...), rng.Uint64(), rng.Uint64())
	for _, op := range []string{"SHL", "SHR", "SAR", "ROL", "ROR"} {
		for _, w := range []int{8, 16, 32, 64} {
			byCL := widthPrefix(w) + "d3"
			if w == 8 {
				byCL = "d2"
			}
			modrm := fmt.Sprintf("%02x", 0xc0|shiftReg[op]<<3)
			for _, v := range vals {
				for _, k := range counts {
					in := randCPU(rng)
					in.regs[RAX] = v
					in.regs[RCX] = in.regs[RCX]&^0xff | k
					op, w, k := op, w, k
					ref := func(cnt uint64) func(cpu) cpu {
						return func(in cpu) cpu {
							out := in
							r, f := refShift(op, in.regs[RAX], cnt, w, in.flags)
							out.flags = f
							out.putReg(RAX, w, 0, r)
							return out
						}
					}
					cs = append(cs, instCase{name: fmt.Sprintf("%s%d CL=%d %#x", op, w, k, v), hex: byCL + modrm, in: in, ref: ref(k)})
					imm := "c1"
					if w == 8 {
						imm = "c0"
					}
					cs = append(cs, instCase{name: fmt.Sprintf("%s%d $%d %#x", op, w, k, v), hex: widthPrefix(w) + imm + modrm + fmt.Sprintf("%02x", k), in: in, ref: ref(k)})
					if k == 1 {
						one := "d1"
						if w == 8 {
							one = "d0"
						}
						cs = append(cs, instCase{name: fmt.Sprintf("%s%d 1 %#x", op, w, v), hex: widthPrefix(w) + one + modrm, in: in, ref: ref(1)})
					}
				}
			}
		}
	}
	// SHLD/SHRD AX, DX, CL and AX, DX, imm8.
	for _, left := range []bool{true, false} {
		for _, w := range []int{16, 32, 64} {
			for _, k := range counts {
				if w == 16 && k&31 > 16 {
					continue // undefined result
				}
				for i := 0; i < 6; i++ {
					in := randCPU(rng)
					in.regs[RCX] = in.regs[RCX]&^0xff | k
					if i < 2 {
						in.regs[RAX] = edges[rng.Intn(len(edges))]
					}
					left, w, k := left, w, k
					name, opCL, opI := "SHLD", "0fa5d0", "0fa4d0"
					if !left {
						name, opCL, opI = "SHRD", "0fadd0", "0facd0"
					}
					ref := func(in cpu) cpu {
						out := in
						x, y := in.regs[RAX]&mask(w), in.regs[RDX]&mask(w)
						n := int(k & countMask(w))
						if n == 0 {
							out.putReg(RAX, w, 0, x)
							return out
						}
						var r uint64
						f := in.flags
						if left {
							r = (x<<uint(n) | y>>uint(w-n)) & mask(w)
							f[CF] = bit(x, w-n)
						} else {
							r = (x>>uint(n) | y<<uint(w-n)) & mask(w)
							f[CF] = bit(x, n-1)
						}
						f[OF] = undef
						if n == 1 {
							f[OF] = bit(r, w-1) ^ bit(x, w-1)
						}
						resultFlags(&f, r, w)
						f[AF] = undef
						out.flags = f
						out.putReg(RAX, w, 0, r)
						return out
					}
					cs = append(cs,
						instCase{name: fmt.Sprintf("%s%d CL=%d", name, w, k), hex: widthPrefix(w) + opCL, in: in, ref: ref},
						instCase{name: fmt.Sprintf("%s%d $%d", name, w, k), hex: widthPrefix(w) + opI + fmt.Sprintf("%02x", k), in: in, ref: ref},
					)
				}
			}
		}
	}
	// SHLX/SHRX/SARX RAX, RDX, RCX (VEX pp 66/F2/F3 = 1/3/2), RORX RAX, RDX, imm.
	for _, w := range []int{32, 64} {
		for _, k := range counts {
			in := randCPU(rng)
			in.regs[RCX] = in.regs[RCX]&^0xff | k
			w, k := w, k
			wbit := 0x80
			if w == 32 {
				wbit = 0
			}
			for _, op := range []struct {
				name string
				pp   int
				f    func(x uint64, n int) uint64
			}{
				{"SHLX", 1, func(x uint64, n int) uint64 { return x << uint(n) }},
				{"SHRX", 3, func(x uint64, n int) uint64 { return x >> uint(n) }},
				{"SARX", 2, func(x uint64, n int) uint64 { return uint64(sext(x, w) >> uint(n)) }},
			} {
				op := op
				cs = append(cs, instCase{name: fmt.Sprintf("%s%d %d", op.name, w, k), hex: fmt.Sprintf("c4e2%02xf7c2", wbit|0x70|op.pp), in: in, ref: func(in cpu) cpu {
					out := in
					n := int(in.regs[RCX] & countMask(w))
					out.putReg(RAX, w, 0, op.f(in.regs[RDX]&mask(w), n)&mask(w))
					return out
				}})
			}
			cs = append(cs, instCase{name: fmt.Sprintf("RORX%d %d", w, k), hex: fmt.Sprintf("c4e3%02xf0c2%02x", wbit|0x7b, k), in: in, ref: func(in cpu) cpu {
				out := in
				n := int(k & countMask(w))
				x := in.regs[RDX] & mask(w)
				r := x
				if n != 0 {
					r = (x>>uint(n) | x<<uint(w-n)) & mask(w)
				}
				out.putReg(RAX, w, 0, r)
				return out
			}})
		}
		in := randCPU(rng)
		w := w
		cs = append(cs, instCase{name: fmt.Sprintf("BSWAP%d", w), hex: widthPrefix(w) + "0fc8", in: in, ref: func(in cpu) cpu {
			out := in
			if w == 64 {
				out.regs[RAX] = bits.ReverseBytes64(in.regs[RAX])
			} else {
				out.regs[RAX] = uint64(bits.ReverseBytes32(uint32(in.regs[RAX])))
			}
			return out
		}})
	}
	return cs
}

// refCond evaluates condition code cc on the flags.
func refCond(cc int, f [nflags]int8) bool {
	var v bool
	switch cc >> 1 {
	case 0:
		v = f[OF] == 1
	case 1:
		v = f[CF] == 1
	case 2:
		v = f[ZF] == 1
	case 3:
		v = f[CF] == 1 || f[ZF] == 1
	case 4:
		v = f[SF] == 1
	case 5:
		v = f[PF] == 1
	case 6:
		v = f[SF] != f[OF]
	case 7:
		v = f[ZF] == 1 || f[SF] != f[OF]
	}
	return v != (cc&1 == 1)
}

// condCases: CMOVcc and SETcc for all 16 conditions over all flag
// combinations of a random sample.
func condCases(rng *rand.Rand) []instCase {
	var cs []instCase
	for cc := 0; cc < 16; cc++ {
		for i := 0; i < 24; i++ {
			in := randCPU(rng)
			cc := cc
			for _, w := range []int{16, 32, 64} {
				w := w
				cs = append(cs, instCase{name: fmt.Sprintf("CMOV%d cc=%d", w, cc), hex: widthPrefix(w) + fmt.Sprintf("0f%02xc1", 0x40+cc), in: in, ref: func(in cpu) cpu {
					out := in
					v := in.regs[RAX]
					if refCond(cc, in.flags) {
						v = in.regs[RCX]
					}
					out.putReg(RAX, w, 0, v&mask(w))
					return out
				}})
			}
			for _, ah := range []bool{false, true} {
				modrm, shift := "c0", 0
				if ah {
					modrm, shift = "c4", 8
				}
				cs = append(cs, instCase{name: fmt.Sprintf("SET cc=%d ah=%v", cc, ah), hex: fmt.Sprintf("0f%02x", 0x90+cc) + modrm, in: in, ref: func(in cpu) cpu {
					out := in
					out.putReg(RAX, 8, shift, uint64(b2i(refCond(cc, in.flags))))
					return out
				}})
			}
		}
	}
	return cs
}

// miscCases: MOV forms, MOVZX, MOVSX, MOVSXD, LEA, XCHG, CBW..CQO, BT,
// ANDN, CLC, STC, CMC and NOPs.
func miscCases(rng *rand.Rand) []instCase {
	var cs []instCase
	add := func(name, hex string, in cpu, ref func(in cpu) cpu) {
		cs = append(cs, instCase{name: name, hex: hex, in: in, ref: ref})
	}
	for i := 0; i < 30; i++ {
		in := randCPU(rng)
		if i < len(edges) {
			in.regs[RCX] = edges[i]
		}
		mv := func(dst, w, shift int, v uint64) func(cpu) cpu {
			return func(in cpu) cpu {
				out := in
				out.putReg(dst, w, shift, v)
				return out
			}
		}
		c := in.regs[RCX]
		add("MOV RAX, RCX", "4889c8", in, mv(RAX, 64, 0, c))
		add("MOV EAX, ECX", "89c8", in, mv(RAX, 32, 0, c))
		add("MOV AX, CX", "6689c8", in, mv(RAX, 16, 0, c))
		add("MOV AL, CL", "88c8", in, mv(RAX, 8, 0, c))
		add("MOV AH, CL", "88cc", in, mv(RAX, 8, 8, c))
		add("MOV AL, CH", "88e8", in, mv(RAX, 8, 0, c>>8))
		add("MOV DIL, CL", "4088cf", in, mv(RDI, 8, 0, c))
		add("MOV R9B, CL", "4188c9", in, mv(R9, 8, 0, c))
		add("MOVABS RAX, imm64", "48b8efcdab8967452301", in, mv(RAX, 64, 0, 0x0123456789abcdef))
		add("MOV EAX, imm32", "b8ffffffff", in, mv(RAX, 32, 0, 0xffffffff))
		add("MOV RAX, simm32", "48c7c0feffffff", in, mv(RAX, 64, 0, ^uint64(1)))
		add("MOV AH, imm8", "b4a5", in, mv(RAX, 8, 8, 0xa5))
		add("MOV R10W, imm16", "6641bab5c3", in, mv(R10, 16, 0, 0xc3b5))
		add("MOVZX RAX, CL", "480fb6c1", in, mv(RAX, 64, 0, c&0xff))
		add("MOVZX EAX, CX", "0fb7c1", in, mv(RAX, 32, 0, c&0xffff))
		add("MOVZX EAX, CH", "0fb6c5", in, mv(RAX, 32, 0, c>>8&0xff))
		add("MOVSX RAX, CL", "480fbec1", in, mv(RAX, 64, 0, uint64(sext(c, 8))))
		add("MOVSX EAX, CX", "0fbfc1", in, mv(RAX, 32, 0, uint64(sext(c, 16))))
		add("MOVSX AX, CL", "660fbec1", in, mv(RAX, 16, 0, uint64(sext(c, 8))))
		add("MOVSXD RAX, ECX", "4863c1", in, mv(RAX, 64, 0, uint64(sext(c, 32))))
		a, d := in.regs[RAX], in.regs[RDX]
		add("LEA RAX, [RDX+4*RCX+0x10]", "488d448a10", in, mv(RAX, 64, 0, d+4*c+0x10))
		add("LEA EAX, [RDX+4*RCX+0x10]", "8d448a10", in, mv(RAX, 32, 0, d+4*c+0x10))
		add("LEA RAX, [RAX+8*RCX-8]", "488d44c8f8", in, mv(RAX, 64, 0, a+8*c-8))
		add("LEA RAX, [RCX*2]", "488d044d00000000", in, mv(RAX, 64, 0, 2*c))
		add("LEA RAX, [RIP+0x10]", "488d0510000000", in, mv(RAX, 64, 0, 0x1000+7+0x10))
		cs[len(cs)-1].pcRel = true
		add("XCHG RAX, RCX", "4887c8", in, func(in cpu) cpu {
			out := in
			out.regs[RAX], out.regs[RCX] = in.regs[RCX], in.regs[RAX]
			return out
		})
		add("XCHG EAX, ECX", "87c8", in, func(in cpu) cpu {
			out := in
			out.regs[RAX], out.regs[RCX] = in.regs[RCX]&mask(32), in.regs[RAX]&mask(32)
			return out
		})
		add("XCHG AH, CL", "86cc", in, func(in cpu) cpu {
			out := in
			out.putReg(RAX, 8, 8, in.regs[RCX])
			out.putReg(RCX, 8, 0, in.regs[RAX]>>8)
			return out
		})
		add("CBW", "6698", in, mv(RAX, 16, 0, uint64(sext(a, 8))))
		add("CWDE", "98", in, mv(RAX, 32, 0, uint64(sext(a, 16))))
		add("CDQE", "4898", in, mv(RAX, 64, 0, uint64(sext(a, 32))))
		add("CWD", "6699", in, mv(RDX, 16, 0, uint64(sext(a, 16)>>63)))
		add("CDQ", "99", in, mv(RDX, 32, 0, uint64(sext(a, 32)>>63)))
		add("CQO", "4899", in, mv(RDX, 64, 0, uint64(int64(a)>>63)))
		btRef := func(n uint64, w int) func(cpu) cpu {
			return func(in cpu) cpu {
				out := in
				out.flags[CF] = bit(in.regs[RAX], int(n)&(w-1))
				out.flags[OF], out.flags[SF], out.flags[AF], out.flags[PF] = undef, undef, undef, undef
				return out
			}
		}
		add("BT RAX, RCX", "480fa3c8", in, btRef(c, 64))
		add("BT EAX, ECX", "0fa3c8", in, btRef(c, 32))
		add("BT RAX, imm", "480fbae0"+fmt.Sprintf("%02x", c&0xff), in, btRef(c&0xff, 64))
		add("ANDN RBX, RCX, RDX", "c4e2f0f2da", in, func(in cpu) cpu {
			out := in
			r := ^in.regs[RCX] & in.regs[RDX]
			out.regs[RBX] = r
			out.flags[CF], out.flags[OF], out.flags[AF], out.flags[PF] = 0, 0, undef, undef
			out.flags[SF], out.flags[ZF] = bit(r, 63), b2i(r == 0)
			return out
		})
		add("ANDN EBX, ECX, EDX", "c4e270f2da", in, func(in cpu) cpu {
			out := in
			r := ^in.regs[RCX] & in.regs[RDX] & mask(32)
			out.regs[RBX] = r
			out.flags[CF], out.flags[OF], out.flags[AF], out.flags[PF] = 0, 0, undef, undef
			out.flags[SF], out.flags[ZF] = bit(r, 31), b2i(r == 0)
			return out
		})
		setCF := func(v int8) func(cpu) cpu {
			return func(in cpu) cpu {
				out := in
				if v == -2 {
					out.flags[CF] = 1 - in.flags[CF]
				} else {
					out.flags[CF] = v
				}
				return out
			}
		}
		add("CLC", "f8", in, setCF(0))
		add("STC", "f9", in, setCF(1))
		add("CMC", "f5", in, setCF(-2))
		same := func(in cpu) cpu { return in }
		add("NOP", "90", in, same)
		add("NOPL 0(RAX)(RAX*1)", "0f1f440000", in, same)
		add("NOPW 0(RAX)(RAX*1)", "660f1f840000000000", in, same)
		add("XCHG AX, AX (66 90)", "6690", in, same)
	}
	return cs
}
