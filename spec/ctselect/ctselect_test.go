package ctselect

import (
	"math/rand/v2"
	"testing"
	"unsafe"
)

// The spec is checked against a loop that copies word by word, sharing no
// code with it.

func randomTable(r *rand.Rand) *Table {
	t := new(Table)
	for j := range t {
		for w := range t[j] {
			t[j][w] = r.Uint64()
		}
	}
	return t
}

// loopSelect copies entry i of t word by word.
func loopSelect(t *Table, i uint64) Entry {
	var e Entry
	for j := uint64(0); j < 16; j++ {
		if j != i {
			continue
		}
		for w := 0; w < 16; w++ {
			e[w] = t[j][w]
		}
	}
	return e
}

func TestSelect(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 200 {
		tab := randomTable(r)
		for i := uint64(0); i < 16; i++ {
			out := Entry{1, 2, 3} // overwritten entirely
			Select(&out, tab, i)
			if want := loopSelect(tab, i); out != want {
				t.Fatalf("Select(t, %d) = %x, want %x", i, out, want)
			}
		}
	}
}

func TestSelectDistinctEntries(t *testing.T) {
	// Entries that differ in every word tell which entry was copied.
	var tab Table
	for j := range tab {
		for w := range tab[j] {
			tab[j][w] = uint64(j)<<32 | uint64(w)
		}
	}
	for i := uint64(0); i < 16; i++ {
		var out Entry
		Select(&out, &tab, i)
		for w, v := range out {
			if v != i<<32|uint64(w) {
				t.Fatalf("Select(t, %d)[%d] = %#x, want %#x", i, w, v, i<<32|uint64(w))
			}
		}
	}
}

func TestInRange(t *testing.T) {
	var out Entry
	var tab Table
	for _, c := range []struct {
		i    uint64
		want bool
	}{{0, true}, {15, true}, {16, false}, {17, false}, {1 << 63, false}, {^uint64(0), false}} {
		if got := InRange(&out, &tab, c.i); got != c.want {
			t.Errorf("InRange(%d) = %v, want %v", c.i, got, c.want)
		}
	}
}

func TestSelectPanicsOutOfRange(t *testing.T) {
	for _, i := range []uint64{16, 1 << 40, ^uint64(0)} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("Select(t, %d) did not panic", i)
				}
			}()
			var out Entry
			var tab Table
			Select(&out, &tab, i)
		}()
	}
}

func TestSizes(t *testing.T) {
	// The kernels address entry j, word w at byte 128·j + 8·w.
	if n := unsafe.Sizeof(Entry{}); n != 128 {
		t.Errorf("Entry is %d bytes, want 128", n)
	}
	if n := unsafe.Sizeof(Table{}); n != 2048 {
		t.Errorf("Table is %d bytes, want 2048", n)
	}
}
