package edwards

import fe "vg.dev/spec/fe25519"

// sqrN sets x = x^(2ⁿ) lane by lane: n squarings.
func sqrN(x *fe.Element52x4, n int) {
	for i := 0; i < n; i++ {
		sqr52x4(x, x)
	}
}

// Pow22523x4 sets out[·][j] = a[·][j]^((p−5)/8) = a^(2²⁵² − 3) for the four
// lanes j: the exponentiation of a point decoding's square root
// (RFC 8032, 5.1.3: x = u·v³·(u·v⁷)^((p−5)/8)), four at a time, so that
// verification decodes the public key and the signature's R in one
// chain. The addition chain is vg.dev/crypto/internal/field's pow22523
// (and the inversion's head, vg.dev/spec/fe25519.Invert): 251 squarings
// (sqr52x4) and 11 products (fe.Mul52x4).
//
// Bounds: a's limbs must be those of a product or canonical (limbs < 2⁵²);
// every intermediate value is a product's, so out's are too. a is read
// before out is written (out may be a).
func Pow22523x4(out, a *fe.Element52x4) {
	x := *a
	var a2, a9, t0, t1 fe.Element52x4
	sqr52x4(&a2, &x)          // 2
	t0 = a2                   //
	sqrN(&t0, 2)              // 8
	fe.Mul52x4(&a9, &t0, &x)  // 9
	fe.Mul52x4(&t0, &a9, &a2) // 11
	sqrN(&t0, 1)              // 22
	fe.Mul52x4(&t0, &t0, &a9) // 31 = 2⁵ − 1
	t1 = t0                   //
	sqrN(&t1, 5)              //
	fe.Mul52x4(&t0, &t1, &t0) // 2¹⁰ − 1
	t1 = t0                   //
	sqrN(&t1, 10)             //
	fe.Mul52x4(&t1, &t1, &t0) // 2²⁰ − 1
	t := t1                   //
	sqrN(&t, 20)              //
	fe.Mul52x4(&t, &t, &t1)   // 2⁴⁰ − 1
	sqrN(&t, 10)              //
	fe.Mul52x4(&t0, &t, &t0)  // 2⁵⁰ − 1
	t = t0                    //
	sqrN(&t, 50)              //
	fe.Mul52x4(&t1, &t, &t0)  // 2¹⁰⁰ − 1
	t = t1                    //
	sqrN(&t, 100)             //
	fe.Mul52x4(&t, &t, &t1)   // 2²⁰⁰ − 1
	sqrN(&t, 50)              //
	fe.Mul52x4(&t, &t, &t0)   // 2²⁵⁰ − 1
	sqrN(&t, 2)               // 2²⁵² − 4
	fe.Mul52x4(out, &t, &x)   // 2²⁵² − 3
}
