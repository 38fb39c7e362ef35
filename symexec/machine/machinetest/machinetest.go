// Package machinetest holds what the lifters' tests share: the body of
// their fuzz targets.
package machinetest

import (
	"testing"

	"vg.dev/decode"
	"vg.dev/symexec/abi"
	"vg.dev/symexec/machine"
	"vg.dev/symexec/mem"
	"vg.dev/symexec/term"
)

// RunFunc is a lifter's Run.
type RunFunc func(cfg machine.Config, name string, insts []decode.Inst, frame *abi.Frame, args []machine.Arg) ([]*machine.Path, error)

// Lift decodes code as a function body for arch and lifts it with run,
// with a 64-byte secret region and a secret scalar as its arguments: it
// must end in paths or a clean error, never a panic, and every path must
// be well formed.
func Lift(t *testing.T, arch string, run RunFunc, code []byte) {
	insts, err := decode.Code(arch, code, 0x1000)
	if err != nil || len(insts) == 0 {
		return
	}
	b := term.NewBuilder()
	m := mem.New(b)
	r := m.Add(&mem.Region{Name: "p", Kind: mem.Input, Size: 64, Writable: true, Secret: true})
	frame := &abi.Frame{Size: 16, Arch: arch}
	cfg := machine.Config{B: b, Mem: m, MaxPaths: 8, MaxSteps: 300, Secret: func(*term.Term) bool { return true }}
	paths, err := run(cfg, "fuzz", insts, frame, []machine.Arg{{Offset: 0, Value: r.Base}, {Offset: 8, Value: b.Var("x", 64)}})
	if err != nil {
		if err.Error() == "" {
			t.Fatal("empty error")
		}
		return
	}
	for _, p := range paths {
		if p.Cond == nil || p.Cond.Width() != 1 || p.Mem == nil {
			t.Fatalf("malformed path %+v", p)
		}
	}
}
