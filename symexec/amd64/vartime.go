package amd64

import "vg.dev/symexec/machine"

// The variable-time instruction policy of amd64: instructions whose timing
// may depend on the values of their operands, so no operand may be secret.
//
// Intel's list of instructions with data-operand-independent timing (DOIT)
// covers every other instruction this package models: the ALU operations,
// shifts and rotates, MUL, IMUL and MULX, ADCX and ADOX, CMOVcc and SETcc,
// moves, PUSH, POP and LEA, the bit operations (BT*, BSF, BSR, POPCNT,
// LZCNT, TZCNT, MOVBE), the SSE/AVX integer, logic, shuffle, insert and
// extract operations, and AES-NI, PCLMULQDQ and the SHA extensions. Division is outside it on every microarchitecture
// (its latency depends on the operands' magnitudes). The SIMD multiplies
// (PMULUDQ, VPMUL*, VPMADD52*) fall under Intel's MCDT guidance and are
// reported as warnings.

// Severity and its values are the architecture-neutral ones.
type Severity = machine.Severity

// The severities.
const (
	Forbidden = machine.Forbidden
	Warning   = machine.Warning
)

// VarTimePolicy maps a mnemonic (as OpName prints it) to its policy and the
// reason. Instructions not listed have operand-independent timing.
var VarTimePolicy = map[string]machine.VarTimeRule{
	"DIV":  {Severity: Forbidden, Why: "division latency depends on the operands", Source: srcDOIT},
	"IDIV": {Severity: Forbidden, Why: "division latency depends on the operands", Source: srcDOIT},

	// PDEP and PEXT (bits.go) are on Intel's DOIT list, but AMD's Zen 1
	// and Zen 2 execute them in microcode that loops over the mask.
	"PDEP": bitDeposit,
	"PEXT": bitDeposit,

	// The compress (vec_compress.go): where each element goes depends on
	// the mask.
	"VPCOMPRESSD": compressMask,
	"VPCOMPRESSQ": compressMask,

	// The SSE4.2 string compare (vec_string.go).
	"PCMPESTRI": {Severity: Forbidden, Why: "a microcoded string compare: its timing is not documented as independent of its operands", Source: srcString},

	// SIMD multiplies (vec_int.go, vec_avx512.go).
	"PMULUDQ":     simdMul,
	"VPMULUDQ":    simdMul,
	"VPMULDQ":     simdMul,
	"VPMULLD":     simdMul,
	"VPMULLW":     simdMul,
	"VPMULHW":     simdMul,
	"VPMULHUW":    simdMul,
	"VPMADD52LUQ": simdMul,
	"VPMADD52HUQ": simdMul,
}

// The sources of the entries.
const (
	srcDOIT     = "Intel, Data Operand Independent Timing Instruction Set Architecture Guidance (2022): division is not on the DOIT list"
	srcMCDT     = "Intel, Data Operand Independent Timing ISA Guidance: on some processors MXCSR configuration (MCDT) is needed for the SIMD multiplies"
	srcString   = "vg's policy: PCMPESTRI runs micro-sequenced uops on Intel cores (uops.info: 9 uops, 5 of them from the microcode sequencer, on Alder Lake-P), so it is not trusted with a secret operand"
	srcCompress = "vg's policy: the mask decides where each element goes, and the memory form is microcoded on AMD Zen 4 and Zen 5 (measured on this project's Zen 5 machine: ten times the register form), so neither form is trusted with a secret mask"
	srcZen      = "AMD family 17h (Zen 1, Zen 2): PDEP and PEXT are microcoded, their latency grows with the number of set bits of the mask (Agner Fog's instruction tables; uops.info measurements)"
)

var compressMask = machine.VarTimeRule{Severity: Forbidden, Why: "VPCOMPRESS moves each element to a place the mask decides; its timing is not documented as independent of the mask", Source: srcCompress}

var simdMul = machine.VarTimeRule{Severity: Warning, Why: "SIMD multiplies: Intel's MCDT guidance (DOITM/MXCSR) required for data-independent timing", Source: srcMCDT}

var bitDeposit = machine.VarTimeRule{Severity: Warning, Why: "PDEP/PEXT latency depends on the mask on AMD Zen 1 and Zen 2", Source: srcZen}
