package arm64

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math/big"
	"math/bits"
)

// The reference model: the Arm ARM's pseudocode for each modelled form,
// written again with Go integers (big integers for AddWithCarry, bit loops
// for DecodeBitMasks), independently of the lifter's terms. It executes
// one instruction on a concrete cpu.

// errReserved marks an encoding the Arm ARM makes UNDEFINED, reserved or
// CONSTRAINED UNPREDICTABLE: the lifter must refuse it.
var errReserved = errors.New("reserved, unallocated or unpredictable encoding")

// errUnmodelled marks an encoding of no modelled form.
var errUnmodelled = errors.New("reference model: no modelled form")

// errOutside marks a memory access outside the test buffer.
var errOutside = errors.New("access outside the buffer")

const undef = -1

// cpu is a concrete machine state.
type cpu struct {
	x       [31]uint64
	sp      uint64
	flags   [nflags]int8 // N Z C V: 0, 1 or undef
	ptr     uint32       // bit n: x[n] points into buf (bit 31: SP); the lifter sees buf's base + offset
	buf     []byte       // memory at bufAddr
	bufAddr uint64
	written map[uint64]bool // buffer offsets stored to
	spBase  bool            // the instruction addressed memory through SP
}

func (c *cpu) clone() cpu {
	d := *c
	d.buf = append([]byte(nil), c.buf...)
	d.written = map[uint64]bool{}
	for k := range c.written {
		d.written[k] = true
	}
	return d
}

func mask(w int) uint64 {
	if w >= 64 {
		return ^uint64(0)
	}
	return 1<<uint(w) - 1
}

func (c *cpu) X(n, w int) uint64 {
	if n == 31 {
		return 0
	}
	return c.x[n] & mask(w)
}

func (c *cpu) XSP(n, w int) uint64 {
	if n == 31 {
		return c.sp & mask(w)
	}
	return c.X(n, w)
}

func (c *cpu) setX(n int, v uint64, w int) error {
	if n == 31 {
		return nil
	}
	if n == 18 {
		return ErrPlatformRegister
	}
	c.x[n] = v & mask(w)
	return nil
}

func (c *cpu) setXSP(n int, v uint64, w int) error {
	if n == 31 {
		c.sp = v & mask(w)
		return nil
	}
	return c.setX(n, v, w)
}

func (c *cpu) read(addr uint64, n int) (uint64, error) {
	off := addr - c.bufAddr
	if addr < c.bufAddr || off+uint64(n) > uint64(len(c.buf)) {
		return 0, errOutside
	}
	var b [8]byte
	copy(b[:], c.buf[off:off+uint64(n)])
	return binary.LittleEndian.Uint64(b[:]), nil
}

func (c *cpu) write(addr uint64, v uint64, n int) error {
	off := addr - c.bufAddr
	if addr < c.bufAddr || off+uint64(n) > uint64(len(c.buf)) {
		return errOutside
	}
	for i := 0; i < n; i++ {
		c.buf[off+uint64(i)] = byte(v >> uint(8*i))
		c.written[off+uint64(i)] = true
	}
	return nil
}

func bitsOf(e uint32, hi, lo int) uint64 { return uint64(e>>uint(lo)) & mask(hi-lo+1) }

func signExtend(v uint64, from int) uint64 {
	if from >= 64 {
		return v
	}
	if v>>uint(from-1)&1 == 1 {
		return v | ^mask(from)
	}
	return v & mask(from)
}

// sint is the signed value of the w-bit v.
func sint(v uint64, w int) *big.Int {
	return new(big.Int).SetInt64(int64(signExtend(v, w)))
}

// addWithCarry is the Arm ARM's AddWithCarry.
func addWithCarry(x, y uint64, carry int8, w int) (uint64, [nflags]int8) {
	us := new(big.Int).Add(new(big.Int).SetUint64(x), new(big.Int).SetUint64(y))
	us.Add(us, big.NewInt(int64(carry)))
	ss := new(big.Int).Add(sint(x, w), sint(y, w))
	ss.Add(ss, big.NewInt(int64(carry)))
	r := new(big.Int).And(us, new(big.Int).SetUint64(mask(w))).Uint64()
	var f [nflags]int8
	f[flagN] = int8(r >> uint(w-1) & 1)
	f[flagZ] = b2i(r == 0)
	f[flagC] = b2i(new(big.Int).SetUint64(r).Cmp(us) != 0)
	f[flagV] = b2i(sint(r, w).Cmp(ss) != 0)
	return r, f
}

func b2i(b bool) int8 {
	if b {
		return 1
	}
	return 0
}

