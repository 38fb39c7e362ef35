package mem

import (
	"errors"
	"math"
	"slices"
	"testing"

	"vg.dev/symexec/term"
)

func TestLoadStoreResolve(t *testing.T) {
	b := term.NewBuilder()
	m := New(b)
	a := m.Add(&Region{Name: "a", Kind: Input, Size: 40, Writable: true})
	ro := m.Add(&Region{Name: "tbl", Kind: ReadOnly, Size: 4, Data: []byte{1, 2, 3, 4}, Addr: 0x1000})

	// An untouched aligned word is the region's initial variable itself.
	w, err := m.Load(a, 8, 8)
	if err != nil || w != InitWord(b, a, 8) {
		t.Fatalf("load a+8 = %v, %v; want a@8", w, err)
	}
	// A store then a load of the same bytes gives the stored term back.
	x := b.Var("x", 64)
	if err := m.Store(a, 16, x); err != nil {
		t.Fatal(err)
	}
	if got, _ := m.Load(a, 16, 8); got != x {
		t.Errorf("load after store = %v", got)
	}
	if got, _ := m.Load(a, 20, 4); got != b.Extract(x, 63, 32) {
		t.Errorf("partial load = %v", got)
	}
	// Addresses resolve through the region base.
	r, off, err := m.ConstOffset(b.Add(a.Base, b.Uint(24, 64)))
	if err != nil || r != a || off != 24 {
		t.Errorf("resolve a+24 = %v %d %v", r, off, err)
	}
	r, off, err = m.ConstOffset(b.Uint(0x1002, 64))
	if err != nil || r != ro || off != 2 {
		t.Errorf("resolve 0x1002 = %v %d %v", r, off, err)
	}
	if a, ok := m.AddressOf(0x1003); !ok || a != b.Add(ro.Base, b.Uint(3, 64)) {
		t.Errorf("AddressOf(0x1003) = %v", a)
	}
	if v, _ := m.Load(ro, 0, 4); v != b.Uint(0x04030201, 32) {
		t.Errorf("rodata load = %v", v)
	}
	// Errors.
	tests := []struct {
		name string
		err  error
		want error
	}{
		{"out of bounds", m.Store(a, 36, x), ErrOutOfBounds},
		{"read only", m.Store(ro, 0, b.Uint(0, 8)), ErrReadOnly},
		{"no region", errOf(m.Resolve(b.Var("p", 64))), ErrNoRegion},
		{"symbolic offset", errOf(m.ConstOffset(b.Add(a.Base, b.Var("i", 64)))), ErrSymbolicIndex},
		{"scaled base", errOf(m.Resolve(b.Mul(b.Uint(2, 64), a.Base))), ErrNoRegion},
	}
	for _, tt := range tests {
		if !errors.Is(tt.err, tt.want) {
			t.Errorf("%s: got %v, want %v", tt.name, tt.err, tt.want)
		}
	}
	// Clones do not share contents.
	c := m.Clone()
	_ = c.Store(a, 0, b.Uint(7, 64))
	if got, _ := m.Load(a, 0, 8); got != InitWord(b, a, 0) {
		t.Errorf("clone store leaked into original: %v", got)
	}
}

// errOf keeps the error of a three-result call.
func errOf[A, B any](_ A, _ B, err error) error { return err }

