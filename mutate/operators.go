package mutate

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// edit is one mutation of a statement: the statement's new text ("" drops
// it) and the operator's name.
type edit struct {
	op, to string
}

var (
	mnemonicRE = regexp.MustCompile(`^[A-Z][A-Z0-9]*(\.[A-Z0-9]+)*$`)
	callRE     = regexp.MustCompile(`^([A-Za-z_][A-Za-z0-9_]*)\((.*)\)$`)
	immRE      = regexp.MustCompile(`^\$(-?)(0[xX][0-9A-Fa-f]+|\d+)$`)
	arrRE      = regexp.MustCompile(`^V([0-9]|[12][0-9]|3[01])\.(B8|B16|H4|H8|S2|S4|D1|D2)$`)
	elemRE     = regexp.MustCompile(`^V([0-9]|[12][0-9]|3[01])\.([BHSD])\[(\d+)\]$`)
)

// skipped are the statements that are not mutated: returns (a mutant that
// drops one only runs into the next function), alignment and data.
var skipped = map[string]bool{
	"RET": true, "PCALIGN": true, "NOP": true, "TEXT": true, "DATA": true, "GLOBL": true,
	"FUNCDATA": true, "PCDATA": true, "NO_LOCAL_POINTERS": true, "WORD": true, "BYTE": true, "LONG": true,
}

// site is what the operators need to know about where a statement is.
type site struct {
	arch   *arch
	params []string          // the enclosing macro's parameters
	macros map[string]*macro // the macros visible here
}

// edits lists the mutations of one statement.
func (c *site) edits(text string) []edit {
	if m := callRE.FindStringSubmatch(text); m != nil {
		if mac := c.macros[m[1]]; mac != nil && mac.encoding() {
			return c.invocationEdits(mac, splitOperands(m[2]))
		}
		// Another macro's body is mutated where it is defined.
		return nil
	}
	mn, rest := text, ""
	if i := strings.IndexAny(text, " \t"); i >= 0 {
		mn, rest = text[:i], text[i:]
	}
	if !mnemonicRE.MatchString(mn) || skipped[mn] || c.macros[mn] != nil {
		return nil
	}
	sep := rest[:len(rest)-len(strings.TrimLeft(rest, " \t"))]
	ops := splitOperands(rest)
	build := func(m string, ops []string) string {
		if len(ops) == 0 {
			return m
		}
		s := sep
		if s == "" {
			s = " "
		}
		return m + s + strings.Join(ops, ", ")
	}
	var out []edit
	for _, to := range c.swapsOf(mn, ops) {
		out = append(out, edit{mn + "→" + to, to + text[len(mn):]})
	}
	if c.arch.neon {
		if ops2, what := c.arrangementSwap(mn, ops); ops2 != nil {
			out = append(out, edit{"arrangement " + what, build(mn, ops2)})
		}
		for j, op := range ops {
			if m := elemRE.FindStringSubmatch(op); m != nil {
				k, _ := strconv.Atoi(m[3])
				lanes := map[string]int{"B": 16, "H": 8, "S": 4, "D": 2}[m[2]]
				out = append(out, edit{"lane+1", build(mn, replaced(ops, j, fmt.Sprintf("V%s.%s[%d]", m[1], m[2], (k+1)%lanes)))})
				break
			}
		}
	}
	for j, op := range ops {
		if r, ok := immPlus1(op); ok {
			out = append(out, edit{"immediate+1", build(mn, replaced(ops, j, r))})
		}
	}
	for j, op := range ops {
		if r := c.otherReg(op); r != "" {
			out = append(out, edit{"register", build(mn, replaced(ops, j, r))})
			break
		}
	}
	for j := 0; j+1 < len(ops); j++ {
		if j == 0 && len(ops) == 3 && commutative[mn] {
			continue // the two sources of a commutative operation
		}
		a, b := c.regClass(ops[j]), c.regClass(ops[j+1])
		if a != "" && b != "" && (a == b || a == "?" || b == "?") && ops[j] != ops[j+1] {
			sw := replaced(replaced(ops, j, ops[j+1]), j+1, ops[j])
			out = append(out, edit{"operand swap", build(mn, sw)})
			break
		}
	}
	return append(out, edit{"drop", ""})
}

// commutative are the three-operand mnemonics (source, source,
// destination) whose sources commute: swapping them is no mutant.
var commutative = map[string]bool{}

