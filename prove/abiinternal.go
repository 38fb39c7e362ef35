package prove

import (
	"fmt"
	"strings"

	"vg.dev/decode"
	"vg.dev/symexec/abi"
	"vg.dev/symexec/machine"
)

// abiInternalNote is listed in the report of a kernel written for
// ABIInternal: what the lift takes from that ABI.
const abiInternalNote = "ABIInternal: arguments and results in registers (amd64: AX, BX, CX, DI, SI, R8–R11, with R14 = g and X15 = 0 at entry, both required again at return; arm64: R0–R15)"

// internalABI finds whether the kernel fn is assembly written for
// ABIInternal (TEXT ·f<ABIInternal>: its body is the plain symbol, and a
// "<name>.abi0" is the linker's wrapper for ABI0 callers), and if so
// returns its body and its register assignment.
func internalABI(fn *decode.Func, name string, frame *abi.Frame) (*machine.RegABI, *decode.Func, error) {
	fromAsm := func(f *decode.Func) bool { return len(f.Insts) > 0 && strings.HasSuffix(f.Insts[0].File, ".s") }
	if strings.HasSuffix(fn.Sym, ".abi0") {
		if fromAsm(fn) {
			return nil, fn, nil // an ABI0 assembly body
		}
		body, err := fn.Bin.FuncPlain(name)
		if err != nil {
			return nil, nil, err
		}
		fn = body
	}
	if !fromAsm(fn) {
		return nil, fn, nil // not assembly: lifted as it is
	}
	args, results, err := abi.InternalRegs(frame)
	if err != nil {
		return nil, nil, fmt.Errorf("%s is ABIInternal assembly: %w", name, err)
	}
	return &machine.RegABI{Args: args, Results: results}, fn, nil
}
