package mutate

import (
	"fmt"
	"regexp"
	"runtime"
	"strconv"
)

// swap is a pair of mnemonics that a mutant exchanges, in both directions.
// A sized pair matches the base mnemonics with any of the architecture's
// size suffixes (ADCQ, ADCL; ADDW), keeping the suffix; any other pair
// matches exactly. Example holds operands that both mnemonics accept, so
// that a test can assemble both: a swap that never assembles only yields
// invalid mutants.
type swap struct {
	a, b    string
	sized   bool
	example string
}

// arch is what the operators know of one instruction set.
type arch struct {
	name     string
	suffixes []string // size suffixes of sized swaps
	swaps    []swap
	// regOnly lists the mnemonics (base, without suffix) that take
	// neither an immediate nor a shifted register: a swap to one of them
	// is skipped when the instruction has such an operand.
	regOnly map[string]bool
	reg     *regexp.Regexp // a whole operand that is a register
	next    func(string) string
	neon    bool // arrangement specifiers (V1.S4) and register lists
}

var archs = map[string]*arch{"amd64": amd64Arch, "arm64": arm64Arch}

// archNamed returns the architecture named as in prove.Options.Arch,
// where "" is the host's.
func archNamed(name string) (*arch, error) {
	if name == "" {
		name = runtime.GOARCH
	}
	a, ok := archs[name]
	if !ok {
		return nil, fmt.Errorf("mutate: architecture %q is not supported (want amd64 or arm64)", name)
	}
	return a, nil
}

var amd64Arch = &arch{
	name:     "amd64",
	suffixes: []string{"Q", "L", "W", "B"},
	swaps: []swap{
		{"ADC", "ADD", true, "AX, BX"},
		{"SBB", "SUB", true, "AX, BX"},
		{"ADD", "SUB", true, "AX, BX"},
		{"ADCX", "ADOX", true, "AX, BX"},
		{"SHL", "SHR", true, "$3, AX"},
		{"SAR", "SHR", true, "$3, AX"},
		{"AND", "OR", true, "AX, BX"},
		{"XOR", "OR", true, "AX, BX"},
		{"SHRXQ", "SARXQ", false, "AX, BX, CX"},
		{"CMOVQEQ", "CMOVQNE", false, "AX, BX"},
		{"CMOVQCS", "CMOVQCC", false, "AX, BX"},
		{"VPADDD", "VPADDQ", false, "Y1, Y2, Y3"},
		{"VPSUBD", "VPSUBQ", false, "Y1, Y2, Y3"},
		{"VPADDD", "VPSUBD", false, "Y1, Y2, Y3"},
		{"VPADDQ", "VPSUBQ", false, "Y1, Y2, Y3"},
		{"VPSRLD", "VPSRLQ", false, "$3, Y1, Y2"},
		{"VPSLLD", "VPSLLQ", false, "$3, Y1, Y2"},
		{"VPSRLD", "VPSRAD", false, "$3, Y1, Y2"},
		{"VPMULUDQ", "VPMULDQ", false, "Y1, Y2, Y3"},
		{"VPAND", "VPOR", false, "Y1, Y2, Y3"},
		{"VPXOR", "VPOR", false, "Y1, Y2, Y3"},
		{"VPAND", "VPANDN", false, "Y1, Y2, Y3"},
		{"VPANDQ", "VPORQ", false, "Z1, Z2, Z3"},
		{"VPXORQ", "VPORQ", false, "Z1, Z2, Z3"},
		{"VPCMPEQD", "VPCMPGTD", false, "Y1, Y2, Y3"},
		{"VPUNPCKLDQ", "VPUNPCKHDQ", false, "Y1, Y2, Y3"},
		{"VPUNPCKLQDQ", "VPUNPCKHQDQ", false, "Y1, Y2, Y3"},
		{"VPBROADCASTD", "VPBROADCASTQ", false, "X1, Y2"},
		{"VPMADD52LUQ", "VPMADD52HUQ", false, "Z1, Z2, Z3"},
		{"PADDL", "PADDQ", false, "X1, X2"},
		{"PSUBL", "PSUBQ", false, "X1, X2"},
	},
	regOnly: map[string]bool{"ADCX": true, "ADOX": true},
	reg:     regexp.MustCompile(`^(AX|BX|CX|DX|SI|DI|R(8|9|1[0-5])|[XYZ]([0-9]|[12][0-9]|3[01]))$`),
	next:    nextAMD64,
}

