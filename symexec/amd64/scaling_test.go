package amd64

import (
	"testing"

	"vg.dev/decode"
	"vg.dev/symexec/abi"
	"vg.dev/symexec/machine"
	"vg.dev/symexec/mem"
	"vg.dev/symexec/term"
)

// sbbChain is the fuzz seed 7a8ad2fb5c0aed0a's shape cut to n steps: ANDL
// $0x1c1c1c1c, AX, then n × SBBB $0x1c, AL. Each borrow is a bit of a sum of
// all the borrows before it.
func sbbChain(n int) []byte {
	code := []byte{0x25, 0x1c, 0x1c, 0x1c, 0x1c}
	for i := 0; i < n; i++ {
		code = append(code, 0x1c, 0x1c)
	}
	return append(code, 0xc3)
}

// TestSBBChainScaling lifts the chain at doubling lengths and bounds how the
// terms built and the summands the normaliser reads grow. Partial sums
// built one summand at a time (Extract of a sum's low bits, splitSum) made
// the terms grow by 2.2–2.5× and the summands read by ~8× per doubling: the
// seed took a minute. AL holds a sum of every borrow, so reading it once per
// step is quadratic in all (4× per doubling); terms stay linear.
func TestSBBChainScaling(t *testing.T) {
	type work struct{ terms, summands float64 }
	lift := func(n int) work {
		insts, err := decode.Code("amd64", sbbChain(n), 0x1000)
		if err != nil {
			t.Fatalf("decode %d steps: %v", n, err)
		}
		b := term.NewBuilder()
		m := mem.New(b)
		r := m.Add(&mem.Region{Name: "p", Kind: mem.Input, Size: 64, Writable: true, Secret: true})
		cfg := machine.Config{B: b, Mem: m, MaxPaths: 8, MaxSteps: 2 * n, Secret: func(*term.Term) bool { return true }}
		args := []machine.Arg{{Offset: 0, Value: r.Base}, {Offset: 8, Value: b.Var("x", 64)}}
		if _, err := Run(cfg, "sbb", insts, &abi.Frame{Size: 16, Arch: "amd64"}, args); err != nil {
			t.Fatalf("lift %d steps: %v", n, err)
		}
		return work{float64(b.Len()), float64(b.Summands())}
	}
	tests := []struct {
		n                  int
		maxTerms, maxReads float64 // growth allowed from n/2 steps
	}{
		{120, 2.1, 4.6},
		{240, 2.1, 4.6},
	}
	prev := lift(tests[0].n / 2)
	for _, tt := range tests {
		cur := lift(tt.n)
		if g := cur.terms / prev.terms; g > tt.maxTerms {
			t.Errorf("%d steps: terms built grew %.2f× from %d steps, want ≤ %.1f×", tt.n, g, tt.n/2, tt.maxTerms)
		}
		if g := cur.summands / prev.summands; g > tt.maxReads {
			t.Errorf("%d steps: summands read grew %.2f× from %d steps, want ≤ %.1f×", tt.n, g, tt.n/2, tt.maxReads)
		}
		t.Logf("%d steps: %.0f terms, %.0f summands read", tt.n, cur.terms, cur.summands)
		prev = cur
	}
}
