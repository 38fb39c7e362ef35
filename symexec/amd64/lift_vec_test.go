package amd64

import (
	"encoding/binary"
	"fmt"
	"math/rand"

	"golang.org/x/arch/x86/x86asm"

	"vg.dev/symexec/mem"
	"vg.dev/symexec/term"
)

// vecState is a concrete machine state for the vector tests.
type vecState struct {
	z           [32][8]uint64
	k           [8]uint64
	gpr         [16]uint64
	mem         [320]byte
	base, index int    // the registers memory operands use
	memAddr     uint64 // the address of mem (the base register holds memAddr+128)
}

// vecResult is the state after an instruction.
type vecResult struct {
	z     [32][8]uint64
	k     [8]uint64
	gpr   [16]uint64
	mem   [320]byte
	flags [nflags]int8 // undef for the flags the instruction did not define
}

// laneWord is a random 64-bit word biased towards lane edge values.
// vecMemBase is the offset in vecMem of the base register's value.
const vecMemBase = 128

func laneWord(rng *rand.Rand) uint64 {
	e32 := []uint64{0, 1, 2, 0x7fff, 0x8000, 0xffff, 0x7fffffff, 0x80000000, 0xfffffffe, 0xffffffff, 0xfffff, 0x3ffffff}
	e16 := []uint64{0, 1, 0x7f, 0x80, 0xff, 0x7fff, 0x8000, 0xfffe, 0xffff}
	e52 := []uint64{1<<52 - 1, 1 << 51, 1 << 52, 1<<52 + 1, 0xfff0000000000000, 1<<63 | 1<<52 - 1}
	switch rng.Intn(10) {
	case 0, 1, 2, 3:
		return rng.Uint64()
	case 4, 5:
		return edges[rng.Intn(len(edges))]
	case 6, 7:
		return e32[rng.Intn(len(e32))]<<32 | e32[rng.Intn(len(e32))]
	case 8:
		var w uint64
		for i := 0; i < 4; i++ {
			w = w<<16 | e16[rng.Intn(len(e16))]
		}
		return w
	}
	if rng.Intn(2) == 0 {
		return e52[rng.Intn(len(e52))]
	}
	return rng.Uint64() & (1<<52 - 1)
}

// randVecState makes a random state whose memory operands go through base
// and index (value 0 or 8), with the buffer at memAddr.
func randVecState(rng *rand.Rand, memAddr uint64) vecState {
	st := vecState{memAddr: memAddr}
	for i := range st.z {
		for j := range st.z[i] {
			st.z[i][j] = laneWord(rng)
		}
		if rng.Intn(4) == 0 {
			st.z[i][0] = uint64(rng.Intn(70)) // a shift count
		}
	}
	for i := range st.k {
		switch rng.Intn(4) {
		case 0:
			st.k[i] = ^uint64(0)
		case 1:
			st.k[i] = 0
		default:
			st.k[i] = rng.Uint64()
		}
	}
	for r := range st.gpr {
		st.gpr[r] = laneWord(rng)
	}
	for i := 0; i < len(st.mem); i += 8 {
		binary.LittleEndian.PutUint64(st.mem[i:], laneWord(rng))
	}
	for {
		st.base, st.index = rng.Intn(16), rng.Intn(16)
		if st.base != RSP && st.index != RSP && st.base != st.index {
			break
		}
	}
	st.gpr[st.base] = memAddr + vecMemBase
	st.gpr[st.index] = uint64(8 * rng.Intn(2))
	return st
}

// liftVec executes the instruction code on st, with the initial state as
// constants or (symbolic) as the entry variables bound to st, and
// evaluates the result.
func liftVec(st vecState, code []byte, symbolic bool) (vecResult, error) {
	var res vecResult
	x, err := decodeVec(code)
	if err != nil {
		return res, err
	}
	b := term.NewBuilder()
	m := mem.New(b)
	// The buffer is as aligned as its address is (the aligned moves and
	// legacy-SSE operands need 16 bytes).
	align := int64(st.memAddr & -st.memAddr)
	if align == 0 || align > 4096 {
		align = 4096
	}
	reg := &mem.Region{Name: "buf", Kind: mem.Input, Size: int64(len(st.mem)), Writable: true, Align: align}
	if !symbolic {
		reg.Data = append([]byte(nil), st.mem[:]...)
	}
	buf := m.Add(reg)
	env := map[*term.Term]term.Value{buf.Base: term.U64(st.memAddr, 64)}
	r := &runner{cfg: Config{B: b, Mem: m, MaxPaths: 64, MaxSteps: 1000}, b: b, funcs: map[string]*function{}}
	s := &state{r: r, b: b, mem: m, cond: b.Bool(true), fn: &function{name: "test"}}
	for i, v := range st.gpr {
		if symbolic {
			s.regs[i] = b.Var("entry."+RegNames[i], 64)
			env[s.regs[i]] = term.U64(v, 64)
		} else {
			s.regs[i] = b.Uint(v, 64)
		}
	}
	s.regs[st.base] = b.Add(buf.Base, b.Uint(vecMemBase, 64))
	s.regs[st.index] = b.Uint(st.gpr[st.index], 64)
	for i, z := range st.z {
		if symbolic {
			env[s.vreg(i)] = term.Value(z)
		} else {
			s.vregs[i] = b.Const(term.Value(z), 512)
		}
	}
	for i, k := range st.k {
		if symbolic {
			env[s.kreg(i)] = term.U64(k, 64)
		} else {
			s.kregs[i] = b.Uint(k, 64)
		}
	}
	if symbolic {
		for off := int64(0); off < buf.Size; off += 8 {
			env[mem.InitWord(b, buf, off)] = term.U64(binary.LittleEndian.Uint64(st.mem[off:]), 64)
		}
	}
	in := Inst{PC: 0x1000, Len: len(code), Bytes: code, File: "test.s", Line: 1, X86: &x}
	pad := Inst{PC: in.PC + uint64(in.Len), Len: 1, Bytes: []byte{0xCC}, X86: &x86asm.Inst{Op: x86asm.INT, Args: x86asm.Args{x86asm.Imm(3)}, Len: 1}}
	s.fn = &function{name: "test", insts: []Inst{in, pad}}
	s.idx = 0
	if err := r.step(s); err != nil {
		return res, err
	}
	ev := term.NewEvaluator(term.MapEnv(env))
	val := func(t *term.Term) (term.Value, error) {
		v, err := ev.Eval(t)
		if err != nil {
			return v, fmt.Errorf("evaluating the result: %v", err)
		}
		return v, nil
	}
	for i := range res.z {
		v, err := val(s.vreg(i))
		if err != nil {
			return res, err
		}
		res.z[i] = v
	}
	for i := range res.k {
		v, err := val(s.kreg(i))
		if err != nil {
			return res, err
		}
		res.k[i] = v.Uint64()
	}
	for i := range res.gpr {
		v, err := val(s.regs[i])
		if err != nil {
			return res, err
		}
		res.gpr[i] = v.Uint64()
	}
	for f := range res.flags {
		res.flags[f] = undef
		if fl := s.flags[f]; fl.v != nil || fl.lz != nil {
			t, err := s.getFlag(f)
			if err != nil {
				return res, err
			}
			v, err := val(t)
			if err != nil {
				return res, err
			}
			res.flags[f] = int8(v.Uint64())
		}
	}
	res.mem = st.mem
	for _, off := range m.Written(buf) {
		v, err := val(m.Byte(buf, off))
		if err != nil {
			return res, err
		}
		res.mem[off] = byte(v.Uint64())
	}
	return res, nil
}
