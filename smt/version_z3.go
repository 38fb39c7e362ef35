//go:build cgo

package smt

import "vg.dev/smt/z3"

// Z3Version is the version of the linked libz3.
func Z3Version() string { return z3.Version() }
