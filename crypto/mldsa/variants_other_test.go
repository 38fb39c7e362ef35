//go:build !amd64 && !arm64

package mldsa

// cpuVariants: only the generic Go code exists here.
func cpuVariants() []string { return []string{"none"} }
