//go:build cgo

package prove

import (
	"bytes"
	"context"
	"crypto/ecdh"
	"maps"
	"math/big"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"vg.dev/spec/fe25519"
	"vg.dev/testdata/scaling/chain"
)

// TestScaling proves the committed size (N = 2) of the scaling benchmark
// (testdata/scaling, issue 19): two chained multiplications and squarings
// in every form — 19·x by LEAs and by IMUL on amd64, by shifted ADDs and
// by MUL on arm64 — and two X25519 ladder steps on the products of either
// form. Each must prove, and by hash-consing alone: the forms' terms must
// meet whatever way the constant multiples were written, since at larger
// N nothing else finishes.
func TestScaling(t *testing.T) {
	for _, arch := range []string{"amd64", "arm64"} {
		t.Run(arch, func(t *testing.T) {
			opts := Options{Dir: "..", Arch: arch}
			c, err := Collect(context.Background(), opts, "vg.dev/testdata/scaling/chain")
			if err != nil {
				t.Fatal(err)
			}
			obls := c.Obligations
			want := map[string]int{"amd64": 6, "arm64": 6}[arch]
			if len(obls) != want {
				t.Fatalf("%d obligations, want %d", len(obls), want)
			}
			results, err := Prove(context.Background(), opts, obls)
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range results {
				if r.Equivalence != Proved || r.CT != Proved || r.Frame != Proved {
					t.Errorf("%s: %s (ct %s, frame %s): %s", r.Kernel, r.Equivalence, r.CT, r.Frame, r.Message)
					continue
				}
				for layer := range r.Layers {
					if layer != LayerHashCons && layer != LayerInstance {
						t.Errorf("%s: outputs closed by %v, want hash-consing (and instances) only", r.Kernel, r.Layers)
						break
					}
				}
				// A chain reads a and b before it stores out, and out = b
				// is a squaring chain: every other aliasing is an
				// instance (alias_instance.go), that one is run.
				var want map[string]string
				switch name := r.Kernel[strings.LastIndex(r.Kernel, ".")+1:]; {
				case strings.HasPrefix(name, "mul"):
					want = map[string]string{"out = a": "all distinct", "a = b": "all distinct", "out = a = b": "out = b"}
				case strings.HasPrefix(name, "sqr"):
					want = map[string]string{"out = a": "all distinct"}
				}
				if !maps.Equal(r.AliasingInstances, want) {
					t.Errorf("%s: instances %v, want %v", r.Kernel, r.AliasingInstances, want)
				}
				if why := r.AliasingsRun["out = b"]; want["out = a"] != "" && len(want) > 1 && !strings.Contains(why, "is loaded after out's is stored") {
					t.Errorf("%s: out = b lifted because %q, want the load of b after the store of out", r.Kernel, why)
				}
			}
		})
	}
}

// TestScalingGenerated checks that testdata/scaling/chain is what
// make_scaling.go writes from the shipped kernels today.
func TestScalingGenerated(t *testing.T) {
	dir := t.TempDir()
	cmd := exec.Command("go", "run", "./testdata/scaling/make_scaling.go", "-n", "2", "-pkg", "chain", "-dir", dir)
	cmd.Dir = ".."
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("make_scaling: %v\n%s", err, out)
	}
	files, err := filepath.Glob(filepath.Join(dir, "*"))
	if err != nil || len(files) == 0 {
		t.Fatalf("make_scaling wrote nothing (%v)", err)
	}
	for _, f := range files {
		got, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		have, err := os.ReadFile(filepath.Join("..", "testdata", "scaling", "chain", filepath.Base(f)))
		if err != nil || !bytes.Equal(got, have) {
			t.Errorf("testdata/scaling/chain/%s is stale (%v): run go run testdata/scaling/make_scaling.go -n 2", filepath.Base(f), err)
		}
	}
}

// TestLadderStepRFC7748 checks the benchmark's ladder step against the
// standard library's X25519 (and so RFC 7748): 255 steps from the clamped
// scalar's bit 254 down, then the final swap and x2/z2.
func TestLadderStepRFC7748(t *testing.T) {
	p := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 255), big.NewInt(19))
	toElement := func(x *big.Int) fe25519.Element {
		var e fe25519.Element
		l := []*uint64{&e.L0, &e.L1, &e.L2, &e.L3, &e.L4}
		m := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 51), big.NewInt(1))
		for i := range l {
			*l[i] = new(big.Int).And(new(big.Int).Rsh(x, uint(51*i)), m).Uint64()
		}
		return e
	}
	fromElement := func(e fe25519.Element) *big.Int {
		x := new(big.Int)
		for i, l := range []uint64{e.L0, e.L1, e.L2, e.L3, e.L4} {
			x.Add(x, new(big.Int).Lsh(new(big.Int).SetUint64(l), uint(51*i)))
		}
		return x.Mod(x, p)
	}
	le := func(b []byte) *big.Int {
		r := make([]byte, len(b))
		for i := range b {
			r[len(b)-1-i] = b[i]
		}
		return new(big.Int).SetBytes(r)
	}
	for seed := byte(1); seed <= 4; seed++ {
		var k, u [32]byte
		for i := range k {
			k[i] = seed*37 + byte(i)*11
			u[i] = seed*53 + byte(i)*7
		}
		u[31] &= 127
		priv, err := ecdh.X25519().NewPrivateKey(k[:])
		if err != nil {
			t.Fatal(err)
		}
		pub, err := ecdh.X25519().NewPublicKey(u[:])
		if err != nil {
			t.Fatal(err)
		}
		want, err := priv.ECDH(pub)
		if err != nil {
			t.Fatal(err)
		}
		k[0] &= 248
		k[31] = k[31]&127 | 64
		x1 := toElement(le(u[:]))
		s := chain.LadderState{X1: x1, X2: fe25519.Element{L0: 1}, X3: x1, Z3: fe25519.Element{L0: 1}}
		for t := 254; t >= 0; t-- {
			chain.LadderStep(&s, uint64(k[t/8]>>(t%8))&1)
		}
		if s.Swap == 1 {
			s.X2, s.X3, s.Z2, s.Z3 = s.X3, s.X2, s.Z3, s.Z2
		}
		z := fromElement(s.Z2)
		got := new(big.Int).Mul(fromElement(s.X2), z.ModInverse(z, p))
		got.Mod(got, p)
		if w := le(want); got.Cmp(w) != 0 {
			t.Errorf("seed %d: ladder gives %x, X25519 %x", seed, got, w)
		}
	}
}
