//go:build (!amd64 && !arm64) || purego || (arm64 && !vgpending)

package mldsa

var asmKernels = map[string]asmKernel{}

func wantSelected(string) string { return variantGeneric }
