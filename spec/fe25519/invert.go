package fe25519

// Invert sets out = a^(p−2) = 1/a mod p (0 for a ≡ 0), by the addition
// chain p − 2 = (2²⁵⁰ − 1)·2⁵ + 11 of 254 squarings and 11 products, the
// way the kernels compute it. Input limbs < 2⁵⁴ (products' bounds); the
// output is a product's.
func Invert(out, a *Element) {
	var a2, a9, a11, t0, t1, t Element
	Square(&a2, a)        // 2
	squareN(&t0, &a2, 2)  // 8
	Mul(&a9, &t0, a)      // 9
	Mul(&a11, &a9, &a2)   // 11
	Square(&t0, &a11)     // 22
	Mul(&t0, &t0, &a9)    // 2⁵ − 1
	squareN(&t1, &t0, 5)  //
	Mul(&t0, &t1, &t0)    // 2¹⁰ − 1
	squareN(&t1, &t0, 10) //
	Mul(&t1, &t1, &t0)    // 2²⁰ − 1
	squareN(&t, &t1, 20)  //
	Mul(&t1, &t, &t1)     // 2⁴⁰ − 1
	squareN(&t1, &t1, 10) //
	Mul(&t0, &t1, &t0)    // 2⁵⁰ − 1
	squareN(&t1, &t0, 50) //
	Mul(&t1, &t1, &t0)    // 2¹⁰⁰ − 1
	squareN(&t, &t1, 100) //
	Mul(&t1, &t, &t1)     // 2²⁰⁰ − 1
	squareN(&t1, &t1, 50) //
	Mul(&t, &t1, &t0)     // 2²⁵⁰ − 1
	squareN(&t, &t, 5)    //
	Mul(out, &t, &a11)    // 2²⁵⁵ − 21
}

// squareN sets out = a^(2ⁿ), n ≥ 1.
func squareN(out, a *Element, n int) {
	Square(out, a)
	for i := 1; i < n; i++ {
		Square(out, out)
	}
}
