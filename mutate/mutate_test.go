package mutate

import (
	"strings"
	"testing"
)

const src = `#include "textflag.h"

// func f(x, y uint64) uint64
TEXT ·f(SB), NOSPLIT, $0-24
	MOVQ x+0(FP), AX
	ADCQ y+8(FP), AX // add with carry
	SHLQ $13, AX
loop:
	MOVQ AX, ret+16(FP)
	RET

TEXT ·g(SB), NOSPLIT, $0-0
	ADDQ BX, AX
	RET

// A macro after g is not g's: g does not expand it.
#define DOUBLE(r) \
	ADDQ r, r
`

func TestGenerate(t *testing.T) {
	ms := Generate("p.f", "f.s", src, "f")
	want := map[string]string{
		"ADC→ADD":     "\tADDQ y+8(FP), AX // add with carry",
		"immediate+1": "\tSHLQ $14, AX",
		"SHL→SHR":     "\tSHRQ $13, AX",
		"register":    "\tMOVQ AX, ret+16(FP)", // the first register operand of line 9 → BX
	}
	got := map[string][]string{}
	for _, m := range ms {
		if m.Line < 5 || m.Line > 9 {
			t.Errorf("mutant outside f's instructions: %v", m)
		}
		got[m.Operator] = append(got[m.Operator], m.After)
		if m.Before == "loop:" || strings.Contains(m.Before, "RET") {
			t.Errorf("mutated a label or RET: %v", m)
		}
	}
	for op, after := range want {
		found := false
		for _, a := range got[op] {
			found = found || a == after || (op == "register" && strings.HasPrefix(a, "\tMOVQ BX"))
		}
		if !found {
			t.Errorf("%s: got %q, want %q", op, got[op], after)
		}
	}
	if n := len(got["drop"]); n != 4 {
		t.Errorf("%d drops, want 4", n)
	}
	g := Generate("p.g", "f.s", src, "g")
	if len(g) == 0 || g[0].Line != 13 {
		t.Errorf("g mutants %v", g)
	}
	for _, m := range g {
		if m.Line > 14 {
			t.Errorf("mutant of a macro defined after g: %v", m)
		}
	}
	if len(Sample(ms, 3)) != 3 || len(Sample(ms, 0)) != len(ms) {
		t.Error("Sample")
	}
	mutated := apply(src, ms[0])
	if strings.Count(mutated, "\n") != strings.Count(src, "\n") || mutated == src {
		t.Error("apply changed the line count or nothing")
	}
}
