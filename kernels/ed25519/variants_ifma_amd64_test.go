//go:build amd64 && !purego

package ed25519

import spec "vg.dev/spec/ed25519"

var base52Variants = []base52Variant{{"scalarBaseIFMA", hasIFMA,
	func(out *[4]Element, t *CombTable52, s *[32]byte) { scalarBaseIFMA(out, t, s, &spec.D2x52) }}}
