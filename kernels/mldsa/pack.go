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

// PackZ17 is spec.PackZ17: sigEncode's 18-bit fields 2¹⁷ − z[i]
// (ML-DSA-44).
func PackZ17(b *[576]byte, p *Poly) { packZ17(b, p) }

func packZ17Generic(b *[576]byte, p *Poly) { spec.PackZ17(b, p) }

// PackZ19 is spec.PackZ19: sigEncode's 20-bit fields 2¹⁹ − z[i]
// (ML-DSA-65 and -87).
func PackZ19(b *[640]byte, p *Poly) { packZ19(b, p) }

func packZ19Generic(b *[640]byte, p *Poly) { spec.PackZ19(b, p) }

// PackT1 is spec.PackT1: pkEncode's 10-bit fields t₁[i].
func PackT1(b *[320]byte, p *Poly) { packT1(b, p) }

func packT1Generic(b *[320]byte, p *Poly) { spec.PackT1(b, p) }

// UnpackT1 is spec.UnpackT1: pkDecode's 10-bit fields.
func UnpackT1(p *Poly, b *[320]byte) { unpackT1(p, b) }

func unpackT1Generic(p *Poly, b *[320]byte) { spec.UnpackT1(p, b) }

// OutOfEta2 is spec.OutOfEta2: 1 if some coefficient is outside [−2, 2],
// skDecode's range check on s₁, s₂ for ML-DSA-44 and -87.
func OutOfEta2(p *Poly) uint32 { return outOfEta2(p) }

func outOfEta2Generic(p *Poly) uint32 { return spec.OutOfEta2(p) }

// OutOfEta4 is spec.OutOfEta4: the same for η = 4 (ML-DSA-65).
func OutOfEta4(p *Poly) uint32 { return outOfEta4(p) }

func outOfEta4Generic(p *Poly) uint32 { return spec.OutOfEta4(p) }
