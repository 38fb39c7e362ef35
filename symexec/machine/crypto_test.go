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
