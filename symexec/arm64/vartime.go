package arm64

import "vg.dev/symexec/machine"

// The variable-time instruction policy of arm64: instructions whose timing
// may depend on the values of their operands, so no operand may be secret.
//
// Arm's list of data-independent-timing (DIT) instructions covers every
// other instruction this package models: the integer ALU operations,
// shifts, bitfield moves, conditional selects and compares, multiplies
// (MADD, MSUB, SMADDL, UMADDL, SMULH, UMULH and their aliases), and the
// loads and stores (whose addresses the checker tracks separately). The
// integer divides are outside it: their latency depends on the operands'
// magnitudes on Arm's cores and Apple's.

// VarTimePolicy maps a mnemonic (the decoder's, e.g. UDIV) to its policy
// and the reason. Instructions not listed have operand-independent timing.
var VarTimePolicy = map[string]machine.VarTimeRule{
	"UDIV": {Severity: machine.Forbidden, Why: "division latency depends on the operands", Source: srcDIT},
	"SDIV": {Severity: machine.Forbidden, Why: "division latency depends on the operands", Source: srcDIT},
	// A prefetch reads nothing the program sees, but the line it fetches
	// shows its address to cache timing, as a load's does.
	"PRFM":  {Severity: machine.Forbidden, Why: "the prefetched address is visible to cache timing", Source: srcCache},
	"PRFUM": {Severity: machine.Forbidden, Why: "the prefetched address is visible to cache timing", Source: srcCache},
}

// srcCache is the source of the prefetch entries: PRFM and PRFUM bring
// the line of their address into a cache (Arm ARM, "Prefetch memory"),
// the channel the checker closes for every load's address.
const srcCache = "Arm Architecture Reference Manual, PRFM: the instruction signals the memory system that the addressed line will be accessed; its timing effect is the cache state"

// srcDIT is the source of the entries: the Arm ARM's list of instructions
// whose timing PSTATE.DIT makes data-independent (FEAT_DIT), which has no
// divide.
const srcDIT = "Arm Architecture Reference Manual, FEAT_DIT: the data-independent-timing instruction list has no integer divide"
