//go:build cgo

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestWithoutCgo: a vgcheck built with CGO_ENABLED=0 has no Z3; proving
// says so in one line, with how to get it, and exits 2, while disasm still
// works; vgtest.Prove skips with that reason instead of failing.
func TestWithoutCgo(t *testing.T) {
	if testing.Short() {
		t.Skip("builds vgcheck without cgo (-short)")
	}
	env := append(os.Environ(), "CGO_ENABLED=0")
	bin := filepath.Join(t.TempDir(), "vgcheck")
	build := exec.Command("go", "build", "-o", bin, "./cmd/vgcheck")
	build.Env = env
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	for _, args := range [][]string{{"prove", "./examples/u128"}, {"ct", "./examples/u128"}, {"mutate", "./examples/u128"}} {
		cmd := exec.Command(bin, args...)
		out, err := cmd.CombinedOutput()
		ee, _ := err.(*exec.ExitError)
		if ee == nil || ee.ExitCode() != exitError {
			t.Errorf("%v: %v, want exit %d", args, err, exitError)
		}
		lines := strings.Split(strings.TrimSpace(string(out)), "\n")
		if len(lines) != 1 || !strings.Contains(lines[0], "built without cgo, so it has no Z3") || !strings.Contains(lines[0], "apt-get install libz3-dev") || !strings.Contains(lines[0], "CGO_ENABLED=1") {
			t.Errorf("%v: want one line on how to get Z3:\n%s", args, out)
		}
	}
	out, err := exec.Command(bin, "version").CombinedOutput()
	if err != nil || !strings.Contains(string(out), "no Z3: this vgcheck was built without cgo") {
		t.Errorf("version: %v\n%s", err, out)
	}
	out, err = exec.Command(bin, "disasm", "vg.dev/examples/u128.addAsm").CombinedOutput()
	if err != nil || !strings.Contains(string(out), "ADCQ") {
		t.Errorf("disasm without cgo: %v\n%s", err, out)
	}

	test := exec.Command("go", "test", "-count=1", "-v", "-run", "^TestProofs$", "./examples/u128")
	test.Env = env
	out, err = test.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "--- SKIP: TestProofs") || !strings.Contains(string(out), "vgtest: built without cgo, so Z3 is not available") {
		t.Errorf("vgtest without cgo does not skip with the reason: %v\n%s", err, out)
	}
}
