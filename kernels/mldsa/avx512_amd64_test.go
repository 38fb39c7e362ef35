//go:build amd64 && !purego

package mldsa

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"vg.dev/kernels/internal/cpuid"
	spec "vg.dev/spec/mldsa"
	"vg.dev/vgtest/directivetest"
)

func hasAVX512() bool { return cpuid.Has("avx512f") }

func init() {
	moreKernels["NTT"] = append(moreKernels["NTT"], asmKernel{"nttAVX512", hasAVX512, nttAVX512})
	moreKernels["InvNTT"] = append(moreKernels["InvNTT"], asmKernel{"invNTTAVX512", hasAVX512, invNTTAVX512})
}

// TestDirectivesAVX512 checks the AVX-512 stubs' directives.
func TestDirectivesAVX512(t *testing.T) {
	directivetest.Check(t, "mldsa_avx512_amd64.go", map[string]directivetest.Stub{
		"nttAVX512":    {Func: nttAVX512, Spec: spec.NTT, Requires: spec.NTTRequires},
		"invNTTAVX512": {Func: invNTTAVX512, Spec: spec.InvNTT, Requires: spec.InvNTTRequires},
	})
}

// TestGeneratedNTT512 runs make_ntt512.go in a temporary directory and
// compares what it writes with ntt512_amd64.s.
func TestGeneratedNTT512(t *testing.T) {
	if testing.Short() {
		t.Skip("regenerated without -short")
	}
	dir := t.TempDir()
	src, err := os.ReadFile("make_ntt512.go")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "make_ntt512.go"), src, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", "run", "make_ntt512.go")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOARCH=", "GOFLAGS=")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go run make_ntt512.go: %v\n%s", err, out)
	}
	got, err1 := os.ReadFile(filepath.Join(dir, "ntt512_amd64.s"))
	want, err2 := os.ReadFile("ntt512_amd64.s")
	if err1 != nil || err2 != nil {
		t.Fatal(err1, err2)
	}
	if !bytes.Equal(got, want) {
		t.Error("ntt512_amd64.s is stale: run go generate")
	}
}
