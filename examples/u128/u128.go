// Package u128 is the worked example of the README's adoption guide: an
// assembly kernel, its Go spec, the directives that tie them, and a test
// that proves them inside go test.
package u128

import "math/bits"

// Uint128 is a 128-bit unsigned integer, least significant word first.
type Uint128 struct{ Lo, Hi uint64 }

// add is the spec: the clearest correct Go.
func add(out, a, b *Uint128) {
	var c uint64
	out.Lo, c = bits.Add64(a.Lo, b.Lo, 0)
	out.Hi, _ = bits.Add64(a.Hi, b.Hi, c)
}

// Add sets out = a + b mod 2¹²⁸.
func Add(out, a, b *Uint128) { addAsm(out, a, b) }
