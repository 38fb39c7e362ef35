//go:build !amd64 || purego

package edwards

var variants []variant

func wantSelected(string) string { return variantGeneric }
