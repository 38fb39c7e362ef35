// Package attack3 holds kernels and specs written against the AVX-512
// selection models (VPERMB, VPCMP[U]D/Q into an opmask, VPMOVD2M,
// VPCOMPRESSD/Q) and the lane-by-lane vector store at a symbolic offset.
// Each "Wrong" pair (and storeSymOOB, compressMergeSecret) must not be
// proved. Only the tests build it.
package attack3

// compressMergeGo: the selected elements of a packed at the front of out,
// the rest of out is d (merge masking).
func compressMergeGo(out, a, d *[16]uint32, m uint16) {
	pos := 0
	var r [16]uint32
	r = *d
	for i := 0; i < 16; i++ {
		if m>>i&1 == 1 {
			r[pos] = a[i]
			pos++
		}
	}
	*out = r
}

// compressZeroGo is compressMergeGo with zeroing: wrong for the merging kernel.
func compressZeroGo(out, a, d *[16]uint32, m uint16) {
	var z [16]uint32
	compressMergeGo(out, a, &z, m)
}

// compressXGo: 4 lanes, mask bits above 3 ignored, zeroing.
func compressXGo(out, a *[4]uint32, m uint16) {
	var r [4]uint32
	pos := 0
	for i := 0; i < 4; i++ {
		if m>>i&1 == 1 {
			r[pos] = a[i]
			pos++
		}
	}
	*out = r
}

// compressXWrongGo: takes the mask bits as if the vector were 8 lanes wide,
// so a selected element past lane 3 (never there) shifts nothing, but the
// bits of the mask above 3 select whether lane 3... (wrong: selects lane i
// by bit i+4 when bit i is clear).
func compressXWrongGo(out, a *[4]uint32, m uint16) {
	var r [4]uint32
	pos := 0
	for i := 0; i < 4; i++ {
		if m>>i&1 == 1 || m>>(i+4)&1 == 1 {
			r[pos] = a[i]
			pos++
		}
	}
	*out = r
}

// compressQYGo: 4 qword lanes.
func compressQYGo(out, a *[4]uint64, m uint16) {
	var r [4]uint64
	pos := 0
	for i := 0; i < 4; i++ {
		if m>>i&1 == 1 {
			r[pos] = a[i]
			pos++
		}
	}
	*out = r
}

func cmpMaskedGo(a, b *[16]uint32, m uint16) uint16 {
	var r uint16
	for j := 0; j < 16; j++ {
		if a[j] < b[j] && m>>j&1 == 1 {
			r |= 1 << j
		}
	}
	return r
}

func cmpUnmaskedGo(a, b *[16]uint32, m uint16) uint16 {
	var r uint16
	for j := 0; j < 16; j++ {
		if a[j] < b[j] {
			r |= 1 << j
		}
	}
	return r
}

func cmpSignedLEGo(a, b *[16]uint32) uint16 {
	var r uint16
	for j := 0; j < 16; j++ {
		if int32(a[j]) <= int32(b[j]) {
			r |= 1 << j
		}
	}
	return r
}

func cmpUnsignedLEGo(a, b *[16]uint32) uint16 {
	var r uint16
	for j := 0; j < 16; j++ {
		if a[j] <= b[j] {
			r |= 1 << j
		}
	}
	return r
}

// cmpQXGo: NLE unsigned on 2 qwords; the bits above 1 are clear.
func cmpQXGo(a, b *[2]uint64) uint64 {
	var r uint64
	for j := 0; j < 2; j++ {
		if !(a[j] <= b[j]) {
			r |= 1 << j
		}
	}
	return r
}

func permbGo(out, idx, tbl *[64]byte) {
	var r [64]byte
	for j := range r {
		r[j] = tbl[idx[j]&63]
	}
	*out = r
}

// permbPshufbGo zeroes where the index has its top bit set (PSHUFB's rule).
func permbPshufbGo(out, idx, tbl *[64]byte) {
	var r [64]byte
	for j := range r {
		if idx[j]&0x80 == 0 {
			r[j] = tbl[idx[j]&63]
		}
	}
	*out = r
}

func permbYGo(out, idx, tbl *[32]byte) {
	var r [32]byte
	for j := range r {
		r[j] = tbl[idx[j]&31]
	}
	*out = r
}

// permbY63Go: within 128-bit lanes (as VPSHUFB would): wrong.
func permbY63Go(out, idx, tbl *[32]byte) {
	var r [32]byte
	for j := range r {
		r[j] = tbl[(j&16)|int(idx[j]&15)]
	}
	*out = r
}