var arm64Arch = &arch{
	name:     "arm64",
	suffixes: []string{"W"},
	swaps: []swap{
		{"ADD", "SUB", true, "R1, R2, R3"},
		{"ADDS", "SUBS", true, "R1, R2, R3"},
		{"ADDS", "ADD", true, "R1, R2, R3"},
		{"SUBS", "SUB", true, "R1, R2, R3"},
		{"ADC", "ADD", true, "R1, R2, R3"},
		{"ADCS", "ADDS", true, "R1, R2, R3"},
		{"ADCS", "ADC", true, "R1, R2, R3"},
		{"SBC", "SUB", true, "R1, R2, R3"},
		{"SBCS", "SUBS", true, "R1, R2, R3"},
		{"SBCS", "SBC", true, "R1, R2, R3"},
		{"AND", "ORR", true, "R1, R2, R3"},
		{"EOR", "ORR", true, "R1, R2, R3"},
		{"AND", "BIC", true, "R1, R2, R3"},
		{"LSL", "LSR", true, "$3, R1, R2"},
		{"ASR", "LSR", true, "$3, R1, R2"},
		{"UMULH", "SMULH", false, "R1, R2, R3"},
		{"MADD", "MSUB", true, "R1, R2, R3, R4"},
		{"CSEL", "CSINC", true, "EQ, R1, R2, R3"},
		{"CSEL", "CSNEG", true, "EQ, R1, R2, R3"},
		{"VADD", "VSUB", false, "V1.S4, V2.S4, V3.S4"},
		{"VEOR", "VORR", false, "V1.B16, V2.B16, V3.B16"},
		{"VAND", "VORR", false, "V1.B16, V2.B16, V3.B16"},
		{"VBSL", "VBIT", false, "V1.B16, V2.B16, V3.B16"},
		{"VUSHR", "VSHL", false, "$3, V1.S4, V2.S4"},
		{"VCMEQ", "VCMTST", false, "V1.S4, V2.S4, V3.S4"},
		{"VUZP1", "VUZP2", false, "V1.S4, V2.S4, V3.S4"},
		{"VTRN1", "VTRN2", false, "V1.S4, V2.S4, V3.S4"},
		{"VZIP1", "VZIP2", false, "V1.S4, V2.S4, V3.S4"},
		{"VUMAX", "VUMIN", false, "V1.S4, V2.S4, V3.S4"},
	},
	// ADC, SBC and their flag-setting forms take registers only.
	regOnly: map[string]bool{"ADC": true, "ADCS": true, "SBC": true, "SBCS": true},
	reg:     regexp.MustCompile(`^([RFV]([0-9]|[12][0-9]|3[01]))$`),
	next:    nextARM64,
	neon:    true,
}

// nextAMD64 is the register that replaces r: of the same class, so that
// the mutant assembles (a VEX instruction cannot name Y16).
func nextAMD64(r string) string {
	legacy := []string{"AX", "BX", "CX", "DX", "SI", "DI"}
	for i, x := range legacy {
		if x == r {
			return legacy[(i+1)%len(legacy)]
		}
	}
	n, err := strconv.Atoi(r[1:])
	if err != nil {
		return ""
	}
	switch r[0] {
	case 'R': // R8…R15
		return fmt.Sprintf("R%d", 8+(n-8+1)%8)
	case 'X', 'Y', 'Z': // within the bank of 16
		return fmt.Sprintf("%c%d", r[0], n&^15|(n+1)&15)
	}
	return ""
}

// arm64GPRs are the general registers a substitution uses: R18 is the
// platform's, R27 the assembler's temporary, R28 g, R29 and R30 the frame
// pointer and link register.
var arm64GPRs = func() []int {
	var out []int
	for n := 0; n <= 26; n++ {
		if n != 18 {
			out = append(out, n)
		}
	}
	return out
}()

func nextARM64(r string) string {
	n, err := strconv.Atoi(r[1:])
	if err != nil {
		return ""
	}
	switch r[0] {
	case 'R':
		for i, x := range arm64GPRs {
			if x == n {
				return fmt.Sprintf("R%d", arm64GPRs[(i+1)%len(arm64GPRs)])
			}
		}
	case 'V', 'F':
		return fmt.Sprintf("%c%d", r[0], (n+1)%32)
	}
	return ""
}

// arrangements maps each NEON arrangement to the one a mutant puts in its
// place: the same vector width, another lane width.
var arrangements = map[string]string{
	"B16": "H8", "H8": "S4", "S4": "H8", "D2": "S4",
	"B8": "H4", "H4": "S2", "S2": "H4", "D1": "S2",
}

// bytewise are the NEON instructions that take byte arrangements only
// (the assembler rejects V1.H8 for them): their mutant changes the width.
var bytewise = map[string]string{"B16": "B8", "B8": "B16"}

var bytewiseOps = map[string]bool{"VEOR": true, "VORR": true, "VAND": true, "VBSL": true, "VBIT": true, "VBIF": true, "VCNT": true, "VNOT": true}

// encodingSwaps are the pairs of WORD-encoded instruction macros that a
// mutant exchanges, by name without the common prefix (N_ADD is "ADD"). A
// pair is used where both are defined with the same number of arguments.
// Besides these, X and X2 (SMULL, SMULL2) and X1 and X2 (UZP1, UZP2, and
// TRN1D, TRN2D) pair up.
var encodingSwaps = [][2]string{
	{"ADD", "SUB"}, {"AND", "ORR"}, {"AND", "BIC"}, {"CMGT", "CMGE"}, {"SSHR", "USHR"},
	{"ABS", "NEG"}, {"MUL", "SQDMULH"}, {"MUL", "MLS"}, {"SMULL", "SMLAL"},
}
