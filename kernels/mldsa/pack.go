package mldsa

import spec "vg.dev/spec/mldsa"

// PackW1_32 is spec.PackW1_32: w1Encode's 4-bit fields, for γ₂ = (q − 1)/32
// (ML-DSA-65 and -87).
func PackW1_32(b *[128]byte, p *Poly) { packW1_32(b, p) }

func packW1_32Generic(b *[128]byte, p *Poly) { spec.PackW1_32(b, p) }

// PackW1_88 is spec.PackW1_88: w1Encode's 6-bit fields, for γ₂ = (q − 1)/88
// (ML-DSA-44).
func PackW1_88(b *[192]byte, p *Poly) { packW1_88(b, p) }

func packW1_88Generic(b *[192]byte, p *Poly) { spec.PackW1_88(b, p) }
