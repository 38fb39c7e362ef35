//go:build (!amd64 && !arm64) || purego

package mldsa

var asmKernels = map[string]asmKernel{}

func wantSelected(string) string { return variantGeneric }
