package mldsa

// cpuVariants lists the VG_CPU_FEATURES values that select different
// kernels here: none (the generic Go code) and NEON.
func cpuVariants() []string { return []string{"none", "asimd"} }
