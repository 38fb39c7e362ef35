package amd64

import (
	"golang.org/x/arch/x86/x86asm"

	"vg.dev/symexec/machine"
	"vg.dev/symexec/term"
)

// The cryptographic extensions: AES-NI (AESENC, AESENCLAST, AESDEC,
// AESDECLAST, AESIMC, AESKEYGENASSIST, and VEX.128 VAES*), carry-less
// multiplication (PCLMULQDQ, VPCLMULQDQ) and SHA-NI (SHA1RNDS4, SHA1NEXTE,
// SHA1MSG1, SHA1MSG2, SHA256RNDS2, SHA256MSG1, SHA256MSG2), as the SDM's
// operation sections define them, from the blocks both lifters share
// (symexec/machine/crypto.go: the S-boxes are multiplexers over their 256
// constants, so a secret byte is no secret address).

func init() {
	aes := []struct {
		sse, vex x86asm.Op
		opc      string
		f        func(b *term.Builder, state []*term.Term) []*term.Term
	}{
		{x86asm.AESENC, x86asm.VAESENC, "DC", func(b *term.Builder, s []*term.Term) []*term.Term {
			return machine.MixColumns(b, machine.SubBytes(b, machine.ShiftRows(s, false), false), false)
		}},
		{x86asm.AESENCLAST, x86asm.VAESENCLAST, "DD", func(b *term.Builder, s []*term.Term) []*term.Term {
			return machine.SubBytes(b, machine.ShiftRows(s, false), false)
		}},
		{x86asm.AESDEC, x86asm.VAESDEC, "DE", func(b *term.Builder, s []*term.Term) []*term.Term {
			return machine.MixColumns(b, machine.SubBytes(b, machine.ShiftRows(s, true), true), true)
		}},
		{x86asm.AESDECLAST, x86asm.VAESDECLAST, "DF", func(b *term.Builder, s []*term.Term) []*term.Term {
			return machine.SubBytes(b, machine.ShiftRows(s, true), true)
		}},
	}
	for _, o := range aes {
		f := vaesRound(o.f)
		registerVec(f, o.sse, "66.0F38 "+o.opc+" /r V,W")
		registerVec(f, o.vex, "VEX.128.66.0F38.WIG "+o.opc+" /r V,H,W")
	}
	registerVec(vaesimc, x86asm.AESIMC, "66.0F38 DB /r V,W")
	registerVec(vaesimc, x86asm.VAESIMC, "VEX.128.66.0F38.WIG DB /r V,W")
	registerVec(vaeskeygen, x86asm.AESKEYGENASSIST, "66.0F3A DF /r ib V,W,I")
	registerVec(vaeskeygen, x86asm.VAESKEYGENASSIST, "VEX.128.66.0F3A.WIG DF /r ib V,W,I")

	registerVec(vpclmulqdq, x86asm.PCLMULQDQ, "66.0F3A 44 /r ib V,W,I")
	registerVec(vpclmulqdq, x86asm.VPCLMULQDQ, "VEX.128|256.66.0F3A.WIG 44 /r ib V,H,W,I")

	registerVec(sha1rnds4, x86asm.SHA1RNDS4, "NP.0F3A CC /r ib V,W,I")
	registerVec(sha1nexte, x86asm.SHA1NEXTE, "NP.0F38 C8 /r V,W")
	registerVec(sha1msg1, x86asm.SHA1MSG1, "NP.0F38 C9 /r V,W")
	registerVec(sha1msg2, x86asm.SHA1MSG2, "NP.0F38 CA /r V,W")
	registerVec(sha256rnds2, x86asm.SHA256RNDS2, "NP.0F38 CB /r V,W,X")
	registerVec(sha256msg1, x86asm.SHA256MSG1, "NP.0F38 CC /r V,W")
	registerVec(sha256msg2, x86asm.SHA256MSG2, "NP.0F38 CD /r V,W")
}

// vaesRound: (V)AESENC, AESENCLAST, AESDEC, AESDECLAST: the round f on the
// state (the first source), then the round key (the second) XORed in.
func vaesRound(f func(b *term.Builder, state []*term.Term) []*term.Term) vecSemFunc {
	return func(v *vinst) error {
		s, key, err := v.binary(8)
		if err != nil {
			return err
		}
		r := f(v.b, s)
		for i := range r {
			r[i] = v.b.Xor(r[i], key[i])
		}
		return v.write(0, v.join(r))
	}
}