// conditionHolds is the Arm ARM's ConditionHolds.
func conditionHolds(cond uint64, f [nflags]int8) (bool, error) {
	for _, v := range f {
		if v == undef {
			return false, ErrUndefinedFlags
		}
	}
	var r bool
	switch cond >> 1 {
	case 0:
		r = f[flagZ] == 1
	case 1:
		r = f[flagC] == 1
	case 2:
		r = f[flagN] == 1
	case 3:
		r = f[flagV] == 1
	case 4:
		r = f[flagC] == 1 && f[flagZ] == 0
	case 5:
		r = f[flagN] == f[flagV]
	case 6:
		r = f[flagN] == f[flagV] && f[flagZ] == 0
	case 7:
		r = true
	}
	if cond&1 == 1 && cond != 15 {
		r = !r
	}
	return r, nil
}

// shiftReg is the Arm ARM's ShiftReg.
func shiftReg(v uint64, typ uint64, amount int, w int) uint64 {
	v &= mask(w)
	switch typ {
	case 0:
		return v << uint(amount) & mask(w)
	case 1:
		return v >> uint(amount)
	case 2:
		return uint64(int64(signExtend(v, w))>>uint(amount)) & mask(w)
	}
	return ror(v, amount, w)
}

func ror(v uint64, r, w int) uint64 {
	r %= w
	if r == 0 {
		return v & mask(w)
	}
	return (v>>uint(r) | v<<uint(w-r)) & mask(w)
}

// extendReg is the Arm ARM's ExtendReg.
func extendReg(v uint64, option uint64, shift, w int) uint64 {
	n := 8 << (option & 3)
	if w-shift < n {
		n = w - shift
	}
	v &= mask(n)
	if option&4 != 0 {
		v = signExtend(v, n)
	}
	return v << uint(shift) & mask(w)
}

// refBitMasks is DecodeBitMasks, building the elements bit by bit.
func refBitMasks(n, imms, immr uint64, immediate bool, w int) (uint64, uint64, error) {
	combined := n<<6 | (^imms & 63)
	length := -1
	for i := 6; i >= 0; i-- {
		if combined>>uint(i)&1 == 1 {
			length = i
			break
		}
	}
	if length < 1 {
		return 0, 0, errReserved
	}
	esize := 1 << uint(length)
	if esize > w {
		return 0, 0, errReserved
	}
	levels := uint64(esize - 1)
	if immediate && imms&levels == levels {
		return 0, 0, errReserved
	}
	S, R := int(imms&levels), int(immr&levels)
	d := (S - R) & int(levels)
	var welem, telem uint64
	for i := 0; i <= S; i++ {
		welem |= 1 << uint(i)
	}
	for i := 0; i <= d; i++ {
		telem |= 1 << uint(i)
	}
	welem = ror(welem, R, esize)
	var wmask, tmask uint64
	for i := 0; i < w; i++ {
		wmask |= (welem >> uint(i%esize) & 1) << uint(i)
		tmask |= (telem >> uint(i%esize) & 1) << uint(i)
	}
	return wmask, tmask, nil
}

