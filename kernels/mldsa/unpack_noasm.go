//go:build (!amd64 && !arm64) || purego

package mldsa

func unpackZ17(p *Poly, b *[576]byte) { unpackZ17Generic(p, b) }

func unpackZ19(p *Poly, b *[640]byte) { unpackZ19Generic(p, b) }

func packT0(b *[416]byte, p *Poly) { packT0Generic(b, p) }

func unpackT0(p *Poly, b *[416]byte) { unpackT0Generic(p, b) }

func packEta2(b *[96]byte, p *Poly) { packEta2Generic(b, p) }

func unpackEta2(p *Poly, b *[96]byte) { unpackEta2Generic(p, b) }

func packEta4(b *[128]byte, p *Poly) { packEta4Generic(b, p) }

func unpackEta4(p *Poly, b *[128]byte) { unpackEta4Generic(p, b) }
