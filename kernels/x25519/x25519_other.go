//go:build (!amd64 && !arm64) || purego

package x25519

func selectVariant() {}

func selected() string { return variantGeneric }

func ladder(out *[2]Element, k *[32]byte, u *Element) { ladderGeneric(out, k, u) }
