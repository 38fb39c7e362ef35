//go:build (!amd64 && !arm64) || purego

package keccak

var (
	oneKernels   []kernel1
	fourKernels  []kernel4
	eightKernels []kernel8
)

func wantSelected8(string) string { return variantGeneric }

func wantSelected(string) (one, four string) { return variantGeneric, variantGeneric }
