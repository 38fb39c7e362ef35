//go:build arm64 && linux

package arm64

import (
	"encoding/binary"
	"math/rand"
	"testing"

	"golang.org/x/arch/arm64/arm64asm"
)

// The cases of the control-flow co-simulation (native_flow_arm64_test.go):
// random words of every control-flow and literal form, their displacement
// rewritten to reach the mapping, and sweeps of the conditions.

// withImm replaces the n-bit field at bit lo of e with the displacement
// in words from pc to target.
func withImm(e uint32, lo, n int, pc, target uint64) uint32 {
	m := uint32(1)<<uint(n) - 1
	return e&^(m<<uint(lo)) | uint32(int64(target-pc)/4)&m<<uint(lo)
}

// state is a random state (edge values half of the time) with SP
// owned by the harness.
func (h *flowNative) state(rng *rand.Rand) cpu {
	var c cpu
	for i := range c.x {
		c.x[i] = operand(rng)
	}
	for f := range c.flags {
		c.flags[f] = int8(rng.Intn(2))
	}
	c.sp = h.sp()
	return c
}

// zeroTests are register values for CBZ and CBNZ: zero in one width only,
// and around the sign bits.
var zeroTests = []uint64{0, 1, 1 << 32, 0xffffffff00000000, 0xffffffff, 0x80000000, 1 << 63, ^uint64(0), 0x100000001}

// flowCase makes a case of the word e of a control-flow or literal form
// from c: the displacement rewritten to reach a pad (or a literal) in the
// mapping, or the register branched through set to one; with edge, the
// register a CBZ or TBZ tests often set to an edge of its condition. It
// returns false
// for words that cannot run here: BR, BLR and RET through XZR (address 0)
// and a literal load into R18 (the platform register, which the lifter
// never writes).
func (h *flowNative) flowCase(rng *rand.Rand, e uint32, c cpu, edge bool) (flowCase, bool) {
	pc := h.pc()
	fc := flowCase{in: c, symbolic: true}
	switch {
	case e&0x7C000000 == 0x14000000: // B, BL
		fc.target = h.target(rng, 26)
		fc.e = withImm(e, 0, 26, pc, fc.target)
	case e&0xFF000010 == 0x54000000: // B.cond
		fc.target = h.target(rng, 19)
		fc.e = withImm(e, 5, 19, pc, fc.target)
	case e&0x7E000000 == 0x34000000: // CBZ, CBNZ
		if rt := fRd(e); rt != regZR && edge && rng.Intn(2) == 0 {
			fc.in.x[rt] = zeroTests[rng.Intn(len(zeroTests))]
		}
		fc.target = h.target(rng, 19)
		fc.e = withImm(e, 5, 19, pc, fc.target)
	case e&0x7E000000 == 0x36000000: // TBZ, TBNZ
		if rt := fRd(e); rt != regZR && edge && rng.Intn(2) == 0 {
			b := uint64(1) << (field(e, 31, 31)<<5 | field(e, 23, 19))
			fc.in.x[rt] = []uint64{b, ^b, 0, ^uint64(0)}[rng.Intn(4)]
		}
		fc.target = h.target(rng, 14)
		fc.e = withImm(e, 5, 14, pc, fc.target)
	case e&0xFF9FFC1F == 0xD61F0000: // BR, BLR, RET
		n := fRn(e)
		if n == regZR {
			return fc, false
		}
		fc.e, fc.symbolic = e, false // a target in a variable is not followed
		fc.target = h.target(rng, 26)
		fc.in.x[n] = fc.target
		if e&0xFFFFFC1F == 0xD65F0000 {
			fc.ret = retKind(1 + rng.Intn(2))
			if fc.ret == retFromFunction && fc.in.x[RegFP] == c.sp-8 {
				fc.in.x[RegFP]++ // not the frame-pointer convention the final RET recognises
			}
		}
	case e&0x3F000000 == 0x18000000: // LDR, LDRSW (literal)
		if fRd(e) == RegPlatform {
			return fc, false
		}
		fc.target = h.target(rng, 19)
		fc.e, fc.literal = withImm(e, 5, 19, pc, fc.target), true
		binary.LittleEndian.PutUint64(fc.lit[:], operand(rng))
	default:
		return fc, false
	}
	return fc, true
}

// compareFlow runs fc on the processor and with the lifter (with
// constants, and with variables where its successor does not come from a
// register) and reports differences; it returns the number of lifts that
// differ.
func (h *flowNative) compareFlow(t *testing.T, fc *flowCase) int {
	hw := h.run(fc)
	for _, sym := range []bool{false, true} {
		if sym && !fc.symbolic {
			continue
		}
		got, err := liftFlow(t, fc, h, sym)
		d := ""
		if err != nil {
			d = " lifter: " + err.Error()
		} else {
			d = hw.diff(&got)
		}
		if d != "" {
			in := decodeWord(t, h.pc(), fc.e, 1)
			t.Errorf("%#08x %s (symbolic %v) on %s target %#x: lifted vs processor:%s", fc.e, syntax(&in), sym, fc.in.String(), fc.target, d)
			return 1
		}
	}
	return 0
}

// flowSweeps co-simulates every B.cond condition on every NZCV, TBZ and
// TBNZ on every bit with it set and clear, CBZ and CBNZ of both widths on
// every value of zeroTests, and BLR, BR and RET through X30 (BLR reads it
// before it writes it). It returns the cases run and the mismatches.
func (h *flowNative) flowSweeps(t *testing.T, rng *rand.Rand, seen map[arm64asm.Op]bool) (ran, mismatches int) {
	var words []uint32
	var states []cpu
	add := func(e uint32, c cpu) { words, states = append(words, e), append(states, c) }
	for cond := uint32(0); cond < 16; cond++ {
		for nzcv := 0; nzcv < 16; nzcv++ {
			c := h.state(rng)
			for f := range c.flags {
				c.flags[f] = int8(nzcv >> uint(3-f) & 1)
			}
			add(0x54000000|cond, c)
		}
	}
	for b := uint32(0); b < 64; b++ {
		for _, op := range []uint32{0x36000000, 0x37000000} { // TBZ, TBNZ
			for _, v := range []uint64{1 << b, ^(1 << b)} {
				rt := uint32(rng.Intn(31))
				c := h.state(rng)
				c.x[rt] = v
				add(op|b>>5<<31|(b&31)<<19|rt, c)
			}
		}
	}
	for _, op := range []uint32{0x34000000, 0x35000000, 0xB4000000, 0xB5000000} { // CBZ, CBNZ; W and X
		for _, v := range zeroTests {
			rt := uint32(rng.Intn(31))
			c := h.state(rng)
			c.x[rt] = v
			add(op|rt, c)
		}
	}
	for _, e := range []uint32{0xD63F03C0, 0xD61F03C0, 0xD65F03C0} { // BLR X30, BR X30, RET
		for k := 0; k < 16; k++ {
			add(e, h.state(rng))
		}
	}
	for i, e := range words {
		fc, ok := h.flowCase(rng, e, states[i], false)
		if !ok {
			t.Fatalf("%#08x: no case", e)
		}
		mismatches += h.compareFlow(t, &fc)
		ran++
		if x, err := arm64asm.Decode(le(fc.e)); err == nil {
			seen[x.Op] = true
		}
	}
	return ran, mismatches
}
