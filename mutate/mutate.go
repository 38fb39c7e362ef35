// Package mutate measures how well vgcheck's proofs catch bugs: it applies
// single-instruction mutations to the assembly source of each kernel,
// rebuilds, proves each mutant, and scores the outcome. A mutant is killed
// when it is refuted with a counterexample that the replay on the real
// kernel confirms, or when it violates constant time or the frame; it
// survives when it proves equal to the spec (an equivalent mutant, whose
// reason the report names); anything else is unknown.
package mutate

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"vg.dev/decode"
	"vg.dev/obligation"
	"vg.dev/prove"
)

// Mutant is one single-instruction change to a kernel's source.
type Mutant struct {
	Kernel   string // importpath.Name
	File     string // the .s file
	Line     int
	Operator string // e.g. "ADC→ADD"
	Before   string
	After    string // "" when the instruction is dropped
}

func (m Mutant) String() string {
	after := m.After
	if after == "" {
		after = "(dropped)"
	}
	return fmt.Sprintf("%s:%d %s: %s ⇒ %s", filepath.Base(m.File), m.Line, m.Operator, strings.TrimSpace(m.Before), strings.TrimSpace(after))
}

// Outcome classifies a proved mutant.
type Outcome string

// The outcomes.
const (
	Killed     Outcome = "killed"     // refuted (confirmed), violated, or rejected for a defect
	Equivalent Outcome = "equivalent" // proved equal to the spec
	Invalid    Outcome = "invalid"    // the assembler rejected it
	Unknown    Outcome = "unknown"    // refuted but not confirmed, error, or unknown
)

// Result is a mutant and what the prover made of it.
type Result struct {
	Mutant  Mutant
	Outcome Outcome
	Detail  string
}

// textLines finds the TEXT block of fn in a .s file: its lines up to the
// next TEXT, macro definition or data directive (1-based line numbers). A
// macro defined after a function is not part of it: its lines belong to
// the functions that expand it, whose mutants are their invocation lines.
func textLines(src, fn string) (start, end int, ok bool) {
	lines := strings.Split(src, "\n")
	for i, l := range lines {
		if strings.HasPrefix(l, "TEXT ") && strings.Contains(l, "·"+fn+"(SB)") {
			start = i + 1
			end = len(lines)
			for j := i + 1; j < len(lines); j++ {
				if blockEnd(lines[j]) {
					end = j
					break
				}
			}
			return start, end, true
		}
	}
	return 0, 0, false
}

// blockEnd reports whether a line starts something that is not part of the
// function above it.
func blockEnd(l string) bool {
	for _, p := range []string{"TEXT ", "#define", "DATA ", "GLOBL ", "#include"} {
		if strings.HasPrefix(l, p) {
			return true
		}
	}
	return false
}

// instruction splits an instruction line into mnemonic and operands.
func instruction(line string) (mnemonic string, operands []string, comment string, ok bool) {
	code := line
	if i := strings.Index(code, "//"); i >= 0 {
		code, comment = code[:i], code[i:]
	}
	code = strings.TrimSpace(code)
	if code == "" || strings.HasSuffix(code, ":") || strings.HasPrefix(code, "#") || !strings.HasPrefix(line, "\t") {
		return "", nil, "", false
	}
	fields := strings.Fields(code)
	mnemonic = fields[0]
	if strings.HasSuffix(mnemonic, ":") { // label and instruction on one line
		return "", nil, "", false
	}
	rest := strings.TrimSpace(code[len(mnemonic):])
	if rest != "" {
		for _, op := range strings.Split(rest, ",") {
			operands = append(operands, strings.TrimSpace(op))
		}
	}
	return mnemonic, operands, comment, true
}

// pairs of mnemonics (by prefix, the size suffix kept) that swap.
var swaps = [][2]string{
	{"ADC", "ADD"}, {"SBB", "SUB"}, {"ADCX", "ADOX"}, {"ADDS", "ADD"}, {"SUBS", "SUB"},
	{"ADCS", "ADC"}, {"SBCS", "SBC"}, {"SHL", "SHR"}, {"SAR", "SHR"}, {"AND", "OR"}, {"XOR", "OR"},
	{"CMOVQEQ", "CMOVQNE"}, {"CMOVQCS", "CMOVQCC"}, {"CSEL", "CSINC"},
	{"VPADDD", "VPADDQ"}, {"VPSUBD", "VPSUBQ"}, {"VPSRLD", "VPSRLQ"}, {"VPSLLD", "VPSLLQ"}, {"VPMULUDQ", "VPMULDQ"},
	{"PADDD", "PADDQ"}, {"PSUBD", "PSUBQ"},
}

