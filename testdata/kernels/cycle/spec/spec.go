// Package spec holds the spec of package cycle's kernel, and imports it.
package spec

import "vg.dev/testdata/kernels/cycle"

// Add returns x + y.
func Add(x, y uint64) uint64 { return x + y + cycle.Bias }