func init() {
	for _, m := range strings.Fields(`VPADDB VPADDW VPADDD VPADDQ VPMULLW VPMULLD VPMULLQ VPMULHW VPMULHUW
		VPMULDQ VPMULUDQ VPAND VPANDD VPANDQ VPOR VPORD VPORQ VPXOR VPXORD VPXORQ
		VPCMPEQB VPCMPEQW VPCMPEQD VPCMPEQQ VPMINUD VPMAXUD VPMINSD VPMAXSD VPMINUQ VPMAXUQ
		VPMADD52LUQ VPMADD52HUQ PADDD PADDQ PAND POR PXOR
		ADD ADDW ADDS ADDSW ADC ADCS MUL MULW UMULH SMULH AND ANDW ANDS ORR ORRW EOR EORW
		VADD VAND VORR VEOR VCMEQ`) {
		commutative[m] = true
	}
}

// commutativeEncoding are the NEON operations, by the name of the macro
// that WORD-encodes them (N_ADD(m, n, d)), whose sources m and n commute.
var commutativeEncoding = map[string]bool{}

func init() {
	for _, m := range strings.Fields(`ADD AND ORR EOR CMEQ MUL MLA MLS SMIN SMAX UMIN UMAX
		SMULL SMULL2 UMULL UMULL2 SMLAL SMLAL2 UMLAL UMLAL2 SQDMULH SQRDMULH`) {
		commutativeEncoding[m] = true
	}
}

// immOrShifted reports whether op is an immediate (spelled out or the
// name of a macro for one, like Q for $8380417) or, on arm64, a shifted or
// extended register (R1<<3, R2.UXTW).
func (c *site) immOrShifted(op string) bool {
	if m := c.macros[op]; m != nil && m.params == nil && len(m.body) == 1 {
		op = m.body[0].text
	}
	if strings.HasPrefix(op, "$") {
		return true
	}
	for _, s := range []string{"<<", ">>", "->", "@>", ".UXT", ".SXT"} {
		if strings.Contains(op, s) {
			return true
		}
	}
	return false
}

func replaced(ops []string, j int, s string) []string {
	c := append([]string(nil), ops...)
	c[j] = s
	return c
}

// swapsOf lists the mnemonics that replace mn.
func (c *site) swapsOf(mn string, ops []string) []string {
	notReg := false
	for _, op := range ops {
		notReg = notReg || c.immOrShifted(op)
	}
	var out []string
	for _, s := range c.arch.swaps {
		for _, p := range [][2]string{{s.a, s.b}, {s.b, s.a}} {
			from, to := p[0], p[1]
			var suffix string
			switch {
			case mn == from:
			case s.sized && strings.HasPrefix(mn, from) && contains(c.arch.suffixes, mn[len(from):]):
				suffix = mn[len(from):]
			default:
				continue
			}
			if notReg && c.arch.regOnly[to] {
				continue
			}
			if !contains(out, to+suffix) {
				out = append(out, to+suffix)
			}
		}
	}
	return out
}

// arrangementSwap changes the lane width of every arranged operand of a
// NEON instruction (registers and register lists alike, so that they stay
// consistent), returning nil when there are none.
func (c *site) arrangementSwap(mn string, ops []string) (out []string, what string) {
	table := arrangements
	if bytewiseOps[mn] {
		table = bytewise
	}
	changed := false
	out = make([]string, len(ops))
	for j, op := range ops {
		out[j] = mapRegs(op, func(r string) string {
			m := arrRE.FindStringSubmatch(r)
			if m == nil || table[m[2]] == "" {
				return r
			}
			changed = true
			what = m[2] + "→" + table[m[2]]
			return "V" + m[1] + "." + table[m[2]]
		})
	}
	if !changed {
		return nil, ""
	}
	return out, what
}

// mapRegs applies f to op, or to each register of a register list.
func mapRegs(op string, f func(string) string) string {
	if !strings.HasPrefix(op, "[") || !strings.HasSuffix(op, "]") {
		return f(op)
	}
	regs := splitOperands(op[1 : len(op)-1])
	for i, r := range regs {
		regs[i] = f(r)
	}
	return "[" + strings.Join(regs, ", ") + "]"
}

// otherReg is the operand that replaces op in a register substitution, or
// "" when op is not a register. A register list moves as a whole, so that
// its registers stay consecutive.
func (c *site) otherReg(op string) string {
	if contains(c.params, op) {
		return ""
	}
	if c.arch.reg.MatchString(op) {
		return c.arch.next(op)
	}
	if !c.arch.neon {
		return ""
	}
	ok := true
	out := mapRegs(op, func(r string) string {
		m := arrRE.FindStringSubmatch(r)
		if m == nil {
			if m = elemRE.FindStringSubmatch(r); m == nil {
				ok = false
				return r
			}
		}
		n, _ := strconv.Atoi(m[1])
		return fmt.Sprintf("V%d%s", (n+1)%32, r[len(m[1])+1:])
	})
	if !ok || out == op {
		return ""
	}
	return out
}