// vaesimc: (V)AESIMC is InvMixColumns of the source.
func vaesimc(v *vinst) error {
	x, err := v.readLanes(1, 8)
	if err != nil {
		return err
	}
	return v.write(0, v.join(machine.MixColumns(v.b, x, true)))
}

// vaeskeygen: (V)AESKEYGENASSIST: dwords SubWord(X1), RotWord(SubWord(X1))
// ⊕ RCON, SubWord(X3), RotWord(SubWord(X3)) ⊕ RCON of the source's dwords
// X0..X3, RCON the immediate; RotWord rotates right by 8 bits.
func vaeskeygen(v *vinst) error {
	x, err := v.readLanes(1, 8)
	if err != nil {
		return err
	}
	b := v.b
	rcon := b.Uint(uint64(v.imm()), 32)
	sub := func(d int) *term.Term {
		parts := make([]*term.Term, 4)
		for i := 0; i < 4; i++ {
			parts[3-i] = machine.Sbox(b, &machine.AESSbox, x[4*d+i])
		}
		return b.Concat(parts...)
	}
	s1, s3 := sub(1), sub(3)
	out := []*term.Term{s1, b.Xor(b.RotR(s1, 8), rcon), s3, b.Xor(b.RotR(s3, 8), rcon)}
	return v.write(0, v.join(out))
}

// vpclmulqdq: (V)PCLMULQDQ multiplies, in each 128-bit lane, the qword of
// the first source selected by imm[0] by the qword of the second selected
// by imm[4], carry-less.
func vpclmulqdq(v *vinst) error {
	x, y, err := v.binary(64)
	if err != nil {
		return err
	}
	k := v.imm()
	var out []*term.Term
	for base := 0; base < len(x); base += 2 {
		out = append(out, machine.Clmul(v.b, x[base+k&1], y[base+k>>4&1]))
	}
	return v.write(0, v.join(out))
}

// The SHA extensions name dwords from the most significant: A is bits
// 127..96. dw returns the four dwords of a source A, B, C, D first.
func (v *vinst) dw(i int) ([4]*term.Term, error) {
	var out [4]*term.Term
	x, err := v.readLanes(i, 32)
	if err != nil {
		return out, err
	}
	for j := 0; j < 4; j++ {
		out[j] = x[3-j]
	}
	return out, nil
}

// putDW writes four dwords given most significant first.
func (v *vinst) putDW(d [4]*term.Term) error {
	return v.write(0, v.join([]*term.Term{d[3], d[2], d[1], d[0]}))
}

// sha1rnds4: four SHA-1 rounds on A, B, C, D (the first source) with the
// message dwords plus E (the second), f and K chosen by imm[1:0].
func sha1rnds4(v *vinst) error {
	s1, err := v.dw(0)
	if err != nil {
		return err
	}
	w, err := v.dw(1)
	if err != nil {
		return err
	}
	b := v.b
	fk := v.imm() & 3
	k := b.Uint([]uint64{0x5A827999, 0x6ED9EBA1, 0x8F1BBCDC, 0xCA62C1D6}[fk], 32)
	f := func(x, y, z *term.Term) *term.Term {
		switch fk {
		case 0:
			return b.Xor(b.And(x, y), b.And(b.Not(x), z))
		case 2:
			return b.Xor(b.And(x, y), b.And(x, z), b.And(y, z))
		}
		return b.Xor(x, y, z)
	}
	a, bb, c, d := s1[0], s1[1], s1[2], s1[3]
	var e *term.Term
	for i := 0; i < 4; i++ {
		na := b.AddN(f(bb, c, d), b.RotL(a, 5), w[i], k)
		if i > 0 {
			na = b.Add(na, e)
		}
		a, bb, c, d, e = na, a, b.RotL(bb, 30), c, d
	}
	return v.putDW([4]*term.Term{a, bb, c, d})
}

// sha1nexte: A of the second source plus the first's A rotated left by
// 30; B, C, D of the second.
func sha1nexte(v *vinst) error {
	s1, err := v.dw(0)
	if err != nil {
		return err
	}
	s2, err := v.dw(1)
	if err != nil {
		return err
	}
	s2[0] = v.b.Add(s2[0], v.b.RotL(s1[0], 30))
	return v.putDW(s2)
}

