// Package spectypo has a //vg:spec directive that names no function: the
// error is reported at the directive's line (cmd/vgcheck TestSpecTypoPosition).
package spectypo

func add(x, y uint64) uint64 { return x + y }
