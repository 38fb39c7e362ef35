package survey

import (
	"context"
	"runtime"
	"strings"
	"testing"
	"time"

	"vg.dev/prove"
)

func TestParseTable(t *testing.T) {
	tab, err := ParseTable("t", `# comment
a/b.f*   sizes=z,x=1,4 public=n why="a reason, with spaces"
a/b.fast ct=exempt arch=amd64 spec=a/b.slow
a/b.fast secret=k skip="not this way"
`)
	if err != nil {
		t.Fatal(err)
	}
	e := tab.Lookup("a/b.fast", "amd64")
	if e.Spec != "a/b.slow" || !e.CTExempt || len(e.Sizes) != 1 || e.Why != "a reason, with spaces" ||
		strings.Join(e.Public, ",") != "n" || strings.Join(e.Secret, ",") != "k" || e.Skip != "not this way" {
		t.Errorf("merged entry %+v", e)
	}
	if e := tab.Lookup("a/b.fast", "arm64"); e.CTExempt || e.Spec != "" {
		t.Errorf("arch=amd64 applied on arm64: %+v", e)
	}
	if e := tab.Lookup("a/b.g", "amd64"); e.Pattern != "" {
		t.Errorf("unrelated function matched: %+v", e)
	}
	for _, bad := range []string{`a/b.f sizes`, `a/b.f color=red`, `nodot`, `a/b.f ct=maybe`, `a/b.f why="open`} {
		if _, err := ParseTable("t", bad); err == nil {
			t.Errorf("%q parsed", bad)
		}
	}
	std, err := StdlibTable()
	if err != nil {
		t.Fatalf("the built-in table: %v", err)
	}
	// math/big.addMulVVWW branches on hasADX, which only amd64 has: public
	// there, beside the sizes every arch shares.
	for arch, public := range map[string]string{"amd64": "hasADX", "arm64": ""} {
		if e := std.Lookup("math/big.addMulVVWW", arch); strings.Join(e.Public, ",") != public || len(e.Sizes) != 1 || len(e.Sizes[0].Lens) != 3 {
			t.Errorf("math/big.addMulVVWW on %s: public %q, sizes %v; want public %q and sizes 1, 2, 5", arch, e.Public, e.Sizes, public)
		}
	}
}

// TestSurvey surveys testdata/kernels/lengths: the counterpart from the
// table, the sizes, the induction over lengths, and a row per function.
func TestSurvey(t *testing.T) {
	if runtime.GOARCH != "amd64" {
		t.Skip("amd64 kernels")
	}
	tab, err := ParseTable("t", `vg.dev/testdata/kernels/lengths.add* spec=vg.dev/testdata/kernels/lengths.addGo sizes=z,x,y=1,3`)
	if err != nil {
		t.Fatal(err)
	}
	var streamed int
	rows, err := Run(context.Background(), Options{
		Prove: prove.Options{Arch: "amd64", Dir: "..", Budget: time.Minute}, Table: tab, AllLengths: true,
		Row: func(*Row) { streamed++ },
	}, "vg.dev/testdata/kernels/lengths")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"addRight": "proved", "addWrongFourth": "not proved", "addWrongCount": "not proved"}
	if len(rows) != len(want) || streamed != len(rows) {
		t.Fatalf("%d rows, %d streamed", len(rows), streamed)
	}
	for _, r := range rows {
		_, fn, _ := strings.Cut(r.Kernel, "lengths.")
		if r.How != "table" || r.Equivalence != prove.Proved || len(r.Sizes) != 2 || !r.Proved() {
			t.Errorf("%s: %+v", fn, r)
		}
		if got := r.AllLengths == "proved"; got != (want[fn] == "proved") {
			t.Errorf("%s: all lengths %q, want %s", fn, r.AllLengths, want[fn])
		}
	}
	sum := Summarize(rows, time.Second)
	if sum.Functions != 3 || sum.Proved != 3 || sum.Paired != 3 {
		t.Errorf("summary %+v", sum)
	}
}
