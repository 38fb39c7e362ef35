package lengthsmodel

// addWrongAlias stores y[i] into z[i] before it reads x[i]: right when z
// and x are distinct, wrong when they are the same slice.
//
//vg:spec addGo
//vg:sizes z,x,y=1,2
func addWrongAlias(z, x, y []uint64) (c uint64)

// addWrongCap counts the words by z's capacity: right when the capacity
// is the length, wrong (and writing past the length) when it is more.
//
//vg:spec addGo
//vg:sizes z,x,y=1,2
func addWrongCap(z, x, y []uint64) (c uint64)

// addWrongVector adds X0 ^ (X0 at entry) into each word and then changes
// X0: right for one word, wrong from the second on. A relation that tied
// X0 at the loop head to its entry value would prove it.
//
//vg:spec addGo
//vg:sizes z,x,y=1,2
func addWrongVector(z, x, y []uint64) (c uint64)
