//go:build !(arm64 && linux)

package arm64

import "testing"

// TestNative runs only on linux/arm64 (natively or under qemu-aarch64:
// GOARCH=arm64 go test -exec qemu-aarch64 ./symexec/arm64/).
func TestNative(t *testing.T) {
	t.Skip("the native co-simulation needs linux/arm64 (try GOARCH=arm64 go test -exec qemu-aarch64)")
}
