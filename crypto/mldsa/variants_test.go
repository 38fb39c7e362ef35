package mldsa

import (
	"errors"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"syscall"
	"testing"
)

// childEnv marks a test binary run by TestVariants.
const childEnv = "VG_MLDSA_VARIANT_CHILD"

// variantTests are the tests TestVariants runs under each variant: the
// ACVP vectors, the round trips, the malformed inputs and the encodings.
const variantTests = "^(TestACVP|TestSignVerify|TestKeys|TestMalformedKeys|TestMalformedSignatures|TestPackBits)$"

// TestVariants runs variantTests again in a child process for each value
// of VG_CPU_FEATURES that selects a different set of kernels on this
// machine (cpuVariants), since the kernels choose their variant once, at
// package initialisation. Under qemu-user, where a child cannot be
// executed directly, it is run through qemu-aarch64.
func TestVariants(t *testing.T) {
	if os.Getenv(childEnv) != "" {
		t.Skip("running as a variant child")
	}
	for _, env := range cpuVariants() {
		t.Run("VG_CPU_FEATURES="+env, func(t *testing.T) {
			t.Parallel()
			args := []string{"-test.run=" + variantTests, "-test.count=1"}
			if testing.Short() {
				args = append(args, "-test.short")
			}
			out, err := runChild(env, args)
			if err != nil {
				t.Fatalf("%v\n%s", err, out)
			}
			if !strings.Contains(string(out), "PASS") {
				t.Fatalf("no PASS in the child's output:\n%s", out)
			}
		})
	}
}

func runChild(features string, args []string) ([]byte, error) {
	env := append(os.Environ(), childEnv+"=1", "VG_CPU_FEATURES="+features)
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = env
	out, err := cmd.CombinedOutput()
	if errors.Is(err, syscall.ENOEXEC) && runtime.GOARCH == "arm64" {
		q, lerr := exec.LookPath("qemu-aarch64")
		if lerr != nil {
			return out, err
		}
		cmd = exec.Command(q, append([]string{os.Args[0]}, args...)...)
		cmd.Env = env
		return cmd.CombinedOutput()
	}
	return out, err
}
