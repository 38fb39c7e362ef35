package arm64

import (
	"testing"

	"vg.dev/symexec/abi"
	"vg.dev/symexec/machine"
	"vg.dev/symexec/mem"
	"vg.dev/symexec/term"
)

// TestABIInternal: an ABIInternal function finds its arguments in R0, R1,
// … (a narrow one with the caller's bits above it) and leaves its result
// in R0, which the lifter stores into the ABI0 result slot.
func TestABIInternal(t *testing.T) {
	const (
		addR0R1 = 0x8b010000 // ADD R1, R0, R0
		ret     = 0xd65f03c0 // RET
	)
	b := term.NewBuilder()
	m := mem.New(b)
	frame := &abi.Frame{Size: 24, Arch: "arm64"}
	regs := &machine.RegABI{
		Args:    []abi.RegSlot{{Reg: "R0", Offset: 0, Size: 8}, {Reg: "R1", Offset: 8, Size: 1}},
		Results: []abi.RegSlot{{Reg: "R0", Offset: 16, Size: 8}},
	}
	args := []machine.Arg{{Offset: 0, Value: b.Var("a", 64)}, {Offset: 8, Value: b.Var("b", 8)}}
	paths, err := Run(machine.Config{B: b, Mem: m, RegABI: regs}, "f", program(t, addR0R1, ret), frame, args)
	if err != nil {
		t.Fatal(err)
	}
	got, err := paths[0].Mem.Load(paths[0].Stack, paths[0].ArgOff+16, 8)
	if err != nil {
		t.Fatal(err)
	}
	if want := "(add a (concat (extract[63:8] entry.R1) b))"; got.String() != want {
		t.Errorf("result %v, want %s", got, want)
	}
}
