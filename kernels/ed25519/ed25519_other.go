//go:build (!amd64 && !arm64) || purego

package ed25519

import "vg.dev/kernels/ctselect"

func selectVariant() {}

func selected() string { return variantGeneric }

func combAdd(p *[4]Element, t *ctselect.Table, d uint64) { combAddGeneric(p, t, d) }

func scalarBaseMult(out *[4]Element, t *[26]ctselect.Table, s *[32]byte) {
	scalarBaseMultGeneric(out, t, s)
}
