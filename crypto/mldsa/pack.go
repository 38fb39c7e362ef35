package mldsa

import "encoding/binary"

// The packings of packBits and unpackBits for each width FIPS 204 uses,
// written out: a group of fields that fills whole bytes at a time (four
// 10-bit fields in five bytes, two 20-bit fields in five, …). Each reads
// and writes fixed positions; the values only pass through shifts, masks
// and the subtraction from base, so no coefficient reaches a branch or an
// index. The secret packings (s₁, s₂, t₀, w₁) are not here but proved
// kernels (kern.PackEta2, PackEta4, PackT0, PackW1_32, PackW1_88); these
// pack t₁ and z.

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

func pack18(out []byte, p *poly, base int32) {
	const m = 1<<18 - 1
	for g := range n / 4 {
		v := uint64(fields(p, 4*g, base, m)) | uint64(fields(p, 4*g+1, base, m))<<18 |
			uint64(fields(p, 4*g+2, base, m))<<36
		v3 := uint64(fields(p, 4*g+3, base, m))
		v |= v3 << 54 // its low 10 bits; the high 8 make byte 8
		o := out[9*g : 9*g+9 : 9*g+9]
		binary.LittleEndian.PutUint64(o, v)
		o[8] = byte(v3 >> 10)
	}
}

func pack20(out []byte, p *poly, base int32) {
	const m = 1<<20 - 1
	for g := range n / 2 {
		v := uint64(fields(p, 2*g, base, m)) | uint64(fields(p, 2*g+1, base, m))<<20
		o := out[5*g : 5*g+5 : 5*g+5]
		binary.LittleEndian.PutUint32(o, uint32(v))
		o[4] = byte(v >> 32)
	}
}
