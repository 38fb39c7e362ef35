//go:build arm64 && !purego

package x25519

// ladderARM64 is the whole ladder with MUL/UMULH and ADDS/ADC columns.
//
//vg:spec vg.dev/spec/x25519.Ladder
//go:noescape
func ladderARM64(out *[2]Element, k *[32]byte, u *Element)

// stepARM64 is one ladder step.
//
//vg:spec vg.dev/spec/x25519.StepState
//go:noescape
func stepARM64(s *[5]Element)

const variantARM64 = "arm64"

// selectVariant is a no-op: the arm64 kernels need no CPU feature.
func selectVariant() {}

func selected() string { return variantARM64 }

func ladder(out *[2]Element, k *[32]byte, u *Element) { ladderARM64(out, k, u) }
