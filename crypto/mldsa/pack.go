package mldsa

import "encoding/binary"

// The one packing of packBits FIPS 204 uses that is not a kernel, t₁'s 10
// bits, written out: a group of fields that fills whole bytes at a time
// (four 10-bit fields in five bytes). It reads and writes fixed positions; the
// values only pass through shifts and masks, so no coefficient reaches a
// branch or an index. The secret packings (s₁, s₂, t₀, w₁, z) are not
// here but proved kernels (kern.PackEta2, PackEta4, PackT0, PackW1_32,
// PackW1_88, PackZ17, PackZ19); this packs the public t₁.

// fields returns the values packBits packs: base − p[i], or p[i] itself
// for base 0, masked to bits.
func fields(p *poly, i int, base int32, mask uint32) uint32 {
	if base == 0 {
		return uint32(p[i]) & mask
	}
	return uint32(base-p[i]) & mask
}

func pack10(out []byte, p *poly, base int32) {
	const m = 1<<10 - 1
	for g := range n / 4 {
		v := uint64(fields(p, 4*g, base, m)) | uint64(fields(p, 4*g+1, base, m))<<10 |
			uint64(fields(p, 4*g+2, base, m))<<20 | uint64(fields(p, 4*g+3, base, m))<<30
		o := out[5*g : 5*g+5 : 5*g+5]
		binary.LittleEndian.PutUint32(o, uint32(v))
		o[4] = byte(v >> 32)
	}
}
