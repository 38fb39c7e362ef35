package machine

import (
	"slices"
	"testing"

	"vg.dev/symexec/mem"
	"vg.dev/symexec/term"
)

func TestProbeAt(t *testing.T) {
	var got []int
	for n := 1; n <= 100; n++ {
		if ProbeAt(n) {
			got = append(got, n)
		}
	}
	if want := []int{8, 16, 32, 64}; !slices.Equal(got, want) {
		t.Errorf("probes at %v, want %v", got, want)
	}
}

// TestHavoc: what changed becomes fresh variables, and only a change
// outside it counts as a change.
func TestHavoc(t *testing.T) {
	b := term.NewBuilder()
	x, y, z := b.Var("x", 64), b.Var("y", 64), b.Var("z", 64)
	prev := []*term.Term{x, y, z}
	cur := []*term.Term{x, b.Add(y, b.Uint(1, 64)), z}
	changed := Havoc(b, prev, cur)
	if changed[0] || !changed[1] || changed[2] {
		t.Fatalf("changed %v, want [false true false]", changed)
	}
	if cur[0] != x || cur[2] != z || cur[1].Op() != term.OpVar || cur[1] == y || cur[1].Width() != 64 {
		t.Fatalf("havocked %v", cur)
	}
	if n := Count(changed, []bool{true, false}); n != 2 {
		t.Errorf("Count = %d, want 2", n)
	}
	if again := Havoc(b, prev, []*term.Term{x, y, z}); again[1] {
		t.Error("an unchanged entry was havocked")
	}
	after := []*term.Term{x, b.Var("w", 64), z}
	if !Unchanged(cur, after, changed) {
		t.Error("a change inside the havocked entries counts")
	}
	after[2] = y
	if Unchanged(cur, after, changed) {
		t.Error("a change outside the havocked entries does not count")
	}

	m := mem.New(b)
	r := m.Add(&mem.Region{Name: "p", Kind: mem.Input, Size: 32, Writable: true})
	c := m.Clone()
	if err := c.Store(r, 8, x); err != nil {
		t.Fatal(err)
	}
	bytes, ok := HavocMemory(m, c)
	if !ok || len(bytes) != 8 || !bytes[mem.Loc{Region: r, Off: 8}] {
		t.Fatalf("havocked bytes %v (ok %v), want bytes 8..15", bytes, ok)
	}
	d := c.Clone()
	if err := d.Store(r, 12, b.Var("v", 8)); err != nil {
		t.Fatal(err)
	}
	if !MemoryUnchanged(c, d, bytes) {
		t.Error("a store inside the havocked bytes counts")
	}
	if err := d.Store(r, 0, y); err != nil {
		t.Fatal(err)
	}
	if MemoryUnchanged(c, d, bytes) {
		t.Error("a store outside the havocked bytes does not count")
	}
}
