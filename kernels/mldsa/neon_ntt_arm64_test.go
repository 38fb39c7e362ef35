//go:build arm64 && !purego

package mldsa

// neonNTTKernels lists the NEON transforms, registered like neonKernels.
var neonNTTKernels = map[string]asmKernel{
	"NTT":    {"nttNEON", yes, nttNEON},
	"InvNTT": {"invNTTNEON", yes, invNTTNEON},
}

func init() {
	for name, k := range neonNTTKernels {
		if _, ok := asmKernels[name]; !ok {
			asmKernels[name] = k
		}
	}
}
