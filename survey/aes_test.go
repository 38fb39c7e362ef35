package survey

import (
	"context"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"vg.dev/decode"
	"vg.dev/obligation"
	"vg.dev/prove"
)

const aesPkg = "crypto/internal/fips140/aes"

// aesObligation is one obligation of the AES tests: a kernel of the
// package against a function of the adapter (or of the test's own file),
// at one size, and the verdict it must get.
type aesObligation struct {
	kernel, spec string
	sizes        map[string]int
	noalias      []string
	want         prove.Verdict
}

// proveAES proves obligations on the standard library's AES package on
// arch, the spec side built as the survey builds it (the generic view and
// the aes adapter) with the files extra gives (name → source, from the
// package's directory) added to the package or replacing its own, and
// checks each verdict. Refutations are not
// replayed: in the kernel's build the generic code panics
// (checkGenericIsExpected, with AES-NI present).
func proveAES(t *testing.T, arch string, extra func(dir string) map[string]string, obls []aesObligation) {
	t.Helper()
	ctx := context.Background()
	cfg := decode.Config{Arch: arch, Dir: ".."}
	pkgs, err := decode.Load(ctx, cfg, aesPkg)
	if err != nil {
		t.Fatal(err)
	}
	view, err := decode.LoadGeneric(ctx, cfg, pkgs)
	if err != nil {
		t.Fatal(err)
	}
	po := prove.Options{Arch: arch, Dir: "..", Budget: time.Minute, Jobs: 1, NoReplay: true, SpecTags: view.Tags, SpecOverlay: maps.Clone(view.Overlay)}
	if err := addAdapter(&po, pkgs[0], "aes"); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Dir(pkgs[0].GoFiles[0])
	if extra != nil {
		for name, src := range extra(dir) {
			po.SpecOverlay[filepath.Join(dir, name)] = src
		}
	}
	var list []*obligation.Obligation
	for _, o := range obls {
		ob := &obligation.Obligation{Kernel: aesPkg + "." + o.kernel, Spec: aesPkg + "." + o.spec, Arch: arch, Sizes: o.sizes}
		if strings.HasPrefix(o.kernel, "ctrBlocks") {
			ob.Public = []string{"nr", "ivlo", "ivhi"}
		}
		if o.noalias != nil {
			ob.NoAlias = [][]string{o.noalias}
		}
		list = append(list, ob)
	}
	results, err := prove.Prove(ctx, po, list)
	if err != nil {
		t.Fatal(err)
	}
	if len(results) != len(obls) {
		t.Fatalf("%d results for %d obligations", len(results), len(obls))
	}
	for i, r := range results {
		o := obls[i]
		if r.Equivalence != o.want {
			t.Errorf("%s: %s against %s: equivalence %s (%s), want %s", arch, o.kernel, o.spec, r.Equivalence, r.Message, o.want)
		}
		if o.want == prove.Proved && (r.CT != prove.Proved || r.Frame != prove.Proved) {
			t.Errorf("%s: %s: ct %s, frame %s (%s)", arch, o.kernel, r.CT, r.Frame, r.Message)
		}
		if o.want == prove.Refuted && (r.Counterexample == nil || !r.Counterexample.Evaluated) {
			t.Errorf("%s: %s against %s: refuted without an evaluated counterexample (%s)", arch, o.kernel, o.spec, r.Message)
		}
		t.Logf("%s: %s against %s: %s in %.2fs, layers %v", arch, o.kernel, o.spec, r.Equivalence, r.Seconds, r.Layers)
	}
}

// aes128 are the sizes of AES-128's block functions and key expansion.
var (
	aesBlock128  = map[string]int{"nr": 10, "xk": 44, "dst": 16, "src": 16}
	aesExpand128 = map[string]int{"nr": 10, "key": 16, "enc": 44, "dec": 44}
	aesCtr128    = map[string]int{"nr": 10}
)

// TestAESAdapter proves the standard library's AES-NI (and arm64 AES)
// block encryption, decryption, key expansion and one-block counter mode
// at AES-128 against the package's generic code through the adapter
// (survey/adapters/aes.go.in): table lookups against AESENC, which close
// by hash-consing.
func TestAESAdapter(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the standard library's AES package for two architectures (about 20 s)")
	}
	for _, arch := range []string{"amd64", "arm64"} {
		proveAES(t, arch, nil, []aesObligation{
			{"encryptBlockAsm", "vgEncryptBlock", aesBlock128, nil, prove.Proved},
			{"decryptBlockAsm", "vgDecryptBlock", aesBlock128, nil, prove.Proved},
			{"expandKeyAsm", "vgExpandKey", aesExpand128, []string{"enc", "dec"}, prove.Proved},
			{"ctrBlocks1Asm", "vgCtrBlocks1", aesCtr128, nil, prove.Proved},
		})
	}
}

