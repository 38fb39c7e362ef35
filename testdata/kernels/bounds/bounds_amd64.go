package bounds

// mul38Tight multiplies 38·a by c (IMUL3L, MULL).
//
//vg:spec mul38Go
//vg:requires tight
//go:noescape
func mul38Tight(a, c uint32) (hi, lo uint32)

// mul38LooseA is mul38Tight under looseA: 38·a wraps for a ≥ 2^32/38.
//
//vg:spec mul38Go
//vg:requires looseA
//go:noescape
func mul38LooseA(a, c uint32) (hi, lo uint32)

// mul38LooseC is mul38Tight under looseC: 2·c wraps for c ≥ 2^31.
//
//vg:spec mul38Go
//vg:requires looseC
//go:noescape
func mul38LooseC(a, c uint32) (hi, lo uint32)

// mul38Apart multiplies 38·a[0] by a[1] into out, both read first: right
// under tightArrays with out and a apart or equal (the control).
//
//vg:spec mul38InPlaceGo
//vg:requires tightArrays
//go:noescape
func mul38Apart(a, out *[2]uint32)

// mul38Alias is mul38Apart under apartOrTight: with out = a nothing bounds
// the limbs, and 38·a[0] wraps.
//
//vg:spec mul38InPlaceGo
//vg:requires apartOrTight
//go:noescape
func mul38Alias(a, out *[2]uint32)
