package attack

// mixInPlace computes mixGo, but loads a[0] again after storing out[0]:
// right when out and a are apart, wrong in place.
//
//vg:spec mixGo
//vg:public out a
func mixInPlace(out, a *[2]uint64)

// mixLocal computes mixGo from registers, checked against mixInPlaceGo:
// here the spec is the one wrong in place.
//
//vg:spec mixInPlaceGo
//vg:public out a
func mixLocal(out, a *[2]uint64)

// twoStores stores a[0] = 1, then out[0] = 2: in place 2 is left, where
// its spec, twoStoresGo, leaves 1.
//
//vg:spec twoStoresGo
//vg:public out a
func twoStores(out, a *[2]uint64)

// sumFirst is sameGo's out[0] = a[0] + a[1], whatever the pointers.
//
//vg:spec sameGo
//vg:public out a
func sumFirst(out, a *[2]uint64)

// branchOut is copyFirstGo, after a branch on out[0]: public while out is
// its own array, secret when it is a.
//
//vg:spec copyFirstGo
//vg:public out
func branchOut(out, a *[2]uint64)

// clampSmall is copyFirstGo for a[0] < 5 and stores 0 otherwise: right
// under its precondition apart, wrong in place, where the precondition
// allows every input.
//
//vg:spec copyFirstGo
//vg:requires aliasedOrSmall
//vg:public out a
func clampSmall(out, a *[2]uint64)