// aesWrongSpecs are contracts that are wrong in one detail each, in the
// adapter's terms.
const aesWrongSpecs = `package aes

import (
	"math/bits"
	"unsafe"
)

// vgEncryptSwapped has round keys 1 and 2 swapped.
func vgEncryptSwapped(nr int, xk *uint32, dst, src *byte) {
	var c blockExpanded
	c.rounds = nr
	for i, w := range unsafe.Slice(xk, 4*(nr+1)) {
		c.enc[i] = bits.ReverseBytes32(w)
	}
	for i := 4; i < 8; i++ {
		c.enc[i], c.enc[i+4] = c.enc[i+4], c.enc[i]
	}
	encryptBlockGeneric(&c, unsafe.Slice(dst, BlockSize), unsafe.Slice(src, BlockSize))
}

// vgDecryptNotSwapped leaves the schedule's words in the generic code's
// byte order.
func vgDecryptNotSwapped(nr int, xk *uint32, dst, src *byte) {
	var c blockExpanded
	c.rounds = nr
	copy(c.dec[:], unsafe.Slice(xk, 4*(nr+1)))
	decryptBlockGeneric(&c, unsafe.Slice(dst, BlockSize), unsafe.Slice(src, BlockSize))
}

// vgExpandKeyReversed stores the encryption schedule as the decryption
// one (without InvMixColumns).
func vgExpandKeyReversed(nr int, key *byte, enc *uint32, dec *uint32) {
	var c blockExpanded
	c.rounds = nr
	expandKeyGeneric(&c, unsafe.Slice(key, 4*(nr-6)))
	e, d := unsafe.Slice(enc, 4*(nr+1)), unsafe.Slice(dec, 4*(nr+1))
	for i := range e {
		e[i] = bits.ReverseBytes32(c.enc[i])
	}
	for i := 0; i < len(d); i += 4 {
		for j := 0; j < 4; j++ {
			d[i+j] = bits.ReverseBytes32(c.enc[len(d)-4-i+j])
		}
	}
}

// vgCtrSwapped takes the counter's halves the other way round.
func vgCtrSwapped(nr int, xk *[60]uint32, dst, src *[2 * BlockSize]byte, ivlo, ivhi uint64) {
	ctrBlocks(vgBlock(nr, xk), dst[:], src[:], ivhi, ivlo)
}
`

// TestAESAdapterRefutes: contracts wrong in one detail (a swapped round
// key, words in the wrong byte order, a schedule without InvMixColumns,
// the counter's halves swapped), and the right adapter over tables with one
// entry wrong (te0, td0, sbox0, sbox1 through an overlay of const.go), are
// refuted, not proved.
func TestAESAdapterRefutes(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the standard library's AES package twice (about 20 s)")
	}
	wrong := func(string) map[string]string { return map[string]string{"vg_wrong_test_aes.go": aesWrongSpecs} }
	proveAES(t, "amd64", wrong, []aesObligation{
		{"encryptBlockAsm", "vgEncryptSwapped", aesBlock128, nil, prove.Refuted},
		{"decryptBlockAsm", "vgDecryptNotSwapped", aesBlock128, nil, prove.Refuted},
		{"expandKeyAsm", "vgExpandKeyReversed", aesExpand128, []string{"enc", "dec"}, prove.Refuted},
		{"ctrBlocks2Asm", "vgCtrSwapped", aesCtr128, nil, prove.Refuted},
	})

	// One bit of one entry of each table.
	tables := func(dir string) map[string]string {
		src, err := os.ReadFile(filepath.Join(dir, "const.go"))
		if err != nil {
			t.Fatal(err)
		}
		text := string(src)
		for old, new := range map[string]string{
			"0x8fcaca45, ":  "0x8fcaca44, ",  // te0[16]
			"0x2030fa55, ":  "0x2030fa54, ",  // td0[8]
			"\t0xca, 0x82,": "\t0xcb, 0x82,", // sbox0[16]
			"\t0x7c, 0xe3,": "\t0x7d, 0xe3,", // sbox1[16]
		} {
			if strings.Count(text, old) != 1 {
				t.Fatalf("const.go holds %q %d times, want once", old, strings.Count(text, old))
			}
			text = strings.Replace(text, old, new, 1)
		}
		return map[string]string{"const.go": text}
	}
	proveAES(t, "amd64", tables, []aesObligation{
		{"encryptBlockAsm", "vgEncryptBlock", aesBlock128, nil, prove.Refuted},
		{"decryptBlockAsm", "vgDecryptBlock", aesBlock128, nil, prove.Refuted},
		{"expandKeyAsm", "vgExpandKey", aesExpand128, []string{"enc", "dec"}, prove.Refuted},
	})
}