var (
	immRE = regexp.MustCompile(`^\$(-?\d+)$`)
	regRE = regexp.MustCompile(`^(AX|BX|CX|DX|SI|DI|R8|R9|R10|R11|R12|R13|R14|R15|R[0-9]|R[12][0-9]|R30|X[0-9]+|Y[0-9]+|Z[0-9]+|V[0-9]+)$`)
)

// otherReg is the register that replaces r in a register substitution: of
// the same class, and valid on both amd64 and arm64 (R1…R14 exist on both).
func otherReg(r string) string {
	switch {
	case strings.HasPrefix(r, "X"), strings.HasPrefix(r, "Y"), strings.HasPrefix(r, "Z"), strings.HasPrefix(r, "V"):
		n, _ := strconv.Atoi(r[1:])
		return fmt.Sprintf("%s%d", r[:1], (n+1)%16)
	case strings.HasPrefix(r, "R"):
		n, err := strconv.Atoi(r[1:])
		if err != nil {
			return ""
		}
		if n < 14 {
			return fmt.Sprintf("R%d", n+1)
		}
		return fmt.Sprintf("R%d", n-1)
	}
	legacy := []string{"AX", "BX", "CX", "DX", "SI", "DI"}
	for i, x := range legacy {
		if x == r {
			return legacy[(i+1)%len(legacy)]
		}
	}
	return ""
}

// Generate lists the mutants of fn's TEXT block in src, in line order.
func Generate(kernel, file, src, fn string) []Mutant {
	start, end, ok := textLines(src, fn)
	if !ok {
		return nil
	}
	lines := strings.Split(src, "\n")
	var out []Mutant
	add := func(i int, op, after string) {
		out = append(out, Mutant{Kernel: kernel, File: file, Line: i + 1, Operator: op, Before: lines[i], After: after})
	}
	for i := start; i < end; i++ {
		mn, ops, comment, ok := instruction(lines[i])
		if !ok || mn == "RET" || strings.HasPrefix(mn, "PCALIGN") {
			continue
		}
		build := func(m string, ops []string) string {
			s := "\t" + m
			if len(ops) > 0 {
				s += " " + strings.Join(ops, ", ")
			}
			if comment != "" {
				s += " " + comment
			}
			return s
		}
		for _, p := range swaps {
			for k := 0; k < 2; k++ {
				from, to := p[k], p[1-k]
				if strings.HasPrefix(mn, from) && len(mn)-len(from) <= 1 && !strings.HasPrefix(mn, to) {
					add(i, from+"→"+to, build(to+mn[len(from):], ops))
				}
			}
		}
		for j, op := range ops {
			if m := immRE.FindStringSubmatch(op); m != nil {
				n, _ := strconv.Atoi(m[1])
				c := append([]string(nil), ops...)
				c[j] = fmt.Sprintf("$%d", n+1)
				add(i, "immediate+1", build(mn, c))
			}
		}
		for j, op := range ops {
			if regRE.MatchString(op) {
				if r := otherReg(op); r != "" {
					c := append([]string(nil), ops...)
					c[j] = r
					add(i, "register", build(mn, c))
					break
				}
			}
		}
		if len(ops) == 2 && regRE.MatchString(ops[0]) && regRE.MatchString(ops[1]) && ops[0] != ops[1] {
			add(i, "operand swap", build(mn, []string{ops[1], ops[0]}))
		}
		add(i, "drop", "")
	}
	return out
}

// Sample keeps at most n mutants, spread evenly over the list (all when n ≤ 0).
func Sample(ms []Mutant, n int) []Mutant {
	if n <= 0 || len(ms) <= n {
		return ms
	}
	out := make([]Mutant, 0, n)
	for k := 0; k < n; k++ {
		out = append(out, ms[k*len(ms)/n])
	}
	return out
}

// apply returns src with the mutant's line replaced.
func apply(src string, m Mutant) string {
	lines := strings.Split(src, "\n")
	lines[m.Line-1] = m.After
	return strings.Join(lines, "\n")
}

