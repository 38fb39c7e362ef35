package prove

import (
	"testing"
	"unsafe"

	"vg.dev/testdata/kernels/model"
)

// TestAlignWrapper: the kernel behind model.FirstDeclared is proved only
// under //vg:align p=16, so the wrapper must align what it passes: called
// with p at an address that is 8 modulo 16, it must neither fault nor
// return anything but p[0].
func TestAlignWrapper(t *testing.T) {
	var words [5]uint64
	for i := range words {
		words[i] = 0x1111 * uint64(i+1)
	}
	for i := 0; i < 3; i++ {
		p := (*[2]uint64)(words[i : i+2])
		if got := model.FirstDeclared(p); got != p[0] {
			t.Errorf("FirstDeclared at %#x = %#x, want %#x", uintptr(unsafe.Pointer(p)), got, p[0])
		}
	}
}