// sha1msg1: W2⊕W0, W3⊕W1, W4⊕W2, W5⊕W3 of W0..W3 (the first source) and
// W4, W5 (the second's A and B).
func sha1msg1(v *vinst) error {
	s1, err := v.dw(0)
	if err != nil {
		return err
	}
	s2, err := v.dw(1)
	if err != nil {
		return err
	}
	b := v.b
	return v.putDW([4]*term.Term{b.Xor(s1[2], s1[0]), b.Xor(s1[3], s1[1]), b.Xor(s2[0], s1[2]), b.Xor(s2[1], s1[3])})
}

// sha1msg2: W16..W19 from the first source and W13..W15 (the second's B,
// C, D), each (x ⊕ w) rotated left by 1, W19 from W16.
func sha1msg2(v *vinst) error {
	s1, err := v.dw(0)
	if err != nil {
		return err
	}
	s2, err := v.dw(1)
	if err != nil {
		return err
	}
	b := v.b
	w16 := b.RotL(b.Xor(s1[0], s2[1]), 1)
	w17 := b.RotL(b.Xor(s1[1], s2[2]), 1)
	w18 := b.RotL(b.Xor(s1[2], s2[3]), 1)
	w19 := b.RotL(b.Xor(s1[3], w16), 1)
	return v.putDW([4]*term.Term{w16, w17, w18, w19})
}

// sha256rnds2: two SHA-256 rounds; the second source holds A, B, E, F,
// the first C, D, G, H, and XMM0 the two words W+K; the result is A, B,
// E, F after them.
func sha256rnds2(v *vinst) error {
	s1, err := v.dw(0)
	if err != nil {
		return err
	}
	s2, err := v.dw(1)
	if err != nil {
		return err
	}
	wk, err := v.readLanes(2, 32)
	if err != nil {
		return err
	}
	b := v.b
	a, bb, c, d := s2[0], s2[1], s1[0], s1[1]
	e, f, g, h := s2[2], s2[3], s1[2], s1[3]
	for i := 0; i < 2; i++ {
		ch := b.Xor(b.And(e, f), b.And(b.Not(e), g))
		maj := b.Xor(b.And(a, bb), b.And(a, c), b.And(bb, c))
		sum0 := b.Xor(b.RotR(a, 2), b.RotR(a, 13), b.RotR(a, 22))
		sum1 := b.Xor(b.RotR(e, 6), b.RotR(e, 11), b.RotR(e, 25))
		t := b.AddN(ch, sum1, wk[i], h)
		a, bb, c, d, e, f, g, h = b.AddN(t, maj, sum0), a, bb, c, b.Add(t, d), e, f, g
	}
	return v.putDW([4]*term.Term{a, bb, e, f})
}

// sha256msg1: W0..W3 (the first source, W0 least significant) plus σ0 of
// W1..W4 (W4 the second's least significant dword).
func sha256msg1(v *vinst) error {
	x, err := v.readLanes(0, 32)
	if err != nil {
		return err
	}
	y, err := v.readLanes(1, 32)
	if err != nil {
		return err
	}
	b := v.b
	s0 := func(w *term.Term) *term.Term { return b.Xor(b.RotR(w, 7), b.RotR(w, 18), b.LshrC(w, 3)) }
	w := []*term.Term{x[0], x[1], x[2], x[3], y[0]}
	out := make([]*term.Term, 4)
	for i := range out {
		out[i] = b.Add(w[i], s0(w[i+1]))
	}
	return v.write(0, v.join(out))
}

// sha256msg2: W16..W19 from the first source plus σ1 of W14, W15 (the
// second's two high dwords), W16 and W17.
func sha256msg2(v *vinst) error {
	x, err := v.readLanes(0, 32)
	if err != nil {
		return err
	}
	y, err := v.readLanes(1, 32)
	if err != nil {
		return err
	}
	b := v.b
	s1 := func(w *term.Term) *term.Term { return b.Xor(b.RotR(w, 17), b.RotR(w, 19), b.LshrC(w, 10)) }
	w16 := b.Add(x[0], s1(y[2]))
	w17 := b.Add(x[1], s1(y[3]))
	w18 := b.Add(x[2], s1(w16))
	w19 := b.Add(x[3], s1(w17))
	return v.write(0, v.join([]*term.Term{w16, w17, w18, w19}))
}
