//go:build !(arm64 && linux)

package arm64

import "testing"

// TestNeonCosim needs an arm64 processor or qemu-aarch64:
// GOARCH=arm64 go test -exec qemu-aarch64 -run 'Cosim|Native|Neon' ./symexec/arm64/
func TestNeonCosim(t *testing.T) { t.Skip("not on arm64/linux") }
