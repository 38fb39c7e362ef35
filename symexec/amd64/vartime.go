package amd64

// The variable-time instruction policy of amd64: instructions whose timing
// may depend on the values of their operands, so no operand may be secret.
//
// Intel's list of instructions with data-operand-independent timing (DOIT)
// covers every other instruction this package models: the ALU operations,
// shifts and rotates, MUL, IMUL and MULX, ADCX and ADOX, CMOVcc and SETcc,
// moves, PUSH, POP and LEA. Division is outside it on every microarchitecture
// (its latency depends on the operands' magnitudes). The vector multiplies,
// when they are modelled, fall under Intel's MCDT guidance and are reported as
// warnings.

// Severity says how a secret operand of a variable-time instruction is
// reported.
type Severity int

// The severities.
const (
	Forbidden Severity = iota // a violation
	Warning                   // reported; an error only when warnings are errors
)

func (s Severity) String() string { return [...]string{"forbidden", "warning"}[s] }

// VarTimePolicy maps a mnemonic (as OpName prints it) to its policy and the
// reason. Instructions not listed have operand-independent timing.
var VarTimePolicy = map[string]struct {
	Severity Severity
	Why      string
}{
	"DIV":  {Forbidden, "division latency depends on the operands"},
	"IDIV": {Forbidden, "division latency depends on the operands"},
}