// regClass is the class of a register operand, for an operand swap that
// keeps the mutant assembling: "R" for a general register, "X", "Y" or
// "Z" for an amd64 vector register, "V" for an arm64 vector register
// (with or without arrangement), "F" for a floating-point one; "?" for a
// macro parameter, whose class is not known here; "" for anything else.
func (c *site) regClass(op string) string {
	switch {
	case contains(c.params, op):
		return "?"
	case c.arch.reg.MatchString(op):
		if strings.ContainsAny(op[:1], "XYZVF") {
			return op[:1]
		}
		return "R"
	case c.arch.neon && (arrRE.MatchString(op) || elemRE.MatchString(op)):
		return "V"
	}
	return ""
}

// immPlus1 adds one to an immediate operand, keeping its base.
func immPlus1(op string) (string, bool) {
	m := immRE.FindStringSubmatch(op)
	if m == nil {
		return "", false
	}
	n, err := strconv.ParseInt(m[1]+m[2], 0, 64)
	if err != nil {
		return "", false
	}
	if strings.HasPrefix(strings.ToLower(m[2]), "0x") && n >= -1 {
		return fmt.Sprintf("$0x%X", n+1), true
	}
	return fmt.Sprintf("$%d", n+1), true
}

// invocationEdits mutates an invocation of a macro that encodes one
// instruction (N_ADD(m, n, d)): each argument, a register number or a
// shift, plus one; the first two arguments swapped; and the macro
// exchanged for a sibling of the same arity.
func (c *site) invocationEdits(mac *macro, args []string) []edit {
	call := func(name string, args []string) string { return name + "(" + strings.Join(args, ", ") + ")" }
	var out []edit
	for _, sib := range c.siblings(mac) {
		out = append(out, edit{mac.name + "→" + sib, call(sib, args)})
	}
	for j, a := range args {
		// Register numbers and shifts are 5-bit fields: 31 becomes 30
		// rather than overflow into the next field (a parameter wraps to
		// 0, which the expression can say).
		r := "(((" + a + ")+1)&31)"
		if n, err := strconv.Atoi(a); err == nil {
			r = strconv.Itoa(n + 1)
			if n == 31 {
				r = "30"
			}
		}
		out = append(out, edit{fmt.Sprintf("argument %d", j+1), call(mac.name, replaced(args, j, r))})
	}
	if len(args) >= 2 && args[0] != args[1] && !commutativeEncoding[strings.TrimPrefix(mac.name, "N_")] {
		out = append(out, edit{"argument swap", call(mac.name, replaced(replaced(args, 0, args[1]), 1, args[0]))})
	}
	return append(out, edit{"drop", ""})
}

// siblings lists the encoding macros that may replace mac: the pairs of
// encodingSwaps, and X with X2 and X1 with X2 (also before a final D),
// among the visible macros with as many parameters.
func (c *site) siblings(mac *macro) []string {
	prefix, base := "", mac.name
	if i := strings.IndexByte(mac.name, '_'); i >= 0 {
		prefix, base = mac.name[:i+1], mac.name[i+1:]
	}
	var cands []string
	for _, p := range encodingSwaps {
		if p[0] == base {
			cands = append(cands, p[1])
		}
		if p[1] == base {
			cands = append(cands, p[0])
		}
	}
	stem, tail := base, ""
	if n := len(stem); n > 1 && stem[n-1] == 'D' && (stem[n-2] == '1' || stem[n-2] == '2') {
		stem, tail = stem[:n-1], "D" // TRN1D, TRN2D
	}
	switch {
	case strings.HasSuffix(stem, "1"):
		cands = append(cands, stem[:len(stem)-1]+"2"+tail)
	case strings.HasSuffix(stem, "2"):
		cands = append(cands, stem[:len(stem)-1]+"1"+tail, stem[:len(stem)-1]+tail)
	default:
		cands = append(cands, stem+"2"+tail)
	}
	var out []string
	for _, b := range cands {
		m := c.macros[prefix+b]
		if m != nil && m != mac && m.encoding() && len(m.params) == len(mac.params) && !contains(out, m.name) {
			out = append(out, m.name)
		}
	}
	return out
}
