//go:build arm64 && !purego

package ctselect

// The assembly variants, each with the features it needs (none).
var selectVariants = []variant{
	{"selectCSEL", func() bool { return true }, selectCSEL},
}

// wantSelected is the variant selectVariant must pick when VG_CPU_FEATURES
// is set to env: always the CSEL kernel, which needs no feature.
func wantSelected(string) string { return variantCSEL }
