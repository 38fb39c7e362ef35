package tables

import _ "unsafe" // for go:linkname

// rcLinked may be written by any package that pulls it by //go:linkname:
// its declared value is not what a kernel may read.
//
//go:linkname rcLinked
var rcLinked = [1]uint64{0}

// linkedRead adds rcLinked[0]: not proved.
//
//vg:spec idGo
func linkedRead(x uint64) uint64
