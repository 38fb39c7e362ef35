//go:build (!amd64 && !arm64) || purego

package mldsa

func packW1_32(b *[128]byte, p *Poly) { packW1_32Generic(b, p) }

func packW1_88(b *[192]byte, p *Poly) { packW1_88Generic(b, p) }

func packZ17(b *[576]byte, p *Poly) { packZ17Generic(b, p) }

func packZ19(b *[640]byte, p *Poly) { packZ19Generic(b, p) }

func packT1(b *[320]byte, p *Poly) { packT1Generic(b, p) }

func unpackT1(p *Poly, b *[320]byte) { unpackT1Generic(p, b) }

func outOfEta2(p *Poly) uint32 { return outOfEta2Generic(p) }

func outOfEta4(p *Poly) uint32 { return outOfEta4Generic(p) }
