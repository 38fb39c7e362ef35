// Package ptrresult has kernels that return pointers, against specs that
// return the same or another address: a pointer result is equal when both
// sides point at the same argument's memory or data symbol, at the same
// offset (or are both nil). Only the tests build it.
package ptrresult

// tab is a table the kernels return the address of. (A spec cannot: the
// interpreter models a package-level variable only as constant data, whose
// address is used only to load.)
var tab = [4]uint64{1, 2, 3, 4}

func elemGo(p *[4]uint64) *uint64 { return &p[2] }

func nilGo() *uint64 { return nil }

func newGo() *uint64 { return new(uint64) }

func idxGo(p *[4]uint64, c uint64) *uint64 { return &p[c&3] }

// elem returns &p[2]. It proves.
//
//vg:spec elemGo
func elem(p *[4]uint64) *uint64

// elemWrong returns &p[1]: refuted (and the replay, which gives each side
// its own copy of p, compares where the pointers point, not their values).
//
//vg:spec elemGo
func elemWrong(p *[4]uint64) *uint64

// nilPtr returns nil. It proves.
//
//vg:spec nilGo
func nilPtr() *uint64

// nilWrong returns &tab[0] where the spec returns nil: refuted.
//
//vg:spec nilGo
func nilWrong() *uint64

// newPtr returns &tab[0] where the spec returns memory it allocated: an
// error (no kernel returns that address).
//
//vg:spec newGo
func newPtr() *uint64

// idx returns &p[c&3], an offset of p that depends on c. It proves.
//
//vg:spec idxGo
func idx(p *[4]uint64, c uint64) *uint64

// idxWrong returns &p[c&1]: refuted.
//
//vg:spec idxGo
func idxWrong(p *[4]uint64, c uint64) *uint64
