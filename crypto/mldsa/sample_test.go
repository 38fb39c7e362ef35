package mldsa

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// rejBoundedBytes is Algorithm 31's loop as FIPS 204 writes it, byte by
// byte over the stream (CoeffFromHalfByte on the low then the high
// half-byte, stopping at n coefficients): the reference for
// rejBoundedLanes.
func rejBoundedBytes(p *poly, j int, eta int32, stream []byte) int {
	coeff := func(b int32) (int32, bool) {
		switch {
		case eta == 2 && b < 15:
			return 2 - b%5, true
		case eta == 4 && b < 9:
			return 4 - b, true
		}
		return 0, false
	}
	for _, z := range stream {
		for _, b := range [2]int32{int32(z & 15), int32(z >> 4)} {
			if c, ok := coeff(b); ok && j < n {
				p[j] = c
				j++
			}
		}
	}
	return j
}

// TestRejBoundedLanes runs rejBoundedLanes over random blocks laid out as
// one to eight interleaved streams, from random starting counts (up to n,
// so the stop at n mid-lane is reached), against rejBoundedBytes on the
// same stream bytes; streams biased to many rejections too.
func TestRejBoundedLanes(t *testing.T) {
	r := rand.New(rand.NewPCG(51, 52))
	for trial := range 3000 {
		ways := 1 + r.IntN(8)
		s := r.IntN(ways)
		eta := int32(2 + 2*r.IntN(2))
		a := make([]uint64, ways*rate256/8)
		for i := range a {
			a[i] = r.Uint64()
			if trial%4 == 1 {
				a[i] |= 0x8888888888888888 & r.Uint64() // most half-bytes ≥ 8
			}
		}
		var stream []byte
		for i := range rate256 / 8 {
			for k := range 8 {
				stream = append(stream, byte(a[ways*i+s]>>(8*k)))
			}
		}
		j0 := r.IntN(n + 1)
		if trial%3 == 0 {
			j0 = n - r.IntN(20)
		}
		var got, want poly
		for i := range got {
			got[i] = int32(r.Uint32())
			want[i] = got[i]
		}
		jg := rejBoundedLanes(&got, j0, eta, a, ways, s)
		jw := rejBoundedBytes(&want, j0, eta, stream)
		// p[:j] is the result; past it the rejected candidates may lie.
		if jg != jw || !slices.Equal(got[:jg], want[:jw]) {
			t.Fatalf("trial %d (η=%d, j=%d, %d ways): count %d, want %d; prefixes equal %v", trial, eta, j0, ways, jg, jw, slices.Equal(got[:jg], want[:jg]))
		}
	}
}

// rejUniformGroups is Algorithm 30's loop as FIPS 204 writes it, three
// bytes at a time over the stream, stopping at n coefficients: the
// reference for rejUniformLanes.
func rejUniformGroups(p *poly, j int, stream []byte) int {
	for k := 0; k+3 <= len(stream); k += 3 {
		z := int32(stream[k]) | int32(stream[k+1])<<8 | int32(stream[k+2]&0x7f)<<16
		if z < q && j < n {
			p[j] = z
			j++
		}
	}
	return j
}

// TestRejUniformLanes is TestRejBoundedLanes for rejUniformLanes.
func TestRejUniformLanes(t *testing.T) {
	r := rand.New(rand.NewPCG(53, 54))
	for trial := range 3000 {
		ways := 1 + r.IntN(8)
		s := r.IntN(ways)
		a := make([]uint64, ways*25)
		for i := range a {
			a[i] = r.Uint64()
			if trial%4 == 1 {
				a[i] |= 0x7f7f7f7f7f7f7f7f & r.Uint64() // many candidates ≥ q
			}
		}
		var stream []byte
		for i := range rate128 / 8 {
			for k := range 8 {
				stream = append(stream, byte(a[ways*i+s]>>(8*k)))
			}
		}
		j0 := r.IntN(n + 1)
		if trial%3 == 0 {
			j0 = n - r.IntN(60)
		}
		var got, want poly
		for i := range got {
			got[i] = int32(r.Uint32())
			want[i] = got[i]
		}
		jg := rejUniformLanes(&got, j0, a, ways, s)
		jw := rejUniformGroups(&want, j0, stream)
		// p[:j] is the result; past it the rejected candidates may lie.
		if jg != jw || !slices.Equal(got[:jg], want[:jw]) {
			t.Fatalf("trial %d (j=%d, %d ways): count %d, want %d; prefixes equal %v", trial, j0, ways, jg, jw, slices.Equal(got[:jg], want[:jg]))
		}
	}
}
