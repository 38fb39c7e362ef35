//go:build !linux

package ed25519

import "testing"

// loop runs f under b.Loop (the thread's CPU time is read on Linux only).
func loop(b *testing.B, f func()) {
	for b.Loop() {
		f()
	}
}
