package machine

import (
	"testing"

	"vg.dev/symexec/term"
)

// TestAESTables checks the computed S-boxes against FIPS 197's table
// (Figure 7) at a few entries, and that they are inverses.
func TestAESTables(t *testing.T) {
	for in, out := range map[byte]byte{0x00: 0x63, 0x01: 0x7c, 0x53: 0xed, 0xff: 0x16, 0x9a: 0xb8, 0x10: 0xca} {
		if AESSbox[in] != out {
			t.Errorf("S(%#02x) = %#02x, want %#02x", in, AESSbox[in], out)
		}
	}
	for i := 0; i < 256; i++ {
		if AESInvSbox[AESSbox[i]] != byte(i) {
			t.Fatalf("InvS(S(%#02x)) = %#02x", i, AESInvSbox[AESSbox[i]])
		}
	}
}

// TestClmul checks the carry-less product against a loop on integers.
func TestClmul(t *testing.T) {
	b := term.NewBuilder()
	x, y := b.Var("x", 64), b.Var("y", 64)
	p := Clmul(b, x, y)
	for _, c := range [][2]uint64{{0, 0}, {1, 1}, {3, 3}, {0x87, 1 << 63}, {^uint64(0), ^uint64(0)}, {0x123456789abcdef, 0xfedcba987654321}} {
		var lo, hi uint64
		for i := 0; i < 64; i++ {
			if c[1]>>uint(i)&1 == 1 {
				lo ^= c[0] << uint(i)
				if i > 0 {
					hi ^= c[0] >> uint(64-i)
				}
			}
		}
		v, err := term.NewEvaluator(term.MapEnv(map[*term.Term]term.Value{x: term.U64(c[0], 64), y: term.U64(c[1], 64)})).Eval(p)
		if err != nil {
			t.Fatal(err)
		}
		if v[0] != lo || v[1] != hi {
			t.Errorf("clmul(%#x, %#x) = %#x:%#x, want %#x:%#x", c[0], c[1], v[1], v[0], hi, lo)
		}
	}
}

// TestMixColumns checks MixColumns, as lookups, on the column of FIPS
// 197's worked example and its common test columns, and that the inverse
// undoes it on random states.
func TestMixColumns(t *testing.T) {
	b := term.NewBuilder()
	eval := func(s []*term.Term) []byte {
		out := make([]byte, len(s))
		for i, x := range s {
			k, ok := x.Uint64()
			if !ok {
				t.Fatalf("byte %d is no constant: %s", i, x)
			}
			out[i] = byte(k)
		}
		return out
	}
	consts := func(bs []byte) []*term.Term {
		s := make([]*term.Term, len(bs))
		for i, v := range bs {
			s[i] = b.Uint(uint64(v), 8)
		}
		return s
	}
	for in, want := range map[[4]byte][4]byte{
		{0xd4, 0xbf, 0x5d, 0x30}: {0x04, 0x66, 0x81, 0xe5}, // FIPS 197, Appendix B, round 1
		{0xdb, 0x13, 0x53, 0x45}: {0x8e, 0x4d, 0xa1, 0xbc},
		{0xf2, 0x0a, 0x22, 0x5c}: {0x9f, 0xdc, 0x58, 0x9d},
		{0x01, 0x01, 0x01, 0x01}: {0x01, 0x01, 0x01, 0x01},
		{0xc6, 0xc6, 0xc6, 0xc6}: {0xc6, 0xc6, 0xc6, 0xc6},
	} {
		s := append(append([]byte(nil), in[:]...), make([]byte, 12)...)
		got := eval(MixColumns(b, consts(s), false))
		if [4]byte(got[:4]) != want {
			t.Errorf("MixColumns(%x) = %x, want %x", in, got[:4], want)
		}
	}
	// On variables: the inverse of MixColumns, evaluated.
	vars := make([]*term.Term, 16)
	for i := range vars {
		vars[i] = b.Var(string(rune('a'+i)), 8)
	}
	round := MixColumns(b, MixColumns(b, vars, false), true)
	for seed := uint64(1); seed < 200; seed++ {
		env := map[*term.Term]term.Value{}
		for i, v := range vars {
			env[v] = term.U64(seed*0x9e3779b97f4a7c15>>uint(i*3), 8)
		}
		e := term.NewEvaluator(term.MapEnv(env))
		for i, x := range round {
			got, err := e.Eval(x)
			if err != nil {
				t.Fatal(err)
			}
			if got != env[vars[i]] {
				t.Fatalf("InvMixColumns(MixColumns(s)) byte %d = %#x, want %#x", i, got.Uint64(), env[vars[i]].Uint64())
			}
		}
	}
}
