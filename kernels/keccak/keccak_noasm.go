//go:build (!amd64 && !arm64) || purego

package keccak

func f1600(a *[25]uint64) { f1600Generic(a) }

func f1600x4(a *[100]uint64) { f1600x4Generic(a) }

func f1600x8(a *[200]uint64) { f1600x8Generic(a) }

// selectVariant is a no-op: there is only the generic variant.
func selectVariant() {}

// selected names the variants F1600 and F1600x4 use.
func selected() (one, four string) { return variantGeneric, variantGeneric }

// selected8 names the variant F1600x8 uses.
func selected8() string { return variantGeneric }
