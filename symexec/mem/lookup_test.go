package mem

import (
	"encoding/binary"
	"math/rand"
	"testing"

	"vg.dev/symexec/term"
)

// TestLookup: a load at a byte's index from constant bytes is a lookup
// equal, at every value of the byte, to the load at that offset; offsets
// of another form, places out of bounds and bytes that are not constants
// are refused (the caller reads the places).
func TestLookup(t *testing.T) {
	b := term.NewBuilder()
	m := New(b)
	rng := rand.New(rand.NewSource(1))
	data := make([]byte, 1030)
	rng.Read(data)
	tbl := m.Add(&Region{Name: "te0", Kind: ReadOnly, Size: int64(len(data)), Data: data, Addr: 0x4000})
	in := m.Add(&Region{Name: "in", Kind: Input, Size: 1024})
	s := b.Var("s", 32)
	x := b.Extract(s, 31, 24)
	z := func(t *term.Term) *term.Term { return b.ZeroExt(t, 64) }
	accepted := []struct {
		name string
		off  *term.Term
		n    int
		at   func(k uint64) int64
	}{
		{"4·zext(x)", b.Mul(b.Uint(4, 64), z(x)), 4, func(k uint64) int64 { return int64(4 * k) }},
		{"zext(x)<<2 + 6", b.Add(b.ShlC(z(x), 2), b.Uint(6, 64)), 4, func(k uint64) int64 { return int64(4*k + 6) }},
		{"zext(s>>24&0xff)", b.And(b.LshrC(z(s), 24), b.Uint(0xff, 64)), 1, func(k uint64) int64 { return int64(k) }},
		{"8·zext(nibble)", b.Mul(b.Uint(8, 64), z(b.Extract(s, 3, 0))), 8, func(k uint64) int64 { return int64(8 * (k & 15)) }},
	}
	for _, c := range accepted {
		v, ok, err := m.Lookup(tbl, c.off, c.n)
		if err != nil || !ok || v.Op() != term.OpLUT {
			t.Errorf("%s: %v, %v, %v: want a lookup", c.name, v, ok, err)
			continue
		}
		for k := uint64(0); k < 256; k++ {
			sv := k<<24 | uint64(rng.Uint32())&0xffffff
			got, err := term.NewEvaluator(term.MapEnv(map[*term.Term]term.Value{s: term.U64(sv, 32)})).Eval(v)
			if err != nil {
				t.Fatal(err)
			}
			var buf [8]byte
			o := c.at(sv >> 24)
			if c.name == "8·zext(nibble)" {
				o = c.at(sv)
			}
			copy(buf[:], data[o:o+int64(c.n)])
			if want := binary.LittleEndian.Uint64(buf[:]); got.Uint64() != want {
				t.Fatalf("%s at s=%#x: %#x, want %#x", c.name, sv, got.Uint64(), want)
			}
		}
	}
	refused := []struct {
		name string
		r    *Region
		off  *term.Term
		n    int
	}{
		{"past the end", tbl, b.Mul(b.Uint(5, 64), z(x)), 4},
		{"two bytes", tbl, b.Add(z(x), z(b.Extract(s, 7, 0))), 1},
		{"a 16-bit index", tbl, z(b.Extract(s, 15, 0)), 1},
		{"a wide variable", tbl, b.And(z(s), b.Uint(0x3ff, 64)), 1},
		{"symbolic bytes", in, b.Mul(b.Uint(4, 64), z(x)), 4},
		{"nine bytes", tbl, z(x), 9},
	}
	for _, c := range refused {
		if v, ok, err := m.Lookup(c.r, c.off, c.n); ok || err != nil {
			t.Errorf("%s: %v, %v, %v: want refused", c.name, v, ok, err)
		}
	}
}
