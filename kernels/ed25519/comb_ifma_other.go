//go:build !amd64 || purego

package ed25519

func selectVariant52() {}

func selected52() string { return variantGeneric }

func scalarBaseMult52(out *[4]Element, t *CombTable52, s *[32]byte) {
	scalarBaseMult52Generic(out, t, s)
}
