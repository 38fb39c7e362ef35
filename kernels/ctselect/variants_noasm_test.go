//go:build (!amd64 && !arm64) || purego

package ctselect

var selectVariants []variant

func wantSelected(string) string { return variantGeneric }
