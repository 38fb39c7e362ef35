//go:build !cgo

package smt

// Z3Version is empty: a binary built without cgo has no Z3.
func Z3Version() string { return "" }
