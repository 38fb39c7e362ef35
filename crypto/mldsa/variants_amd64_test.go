package mldsa

import "golang.org/x/sys/cpu"

// cpuVariants lists the VG_CPU_FEATURES values that select different
// kernels here (vg.dev/kernels/mldsa: avx2, avx512f, and avx512vl,
// avx512vbmi and popcnt for the uniform sampler; vg.dev/kernels/keccak:
// bmi1 and bmi2, avx2, avx512f and avx512vl): none (the generic Go code) and
// each feature set the CPU has, in combinations that reach every variant
// of each package.
func cpuVariants() []string {
	vs := []string{"none"}
	bmi := cpu.X86.HasBMI1 && cpu.X86.HasBMI2
	if bmi {
		vs = append(vs, "bmi1,bmi2")
	}
	if cpu.X86.HasAVX2 {
		vs = append(vs, "avx2")
		if bmi {
			vs = append(vs, "avx2,bmi1,bmi2")
		}
	}
	if cpu.X86.HasAVX2 && cpu.X86.HasAVX512F && cpu.X86.HasAVX512VL {
		vs = append(vs, "avx2,avx512f,avx512vl")
		if bmi {
			vs = append(vs, "avx2,avx512f,avx512vl,bmi1,bmi2")
		}
		if cpu.X86.HasAVX512VBMI && cpu.X86.HasPOPCNT {
			vs = append(vs, "avx2,avx512f,avx512vl,avx512vbmi,popcnt")
			if bmi {
				vs = append(vs, "avx2,avx512f,avx512vl,avx512vbmi,popcnt,bmi1,bmi2")
			}
		}
	}
	return vs
}