// refExec executes the instruction e at pc on c.
func refExec(e uint32, pc uint64, c *cpu) error {
	w := 32
	if e>>31 == 1 {
		w = 64
	}
	d, n, m, a := int(e&31), int(e>>5&31), int(e>>16&31), int(e>>10&31)
	switch {
	case e&0x1F800000 == 0x11000000: // add/sub immediate
		imm := bitsOf(e, 21, 10) << (12 * bitsOf(e, 22, 22))
		return refAddSub(c, e, w, c.XSP(n, w), imm, d, bitsOf(e, 29, 29) == 0)
	case e&0x1F200000 == 0x0B000000: // add/sub shifted register
		typ, amt := bitsOf(e, 23, 22), int(bitsOf(e, 15, 10))
		if typ == 3 || amt >= w {
			return errReserved
		}
		return refAddSub(c, e, w, c.X(n, w), shiftReg(c.X(m, w), typ, amt, w), d, false)
	case e&0x1FE00000 == 0x0B200000: // add/sub extended register
		sh := int(bitsOf(e, 12, 10))
		if sh > 4 {
			return errReserved
		}
		y := extendReg(c.X(m, 64), bitsOf(e, 15, 13), sh, w)
		return refAddSub(c, e, w, c.XSP(n, w), y, d, bitsOf(e, 29, 29) == 0)
	case e&0x1FE0FC00 == 0x1A000000: // adc/sbc
		if c.flags[flagC] == undef {
			return ErrUndefinedFlags
		}
		y := c.X(m, w)
		if bitsOf(e, 30, 30) == 1 {
			y = ^y & mask(w)
		}
		r, f := addWithCarry(c.X(n, w), y, c.flags[flagC], w)
		if bitsOf(e, 29, 29) == 1 {
			c.flags = f
		}
		return c.setX(d, r, w)
	case e&0x1F800000 == 0x12000000: // logical immediate
		if w == 32 && bitsOf(e, 22, 22) == 1 {
			return errReserved
		}
		imm, _, err := refBitMasks(bitsOf(e, 22, 22), bitsOf(e, 15, 10), bitsOf(e, 21, 16), true, w)
		if err != nil {
			return err
		}
		return refLogic(c, e, w, c.X(n, w), imm, d, true)
	case e&0x1F000000 == 0x0A000000: // logical shifted register
		amt := int(bitsOf(e, 15, 10))
		if amt >= w {
			return errReserved
		}
		y := shiftReg(c.X(m, w), bitsOf(e, 23, 22), amt, w)
		if bitsOf(e, 21, 21) == 1 {
			y = ^y & mask(w)
		}
		return refLogic(c, e, w, c.X(n, w), y, d, false)
	case e&0x1F800000 == 0x12800000: // move wide
		opc, hw := bitsOf(e, 30, 29), int(bitsOf(e, 22, 21))
		if opc == 1 || (w == 32 && hw >= 2) {
			return errReserved
		}
		imm := bitsOf(e, 20, 5) << uint(16*hw)
		switch opc {
		case 0:
			return c.setX(d, ^imm, w)
		case 2:
			return c.setX(d, imm, w)
		}
		return c.setX(d, c.X(d, w)&^(0xFFFF<<uint(16*hw))|imm, w)
	case e&0x1F000000 == 0x10000000: // adr, adrp
		imm := signExtend(bitsOf(e, 23, 5)<<2|bitsOf(e, 30, 29), 21)
		if e>>31 == 1 {
			return c.setX(d, pc&^0xFFF+imm<<12, 64)
		}
		return c.setX(d, pc+imm, 64)
	case e&0x1F800000 == 0x13000000: // bitfield
		return refBitfield(c, e, w, n, d)
	case e&0x7FA00000 == 0x13800000: // extr
		lsb := int(bitsOf(e, 15, 10))
		if bitsOf(e, 22, 22) != uint64(w/64) || lsb >= w {
			return errReserved
		}
		hi, lo := c.X(n, w), c.X(m, w)
		r := lo
		if lsb > 0 {
			r = lo>>uint(lsb) | hi<<uint(w-lsb)
		}
		return c.setX(d, r, w)
	case e&0x7FFFF000 == 0x5AC00000: // rbit, rev16, rev32, rev
		opc := bitsOf(e, 11, 10)
		x := c.X(n, w)
		switch {
		case opc == 0:
			if w == 32 {
				return c.setX(d, uint64(bits.Reverse32(uint32(x))), w)
			}
			return c.setX(d, bits.Reverse64(x), w)
		case opc == 1:
			r := uint64(0)
			for k := 0; k < w; k += 16 {
				r |= uint64(bits.ReverseBytes16(uint16(x>>uint(k)))) << uint(k)
			}
			return c.setX(d, r, w)
		case opc == 2 && w == 32:
			return c.setX(d, uint64(bits.ReverseBytes32(uint32(x))), w)
		case opc == 2:
			return c.setX(d, uint64(bits.ReverseBytes32(uint32(x)))|uint64(bits.ReverseBytes32(uint32(x>>32)))<<32, w)
		case w == 32:
			return errReserved
		}
		return c.setX(d, bits.ReverseBytes64(x), w)
	case e&0x7FFFF800 == 0x5AC01000: // clz, cls
		x := c.X(n, w)
		if e>>10&1 == 1 {
			// the bits after the top one that equal it
			top := x >> uint(w-1) & 1
			k := 0
			for i := w - 2; i >= 0 && x>>uint(i)&1 == top; i-- {
				k++
			}
			return c.setX(d, uint64(k), w)
		}
		return c.setX(d, uint64(bits.LeadingZeros64(x)-(64-w)), w)
	case e&0x7FE0F000 == 0x1AC02000: // variable shifts
		amt := int(c.X(m, w) % uint64(w))
		return c.setX(d, shiftReg(c.X(n, w), bitsOf(e, 11, 10), amt, w), w)
	case e&0x7FE0F800 == 0x1AC00800: // udiv, sdiv
		x, y := c.X(n, w), c.X(m, w)
		var q uint64
		switch {
		case y == 0:
		case e>>10&1 == 0:
			q = x / y
		default:
			bq := new(big.Int).Quo(sint(x, w), sint(y, w)) // truncates toward zero
			q = uint64(bq.Int64())
			if !bq.IsInt64() {
				q = 1 << 63 // 2^63 wraps to the most negative value
			}
		}
		return c.setX(d, q, w)
	case e&0x7FE00000 == 0x1B000000: // madd, msub
		p := c.X(n, w) * c.X(m, w)
		if e>>15&1 == 1 {
			return c.setX(d, c.X(a, w)-p, w)
		}
		return c.setX(d, c.X(a, w)+p, w)
	case e&0xFF600000 == 0x9B200000: // smaddl, umaddl, ...
		x, y := c.X(n, 32), c.X(m, 32)
		if e>>23&1 == 0 {
			x, y = signExtend(x, 32), signExtend(y, 32)
		}
		if e>>15&1 == 1 {
			return c.setX(d, c.X(a, 64)-x*y, 64)
		}
		return c.setX(d, c.X(a, 64)+x*y, 64)
	case e&0xFF608000 == 0x9B400000: // smulh, umulh
		x, y := c.X(n, 64), c.X(m, 64)
		if e>>23&1 == 1 {
			hi, _ := bits.Mul64(x, y)
			return c.setX(d, hi, 64)
		}
		p := new(big.Int).Mul(sint(x, 64), sint(y, 64))
		p.Rsh(p, 64)
		return c.setX(d, uint64(p.Int64()), 64)
	case e&0x3FE00800 == 0x1A800000: // csel, csinc, csinv, csneg
		ok, err := conditionHolds(bitsOf(e, 15, 12), c.flags)
		if err != nil {
			return err
		}
		if ok {
			return c.setX(d, c.X(n, w), w)
		}
		y := c.X(m, w)
		if e>>30&1 == 1 {
			y = ^y
		}
		if e>>10&1 == 1 {
			y++
		}
		return c.setX(d, y, w)
	case e&0x3FE00410 == 0x3A400000: // ccmp, ccmn
		ok, err := conditionHolds(bitsOf(e, 15, 12), c.flags)
		if err != nil {
			return err
		}
		if !ok {
			nzcv := bitsOf(e, 3, 0)
			for f := range c.flags {
				c.flags[f] = int8(nzcv >> uint(3-f) & 1)
			}
			return nil
		}
		y := c.X(m, w)
		if e>>11&1 == 1 {
			y = bitsOf(e, 20, 16)
		}
		carry := int8(0)
		if e>>30&1 == 1 {
			y, carry = ^y&mask(w), 1
		}
		_, c.flags = addWithCarry(c.X(n, w), y, carry, w)
		return nil
	case e == 0xD503201F: // nop
		return nil
	case e&0x3F000000 == 0x39000000, e&0x3F200000 == 0x38000000 && e>>10&3 != 2, e&0x3F200C00 == 0x38200800:
		return refLoadStore(c, e, n, d)
	case e&0x3E000000 == 0x28000000:
		return refPair(c, e, n, d, a)
	}
	return fmt.Errorf("%w: %#08x", errUnmodelled, e)
}