func permbMergeGo(out, idx, tbl *[64]byte, m uint64) {
	var r [64]byte
	for j := range r {
		if m>>j&1 == 1 {
			r[j] = tbl[idx[j]&63]
		} else {
			r[j] = out[j]
		}
	}
	*out = r
}

func movd2mYGo(a *[8]uint32) uint64 {
	var r uint64
	for j := 0; j < 8; j++ {
		r |= uint64(a[j]>>31) << j
	}
	return r
}

// movd2mYWrongGo leaves the bits above 7 set (as KXNORQ set them).
func movd2mYWrongGo(a *[8]uint32) uint64 {
	return movd2mYGo(a) | 0xffffffffffffff00
}

func popcnt(x uint64) int {
	n := 0
	for i := 0; i < 64; i++ {
		n += int(x >> i & 1)
	}
	return n
}

func storeSymGo(out *[24]uint32, a *[16]uint32, m uint16) {
	c := popcnt(uint64(m & 0xff))
	for i := 0; i < 16; i++ {
		out[c+i] = a[i]
	}
}

// storeSymWrongGo stores the last element one place further.
func storeSymWrongGo(out *[24]uint32, a *[16]uint32, m uint16) {
	c := popcnt(uint64(m & 0xff))
	for i := 0; i < 15; i++ {
		out[c+i] = a[i]
	}
	if c+16 < 24 {
		out[c+16] = a[15]
	} else {
		out[c+15] = a[15]
	}
}

// storeSymOOBGo: what the kernel stores, where it fits.
func storeSymOOBGo(out *[24]uint32, a *[16]uint32, m uint16) {
	c := popcnt(uint64(m & 0x1ff))
	for i := 0; i < 16; i++ {
		if c+i < 24 {
			out[c+i] = a[i]
		}
	}
}

func storeSymBytesGo(out *[80]byte, a *[64]byte, m uint16) {
	c := popcnt(uint64(m & 0xff))
	for i := 0; i < 64; i++ {
		out[c+i] = a[i]
	}
}

// storeSymBytesWrongGo swaps two bytes within a dword lane.
func storeSymBytesWrongGo(out *[80]byte, a *[64]byte, m uint16) {
	c := popcnt(uint64(m & 0xff))
	for i := 0; i < 64; i++ {
		out[c+i] = a[i^1]
	}
}

func storeSymTwiceGo(out *[40]uint32, a, b *[16]uint32, m uint16) {
	c1 := popcnt(uint64(m & 0xff))
	c2 := popcnt(uint64(m >> 8))
	for i := 0; i < 16; i++ {
		out[c1+i] = a[i]
	}
	for i := 0; i < 16; i++ {
		out[c2+i] = b[i]
	}
}

// storeSymTwiceWrongGo: the first store wins where they overlap.
func storeSymTwiceWrongGo(out *[40]uint32, a, b *[16]uint32, m uint16) {
	c1 := popcnt(uint64(m & 0xff))
	c2 := popcnt(uint64(m >> 8))
	for i := 0; i < 16; i++ {
		out[c2+i] = b[i]
	}
	for i := 0; i < 16; i++ {
		out[c1+i] = a[i]
	}
}

func storeSymMaskedGo(out *[24]uint32, a *[16]uint32, m uint16, k uint16) {
	c := popcnt(uint64(m & 0xff))
	for i := 0; i < 16; i++ {
		if k>>i&1 == 1 {
			out[c+i] = a[i]
		}
	}
}

// storeSymGo16 ignores the store mask.
func storeSymGo16(out *[24]uint32, a *[16]uint32, m uint16, k uint16) {
	storeSymGo(out, a, m)
}

func storeSymYGo(out *[16]uint64, a *[4]uint64, m uint16) {
	c := popcnt(uint64(m)) >> 1
	for i := 0; i < 4; i++ {
		out[c+i] = a[i]
	}
}

// permbZeroGo is permbMergeGo with zeroing: wrong for the merging kernel.
func permbZeroGo(out, idx, tbl *[64]byte, m uint64) {
	var r [64]byte
	for j := range r {
		if m>>j&1 == 1 {
			r[j] = tbl[idx[j]&63]
		}
	}
	*out = r
}

func storeROGo(a *[16]uint32, m uint16) {}

func movGo(out, a *[4]uint32) { *out = *a }

func cmpLTGo(a, b *[16]uint32) uint16 { return cmpUnmaskedGo(a, b, 0) }
