package mldsa

// cpuVariants lists the VG_CPU_FEATURES values that select different
// kernels here: none (the generic Go code), NEON (vg.dev/kernels/mldsa)
// with the scalar Keccak kernels, and NEON with the SHA3 ones
// (vg.dev/kernels/keccak), which qemu-aarch64 runs.
func cpuVariants() []string { return []string{"none", "asimd", "asimd,sha3"} }
