// Package vectors locates test-vector modules for the tests of
// vg.dev/crypto: it asks the go command to download a pinned module
// version (`go mod download -json`) and returns the directory it was
// unpacked in, as the standard library's own vector tests do.
package vectors

import (
	"encoding/json"
	"os/exec"
	"testing"
)

// Pinned modules of vectors that no one here wrote.
const (
	// ACVPModule holds NIST ACVP vectors and their expected results
	// (vectors/EDDSA.bz2, expected/EDDSA.bz2).
	ACVPModule  = "github.com/geomys/acvp-testdata"
	ACVPVersion = "v0.0.0-20251201200548-d893de8b8b1c"
	// EdgeModule holds Ed25519 signatures on edge cases (small-order and
	// non-canonical R and A) and which checks accept them.
	EdgeModule  = "filippo.io/mostly-harmless/ed25519vectors"
	EdgeVersion = "v0.0.0-20210322192420-30a2d7243a94"
)

// Module returns the directory of module@version. It fails the test when
// the module cannot be had, or skips it under -short.
func Module(t *testing.T, module, version string) string {
	t.Helper()
	fail := t.Fatalf
	if testing.Short() {
		fail = t.Skipf
	}
	out, err := exec.Command("go", "mod", "download", "-json", module+"@"+version).Output()
	if err != nil {
		fail("go mod download %s@%s: %v\n%s", module, version, err, out)
	}
	var info struct{ Dir, Error string }
	if err := json.Unmarshal(out, &info); err != nil {
		fail("go mod download %s@%s: %v", module, version, err)
	}
	if info.Dir == "" {
		fail("go mod download %s@%s: %s", module, version, info.Error)
	}
	return info.Dir
}
