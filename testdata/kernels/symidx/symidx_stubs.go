//go:build amd64 || arm64

package symidx

// store stores out[i] = v.
//
//vg:spec storeGo
//vg:public i
//vg:requires below8
func store(out *[8]uint64, i, v uint64)

// storeMasked stores out[i&7] = v: its range keeps it in bounds, with no
// precondition.
//
//vg:spec storeMaskedGo
//vg:public i
func storeMasked(out *[8]uint64, i, v uint64)

// storePast stores out[i] = v for every i the precondition allows, i = 8
// included: one past the end. A frame violation.
//
//vg:spec storeIfGo
//vg:public i
//vg:requires atMost8
func storePast(out *[8]uint64, i, v uint64)

// storeNext stores out[i] = v where its spec stores out[i+1]. Refuted.
//
//vg:spec storeNextGo
//vg:public i
//vg:requires below7
func storeNext(out *[8]uint64, i, v uint64)

// storeSecret is store with i secret: a constant-time violation.
//
//vg:spec storeGo
//vg:requires below8
func storeSecret(out *[8]uint64, i, v uint64)

// load returns a[i].
//
//vg:spec loadGo
//vg:public i
//vg:requires loadBelow8
func load(a *[8]uint64, i uint64) uint64

// storeThenLoad stores out[i] = 7, then loads a[0]: right with out = a.
//
//vg:spec storeThenLoadGo
//vg:public i
//vg:requires storeThenLoadBelow8
func storeThenLoad(out, a *[8]uint64, i uint64) uint64

// loadThenStore loads a[0] before it stores out[i] = 7: wrong with out = a
// and i = 0.
//
//vg:spec storeThenLoadGo
//vg:public i
//vg:requires storeThenLoadBelow8
func loadThenStore(out, a *[8]uint64, i uint64) uint64

// bytePut stores 4 bytes at byte offset i (any alignment).
//
//vg:spec bytePutGo
//vg:public i
//vg:requires bytePutBelow29
func bytePut(out *[32]byte, i uint64, v uint32)
