//go:build amd64.v3

package attack

import "testing"

// TestLevelV3: levelV3 is proved (vgcheck builds for GOAMD64=v1 unless told
// otherwise) but a GOAMD64=v3 build, this one, ships other code.
//
//	GOAMD64=v3 go test -run LevelV3 ./testdata/kernels/attack
func TestLevelV3(t *testing.T) {
	if got := levelV3(5); got == idGo(5) {
		t.Fatalf("levelV3(5) = %d, as its spec: no misbehaviour", got)
	}
	t.Logf("levelV3(5) = %d under GOAMD64=v3, spec %d", levelV3(5), idGo(5))
}
