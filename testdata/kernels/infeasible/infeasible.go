// Package infeasible has a kernel with a path that no input the
// precondition allows takes; only the tests build it.
package infeasible

func idGo(x, y uint64) uint64 { return x }

// small is the precondition: y < 5.
func small(x, y uint64) bool { return y < 5 }

// idUnlessLarge returns x, except x+1 when y > 10: a path the
// precondition rules out, through a condition on y alone while the output
// depends on x alone.
//
//vg:spec idGo
//vg:requires small
func idUnlessLarge(x, y uint64) uint64
