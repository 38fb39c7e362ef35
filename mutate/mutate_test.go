package mutate

import (
	"strings"
	"testing"
)

const textSrc = `#include "textflag.h"

// func f(x, y uint64) uint64
TEXT ·f(SB), NOSPLIT, $0-24
	MOVQ x+0(FP), AX
	ADCQ y+8(FP), AX // add with carry
	SHLQ $13, AX; XORQ $0x1F, BX
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

// generate parses the files and lists kernel's mutants, failing the test
// on an error.
func generate(t *testing.T, arch, kernel string, files map[string]string) []Mutant {
	t.Helper()
	ms, err := ParseSource(files).Generate(arch, kernel)
	if err != nil {
		t.Fatal(err)
	}
	return ms
}

// has reports whether some mutant matches all of the non-empty fields of
// want (To is compared even when empty if op is "drop").
func has(ms []Mutant, want Mutant) bool {
	for _, m := range ms {
		if (want.File == "" || m.File == want.File) && (want.Line == 0 || m.Line == want.Line) &&
			m.Operator == want.Operator && (want.From == "" || m.From == want.From) &&
			(want.To == "" && want.Operator != "drop" || m.To == want.To) &&
			(want.After == "" || m.After == want.After) && m.Macro == want.Macro {
			return true
		}
	}
	return false
}

func TestGenerateText(t *testing.T) {
	ms := generate(t, "amd64", "p.f", map[string]string{"/p/f_amd64.s": textSrc})
	want := []Mutant{
		{Line: 6, Operator: "ADCQ→ADDQ", After: "\tADDQ y+8(FP), AX // add with carry"},
		{Line: 7, Operator: "immediate+1", From: "SHLQ $13, AX", To: "SHLQ $14, AX", After: "\tSHLQ $14, AX; XORQ $0x1F, BX"},
		{Line: 7, Operator: "immediate+1", From: "XORQ $0x1F, BX", After: "\tSHLQ $13, AX; XORQ $0x20, BX"},
		{Line: 7, Operator: "SHLQ→SHRQ", To: "SHRQ $13, AX"},
		{Line: 7, Operator: "drop", From: "XORQ $0x1F, BX", After: "\tSHLQ $13, AX; "},
		{Line: 9, Operator: "register", To: "MOVQ BX, ret+16(FP)"},
		{Line: 5, Operator: "drop", After: "\t"},
	}
	for _, w := range want {
		if !has(ms, w) {
			t.Errorf("no mutant %+v", w)
		}
	}
	drops := 0
	for _, m := range ms {
		if m.Line < 5 || m.Line > 9 {
			t.Errorf("mutant outside f's instructions: %v", m)
		}
		if strings.Contains(m.From, "loop") || strings.Contains(m.From, "RET") {
			t.Errorf("mutated a label or RET: %v", m)
		}
		if m.Operator == "drop" {
			drops++
		}
	}
	if drops != 5 {
		t.Errorf("%d drops, want 5 (one per statement)", drops)
	}
	g := generate(t, "amd64", "p.g", map[string]string{"/p/f_amd64.s": textSrc})
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
	if _, err := ParseSource(map[string]string{"/p/f_amd64.s": textSrc}).Generate("amd64", "p.nope"); err == nil {
		t.Error("no error for a kernel without a TEXT block")
	}
}

const header = `// Shared macros.
#define Q $8380417

// INNER is used by OUTER only.
#define INNER(a, b) \
	VPADDD a, b, b; VPSUBD Y9, a, a; \
	VPAND Y1, b, b

#define OUTER(x, y) \
	INNER(x, y); \
	VPMULDQ x, y, Y3

#define UNUSED(x) \
	VPXOR x, x, x
`

const includer = `#include "textflag.h"
#include "m_amd64.h"

#define LOCAL(r) MOVQ r, AX; ADDQ $1, AX

TEXT ·k(SB), NOSPLIT, $0-8
	OUTER(Y0, Y1)
	LOCAL(BX)
	VPBROADCASTD Q, Y4
	RET
