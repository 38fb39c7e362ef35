//go:build amd64 && !purego

package ctselect

// The assembly variants, each with the features it needs (none).
var selectVariants = []variant{
	{"selectCMOV", func() bool { return true }, selectCMOV},
}

// wantSelected is the variant selectVariant must pick when VG_CPU_FEATURES
// is set to env: always the CMOV kernel, which needs no feature.
func wantSelected(string) string { return variantCMOV }
