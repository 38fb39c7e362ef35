package amd64

import (
	"fmt"
	"math/bits"
	"math/rand"
)

// bitsCases: BTS, BTR, BTC, BSF, BSR, POPCNT, LZCNT, TZCNT, PDEP and PEXT
// (bits.go), register forms at 32 and 64 bits (and 16 for the counts), over
// edge and random operands. BSF and BSR get a nonzero source: for zero the
// SDM leaves the destination undefined, which the lifter models as a
// fresh variable. MOVBE has only memory forms: it is co-simulated with the
// stack buffer (cosim_flow_cases_amd64_test.go).
func bitsCases(rng *rand.Rand) []instCase {
	var cs []instCase
	add := func(name, hex string, in cpu, ref func(in cpu) cpu) {
		cs = append(cs, instCase{name: name, hex: hex, in: in, ref: ref})
	}
	for i := 0; i < 40; i++ {
		in := randCPU(rng)
		if i < len(edges) {
			in.regs[RCX] = edges[i]
		}
		if i%5 == 1 {
			in.regs[RCX] = uint64(1) << uint(rng.Intn(64))
		}
		c := in.regs[RCX]
		for _, w := range []int{32, 64} {
			pre := widthPrefix(w)
			bt := func(kind string, n uint64) func(cpu) cpu {
				return func(in cpu) cpu {
					out := in
					k := int(n) & (w - 1)
					x := in.regs[RAX] & mask(w)
					out.flags[CF] = bit(x, k)
					switch kind {
					case "S":
						x |= 1 << uint(k)
					case "R":
						x &^= 1 << uint(k)
					case "C":
						x ^= 1 << uint(k)
					}
					out.putReg(RAX, w, 0, x)
					out.flags[OF], out.flags[SF], out.flags[AF], out.flags[PF] = undef, undef, undef, undef
					return out
				}
			}
			imm := c & 0xff
			for _, o := range []struct{ kind, opc, digit string }{{"S", "ab", "e8"}, {"R", "b3", "f0"}, {"C", "bb", "f8"}} {
				add(fmt.Sprintf("BT%s r%d, r", o.kind, w), pre+"0f"+o.opc+"c8", in, bt(o.kind, c))
				add(fmt.Sprintf("BT%s r%d, imm", o.kind, w), pre+"0fba"+o.digit+fmt.Sprintf("%02x", imm), in, bt(o.kind, imm))
			}
			src := c & mask(w)
			scan := func(high bool) func(cpu) cpu {
				return func(in cpu) cpu {
					out := in
					idx := bits.TrailingZeros64(src)
					if high {
						idx = 63 - bits.LeadingZeros64(src)
					}
					out.putReg(RAX, w, 0, uint64(idx))
					out.flags[ZF] = 0
					out.flags[CF], out.flags[OF], out.flags[SF], out.flags[AF], out.flags[PF] = undef, undef, undef, undef, undef
					return out
				}
			}
			if src != 0 {
				add(fmt.Sprintf("BSF r%d, r", w), pre+"0fbcc1", in, scan(false))
				add(fmt.Sprintf("BSR r%d, r", w), pre+"0fbdc1", in, scan(true))
			}
		}
		for _, w := range []int{16, 32, 64} {
			src := c & mask(w)
			f3 := "f3" + widthPrefix(w)
			if w == 16 {
				f3 = "66f3"
			}
			add(fmt.Sprintf("POPCNT r%d, r", w), f3+"0fb8c1", in, func(in cpu) cpu {
				out := in
				out.putReg(RAX, w, 0, uint64(bits.OnesCount64(src)))
				out.flags[ZF] = b2i(src == 0)
				out.flags[CF], out.flags[OF], out.flags[SF], out.flags[AF], out.flags[PF] = 0, 0, 0, 0, 0
				return out
			})
			count := func(lead bool) func(cpu) cpu {
				return func(in cpu) cpu {
					out := in
					var n int
					if lead {
						n = bits.LeadingZeros64(src) - (64 - w)
					} else {
						n = bits.TrailingZeros64(src)
						if n > w {
							n = w
						}
					}
					out.putReg(RAX, w, 0, uint64(n))
					out.flags[CF] = b2i(src == 0)
					out.flags[ZF] = b2i(n == 0)
					out.flags[OF], out.flags[SF], out.flags[AF], out.flags[PF] = undef, undef, undef, undef
					return out
				}
			}
			add(fmt.Sprintf("LZCNT r%d, r", w), f3+"0fbdc1", in, count(true))
			add(fmt.Sprintf("TZCNT r%d, r", w), f3+"0fbcc1", in, count(false))
		}
		// PDEP/PEXT RBX, RCX, RDX (VEX.LZ.F2/F3.0F38.W1 F5 /r): masks
		// random, sparse, dense and edge.
		m := in.regs[RDX]
		switch i % 4 {
		case 1:
			m &= rng.Uint64()
		case 2:
			m |= rng.Uint64()
		}
		in.regs[RDX] = m
		for _, w := range []int{32, 64} {
			wbit := "f"
			if w == 32 {
				wbit = "7"
			}
			x, mk := in.regs[RCX]&mask(w), m&mask(w)
			add(fmt.Sprintf("PDEP r%d", w), "c4e2"+wbit+"3f5da", in, func(in cpu) cpu {
				out := in
				out.putReg(RBX, w, 0, refPdep(x, mk))
				return out
			})
			add(fmt.Sprintf("PEXT r%d", w), "c4e2"+wbit+"2f5da", in, func(in cpu) cpu {
				out := in
				out.putReg(RBX, w, 0, refPext(x, mk))
				return out
			})
		}
	}
	return cs
}

func refPdep(x, m uint64) uint64 {
	var r uint64
	k := 0
	for i := 0; i < 64; i++ {
		if m>>uint(i)&1 == 1 {
			r |= (x >> uint(k) & 1) << uint(i)
			k++
		}
	}
	return r
}

func refPext(x, m uint64) uint64 {
	var r uint64
	k := 0
	for i := 0; i < 64; i++ {
		if m>>uint(i)&1 == 1 {
			r |= (x >> uint(i) & 1) << uint(k)
			k++
		}
	}
	return r
}