`

func TestMacroBodies(t *testing.T) {
	files := map[string]string{"/p/k_amd64.s": includer, "/p/m_amd64.h": header}
	ms := generate(t, "amd64", "p.k", files)
	want := []Mutant{
		// Each statement of a ;-separated line on its own, the rest of
		// the line and the continuation kept.
		{File: "/p/m_amd64.h", Line: 6, Macro: "INNER", Operator: "VPADDD→VPSUBD", After: "\tVPSUBD a, b, b; VPSUBD Y9, a, a; \\"},
		{File: "/p/m_amd64.h", Line: 6, Macro: "INNER", Operator: "VPSUBD→VPADDD", After: "\tVPADDD a, b, b; VPADDD Y9, a, a; \\"},
		{File: "/p/m_amd64.h", Line: 6, Macro: "INNER", Operator: "drop", From: "VPADDD a, b, b", After: "\t; VPSUBD Y9, a, a; \\"},
		{File: "/p/m_amd64.h", Line: 6, Macro: "INNER", Operator: "drop", From: "VPSUBD Y9, a, a", After: "\tVPADDD a, b, b; ; \\"},
		// A real register is substituted, a parameter is not.
		{File: "/p/m_amd64.h", Line: 6, Macro: "INNER", Operator: "register", To: "VPSUBD Y10, a, a"},
		{File: "/p/m_amd64.h", Line: 7, Macro: "INNER", Operator: "drop", After: "\t"},
		// A parameter and a register swap (the sources of VPADDD
		// commute: swapping them is no mutant, see below).
		{File: "/p/m_amd64.h", Line: 6, Macro: "INNER", Operator: "operand swap", To: "VPSUBD a, Y9, a"},
		// Nested: OUTER's own instruction, in the header.
		{File: "/p/m_amd64.h", Line: 11, Macro: "OUTER", Operator: "VPMULDQ→VPMULUDQ"},
		// A macro of the .s file, on its #define line.
		{File: "/p/k_amd64.s", Line: 4, Macro: "LOCAL", Operator: "immediate+1", After: "#define LOCAL(r) MOVQ r, AX; ADDQ $2, AX"},
		{File: "/p/k_amd64.s", Line: 4, Macro: "LOCAL", Operator: "drop", From: "MOVQ r, AX", After: "#define LOCAL(r) ; ADDQ $1, AX"},
		// The TEXT block's own instruction.
		{File: "/p/k_amd64.s", Line: 9, Operator: "register", To: "VPBROADCASTD Q, Y5"},
	}
	for _, w := range want {
		if !has(ms, w) {
			t.Errorf("no mutant %+v", w)
		}
	}
	for _, m := range ms {
		switch {
		case m.Macro == "UNUSED":
			t.Errorf("mutant of a macro the kernel does not expand: %v", m)
		case m.Operator == "operand swap" && strings.HasPrefix(m.From, "VPADDD"):
			t.Errorf("swap of commutative sources: %v", m)
		case m.Macro == "INNER" && m.Operator == "register" && !strings.Contains(m.From, "Y9") && !strings.Contains(m.From, "Y1"):
			t.Errorf("a macro parameter substituted as a register: %v", m)
		case m.Macro == "" && m.Line != 9:
			t.Errorf("the invocation of a macro mutated: %v", m)
		case m.Macro == "OUTER" && strings.HasPrefix(m.From, "INNER"):
			t.Errorf("a macro invocation in a body mutated: %v", m)
		}
		if strings.HasSuffix(m.Before, `\`) != strings.HasSuffix(m.After, `\`) {
			t.Errorf("continuation lost: %q ⇒ %q", m.Before, m.After)
		}
		if strings.Count(m.Before, ";") != strings.Count(m.After, ";") {
			t.Errorf("separators changed: %q ⇒ %q", m.Before, m.After)
		}
	}
	// Without the header among the files, its macros are unknown.
	ms = generate(t, "amd64", "p.k", map[string]string{"/p/k_amd64.s": includer})
	for _, m := range ms {
		if m.File != "/p/k_amd64.s" {
			t.Errorf("mutant of a file not given: %v", m)
		}
	}
}

const neonSrc = `#define N_ADD(m, n, d)     WORD $(0x4EA08400 | ((m)<<16) | ((n)<<5) | (d))
#define N_SUB(m, n, d)     WORD $(0x6EA08400 | ((m)<<16) | ((n)<<5) | (d))
#define N_SMULL(m, n, d)   WORD $(0x0EA0C000 | ((m)<<16) | ((n)<<5) | (d))
#define N_SMULL2(m, n, d)  WORD $(0x4EA0C000 | ((m)<<16) | ((n)<<5) | (d))
#define N_UZP1(m, n, d)    WORD $(0x4E801800 | ((m)<<16) | ((n)<<5) | (d))
#define N_NEG(n, d)        WORD $(0x6EA0B800 | ((n)<<5) | (d))

