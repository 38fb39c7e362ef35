package ed25519

import (
	"bufio"
	"bytes"
	"compress/bzip2"
	"compress/gzip"
	"crypto"
	stded25519 "crypto/ed25519"
	"crypto/sha512"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"vg.dev/crypto/internal/edwards"
	"vg.dev/crypto/internal/vectors"
)

func mustHex(t *testing.T, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestSignInput runs the 128 vectors of the reference implementation's
// sign.input (the first three are RFC 8032, section 7.1, TEST 1 to 3),
// as the Go distribution ships them: key derivation, signature and
// verification, and the signature rejected with its last byte flipped.
func TestSignInput(t *testing.T) {
	f, err := os.Open(filepath.Join(runtime.GOROOT(), "src", "crypto", "ed25519", "testdata", "sign.input.gz"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	gz, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(gz)
	sc.Buffer(nil, 1<<20)
	n := 0
	for sc.Scan() {
		// secret key (seed ‖ public) : public key : message : signature ‖ message :
		parts := strings.Split(sc.Text(), ":")
		if len(parts) != 5 {
			t.Fatalf("line %d: %d fields", n+1, len(parts))
		}
		priv := mustHex(t, parts[0])
		pub := mustHex(t, parts[1])
		msg := mustHex(t, parts[2])
		sig := mustHex(t, parts[3])[:SignatureSize]

		key := NewKeyFromSeed(priv[:SeedSize])
		if !bytes.Equal(key, priv) {
			t.Errorf("line %d: NewKeyFromSeed = %x, want %x", n+1, key, priv)
		}
		if got := Sign(key, msg); !bytes.Equal(got, sig) {
			t.Errorf("line %d: Sign = %x, want %x", n+1, got, sig)
		}
		if !Verify(pub, msg, sig) {
			t.Errorf("line %d: valid signature rejected", n+1)
		}
		bad := bytes.Clone(sig)
		bad[len(bad)-1] ^= 0x01
		if Verify(pub, msg, bad) {
			t.Errorf("line %d: signature with S altered accepted", n+1)
		}
		n++
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if n != 128 {
		t.Fatalf("%d vectors, want 128", n)
	}
}

// TestRFC8032Variants are RFC 8032's Ed25519ctx (section 7.2, the first
// "foo" vector) and Ed25519ph (section 7.3) vectors.
func TestRFC8032Variants(t *testing.T) {
	tests := []struct {
		name, key, msg, sig string
		opts                Options
	}{
		{
			name: "Ed25519ctx",
			key:  "0305334e381af78f141cb666f6199f57bc3495335a256a95bd2a55bf546663f6dfc9425e4f968f7f0c29f0259cf5f9aed6851c2bb4ad8bfb860cfee0ab248292",
			msg:  "f726936d19c800494e3fdaff20b276a8",
			sig:  "55a4cc2f70a54e04288c5f4cd1e45a7bb520b36292911876cada7323198dd87a8b36950b95130022907a7fb7c4e9b2d5f6cca685a587b4b21f4b888e4e7edb0d",
			opts: Options{Context: "foo"},
		},
		{
			name: "Ed25519ph",
			key:  "833fe62409237b9d62ec77587520911e9a759cec1d19755b7da901b96dca3d42ec172b93ad5e563bf4932c70e1245034c35467ef2efd4d64ebf819683467e2bf",
			msg:  "616263",
			sig:  "98a70222f0b8121aa9d30f813d683f809e462b469c7ff87639499bb94e6dae4131f85042463c2a355a2003d062adf5aaa10b8c61e636062aaad11c2a26083406",
			opts: Options{Hash: crypto.SHA512},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			priv := PrivateKey(mustHex(t, tt.key))
			if !bytes.Equal(NewKeyFromSeed(priv.Seed()), priv) {
				t.Fatal("public key does not match the vector's")
			}
			msg := mustHex(t, tt.msg)
			if tt.opts.Hash == crypto.SHA512 {
				h := sha512.Sum512(msg)
				msg = h[:]
			}
			sig, err := priv.Sign(nil, msg, &tt.opts)
			if err != nil {
				t.Fatal(err)
			}
			if want := mustHex(t, tt.sig); !bytes.Equal(sig, want) {
				t.Fatalf("signature %x, want %x", sig, want)
			}
			pub := priv.Public().(PublicKey)
			if err := VerifyWithOptions(pub, msg, sig, &tt.opts); err != nil {
				t.Fatal(err)
			}
			other := tt.opts
			other.Context += "x"
			if VerifyWithOptions(pub, msg, sig, &other) == nil {
				t.Fatal("signature accepted under another context")
			}
			if Verify(pub, msg, sig) {
				t.Fatal("signature accepted as plain Ed25519")
			}
		})
	}
}

func readBzipJSON(t *testing.T, path string, v any) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := json.NewDecoder(bzip2.NewReader(f)).Decode(v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}

// TestACVP runs the EdDSA keyVer and sigVer vectors of the ACVP test data
// module against their expected results.
func TestACVP(t *testing.T) {
	dir := vectors.Module(t, vectors.ACVPModule, vectors.ACVPVersion)
	type test struct {
		TcID       int    `json:"tcId"`
		Q          string `json:"q"`
		Message    string `json:"message"`
		Signature  string `json:"signature"`
		TestPassed *bool  `json:"testPassed"`
	}
	type group struct {
		TgID    int    `json:"tgId"`
		Curve   string `json:"curve"`
		PreHash bool   `json:"preHash"`
		Tests   []test `json:"tests"`
	}
	type vectorSet struct {
		VsID       int     `json:"vsId"`
		Mode       string  `json:"mode"`
		TestGroups []group `json:"testGroups"`
	}
	var in, exp []vectorSet
	readBzipJSON(t, filepath.Join(dir, "vectors", "EDDSA.bz2"), &in)
	readBzipJSON(t, filepath.Join(dir, "expected", "EDDSA.bz2"), &exp)
	want := map[[3]int]bool{}
	for _, vs := range exp {
		for _, g := range vs.TestGroups {
			for _, tc := range g.Tests {
				if tc.TestPassed != nil {
					want[[3]int{vs.VsID, g.TgID, tc.TcID}] = *tc.TestPassed
				}
			}
		}
	}
	ran := 0
	for _, vs := range in {
		for _, g := range vs.TestGroups {
			if g.Curve != "ED-25519" {
				continue
			}
			for _, tc := range g.Tests {
				w, ok := want[[3]int{vs.VsID, g.TgID, tc.TcID}]
				if !ok {
					t.Fatalf("vsId %d tcId %d: no expected result", vs.VsID, tc.TcID)
				}
				q := mustHex(t, tc.Q)
				var got bool
				switch vs.Mode {
				case "keyVer":
					_, err := new(edwards.Point).SetBytes(q)
					got = err == nil
				case "sigVer":
					msg := mustHex(t, tc.Message)
					sig := mustHex(t, tc.Signature)
					if g.PreHash {
						h := sha512.Sum512(msg)
						got = VerifyWithOptions(q, h[:], sig, &Options{Hash: crypto.SHA512}) == nil
					} else {
						got = Verify(q, msg, sig)
					}
				default:
					t.Fatalf("unknown mode %q", vs.Mode)
				}
				if got != w {
					t.Errorf("%s tcId %d: passed = %v, want %v", vs.Mode, tc.TcID, got, w)
				}
				ran++
			}
		}
	}
	if ran == 0 {
		t.Fatal("no ACVP EdDSA vector ran")
	}
	t.Logf("%d ACVP EdDSA vectors", ran)
}

// TestEdgeVectors verifies the signatures of the edge-case module
// (small-order and mixed-order A and R, non-canonical encodings of A and
// R) and requires the same verdict as crypto/ed25519 on every one.
func TestEdgeVectors(t *testing.T) {
	dir := vectors.Module(t, vectors.EdgeModule, vectors.EdgeVersion)
	data, err := os.ReadFile(filepath.Join(dir, "ed25519vectors.json"))
	if err != nil {
		t.Fatal(err)
	}
	var vs []struct {
		A, R, S, M string
		Flags      []string
	}
	if err := json.Unmarshal(data, &vs); err != nil {
		t.Fatal(err)
	}
	accepted := 0
	for i, v := range vs {
		pub := mustHex(t, v.A)
		sig := append(mustHex(t, v.R), mustHex(t, v.S)...)
		want := stded25519.Verify(pub, []byte(v.M), sig)
		if got := Verify(pub, []byte(v.M), sig); got != want {
			t.Errorf("vector %d %v: Verify = %v, crypto/ed25519 says %v", i, v.Flags, got, want)
		}
		if want {
			accepted++
		}
	}
	if len(vs) < 700 || accepted == 0 || accepted == len(vs) {
		t.Fatalf("%d vectors, %d accepted: the file is not what it should be", len(vs), accepted)
	}
	t.Logf("%d edge vectors, %d accepted by both", len(vs), accepted)
}
