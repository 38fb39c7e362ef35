//go:build amd64 || arm64

package attack

import (
	"fmt"
	"testing"
)

// The tests below run kernels that vgcheck proves (see ATTACKS.md) and show
// that they misbehave on a real call: each passes when the misbehaviour is
// seen.

var sink uint64

// TestRotNamedAliased: rotNamed (and rotNamedARM) is proved, but out and a
// may be the same memory: *named and *[4]uint64 convert into each other.
func TestRotNamedAliased(t *testing.T) {
	x := [4]uint64{1, 2, 3, 4}
	y := x
	rotNamedKernel((*named)(&x), &x)
	rotNamedGo((*named)(&y), &y)
	if x == y {
		t.Fatalf("rotNamed(&x, &x) = %v, as its spec: no misbehaviour", x)
	}
	t.Logf("rotNamed(&x, &x) = %v, spec %v", x, y)
}

// TestLinkLayout: kernels that read bytes the linker wrote (an address in
// read-only data, a CALL's displacement, code past the function) are proved
// against vgcheck's binary; this test binary is linked differently.
func TestLinkLayout(t *testing.T) {
	for _, c := range linkLayoutCases {
		got, want := c.kernel(), c.spec()
		if got == want {
			t.Errorf("%s = %#x, as its spec: no misbehaviour in this binary", c.name, got)
			continue
		}
		t.Logf("%s = %#x, spec (vgcheck's binary) %#x", c.name, got, want)
	}
}

// TestArgPadding: the kernel reads the 4 padding bytes after a uint32
// argument, which the caller leaves as the previous call left them.
// vgcheck refutes it, but its replay does not confirm.
func TestArgPadding(t *testing.T) {
	if got := argPaddingAfterCall(5); got != 5 {
		t.Logf("argPadding(5) = %#x", got)
		return
	}
	t.Fatal("argPadding(5) = 5: no misbehaviour")
}

// BenchmarkGlobalSecret: globalSecretSlow is ct-proved, but it branches on
// the writable global key; with key ≠ 0 it takes the slow path.
//
//	go test -run '^$' -bench GlobalSecret ./testdata/kernels/attack
func BenchmarkGlobalSecret(b *testing.B) {
	for _, k := range []uint64{0, 1} {
		b.Run(fmt.Sprintf("key=%d", k), func(b *testing.B) {
			key = k
			for i := 0; i < b.N; i++ {
				sink += globalSecretKernel(uint64(i))
			}
		})
	}
}

// TestGlobalSecretTime shows the time difference of BenchmarkGlobalSecret
// without asserting it (timing is noisy).
func TestGlobalSecretTime(t *testing.T) {
	if testing.Short() {
		t.Skip("timing")
	}
	var ns [2]float64
	for k := range ns {
		key = uint64(k)
		r := testing.Benchmark(func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				sink += globalSecretKernel(uint64(i))
			}
		})
		ns[k] = float64(r.T.Nanoseconds()) / float64(r.N)
	}
	key = 0
	t.Logf("globalSecretSlow: %.2f ns/call with key = 0, %.2f ns/call with key = 1", ns[0], ns[1])
}

// TestGlobalAlias: globalAlias is proved, but a caller may pass the address
// of the writable global it reads.
func TestGlobalAlias(t *testing.T) {
	gw = 5
	if got, want := globalAliasKernel(&gw, 0), uint64(0); got == want {
		t.Fatalf("globalAlias(&gw, 0) = %d, as its spec: no misbehaviour", got)
	} else {
		t.Logf("globalAlias(&gw, 0) = %d, spec %d", got, want)
	}
}
