package attack

// tbl is written by init: the binary holds zeros, a real call sees 1, 2, 3, 4.
var tbl [4]uint64

func init() { tbl = [4]uint64{1, 2, 3, 4} }

// dtbl is statically initialised writable data: the program may change it.
var dtbl = [4]uint64{1, 2, 3, 4}

// key is a writable global holding a secret (a test sets it).
var key uint64

// twoGo is 2·x.
func twoGo(x uint64) uint64 { return 2 * x }

// cmovPtrGo is q[0] when k is odd, else p[0].
func cmovPtrGo(p, q *[4]uint64, k uint64) uint64 {
	if k&1 == 1 {
		return q[0]
	}
	return p[0]
}

// deferGo is x + 1: the deferred function runs after the return value is set.
func deferGo(x uint64) (r uint64) {
	defer func() { r++ }()
	return x
}

// add1Go is x + 1.
func add1Go(x uint64) uint64 { return x + 1 }

// twoSecretGo is key + nonce + x.
func twoSecretGo(key, nonce, x uint64) uint64 { return key + nonce + x }

// mod2Go is x % 2 with Go's truncated remainder: −1 for odd negative x.
func mod2Go(x int64) int64 { return x % 2 }

// div2Go is x / 2 truncated toward zero: −3/2 is −1.
func div2Go(x int64) int64 { return x / 2 }

// andNotGo is x &^ y.
func andNotGo(x, y uint64) uint64 { return x &^ y }

// sextGo sign-extends x.
func sextGo(x int32) uint64 { return uint64(x) }

// zextGo zero-extends x.
func zextGo(x uint32) int64 { return int64(x) }

// minGo is the signed minimum.
func minGo(a, b int64) int64 { return min(a, b) }

// panicGo panics at x = 5.
func panicGo(x uint64) uint64 {
	if x == 5 {
		panic("five")
	}
	return x
}

// indexGo is t[k]: it panics for k ≥ 4.
func indexGo(t *[4]uint64, k uint64) uint64 { return t[k] }

// rotSliceGo is rotGo on slices of length 4.
func rotSliceGo(out, a []uint64) {
	x := [4]uint64{a[0], a[1], a[2], a[3]}
	out[0], out[1], out[2], out[3] = x[3], x[0], x[1], x[2]
}

// firstSliceGo is 0 for an empty p.
func firstSliceGo(p []uint64) uint64 {
	if len(p) == 0 {
		return 0
	}
	return p[0]
}

// strGo does nothing.
func strGo(s string) {}

// named is [4]uint64 under another name: convertible, so &x may be passed as both.
type named [4]uint64

// rotNamedGo is rotGo across the two types.
func rotNamedGo(out *named, a *[4]uint64) {
	x := *a
	out[0], out[1], out[2], out[3] = x[3], x[0], x[1], x[2]
}

// sevenGo is 7.
func sevenGo(x uint64) uint64 { return 7 }

// pextGo is a software PEXT.
func pextGo(x, m uint64) uint64 {
	var r, k uint64
	for i := 0; i < 64; i++ {
		if m>>i&1 == 1 {
			r |= (x >> i & 1) << k
			k++
		}
	}
	return r
}
