package mldsa

import (
	"bytes"
	"compress/bzip2"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// The ACVP ML-DSA vectors (keyGen, sigGen, sigVer; FIPS 204) with the
// expected answers, from the module the standard library's ACVP test reads
// (crypto/internal/fips140test): the NIST ACVP demo server's vectors,
// trimmed, and the answers that validated. The module is fetched with the
// go command into the module cache, as that test does.
const (
	acvpModule  = "github.com/geomys/acvp-testdata"
	acvpVersion = "v0.0.0-20251201200548-d893de8b8b1c"
)

// acvpDir returns the module's directory, downloading it if needed.
func acvpDir(t *testing.T) string {
	t.Helper()
	goCmd := "go"
	if root := os.Getenv("GOROOT"); root != "" {
		if p := filepath.Join(root, "bin", "go"); fileExists(p) {
			goCmd = p
		}
	}
	cmd := exec.Command(goCmd, "mod", "download", "-json", acvpModule+"@"+acvpVersion)
	cmd.Dir = t.TempDir() // outside any module, so no go.mod is consulted
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go mod download %s@%s: %v\n%s", acvpModule, acvpVersion, err, out)
	}
	var j struct{ Dir, Error string }
	if err := json.Unmarshal(out, &j); err != nil || j.Dir == "" {
		t.Fatalf("go mod download %s: unexpected output (%v): %s", acvpModule, err, out)
	}
	return j.Dir
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

type hexBytes []byte

func (h *hexBytes) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return err
	}
	v, err := hex.DecodeString(s)
	*h = v
	return err
}

type acvpTest struct {
	TcID       int      `json:"tcId"`
	Seed       hexBytes `json:"seed"`
	Mu         hexBytes `json:"mu"`
	SK         hexBytes `json:"sk"`
	PK         hexBytes `json:"pk"`
	Message    hexBytes `json:"message"`
	Context    hexBytes `json:"context"`
	Rnd        hexBytes `json:"rnd"`
	Signature  hexBytes `json:"signature"`
	TestPassed *bool    `json:"testPassed"`
}

type acvpGroup struct {
	TgID               int        `json:"tgId"`
	ParameterSet       string     `json:"parameterSet"`
	Deterministic      bool       `json:"deterministic"`
	ExternalMu         bool       `json:"externalMu"`
	SignatureInterface string     `json:"signatureInterface"`
	PreHash            string     `json:"preHash"`
	Tests              []acvpTest `json:"tests"`
}

type acvpSet struct {
	VsID       int         `json:"vsId"`
	Algorithm  string      `json:"algorithm"`
	Mode       string      `json:"mode"`
	TestGroups []acvpGroup `json:"testGroups"`
}

// readACVP reads a bzip2-compressed ACVP JSON file: a header object, then
// the vector sets.
func readACVP(t *testing.T, path string) []acvpSet {
	t.Helper()
	f, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var raw []json.RawMessage
	if err := json.NewDecoder(bzip2.NewReader(bytes.NewReader(f))).Decode(&raw); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	var sets []acvpSet
	for _, r := range raw[1:] {
		var s acvpSet
		if err := json.Unmarshal(r, &s); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		sets = append(sets, s)
	}
	return sets
}

func paramsByName(name string) *Parameters {
	for _, p := range []*Parameters{MLDSA44(), MLDSA65(), MLDSA87()} {
		if p.String() == name {
			return p
		}
	}
	return nil
}

// acvpCount counts the vectors checked, by mode and parameter set, so the
// test can insist that every combination was seen.
type acvpCount map[string]int

