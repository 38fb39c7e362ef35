package keccak

import (
	"bytes"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"

	"vg.dev/kernels/internal/cpuid"
	spec "vg.dev/spec/keccak"
)

// Every variant is checked against the specification, which has its own
// tests against FIPS 202 and crypto/sha3; the prover shows the same for
// every state.

type kernel1 struct {
	name   string
	usable func() bool
	f      func(*[25]uint64)
}

type kernel4 struct {
	name   string
	usable func() bool
	f      func(*[100]uint64)
}

type kernel8 struct {
	name   string
	usable func() bool
	f      func(*[200]uint64)
}

func always() bool { return true }

// states are the test inputs: zero, all ones, one bit set, random.
func states(r *rand.Rand) [][25]uint64 {
	var ss [][25]uint64
	var ones [25]uint64
	for i := range ones {
		ones[i] = ^uint64(0)
	}
	ss = append(ss, [25]uint64{}, ones, [25]uint64{24: 1 << 63}, [25]uint64{0: 1})
	for range 20 {
		var s [25]uint64
		for i := range s {
			s[i] = r.Uint64()
		}
		ss = append(ss, s)
	}
	return ss
}

func TestF1600(t *testing.T) {
	vs := append([]kernel1{{"F1600", always, F1600}, {"f1600Generic", always, f1600Generic}}, oneKernels...)
	for _, v := range vs {
		t.Run(v.name, func(t *testing.T) {
			if !v.usable() {
				t.Skip("CPU lacks the features (or VG_CPU_FEATURES hides them)")
			}
			for _, s := range states(rand.New(rand.NewPCG(1, 2))) {
				got, want := s, s
				v.f(&got)
				spec.F1600(&want)
				if got != want {
					t.Fatalf("state %x: differs from the spec", s[:2])
				}
			}
		})
	}
}

func TestF1600x4(t *testing.T) {
	vs := append([]kernel4{{"F1600x4", always, F1600x4}, {"f1600x4Generic", always, f1600x4Generic},
		{"f1600x4Each", always, func(a *[100]uint64) { f1600x4Each(a, f1600) }}}, fourKernels...)
	for _, v := range vs {
		t.Run(v.name, func(t *testing.T) {
			if !v.usable() {
				t.Skip("CPU lacks the features (or VG_CPU_FEATURES hides them)")
			}
			ss := states(rand.New(rand.NewPCG(3, 4)))
			for k := 0; k+4 <= len(ss); k++ {
				var a [100]uint64
				for s := range 4 {
					for i := range 25 {
						a[4*i+s] = ss[k+s][i]
					}
				}
				got, want := a, a
				v.f(&got)
				spec.F1600x4(&want)
				if got != want {
					t.Fatalf("states %d…%d: differ from the spec", k, k+3)
				}
			}
		})
	}
}

func TestF1600x8(t *testing.T) {
	vs := append([]kernel8{{"F1600x8", always, F1600x8}, {"f1600x8Generic", always, f1600x8Generic},
		{"f1600x8Halves", always, f1600x8Halves}}, eightKernels...)
	for _, v := range vs {
		t.Run(v.name, func(t *testing.T) {
			if !v.usable() {
				t.Skip("CPU lacks the features (or VG_CPU_FEATURES hides them)")
			}
			ss := states(rand.New(rand.NewPCG(5, 6)))
			for k := 0; k+8 <= len(ss); k += 2 {
				var a [200]uint64
				for s := range 8 {
					for i := range 25 {
						a[8*i+s] = ss[k+s][i]
					}
				}
				got, want := a, a
				v.f(&got)
				spec.F1600x8(&want)
				if got != want {
					t.Fatalf("states %d…%d: differ from the spec", k, k+7)
				}
			}
		})
	}
}

// TestSelection sets VG_CPU_FEATURES, reselects and checks the choice and
// the result.
func TestSelection(t *testing.T) {
	t.Cleanup(selectVariant)
	for _, env := range []string{"", "none", "bmi1,bmi2", "avx2", "avx512f,avx512vl", "avx2,avx512f", "sha3", "asimd"} {
		t.Setenv(cpuid.EnvVar, env)
		selectVariant()
		one, four := selected()
		if w1, w4 := wantSelected(env); one != w1 || four != w4 {
			t.Errorf("VG_CPU_FEATURES=%q: selected %s, %s; want %s, %s", env, one, four, w1, w4)
		}
		if got, want := selected8(), wantSelected8(env); got != want {
			t.Errorf("VG_CPU_FEATURES=%q: selected %s for F1600x8, want %s", env, got, want)
		}
		var a, b [25]uint64
		a[3], b[3] = 5, 5
		F1600(&a)
		spec.F1600(&b)
		var x, y [100]uint64
		x[7], y[7] = 9, 9
		F1600x4(&x)
		spec.F1600x4(&y)
		var u, v [200]uint64
		u[9], v[9] = 11, 11
		F1600x8(&u)
		spec.F1600x8(&v)
		if a != b || x != y || u != v {
			t.Errorf("VG_CPU_FEATURES=%q: differs from the spec", env)
		}
	}
}

// TestGenerated runs make_keccak.go in a temporary directory and compares
// what it writes with the package's assembly.
func TestGenerated(t *testing.T) {
	if runtime.GOARCH != "amd64" || testing.Short() {
		t.Skip("regenerated on amd64 without -short")
	}
	dir := t.TempDir()
	src, err := os.ReadFile("make_keccak.go")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "make_keccak.go"), src, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", "run", "make_keccak.go")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOARCH=", "GOFLAGS=")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go run make_keccak.go: %v\n%s", err, out)
	}
	for _, f := range []string{"keccak_amd64.s", "keccak_simd_amd64.s", "keccak_arm64.s"} {
		got, err1 := os.ReadFile(filepath.Join(dir, f))
		want, err2 := os.ReadFile(f)
		if err1 != nil || err2 != nil {
			t.Fatalf("%s: %v %v", f, err1, err2)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s is stale: run go generate", f)
		}
	}
}
