// Package ctcheck holds kernels that the constant-time and frame checks must
// flag, each with a `// want "kind"` comment on the offending .s line, and
// kernels they must prove (no false positives). Only the tests build it.
package ctcheck

// Table is a read-only table of the package (DATA in ctcheck_amd64.s).
const tableLen = 4

func pick(x, a, b uint64) uint64 {
	if x&1 == 1 {
		return a
	}
	return b
}

// selectBranch picks a or b with a branch on the secret x.
//
//vg:spec pick
func selectBranch(x, a, b uint64) uint64

// selectMasked picks a or b with a mask: constant time.
//
//vg:spec pick
func selectMasked(x, a, b uint64) uint64

func lookupGo(i uint64) uint64 { return []uint64{1, 2, 3, 4}[i&3] }

// lookupSecret loads table[i&3]: a secret-indexed load.
//
//vg:spec lookupGo
func lookupSecret(i uint64) uint64

func divGo(x, y uint64) uint64 {
	if y == 0 {
		return 0
	}
	return x / y
}

// divSecret divides by the secret y.
//
//vg:spec divGo
func divSecret(x, y uint64) uint64

func clearGo(out *[4]uint64) { *out = [4]uint64{} }

// clearPast writes one word past the end of *out.
//
//vg:spec clearGo
func clearPast(out *[4]uint64)

func lastGo() uint64 { return 4 }

// loadPast reads one word past the end of the table.
//
//vg:spec lastGo
func loadPast() uint64

func zeroGo(x uint64) uint64 { return 0 }

// clobberBP writes BP and does not restore it.
//
//vg:spec zeroGo
func clobberBP(x uint64) uint64

func firstGo(p *[4]uint64, x uint64) uint64 { return p[0] }

// xorIndex loads p[x^x]: the address mentions x but does not depend on it.
//
//vg:spec firstGo
func xorIndex(p *[4]uint64, x uint64) uint64

func sumGo(p []uint64) uint64 {
	var s uint64
	for _, v := range p {
		s += v
	}
	return s
}

// sumPublic sums a slice in a loop over its public length.
//
//vg:spec sumGo
//vg:sizes p=0,1,3
func sumPublic(p []uint64) uint64

func headGo(p *[4]uint64) uint64 { return p[0] }

// readGarbage loads through SI, which it never set.
//
//vg:spec headGo
func readGarbage(p *[4]uint64) uint64

func zeroOut(out *[4]uint64) { out[0] = 0 }

// storeGarbage stores DX, which it never set.
//
//vg:spec zeroOut
func storeGarbage(out *[4]uint64)

// indexGarbage indexes p with CX, which it never set.
//
//vg:spec headGo
func indexGarbage(p *[4]uint64) uint64
