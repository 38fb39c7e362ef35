package mldsa

import "golang.org/x/sys/cpu"

// cpuVariants lists the VG_CPU_FEATURES values that select different
// kernels here: none (the generic Go code) and each feature set the CPU
// has. "none" runs on every machine.
func cpuVariants() []string {
	vs := []string{"none"}
	if cpu.X86.HasAVX2 {
		vs = append(vs, "avx2")
	}
	return vs
}
