package hintexp

// hintPack packs h as hintPackGo: for each coefficient it stores j at
// y[idx] when h[j] ≠ 0 and at y[ω] (the count, written last) otherwise.
//
//vg:spec hintPackGo
//vg:public h
//vg:requires hintOK
func hintPack(y *[omega + 1]byte, h *[coeffs]int32)
