//go:build linux

package amd64

import (
	"encoding/hex"
	goflag "flag"
	"fmt"
	"math/rand"
	"sort"
	"strings"
	"testing"

	"golang.org/x/arch/x86/x86asm"
)

// cosimStates is the co-simulation budget: rounds of every case, each round
// with fresh random register and flag values (edge values included).
var cosimStates = goflag.Int("cosim.states", 1, "co-simulation rounds per instruction form")

// isVector reports the operations of the vector co-simulation
// (TestVecNative, which runs every form of the vector table), the only ones
// TestCosim leaves to another test.
func isVector(op x86asm.Op) bool { return len(vecForms[op]) > 0 }

// divCases divides with operands that cannot fault (RDX < divisor), which
// allCases leaves out because its reference model has no division.
func divCases() []instCase {
	var cs []instCase
	for _, d := range []uint64{1, 3, 0x10001, 0xffffffff, 1 << 63, ^uint64(0)} {
		for _, a := range []uint64{0, 7, 1 << 40, ^uint64(0)} {
			cs = append(cs,
				instCase{name: "DIV RCX", hex: "48f7f1", in: cpu{regs: [16]uint64{RAX: a, RDX: 0, RCX: d}}},
				instCase{name: "IDIV RCX", hex: "48f7f9", in: cpu{regs: [16]uint64{RAX: a >> 1, RDX: 0, RCX: d>>1 | 1}}},
				instCase{name: "DIV ECX", hex: "f7f1", in: cpu{regs: [16]uint64{RAX: a, RDX: 0, RCX: d&0xffffffff | 1}}},
			)
		}
	}
	return append(cs, instCase{name: "PAUSE", hex: "f390", in: cpu{regs: [16]uint64{RAX: 5}}})
}

// form names an instruction form: mnemonic, operand kinds and data width.
func form(x x86asm.Inst) string {
	var kinds []string
	for _, a := range x.Args {
		switch a := a.(type) {
		case nil:
		case x86asm.Reg:
			kinds = append(kinds, "r")
		case x86asm.Mem:
			kinds = append(kinds, "m")
		case x86asm.Imm:
			kinds = append(kinds, "i")
		case x86asm.Rel:
			kinds = append(kinds, "rel")
		default:
			kinds = append(kinds, fmt.Sprintf("%T", a))
		}
	}
	return fmt.Sprintf("%s/%s/%d", OpName(x.Op), strings.Join(kinds, ","), x.DataSize)
}

// TestCosim runs every instruction case on this CPU from -cosim.states
// random states and compares every register and flag the lifter defines,
// and the control-flow and stack cases (cosimFlow) with their memory and
// successor. Every modelled mnemonic but the vector ones must have a
// co-simulated form, so a new instruction cannot be added without
// co-simulation.
//
//	go test ./symexec/amd64 -run TestCosim -v -cosim.states 100
func TestCosim(t *testing.T) {
	if !cpuHas("bmi2") || !cpuHas("adx") {
		t.Skip("CPU lacks BMI2 or ADX")
	}
	n := newNative(t)
	flow := newFlowNative(t)
	forms := map[string]int{}
	covered := map[string]bool{}
	states, mismatches := 0, 0
	flowForms := map[string]int{}
	flowStates, flowSymbolic, flowMismatches := 0, 0, 0
	for round := 0; round < *cosimStates; round++ {
		st, sym, mm := cosimFlow(t, flow, rand.New(rand.NewSource(int64(2000+round))), flowForms, covered)
		flowStates, flowSymbolic, flowMismatches = flowStates+st, flowSymbolic+sym, flowMismatches+mm
		families := allCases(int64(1000 + round))
		families["div"] = divCases()
		for _, cs := range families {
			for _, c := range cs {
				if c.pcRel {
					continue
				}
				code, _ := hex.DecodeString(strings.ReplaceAll(c.hex, " ", ""))
				x, err := x86asm.Decode(code, 64)
				if err != nil || x.Op == 0 {
					if d, ok := DecodeADX(code); ok {
						x = d
					}
				}
				s := newState(c.in)
				if err := execHex(t, s, c.hex); err != nil {
					t.Fatalf("%s: %v", c.name, err)
				}
				lifted := observe(t, s, nil)
				hw := n.run(code, c.in)
				for f, v := range lifted.flags {
					if v == undef {
						hw.flags[f] = undef
					}
				}
				states++
				forms[form(x)]++
				covered[OpName(x.Op)] = true
				if d := hw.diff(lifted); d != "" {
					mismatches++
					if mismatches <= 20 {
						t.Errorf("%s [%s]: lifted vs CPU:%s", c.name, c.hex, d)
					}
				}
			}
		}
	}
	var missing []string
	for _, op := range Modelled() {
		name := OpName(op)
		if !covered[name] && !isVector(op) {
			missing = append(missing, name)
		}
	}
	sort.Strings(missing)
	if len(missing) > 0 {
		t.Errorf("modelled but never co-simulated: %s", strings.Join(missing, " "))
	}
	t.Logf("amd64 control-flow co-simulation: %d forms, %d states (%d also lifted symbolically), %d mismatches",
		len(flowForms), flowStates, flowSymbolic, flowMismatches)
	for f, k := range flowForms {
		forms[f] += k
	}
	states, mismatches = states+flowStates, mismatches+flowMismatches
	min, max := states, 0
	for _, k := range forms {
		min, max = minInt(min, k), maxInt(max, k)
	}
	t.Logf("amd64 co-simulation: %d forms of %d mnemonics, %d states (%d–%d per form), %d mismatches",
		len(forms), len(covered), states, min, max, mismatches)
}

func minInt(a, b int) int {
	if a < b {
		return a
	}
	return b
}

func maxInt(a, b int) int {
	if a > b {
		return a
	}
	return b
}
