//go:build amd64 || arm64

// Package loops holds kernels with loops that run many times, and loops
// that never end, for the lifter's loop probe (symexec/machine/loop.go).
// Only the tests build it.
package loops

func incAllGo(p *[32]uint64) {
	for i := range p {
		p[i]++
	}
}

// incAll adds 1 to each of 32 words, one word per iteration: the lifter
// probes the loop at its 8th and 16th arrival and must find that it ends.
//
//vg:spec incAllGo
func incAll(p *[32]uint64)

func incFirstGo(p *[4]uint64) { p[0]++ }

// incForever advances the wrong register: it adds 1 to the first word
// again and again. Its state changes every time, but not what its branch
// reads: it never returns.
//
//vg:spec incFirstGo
func incForever(p *[4]uint64)

func zeroFirstGo(p *[4]uint64) { p[0] = 0 }

// countDown decrements the first word until it is 0. Its branch reads what
// changes, so the probe finds nothing; it is no defect, only too many
// paths to lift.
//
//vg:spec zeroFirstGo
func countDown(p *[4]uint64)