func TestDifferSharesChunks(t *testing.T) {
	b := term.NewBuilder()
	m := New(b)
	r := m.Add(&Region{Name: "p", Kind: Input, Size: 1024, Writable: true})
	for off := int64(0); off < 1024; off += 8 {
		_ = m.Store(r, off, b.Uint(uint64(off), 64))
	}
	x, y := m.Clone(), m.Clone()
	if d := Differ(x, y, r); len(d) != 0 {
		t.Errorf("fresh clones differ at %v", d)
	}
	_ = x.Store(r, 200, b.Var("v", 64))
	d := Differ(x, y, r)
	// Only the chunk holding bytes 192..255 is compared.
	if len(d) != 64 || d[0] != 192 || d[63] != 255 {
		t.Errorf("Differ = %d offsets from %v", len(d), d[:min(len(d), 3)])
	}
	if got, _ := y.Load(r, 200, 8); got != b.Uint(200, 64) {
		t.Errorf("store to one clone changed the other: %v", got)
	}
	if got, _ := m.Load(r, 200, 8); got != b.Uint(200, 64) {
		t.Errorf("store to a clone changed the original: %v", got)
	}
	_ = m.Store(r, 8, b.Var("w", 64))
	if got, _ := x.Load(r, 8, 8); got != b.Uint(8, 64) {
		t.Errorf("store to the original changed a clone: %v", got)
	}
}

// TestSameContents: memories compare by the term in each byte, whatever
// chunks they share.
func TestSameContents(t *testing.T) {
	b := term.NewBuilder()
	m := New(b)
	r := m.Add(&Region{Name: "r", Kind: Input, Size: 256, Writable: true})
	x, y := b.Var("x", 64), b.Var("y", 64)
	if err := m.Store(r, 64, x); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name  string
		store func(c *Memory) error
		same  bool
		diffs []int64 // the offsets Differences lists
	}{
		{"untouched clone", func(*Memory) error { return nil }, true, nil},
		{"the same word again", func(c *Memory) error { return c.Store(r, 64, x) }, true, nil},
		{"another word", func(c *Memory) error { return c.Store(r, 64, y) }, false, []int64{64, 65, 66, 67, 68, 69, 70, 71}},
		{"one byte of the word", func(c *Memory) error { return c.Store(r, 66, b.Var("z", 8)) }, false, []int64{66}},
		{"a new chunk", func(c *Memory) error { return c.Store(r, 192, x) }, false, []int64{192, 193, 194, 195, 196, 197, 198, 199}},
		{"the initial content written back", func(c *Memory) error { return c.Store(r, 0, InitWord(b, r, 0)) }, true, nil},
	} {
		c := m.Clone()
		if err := tt.store(c); err != nil {
			t.Fatal(err)
		}
		if got := m.SameContents(c); got != tt.same {
			t.Errorf("%s: same %v, want %v", tt.name, got, tt.same)
		}
		if got := c.SameContents(m); got != tt.same {
			t.Errorf("%s (reversed): same %v, want %v", tt.name, got, tt.same)
		}
		locs, ok := m.Differences(c)
		var offs []int64
		for _, l := range locs {
			if l.Region != r {
				t.Errorf("%s: a difference in %s", tt.name, l.Region.Name)
			}
			offs = append(offs, l.Off)
		}
		slices.Sort(offs)
		if !ok || !slices.Equal(offs, tt.diffs) {
			t.Errorf("%s: Differences = %v (ok %v), want %v", tt.name, offs, ok, tt.diffs)
		}
	}
}

// TestBoundsNoWrap: an access whose end would pass 2⁶³ is out of bounds
// (off+n wrapped negative and passed the check once).
func TestBoundsNoWrap(t *testing.T) {
	b := term.NewBuilder()
	m := New(b)
	r := m.Add(&Region{Name: "p", Kind: Input, Size: 64, Writable: true})
	for _, off := range []int64{math.MaxInt64 - 2, math.MaxInt64 - 7, math.MaxInt64, 57, -1} {
		if err := m.Store(r, off, b.Uint(1, 64)); !errors.Is(err, ErrOutOfBounds) {
			t.Errorf("store of 8 bytes at %d: %v", off, err)
		}
		if _, err := m.Load(r, off, 8); !errors.Is(err, ErrOutOfBounds) {
			t.Errorf("load of 8 bytes at %d: %v", off, err)
		}
	}
	if err := m.Store(r, 56, b.Uint(1, 64)); err != nil {
		t.Errorf("store of the last word: %v", err)
	}
}
