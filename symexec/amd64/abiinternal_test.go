package amd64

import (
	"strings"
	"testing"

	"vg.dev/symexec/abi"
	"vg.dev/symexec/machine"
	"vg.dev/symexec/mem"
	"vg.dev/symexec/term"
)

// TestABIInternal: an ABIInternal function finds its arguments in
// registers and leaves its results in them (machine.RegABI), narrow
// arguments with the caller's bits above them; one that returns with R14
// not g or X15 not zero is an error.
func TestABIInternal(t *testing.T) {
	const (
		addBXAX  = "4801d8"         // ADDQ BX, AX
		ret      = "c3"             // RET
		setR14   = "49c7c601000000" // MOVQ $1, R14
		dirtyX15 = "66440feff8"     // PXOR X0, X15
		movAX7   = "b807000000"     // MOVL $7, AX
	)
	// func f(a uint64, b uint8) uint64: a in AX, b in BX, the result in AX.
	frame := &abi.Frame{Size: 24, Arch: "amd64"}
	regs := &machine.RegABI{
		Args:    []abi.RegSlot{{Reg: "AX", Offset: 0, Size: 8}, {Reg: "BX", Offset: 8, Size: 1}},
		Results: []abi.RegSlot{{Reg: "AX", Offset: 16, Size: 8}},
	}
	for _, c := range []struct {
		name string
		code []string
		want string // the result in terms of a and b; "" when an error
		err  string
	}{
		{"add", []string{addBXAX, ret}, "(add a (concat (extract[63:8] entry.BX) b))", ""},
		{"constant", []string{movAX7, ret}, "0x7:64", ""},
		{"R14", []string{setR14, ret}, "", "R14 is"},
		{"X15", []string{dirtyX15, ret}, "", "X15 is"},
	} {
		t.Run(c.name, func(t *testing.T) {
			b := term.NewBuilder()
			m := mem.New(b)
			args := []machine.Arg{{Offset: 0, Value: b.Var("a", 64)}, {Offset: 8, Value: b.Var("b", 8)}}
			cfg := machine.Config{B: b, Mem: m, RegABI: regs}
			paths, err := Run(cfg, "f", program(t, c.code...), frame, args)
			if c.err != "" {
				if err == nil || !strings.Contains(err.Error(), c.err) {
					t.Fatalf("err = %v, want one saying %q", err, c.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			got, err := paths[0].Mem.Load(paths[0].Stack, paths[0].ArgOff+16, 8)
			if err != nil {
				t.Fatal(err)
			}
			if got.String() != c.want {
				t.Errorf("result %v, want %s", got, c.want)
			}
		})
	}
}
