package mldsa

import spec "vg.dev/spec/mldsa"

// UnpackZ17 sets p[i] = 2¹⁷ − v_i for the 18-bit fields v_i of b
// (spec.UnpackZ17): FIPS 204's BitUnpack of y and z for ML-DSA-44.
func UnpackZ17(p *Poly, b *[576]byte) { unpackZ17(p, b) }

// UnpackZ19 sets p[i] = 2¹⁹ − v_i for the 20-bit fields v_i of b
// (spec.UnpackZ19): the same for ML-DSA-65 and -87.
func UnpackZ19(p *Poly, b *[640]byte) { unpackZ19(p, b) }

func unpackZ17Generic(p *Poly, b *[576]byte) { spec.UnpackZ17(p, b) }

func unpackZ19Generic(p *Poly, b *[640]byte) { spec.UnpackZ19(p, b) }

// PackT0 writes the 13-bit fields 2¹² − p[i] of t₀ into b
// (spec.PackT0): the t₀ part of FIPS 204's skEncode.
func PackT0(b *[416]byte, p *Poly) { packT0(b, p) }

// UnpackT0 sets p[i] = 2¹² − v_i for the 13-bit fields v_i of b
// (spec.UnpackT0): the t₀ part of skDecode.
func UnpackT0(p *Poly, b *[416]byte) { unpackT0(p, b) }

func packT0Generic(b *[416]byte, p *Poly) { spec.PackT0(b, p) }

func unpackT0Generic(p *Poly, b *[416]byte) { spec.UnpackT0(p, b) }

// PackEta2 is spec.PackEta2, for η = 2: the s₁, s₂ part of skEncode for ML-DSA-44 and -87.
func PackEta2(b *[96]byte, p *Poly) { packEta2(b, p) }

func packEta2Generic(b *[96]byte, p *Poly) { spec.PackEta2(b, p) }

// UnpackEta2 is spec.UnpackEta2, for η = 2: the s₁, s₂ part of skDecode.
func UnpackEta2(p *Poly, b *[96]byte) { unpackEta2(p, b) }

func unpackEta2Generic(p *Poly, b *[96]byte) { spec.UnpackEta2(p, b) }

// PackEta4 is spec.PackEta4, for η = 4: ML-DSA-65's skEncode.
func PackEta4(b *[128]byte, p *Poly) { packEta4(b, p) }

func packEta4Generic(b *[128]byte, p *Poly) { spec.PackEta4(b, p) }

// UnpackEta4 is spec.UnpackEta4, for η = 4: ML-DSA-65's skDecode.
func UnpackEta4(p *Poly, b *[128]byte) { unpackEta4(p, b) }

func unpackEta4Generic(p *Poly, b *[128]byte) { spec.UnpackEta4(p, b) }