// Options configure a mutation run.
type Options struct {
	Prove    prove.Options
	Max      int // mutants per kernel (0: all)
	Progress func(Result)
}

// Run generates, proves and classifies the mutants of every obligation.
func Run(ctx context.Context, opts Options, obls []*obligation.Obligation) ([]Result, error) {
	files, err := asmFiles(ctx, opts.Prove, obls)
	if err != nil {
		return nil, err
	}
	var results []Result
	for _, o := range obls {
		pkg, fn, _ := obligation.SplitName(o.Kernel)
		var ms []Mutant
		for _, f := range files[pkg] {
			src, err := os.ReadFile(f)
			if err != nil {
				return nil, err
			}
			ms = append(ms, Generate(o.Kernel, f, string(src), fn)...)
		}
		if len(ms) == 0 {
			return nil, fmt.Errorf("mutate %s: no TEXT ·%s(SB) in the package's .s files", o.Kernel, fn)
		}
		for _, m := range Sample(ms, opts.Max) {
			r, err := one(ctx, opts.Prove, o, m)
			if err != nil {
				return nil, err
			}
			if opts.Progress != nil {
				opts.Progress(r)
			}
			results = append(results, r)
		}
	}
	return results, nil
}

// one proves one mutant.
func one(ctx context.Context, po prove.Options, o *obligation.Obligation, m Mutant) (Result, error) {
	src, err := os.ReadFile(m.File)
	if err != nil {
		return Result{}, err
	}
	po.Overlay = decode.Overlay{m.File: apply(string(src), m)}
	po.Jobs = 1
	o1 := *o
	rs, err := prove.Prove(ctx, po, []*obligation.Obligation{&o1})
	if err != nil {
		// The mutant does not assemble or link: not a program.
		return Result{Mutant: m, Outcome: Invalid, Detail: firstLine(err.Error())}, nil
	}
	r := rs[0]
	switch {
	case r.CT == prove.Violated || r.Frame == prove.Violated:
		var kinds []string
		for _, v := range r.Violations {
			if !v.Warning && !slices.Contains(kinds, v.Kind) {
				kinds = append(kinds, v.Kind)
			}
		}
		return Result{m, Killed, "violation: " + strings.Join(kinds, ", ")}, nil
	case r.Equivalence == prove.Refuted && r.Counterexample != nil && r.Counterexample.Confirmed:
		return Result{m, Killed, "refuted, confirmed on the real kernel"}, nil
	case r.Equivalence == prove.Proved:
		return Result{m, Equivalent, "proved equal to the spec"}, nil
	case r.Equivalence == prove.Refuted:
		return Result{m, Unknown, "refuted but the replay did not confirm: " + r.Counterexample.Replay}, nil
	case r.Defect != "":
		// Rejected for a defect of the mutant itself (it reads state the
		// caller or the processor decides): no input can show it, but
		// the mutant cannot pass.
		return Result{m, Killed, "rejected: " + r.Defect + ": " + firstLine(r.Message)}, nil
	}
	return Result{m, Unknown, fmt.Sprintf("%s: %s", r.Equivalence, firstLine(r.Message))}, nil
}

// asmFiles lists the .s files of each kernel package.
func asmFiles(ctx context.Context, po prove.Options, obls []*obligation.Obligation) (map[string][]string, error) {
	var paths []string
	seen := map[string]bool{}
	for _, o := range obls {
		p, _, _ := obligation.SplitName(o.Kernel)
		if !seen[p] {
			seen[p] = true
			paths = append(paths, p)
		}
	}
	sort.Strings(paths)
	dir := po.Dir
	if dir == "" {
		dir = "."
	}
	pkgs, err := decode.Load(ctx, decode.Config{Arch: po.Arch, Dir: dir, Tags: po.Tags}, paths...)
	if err != nil {
		return nil, err
	}
	out := map[string][]string{}
	for _, p := range pkgs {
		for _, f := range p.OtherFiles {
			if strings.HasSuffix(f, ".s") {
				out[p.PkgPath] = append(out[p.PkgPath], f)
			}
		}
	}
	return out, nil
}

// Score counts the outcomes.
func Score(rs []Result) map[Outcome]int {
	m := map[Outcome]int{}
	for _, r := range rs {
		m[r.Outcome]++
	}
	return m
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return s
}