func TestACVP(t *testing.T) {
	dir := acvpDir(t)
	vectors := readACVP(t, filepath.Join(dir, "vectors", "ML-DSA.bz2"))
	expected := readACVP(t, filepath.Join(dir, "expected", "ML-DSA.bz2"))
	want := map[[3]int]acvpTest{} // vsId, tgId, tcId
	for _, s := range expected {
		for _, g := range s.TestGroups {
			for _, tc := range g.Tests {
				want[[3]int{s.VsID, g.TgID, tc.TcID}] = tc
			}
		}
	}
	count := acvpCount{}
	for _, s := range vectors {
		if s.Algorithm != "ML-DSA" {
			continue
		}
		for _, g := range s.TestGroups {
			p := paramsByName(g.ParameterSet)
			if p == nil {
				t.Errorf("vsId %d tgId %d: unknown parameter set %q", s.VsID, g.TgID, g.ParameterSet)
				continue
			}
			for _, tc := range g.Tests {
				exp, ok := want[[3]int{s.VsID, g.TgID, tc.TcID}]
				if !ok {
					t.Errorf("vsId %d tgId %d tcId %d: no expected answer", s.VsID, g.TgID, tc.TcID)
					continue
				}
				name := fmt.Sprintf("%s/%s/tg%d/tc%d", s.Mode, p, g.TgID, tc.TcID)
				t.Run(name, func(t *testing.T) {
					switch s.Mode {
					case "keyGen":
						acvpKeyGen(t, p, tc, exp)
					case "sigGen":
						acvpSigGen(t, p, g, tc, exp)
					case "sigVer":
						acvpSigVer(t, p, g, tc, exp)
					default:
						t.Fatalf("unknown mode %q", s.Mode)
					}
				})
				count[s.Mode+" "+p.String()]++
			}
		}
	}
	for _, mode := range []string{"keyGen", "sigGen", "sigVer"} {
		for _, p := range []string{"ML-DSA-44", "ML-DSA-65", "ML-DSA-87"} {
			if count[mode+" "+p] == 0 {
				t.Errorf("no %s vector for %s", mode, p)
			}
		}
	}
	var total int
	var lines []string
	for k, v := range count {
		total += v
		lines = append(lines, fmt.Sprintf("%s: %d", k, v))
	}
	sort.Strings(lines)
	t.Logf("%d ACVP vectors: %s", total, strings.Join(lines, ", "))
}

func acvpKeyGen(t *testing.T, p *Parameters, tc, exp acvpTest) {
	priv, err := NewPrivateKey(p, tc.Seed)
	if err != nil {
		t.Fatal(err)
	}
	if got := priv.PublicKey().Bytes(); !bytes.Equal(got, exp.PK) {
		t.Errorf("public key differs")
	}
	if got := priv.ExpandedBytes(); !bytes.Equal(got, exp.SK) {
		t.Errorf("private key differs")
	}
	// The expanded encoding decodes to the same key.
	dec, err := NewPrivateKeyFromExpanded(p, exp.SK)
	if err != nil {
		t.Fatalf("NewPrivateKeyFromExpanded: %v", err)
	}
	if !dec.Equal(priv) || !dec.PublicKey().Equal(priv.PublicKey()) {
		t.Errorf("decoded expanded key differs from the key from the seed")
	}
}

func acvpSigGen(t *testing.T, p *Parameters, g acvpGroup, tc, exp acvpTest) {
	if g.PreHash != "" && g.PreHash != "pure" {
		t.Skipf("preHash %q (HashML-DSA) is not implemented", g.PreHash)
	}
	priv, err := NewPrivateKeyFromExpanded(p, tc.SK)
	if err != nil {
		t.Fatal(err)
	}
	rnd := make([]byte, 32)
	if !g.Deterministic {
		rnd = tc.Rnd
	}
	var sig []byte
	if g.ExternalMu || g.SignatureInterface == "internal" {
		mu := tc.Mu
		if !g.ExternalMu {
			t.Fatalf("internal interface without external μ is not in these vectors")
		}
		sig, err = priv.SignExternalMu(bytes.NewReader(rnd), mu)
	} else {
		opts := &Options{Context: string(tc.Context)}
		if g.Deterministic {
			sig, err = priv.SignDeterministic(tc.Message, opts)
		} else {
			sig, err = priv.Sign(bytes.NewReader(rnd), tc.Message, opts)
		}
	}
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(sig, exp.Signature) {
		t.Errorf("signature differs")
	}
}

func acvpSigVer(t *testing.T, p *Parameters, g acvpGroup, tc, exp acvpTest) {
	if g.PreHash != "" && g.PreHash != "pure" {
		t.Skipf("preHash %q (HashML-DSA) is not implemented", g.PreHash)
	}
	if exp.TestPassed == nil {
		t.Fatal("no testPassed in the expected answer")
	}
	pub, err := NewPublicKey(p, tc.PK)
	if err != nil {
		t.Fatal(err)
	}
	if g.ExternalMu {
		err = VerifyExternalMu(pub, tc.Mu, tc.Signature)
	} else {
		err = Verify(pub, tc.Message, tc.Signature, &Options{Context: string(tc.Context)})
	}
	if got := err == nil; got != *exp.TestPassed {
		t.Errorf("verification: %v, want passed = %v", err, *exp.TestPassed)
	}
}
