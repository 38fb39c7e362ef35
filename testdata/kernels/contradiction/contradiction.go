// Package contradiction declares a parameter both secret and public; only
// the tests build it.
package contradiction

func addGo(x, y uint64) uint64 { return x + y }

// add returns x + y.
//
//vg:spec addGo
//vg:secret x
//vg:public x
func add(x, y uint64) uint64
