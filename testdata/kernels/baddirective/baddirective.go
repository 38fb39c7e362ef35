// Package baddirective has a malformed vg: directive; only the tests build it.
package baddirective

func addGo(x, y uint64) uint64 { return x + y }

// add returns x + y.
//
//vg:spec addGo
//vg:sizes x
func add(x, y uint64) uint64
