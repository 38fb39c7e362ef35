package ctselect

import (
	"math/rand/v2"
	"testing"
	"unsafe"

	"vg.dev/kernels/internal/cpuid"
	spec "vg.dev/spec/ctselect"
)

// Every variant is checked against the specification, which has its own
// tests against a word-by-word loop. The prover shows the same for all
// tables and all i < 16.

type variant struct {
	name   string
	usable func() bool
	f      func(out *Entry, t *Table, i uint64)
}

// allVariants adds the public entry point and the generic variant to the
// assembly variants of this build.
func allVariants() []variant {
	yes := func() bool { return true }
	return append([]variant{{"Select", yes, Select}, {"selectGeneric", yes, selectGeneric}}, selectVariants...)
}

func randomTable(r *rand.Rand) *Table {
	t := new(Table)
	for j := range t {
		for w := range t[j] {
			t[j][w] = r.Uint64()
		}
	}
	return t
}

// tagged has entries that differ in every word: word w of entry j is
// j·2³² + w, so a wrong entry or word shows in the output.
func tagged() *Table {
	t := new(Table)
	for j := range t {
		for w := range t[j] {
			t[j][w] = uint64(j)<<32 | uint64(w)
		}
	}
	return t
}

// oneHot has all ones in entry k and zeros elsewhere, or the complement:
// any bit that leaks from an entry other than i shows.
func oneHot(k int, complement bool) *Table {
	t := new(Table)
	for j := range t {
		for w := range t[j] {
			if (j == k) != complement {
				t[j][w] = ^uint64(0)
			}
		}
	}
	return t
}

// check runs v on every i < 16 and compares with the spec; out starts as
// garbage and the table must be left as it was.
func check(t *testing.T, v variant, tab *Table) {
	t.Helper()
	saved := *tab
	for i := uint64(0); i < 16; i++ {
		got := Entry{0: 0xdead, 7: 0xbeef, 8: 0xf00d, 15: ^uint64(0)}
		var want Entry
		v.f(&got, tab, i)
		spec.Select(&want, &saved, i)
		if got != want {
			t.Fatalf("%s(t, %d) = %x, want %x", v.name, i, got, want)
		}
		if *tab != saved {
			t.Fatalf("%s(t, %d) modified the table", v.name, i)
		}
	}
}

func TestSelect(t *testing.T) {
	for _, v := range allVariants() {
		t.Run(v.name, func(t *testing.T) {
			if !v.usable() {
				t.Skip("CPU lacks the features (or VG_CPU_FEATURES hides them)")
			}
			check(t, v, new(Table))
			check(t, v, tagged())
			for k := range 16 {
				check(t, v, oneHot(k, false))
				check(t, v, oneHot(k, true))
			}
			r := rand.New(rand.NewPCG(1, 2))
			for range 2000 {
				check(t, v, randomTable(r))
			}
		})
	}
}

// TestGoloop checks the benchmarks' constant-time Go baseline.
func TestGoloop(t *testing.T) {
	v := variant{"goloop", func() bool { return true }, goloopSelect}
	check(t, v, tagged())
	r := rand.New(rand.NewPCG(3, 4))
	for range 200 {
		check(t, v, randomTable(r))
	}
}

// TestGenericOutOfRange checks the generic variant's side of the contract:
// for i >= 16 it selects nothing (zeros), and never panics.
func TestGenericOutOfRange(t *testing.T) {
	for _, i := range []uint64{16, 17, 1 << 32, 1 << 63, ^uint64(0)} {
		out := Entry{1, 2, 3}
		selectGeneric(&out, tagged(), i)
		if out != (Entry{}) {
			t.Errorf("selectGeneric(t, %d) = %v, want zeros", i, out)
		}
	}
}

// TestKernelOutOfRange calls the assembly variants with i >= 16: outside
// the contract the result is unspecified, but the kernel reads only the
// table and writes only out.
func TestKernelOutOfRange(t *testing.T) {
	for _, v := range selectVariants {
		t.Run(v.name, func(t *testing.T) {
			if !v.usable() {
				t.Skip("CPU lacks the features (or VG_CPU_FEATURES hides them)")
			}
			tab := tagged()
			saved := *tab
			for _, i := range []uint64{16, 17, 1 << 32, 1 << 63, ^uint64(0)} {
				var out [3]Entry // out[1] is written; out[0] and out[2] guard it
				v.f(&out[1], tab, i)
				if out[0] != (Entry{}) || out[2] != (Entry{}) {
					t.Fatalf("%s(t, %d) wrote outside out", v.name, i)
				}
				if *tab != saved {
					t.Fatalf("%s(t, %d) modified the table", v.name, i)
				}
			}
		})
	}
}

// TestSelected checks which variant the dispatch picks under
// VG_CPU_FEATURES.
func TestSelected(t *testing.T) {
	// Registered before t.Setenv, so it runs after the variable is restored.
	t.Cleanup(selectVariant)
	t.Logf("selected at init: %s", selected())
	tab := tagged()
	for _, env := range []string{"", "none", "bmi2,adx", "avx2", "avx512f,avx512vl"} {
		t.Setenv(cpuid.EnvVar, env)
		selectVariant()
		if got, want := selected(), wantSelected(env); got != want {
			t.Errorf("%s=%q: selected %q, want %q", cpuid.EnvVar, env, got, want)
		}
		// The public function must agree with the spec whatever is chosen.
		for i := uint64(0); i < 16; i++ {
			var got, want Entry
			Select(&got, tab, i)
			spec.Select(&want, tab, i)
			if got != want {
				t.Errorf("%s=%q: Select(t, %d) = %x, want %x", cpuid.EnvVar, env, i, got, want)
			}
		}
	}
}

// TestSelectIntoTable: Select into an entry of the table itself, and into
// memory straddling two entries, is t[i] as it was (the kernel writes a
// copy: it is proved for out apart from t).
func TestSelectIntoTable(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, slot := range []int{0, 5, 15} {
		for i := range uint64(16) {
			tab := randomTable(r)
			want := tab[i]
			Select(&tab[slot], tab, i)
			if tab[slot] != want {
				t.Fatalf("Select(&t[%d], t, %d) = %x, want %x", slot, i, tab[slot], want)
			}
		}
	}
	// An Entry across entries 2 and 3: out's first word is t[2][8].
	words := (*[16 * 16]uint64)(unsafe.Pointer(randomTable(r)))
	tab := (*Table)(unsafe.Pointer(words))
	want := tab[7]
	Select((*Entry)(words[2*16+8:3*16+8]), tab, 7)
	if got := *(*Entry)(words[2*16+8 : 3*16+8]); got != want {
		t.Fatalf("Select into a straddling entry = %x, want %x", got, want)
	}
	if overlaps(new(Entry), new(Table)) {
		t.Error("separate allocations overlap")
	}
}