func refAddSub(c *cpu, e uint32, w int, x, y uint64, d int, spDest bool) error {
	carry := int8(0)
	if e>>30&1 == 1 {
		y, carry = ^y&mask(w), 1
	}
	r, f := addWithCarry(x, y, carry, w)
	if e>>29&1 == 1 {
		c.flags = f
	}
	if spDest {
		return c.setXSP(d, r, w)
	}
	return c.setX(d, r, w)
}

func refLogic(c *cpu, e uint32, w int, x, y uint64, d int, spDest bool) error {
	var r uint64
	opc := bitsOf(e, 30, 29)
	switch opc {
	case 0, 3:
		r = x & y
	case 1:
		r = x | y
	case 2:
		r = x ^ y
	}
	r &= mask(w)
	if opc == 3 {
		c.flags = [nflags]int8{int8(r >> uint(w-1) & 1), b2i(r == 0), 0, 0}
		return c.setX(d, r, w)
	}
	if spDest {
		return c.setXSP(d, r, w)
	}
	return c.setX(d, r, w)
}

func refBitfield(c *cpu, e uint32, w, n, d int) error {
	opc := bitsOf(e, 30, 29)
	N, immr, imms := bitsOf(e, 22, 22), bitsOf(e, 21, 16), bitsOf(e, 15, 10)
	if opc == 3 || N != uint64(w/64) || immr >= uint64(w) || imms >= uint64(w) {
		return errReserved
	}
	wmask, tmask, err := refBitMasks(N, imms, immr, false, w)
	if err != nil {
		return err
	}
	src := c.X(n, w)
	R, S := int(immr), int(imms)
	switch opc {
	case 1: // BFM
		dst := c.X(d, w)
		bot := dst&^wmask | ror(src, R, w)&wmask
		return c.setX(d, dst&^tmask|bot&tmask, w)
	case 0: // SBFM
		bot := ror(src, R, w) & wmask
		top := uint64(0)
		if src>>uint(S)&1 == 1 {
			top = mask(w)
		}
		return c.setX(d, top&^tmask|bot&tmask, w)
	}
	bot := ror(src, R, w) & wmask // UBFM
	return c.setX(d, bot&tmask, w)
}

