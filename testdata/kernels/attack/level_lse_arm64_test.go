//go:build arm64.v8.1

package attack

import "testing"

// TestLevelLSE: levelLSE is proved (GOARM64=v8.0 by default) but a
// GOARM64=v8.1 build, this one, ships other code.
//
//	GOARCH=arm64 GOARM64=v8.1 go test -exec qemu-aarch64 -run LevelLSE ./testdata/kernels/attack
func TestLevelLSE(t *testing.T) {
	if got := levelLSE(5); got == idGo(5) {
		t.Fatalf("levelLSE(5) = %d, as its spec: no misbehaviour", got)
	}
	t.Logf("levelLSE(5) = %d under GOARM64=v8.1, spec %d", levelLSE(5), idGo(5))
}
