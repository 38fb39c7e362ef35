package model

// writeSavedLR stores over 0(RSP) in a frameless function: the caller's
// saved link register, so the caller returns where the value says.
//
//vg:spec idGo
func writeSavedLR(x uint64) uint64

// writeSavedFP stores over -8(RSP) in a frameless function: the caller's
// saved frame pointer.
//
//vg:spec idGo
func writeSavedFP(x uint64) uint64

// spMisaligned stores through SP moved to an 8-byte boundary inside its
// frame: Linux faults on an SP-based access with SP not 16-byte aligned.
//
//vg:spec idGo
func spMisaligned(x uint64) uint64
