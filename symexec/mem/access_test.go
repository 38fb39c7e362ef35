package mem

import (
	"testing"

	"vg.dev/symexec/term"
)

// accessOp is a load or store of n bytes at off.
type accessOp struct {
	store bool
	off   int64
	n     int
}

// TestAccessOrder checks the record an aliased run's shortcut relies on
// (access.go): per byte, a load after a store shows as LastLoad >
// FirstStore on the path that did it, through clones and merges; every
// stored byte, and only those, has a FirstStore; nothing after
// FreezeAccesses counts, and a clone's accesses are not its parent's.
func TestAccessOrder(t *testing.T) {
	for _, tt := range []struct {
		name        string
		left, right []accessOp // two paths from one clone, merged; right nil: one path
		wantAfter   [2]int64   // bytes [lo, hi) whose last load follows their first store
	}{
		{"load then store", []accessOp{{false, 0, 8}, {true, 0, 8}}, nil, [2]int64{}},
		{"store then load", []accessOp{{true, 0, 8}, {false, 0, 8}}, nil, [2]int64{0, 8}},
		{"store then load elsewhere", []accessOp{{true, 0, 8}, {false, 8, 8}}, nil, [2]int64{}},
		{"partial overlap", []accessOp{{true, 4, 4}, {false, 0, 8}}, nil, [2]int64{4, 8}},
		{"store twice, load between", []accessOp{{true, 0, 1}, {false, 0, 1}, {true, 0, 1}}, nil, [2]int64{0, 1}},
		// A load after a store on one path stays one in the merge.
		{"merge keeps the late load", []accessOp{{true, 0, 8}, {false, 0, 8}}, []accessOp{{false, 8, 8}}, [2]int64{0, 8}},
		// A load on one path and a store on the other, the store
		// first: no path saw that order, but the merge may only report
		// more such bytes, never fewer.
		{"merge across paths", []accessOp{{true, 0, 8}}, []accessOp{{false, 0, 8}}, [2]int64{0, 8}},
		{"merge across paths, load first", []accessOp{{false, 0, 8}}, []accessOp{{true, 8, 8}}, [2]int64{}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			b := term.NewBuilder()
			m := New(b)
			r := m.Add(&Region{Name: "p", Kind: Input, Size: 16, Writable: true})
			m.TrackAccesses()
			stored := map[int64]bool{}
			do := func(m *Memory, ops []accessOp) {
				for _, o := range ops {
					var err error
					if o.store {
						err = m.Store(r, o.off, b.Var("v", 8*o.n))
						for i := range int64(o.n) {
							stored[o.off+i] = true
						}
					} else {
						_, err = m.Load(r, o.off, o.n)
					}
					if err != nil {
						t.Fatal(err)
					}
				}
			}
			final := m.Clone()
			if tt.right != nil {
				x, y := m.Clone(), m.Clone()
				do(x, tt.left)
				do(y, tt.right)
				final = x.Clone()
				final.MergeAccesses(x, y)
			} else {
				do(final, tt.left)
			}
			final.FreezeAccesses()
			if _, err := final.Load(r, 0, 16); err != nil { // after the record: not in it
				t.Fatal(err)
			}
			acc := final.Accesses(r)
			for off := range int64(16) {
				a := acc[off]
				if got := a.FirstStore != 0 && a.LastLoad > a.FirstStore; got != (tt.wantAfter[0] <= off && off < tt.wantAfter[1]) {
					t.Errorf("byte %d: %+v, load after store %v", off, a, got)
				}
				if (a.FirstStore != 0) != stored[off] {
					t.Errorf("byte %d: %+v, stored %v", off, a, stored[off])
				}
			}
			if !m.Tracking() || m.Accesses(r)[0] != (Access{}) {
				t.Errorf("the original memory has its clones' accesses: %+v", m.Accesses(r)[0])
			}
		})
	}
}

// TestAccessUntracked: a memory that does not track, or a merge with one,
// has no record (which the shortcut takes as "not known").
func TestAccessUntracked(t *testing.T) {
	b := term.NewBuilder()
	m := New(b)
	r := m.Add(&Region{Name: "p", Kind: Input, Size: 8, Writable: true})
	if m.Tracking() || m.Accesses(r) != nil {
		t.Fatal("an untracked memory has a record")
	}
	tracked := m.Clone()
	tracked.TrackAccesses()
	merged := tracked.Clone()
	merged.MergeAccesses(tracked, m)
	if merged.Tracking() {
		t.Error("a merge with an untracked path has a record")
	}
	l := m.Add(&Region{Name: "local", Kind: Local, Size: 8, Writable: true})
	tracked.Add(l)
	if tracked.Accesses(l) != nil {
		t.Error("a local region has a record")
	}
}

// TestAccessByteReads: reading bytes one at a time (Byte, as a merge of
// paths does) is a load in the record too, so no reader of an input region
// goes around it.
func TestAccessByteReads(t *testing.T) {
	b := term.NewBuilder()
	m := New(b)
	r := m.Add(&Region{Name: "p", Kind: Input, Size: 8, Writable: true})
	m.TrackAccesses()
	if err := m.Store(r, 0, b.Var("v", 8)); err != nil {
		t.Fatal(err)
	}
	m.Byte(r, 0)
	m.Initial(r, 4, 2)
	acc := m.Accesses(r)
	if a := acc[0]; a.LastLoad <= a.FirstStore {
		t.Errorf("Byte after a store: %+v, want a later load", a)
	}
	if acc[4].LastLoad == 0 || acc[5].LastLoad == 0 || acc[6].LastLoad != 0 {
		t.Errorf("Initial(4, 2): %+v", acc[4:7])
	}
}