// refLoadStore executes the single-register loads and stores.
func refLoadStore(c *cpu, e uint32, n, t int) error {
	size, opc := bitsOf(e, 31, 30), bitsOf(e, 23, 22)
	nb := 1 << size
	var load, signed bool
	regw := 64
	switch {
	case opc == 0:
	case opc == 1:
		load = true
	case size == 3 && opc == 2:
		// A prefetch: no architectural effect. Its forms are the unsigned
		// and register offsets and the unscaled one; with write-back it
		// is unallocated.
		if e&0x3F000000 != 0x39000000 && e&0x3F200C00 != 0x38200800 && bitsOf(e, 11, 10) != 0 {
			return errReserved
		}
		return nil
	case size == 3:
		return errReserved
	case opc == 2:
		load, signed = true, true
	case size == 2:
		return errReserved
	default:
		load, signed, regw = true, true, 32
	}
	var addr, wbAddr uint64
	wback := false
	switch {
	case e&0x3F000000 == 0x39000000:
		addr = c.XSP(n, 64) + bitsOf(e, 21, 10)*uint64(nb)
	case e&0x3F200C00 == 0x38200800:
		option := bitsOf(e, 15, 13)
		if option&2 == 0 {
			return errReserved
		}
		sh := 0
		if e>>12&1 == 1 {
			sh = int(size)
		}
		addr = c.XSP(n, 64) + extendReg(c.X(int(e>>16&31), 64), option, sh, 64)
	default:
		off := signExtend(bitsOf(e, 20, 12), 9)
		mode := bitsOf(e, 11, 10)
		addr = c.XSP(n, 64) + off
		if mode != 0 {
			if n == t && n != 31 {
				return errReserved
			}
			wback, wbAddr = true, addr
			if mode == 1 {
				addr = c.XSP(n, 64)
			}
		}
	}
	if n == 31 {
		c.spBase = true
	}
	if load {
		v, err := c.read(addr, nb)
		if err != nil {
			return err
		}
		if signed {
			v = signExtend(v, 8*nb)
		}
		if err := c.setX(t, v, regw); err != nil {
			return err
		}
	} else if err := c.write(addr, c.X(t, 64), nb); err != nil {
		return err
	}
	if wback {
		return c.setXSP(n, wbAddr, 64)
	}
	return nil
}

// refPair executes the load and store pair instructions.
func refPair(c *cpu, e uint32, n, t, t2 int) error {
	opc, mode, load := bitsOf(e, 31, 30), bitsOf(e, 24, 23), e>>22&1 == 1
	nb, signed := 4, false
	switch {
	case opc == 3, opc == 1 && (!load || mode == 0):
		return errReserved
	case opc == 2:
		nb = 8
	case opc == 1:
		signed = true
	}
	wback := mode == 1 || mode == 3
	if load && t == t2 || wback && n != 31 && (n == t || n == t2) {
		return errReserved
	}
	off := signExtend(bitsOf(e, 21, 15), 7) * uint64(nb)
	addr := c.XSP(n, 64)
	if mode != 1 {
		addr += off
	}
	if n == 31 {
		c.spBase = true
	}
	if load {
		v1, err := c.read(addr, nb)
		if err != nil {
			return err
		}
		v2, err := c.read(addr+uint64(nb), nb)
		if err != nil {
			return err
		}
		if signed {
			v1, v2 = signExtend(v1, 32), signExtend(v2, 32)
		}
		if err := c.setX(t, v1, 64); err != nil {
			return err
		}
		if err := c.setX(t2, v2, 64); err != nil {
			return err
		}
	} else {
		v1, v2 := c.X(t, 64), c.X(t2, 64)
		if err := c.write(addr, v1, nb); err != nil {
			return err
		}
		if err := c.write(addr+uint64(nb), v2, nb); err != nil {
			return err
		}
	}
	if wback {
		return c.setXSP(n, c.XSP(n, 64)+off, 64)
	}
	return nil
}
