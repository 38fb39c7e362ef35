package survey

import (
	"context"
	"os"
	"runtime"
	"strings"
	"testing"
	"time"

	"vg.dev/obligation"
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
	for _, bad := range []string{`a/b.f sizes`, `a/b.f color=red`, `nodot`, `a/b.f ct=maybe`, `a/b.f why="open`, `a/b.f adapter=nosuch`, `a/b.f tail=p`, `a/b.f tail=p=0`, `a/b.f tail=p=4097`, `a/b.f tail=p=8,p=16`, `a/b.f noalias=p`} {
		if _, err := ParseTable("t", bad); err == nil {
			t.Errorf("%q parsed", bad)
		}
	}
	na, err := ParseTable("t", "a/b.f noalias=p,q\na/b.f noalias=r,s,t")
	if err != nil {
		t.Fatal(err)
	}
	if e := na.Lookup("a/b.f", "amd64"); len(e.NoAlias) != 2 || strings.Join(e.NoAlias[1], ",") != "r,s,t" {
		t.Errorf("noalias groups %v, want [p q] [r s t]", e.NoAlias)
	}
	sha1Src, err := os.ReadFile("adapters/sha1.table")
	if err != nil {
		t.Fatal(err)
	}
	sha1, err := ParseTable("adapters/sha1.table", string(sha1Src))
	if err != nil {
		t.Fatal(err)
	}
	if e := sha1.Lookup("crypto/sha1.sha1block", "arm64"); e.Adapter != "sha1" || e.Requires == "" {
		t.Errorf("sha1.table: %+v", e)
	}
	std, err := StdlibTable()
	if err != nil {
		t.Fatalf("the built-in table: %v", err)
	}
	// crypto/sha1's blockAVX2 reads 128 bytes past p (tail=).
	if e := std.Lookup("crypto/sha1.blockAVX2", "amd64"); e.Tail["p"] != 128 {
		t.Errorf("crypto/sha1.blockAVX2: tail %v, want p=128", e.Tail)
	}
	// The AES functions go through the built-in adapter, whose functions
	// the entries name; the key expansion's two schedules never alias.
	src, err := adapterSource("aes")
	if err != nil {
		t.Fatal(err)
	}
	for _, fn := range []string{"encryptBlockAsm", "decryptBlockAsm", "expandKeyAsm", "ctrBlocks1Asm", "ctrBlocks2Asm", "ctrBlocks4Asm", "ctrBlocks8Asm"} {
		e := std.Lookup("crypto/internal/fips140/aes."+fn, "arm64")
		_, spec, _ := obligation.SplitName(e.Spec)
		if e.Adapter != "aes" || !strings.Contains(src, "\nfunc "+spec+"(") {
			t.Errorf("aes.%s: adapter %q, spec %q not in aes.go.in", fn, e.Adapter, e.Spec)
		}
	}
	if e := std.Lookup("crypto/internal/fips140/aes.expandKeyAsm", "amd64"); len(e.NoAlias) != 1 || strings.Join(e.NoAlias[0], ",") != "enc,dec" {
		t.Errorf("aes.expandKeyAsm: noalias %v, want enc,dec", e.NoAlias)
	}
	// math/big.addMulVVWW branches on hasADX, which only amd64 has: public
	// there, beside the sizes every arch shares.
	for arch, public := range map[string]string{"amd64": "hasADX", "arm64": ""} {
		if e := std.Lookup("math/big.addMulVVWW", arch); strings.Join(e.Public, ",") != public || len(e.Sizes) != 1 || len(e.Sizes[0].Lens) != 3 {
			t.Errorf("math/big.addMulVVWW on %s: public %q, sizes %v; want public %q and sizes 1, 2, 5", arch, e.Public, e.Sizes, public)
		}
	}
	sizes := obligation.Expand(std.Lookup("crypto/internal/fips140/aes.encryptBlockAsm", "amd64").Sizes)
	if len(sizes) != 3 || sizes[0]["nr"] != 10 || sizes[0]["xk"] != 44 || sizes[2]["nr"] != 14 || sizes[2]["xk"] != 60 || sizes[1]["dst"] != 16 {
		t.Errorf("aes.encryptBlockAsm sizes %v; want nr, xk = 10, 44 / 12, 52 / 14, 60 with 16-byte blocks", sizes)
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
