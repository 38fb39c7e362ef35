package amd64

import "vg.dev/symexec/machine"

// The variable-time instruction policy of amd64: instructions whose timing
// may depend on the values of their operands, so no operand may be secret.
//
// Intel's list of instructions with data-operand-independent timing (DOIT)
// covers every other instruction this package models: the ALU operations,
// shifts and rotates, MUL, IMUL and MULX, ADCX and ADOX, CMOVcc and SETcc,
// moves, PUSH, POP and LEA. Division is outside it on every microarchitecture
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
	"DIV":  {Severity: Forbidden, Why: "division latency depends on the operands"},
	"IDIV": {Severity: Forbidden, Why: "division latency depends on the operands"},

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

var simdMul = machine.VarTimeRule{Severity: Warning, Why: "SIMD multiplies: Intel's MCDT guidance (DOITM/MXCSR) required for data-independent timing"}