#define MONT(a, b, x) \
	N_SMULL(b, a, x); \
	N_UZP1(x, a, b)

TEXT ·k(SB), NOSPLIT, $0-8
	VLD1.P 32(R1), [V0.S4, V1.S4]
	VEOR V20.B16, V20.B16, V21.B16
	VMOV V20.S[3], R0
	VDUP R4, V16.D2
	N_ADD(4, 0, 31)
	N_NEG(2, 3)
	MONT(0, 4, 8)
	SUBS $1, R3, R3
	RET
`

func TestNEON(t *testing.T) {
	ms := generate(t, "arm64", "p.k", map[string]string{"/p/k_arm64.s": neonSrc})
	want := []Mutant{
		{Line: 13, Operator: "register", To: "VLD1.P 32(R1), [V1.S4, V2.S4]"},
		{Line: 13, Operator: "arrangement S4→H8", To: "VLD1.P 32(R1), [V0.H8, V1.H8]"},
		{Line: 14, Operator: "VEOR→VORR", To: "VORR V20.B16, V20.B16, V21.B16"},
		{Line: 14, Operator: "arrangement B16→B8", To: "VEOR V20.B8, V20.B8, V21.B8"},
		{Line: 14, Operator: "register", To: "VEOR V21.B16, V20.B16, V21.B16"},
		{Line: 14, Operator: "operand swap", To: "VEOR V20.B16, V21.B16, V20.B16"},
		{Line: 15, Operator: "lane+1", To: "VMOV V20.S[0], R0"},
		{Line: 15, Operator: "register", To: "VMOV V21.S[3], R0"},
		{Line: 16, Operator: "arrangement D2→S4", To: "VDUP R4, V16.S4"},
		{Line: 16, Operator: "register", To: "VDUP R5, V16.D2"},
		// Encoding macros: at the invocation.
		{Line: 17, Operator: "N_ADD→N_SUB", To: "N_SUB(4, 0, 31)"},
		{Line: 17, Operator: "argument 1", To: "N_ADD(5, 0, 31)"},
		{Line: 17, Operator: "argument 3", To: "N_ADD(4, 0, 30)"},
		{Line: 17, Operator: "drop"},
		{Line: 18, Operator: "argument swap", To: "N_NEG(3, 2)"},
		// and in a macro body, with parameters.
		{Line: 9, Macro: "MONT", Operator: "N_SMULL→N_SMULL2", After: "\tN_SMULL2(b, a, x); \\"},
		{Line: 9, Macro: "MONT", Operator: "argument 2", To: "N_SMULL(b, (((a)+1)&31), x)"},
		{Line: 10, Macro: "MONT", Operator: "drop", After: "\t"},
		{Line: 20, Operator: "SUBS→ADDS"},
	}
	for _, w := range want {
		if !has(ms, w) {
			t.Errorf("no mutant %+v", w)
		}
	}
	for _, m := range ms {
		if m.Line <= 6 {
			t.Errorf("the body of an encoding macro mutated: %v", m)
		}
		if m.Line == 10 && strings.HasPrefix(m.Operator, "N_UZP1→") {
			t.Errorf("a swap to a sibling that is not defined: %v", m)
		}
		if m.Line == 16 && m.Operator == "operand swap" {
			t.Errorf("a general and a vector register swapped: %v", m)
		}
		if m.Line == 17 && m.Operator == "argument swap" {
			t.Errorf("the sources of ADD swapped (they commute): %v", m)
		}
		if m.Line == 18 && strings.HasPrefix(m.Operator, "N_NEG→") {
			t.Errorf("N_NEG has no sibling defined: %v", m)
		}
		if m.Line == 20 && (m.Operator == "SUBS→SBCS" || strings.Contains(m.To, "SBCS $")) {
			t.Errorf("a swap to a form without immediate: %v", m)
		}
	}
}

func TestSwapTables(t *testing.T) {
	tests := []struct {
		arch, stmt string
		want, not  []string
	}{
		{"amd64", "ADDQ AX, BX", []string{"ADCQ", "SUBQ"}, []string{"ADDSQ", "ADDS"}},
		{"amd64", "SUBQ $1, CX", []string{"SBBQ", "ADDQ"}, []string{"SUBSQ"}},
		{"amd64", "ADCXQ AX, BX", []string{"ADOXQ"}, []string{"ADDXQ"}},
		{"amd64", "VPAND Y1, Y2, Y3", []string{"VPOR", "VPANDN"}, nil},
		{"amd64", "VPANDN Y1, Y2, Y3", []string{"VPAND"}, []string{"VPORN"}},
		{"amd64", "ANDNQ AX, BX, CX", nil, []string{"ORNQ"}},
		{"arm64", "ADD $512, R16, R16", []string{"SUB", "ADDS"}, []string{"ADC"}},
		{"arm64", "ADD R1, R2, R3", []string{"ADC", "SUB"}, nil},
		{"arm64", "SUBS $1, R3, R3", []string{"ADDS", "SUB"}, []string{"SBCS", "SBBS"}},
		{"arm64", "SUBSW R1, R3, R3", []string{"SBCSW", "SUBW", "ADDSW"}, nil},
		{"arm64", "ADD R25>>51, R20, R20", []string{"SUB", "ADDS"}, []string{"ADC"}},
		{"arm64", "ADD Q, R1, R2", []string{"SUB"}, []string{"ADC"}}, // Q is $8380417
		{"arm64", "ADD P, R1, R2", []string{"SUB", "ADC"}, nil},      // P is R3
		{"arm64", "ADDQ AX, BX", nil, []string{"ADCQ", "SUBQ"}},
		{"amd64", "VEOR V1.B16, V2.B16, V3.B16", nil, []string{"VORR"}},
	}
	for _, tt := range tests {
		t.Run(tt.arch+" "+tt.stmt, func(t *testing.T) {
			a, err := archNamed(tt.arch)
			if err != nil {
				t.Fatal(err)
			}
			src := ParseSource(map[string]string{"/p/q.s": "#define Q $8380417\n#define P R3\n"})
			c := &site{arch: a, macros: src.visible(src.files["/p/q.s"])}
			mn, rest, _ := strings.Cut(tt.stmt, " ")
			got := c.swapsOf(mn, splitOperands(rest))
			for _, w := range tt.want {
				if !contains(got, w) {
					t.Errorf("swaps %v, want %s", got, w)
				}
			}
			for _, n := range tt.not {
				if contains(got, n) {
					t.Errorf("swaps %v include %s", got, n)
				}
			}
		})
	}
	if _, err := archNamed("mips"); err == nil {
		t.Error("no error for mips")
	}
}

func TestSplitOperands(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"", nil},
		{"AX", []string{"AX"}},
		{" $1, R3, R3", []string{"$1", "R3", "R3"}},
		{"[V0.S4, V1.S4], 64(R0)", []string{"[V0.S4, V1.S4]", "64(R0)"}},
		{"(o+16)(R16), (R21, R22)", []string{"(o+16)(R16)", "(R21, R22)"}},
		{"$(0x4EA08400 | ((m)<<16)), R1", []string{"$(0x4EA08400 | ((m)<<16))", "R1"}},
	}
	for _, tt := range tests {
		got := splitOperands(tt.in)
		if strings.Join(got, "|") != strings.Join(tt.want, "|") || len(got) != len(tt.want) {
			t.Errorf("splitOperands(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
