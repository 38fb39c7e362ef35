package fe25519

import spec "vg.dev/spec/fe25519"

// Element52x4 is four field elements in radix 2⁵², limb-major: X[i][j] is
// limb i of element j, whose value is Σᵢ X[i][j]·2⁵²ⁱ. It is the
// specification's type (vg.dev/spec/fe25519), so the kernel and the spec
// see the same memory layout: row i, limb i of the four elements, is the
// 32 bytes at offset 32·i.
type Element52x4 = spec.Element52x4

// Mul52x4 sets out[·][j] = a[·][j]·b[·][j] mod 2²⁵⁵ − 19 for the four
// elements j. Input limbs must be < 2⁵² (bits above are ignored); output
// limbs 0 … 3 are < 2⁵² and limb 4 is < 2⁴⁷ + 2¹¹, so outputs are valid
// inputs. out may be a or b (proved for each way the three may be equal).
//
// With AVX-512 IFMA and AVX-512VL (and VG_CPU_FEATURES allowing both) it
// runs the kernel mul52x4IFMA, in time independent of the limbs; otherwise
// the specification itself.
func Mul52x4(out, a, b *Element52x4) { mul52x4(out, a, b) }

// variantIFMA names the IFMA variant of Mul52x4, as reported by selected52.
const variantIFMA = "ifma"

func mul52x4Generic(out, a, b *Element52x4) { spec.Mul52x4(out, a, b) }
