package prove

import (
	"fmt"
	"go/types"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"golang.org/x/tools/go/ssa"

	"vg.dev/smt"
	"vg.dev/symexec/abi"
	"vg.dev/symexec/term"
)

// Kernels that read what their caller left: a register they never wrote,
// or a flag before any instruction set it. ABI0 defines neither, so the
// lifter rejects such a kernel (violation undefined-register, defect
// undefined-flags), and a replay that calls it from Go passes whatever the
// test function happened to leave, often harmless values. To show that the
// result really depends on them, the replay enters the kernel through an
// assembly trampoline that sets every general register it may (all but the
// stack pointer, and on arm64 the platform register R18, the assembler's
// R27 and g in R28) to a fixed pattern and the flags to all set, then all
// clear, and copies the argument frame in and out. When the kernel reads a
// vector register it sets those too: Y0–Y15 on amd64 (the machine then has
// AVX), all of ZMM0–31 if it reads one of ZMM16–31 (then it has AVX-512),
// V0–V31 on arm64.

// entryCall describes the trampoline of one replay.
type entryCall struct {
	arch    string
	kernel  string     // the kernel's name in its package
	frame   *abi.Frame // its ABI0 argument frame
	vectors bool       // set the vector registers too (a kernel reads one)
	zmm     bool       // amd64: all of ZMM0–31 (a kernel reads one of ZMM16–31)
}

var entryZ = regexp.MustCompile(`entry\.Z(\d+)`)

// readsCallerState reports whether r's kernel was found to read a register
// or flag its caller leaves undefined, whether a vector register, and
// whether one of ZMM16–31, which only AVX-512 has.
func readsCallerState(r *Result) (reads, vectors, zmm bool) {
	reads = r.Defect == DefectUndefinedFlags
	for _, v := range r.Violations {
		if v.Kind != KindUndefinedRegister {
			continue
		}
		reads = true
		vectors = vectors || strings.Contains(v.Detail, "entry.Z") || strings.Contains(v.Detail, "entry.V")
		for _, m := range entryZ.FindAllStringSubmatch(v.Detail, -1) {
			n, _ := strconv.Atoi(m[1])
			zmm = zmm || n >= 16
		}
	}
	return reads, vectors, zmm
}

// words is the size of the trampoline's copy of the frame in 8-byte words
// (even, so that arm64 frames stay 16-byte aligned).
func (e *entryCall) words() int {
	w := int((e.frame.Size + 7) / 8)
	return max(2, w+w%2)
}

// regs are the registers the trampoline sets, in the order of its array.
func (e *entryCall) regs() []string {
	if e.arch == "arm64" {
		var rs []string
		for i := 0; i <= 26; i++ {
			if i != 18 {
				rs = append(rs, fmt.Sprintf("R%d", i))
			}
		}
		return rs
	}
	return []string{"AX", "CX", "DX", "BX", "BP", "SI", "DI", "R8", "R9", "R10", "R11", "R12", "R13", "R14", "R15"}
}

// flagSettings are the flag words the kernel is entered with: every status
// flag set (amd64 CF PF AF ZF SF OF; arm64 NZCV), then none.
func (e *entryCall) flagSettings() string {
	if e.arch == "arm64" {
		return "0xf0000000, 0"
	}
	return "0x8d5, 0"
}

// goSource is the Go half: vgKernel calls the kernel through vgCall, with
// the flags given and the registers set to a pattern.
func (e *entryCall) goSource(sig *types.Signature, typeName func(types.Type) string) string {
	var b strings.Builder
	w, n := e.words(), len(e.regs())
	fmt.Fprintf(&b, `// vgFlagSettings are the flags the kernel is entered with: all set, then none.
var vgFlagSettings = []uint64{%s}

// vgKeep keeps the inputs on the heap: the frame, which the collector does
// not scan, points to them.
var vgKeep []any

// vgCall enters the kernel with the argument frame, every register in regs,
// the flags and, if the kernel reads one, the vector registers in vecs
// (zz_vgreplay_%s.s).
func vgCall(frame *[%d]uint64, regs *[%d]uint64, flags uint64, vecs *[256]uint64)

`, e.flagSettings(), e.arch, w, n)
	var params, results []string
	for i := range e.frame.Params {
		params = append(params, fmt.Sprintf("a%d %s", i, typeName(sig.Params().At(i).Type())))
	}
	for i := range e.frame.Results {
		results = append(results, typeName(sig.Results().At(i).Type()))
	}
	fmt.Fprintf(&b, "func vgKernel(flags uint64, %s) (%s) {\n", strings.Join(params, ", "), strings.Join(results, ", "))
	// The frame's padding and result slots hold a pattern, as a caller's
	// leftovers: a kernel that reads them shows it.
	fmt.Fprintf(&b, "\tvar frame [%d]uint64\n\tfor i := range frame {\n\t\tframe[i] = %#x * uint64(i+1)\n\t}\n\tbase := unsafe.Pointer(&frame)\n", w, uint64(gprPattern)^0x5555555555555555)
	for i, p := range e.frame.Params {
		fmt.Fprintf(&b, "\tvgKeep = append(vgKeep, a%d)\n\t*(*%s)(unsafe.Add(base, %d)) = a%d\n", i, typeName(sig.Params().At(i).Type()), p.Offset, i)
	}
	fmt.Fprintf(&b, "\tvar regs [%d]uint64\n\tfor i := range regs {\n\t\tregs[i] = %#x * uint64(i+1)\n\t}\n", n, uint64(gprPattern))
	fmt.Fprintf(&b, "\tvar vecs [256]uint64\n\tfor i := range vecs {\n\t\tvecs[i] = %#x * uint64(i+1)\n\t}\n\tvgCall(&frame, &regs, flags, &vecs)\n", uint64(vecPattern))
	var rets []string
	for i, r := range e.frame.Results {
		rets = append(rets, fmt.Sprintf("*(*%s)(unsafe.Add(base, %d))", typeName(sig.Results().At(i).Type()), r.Offset))
	}
	if len(rets) > 0 {
		fmt.Fprintf(&b, "\treturn %s\n", strings.Join(rets, ", "))
	}
	b.WriteString("}\n")
	return b.String()
}

// asmSource is the trampoline vgCall for the kernel.
func (e *entryCall) asmSource() string {
	var b strings.Builder
	w := e.words()
	regs := e.regs()
	fmt.Fprintf(&b, "// Generated by vgcheck: enters %s with every register set (see the replay test).\n\n#include \"textflag.h\"\n#include \"funcdata.h\"\n\n", e.kernel)
	fmt.Fprintf(&b, "// func vgCall(frame *[%d]uint64, regs *[%d]uint64, flags uint64, vecs *[256]uint64)\nTEXT ·vgCall(SB), NOSPLIT, $%d-32\n\tNO_LOCAL_POINTERS\n", w, len(regs), 8*w)
	if e.arch == "arm64" {
		// The callee's arguments start at 8(RSP) of its caller.
		b.WriteString("\tMOVD frame+0(FP), R0\n")
		for i := 0; i < w; i++ {
			fmt.Fprintf(&b, "\tMOVD %d(R0), R1\n\tMOVD R1, %d(RSP)\n", 8*i, 8+8*i)
		}
		if e.vectors {
			b.WriteString("\tMOVD vecs+24(FP), R0\n")
			for i := 0; i < 32; i += 4 {
				fmt.Fprintf(&b, "\tVLD1.P 64(R0), [V%d.D2, V%d.D2, V%d.D2, V%d.D2]\n", i, i+1, i+2, i+3)
			}
		}
		b.WriteString("\tMOVD flags+16(FP), R0\n\tMSR  R0, NZCV\n\tMOVD regs+8(FP), R26\n")
		for i, r := range regs {
			if r != "R26" {
				fmt.Fprintf(&b, "\tMOVD %d(R26), %s\n", 8*i, r)
			}
		}
		fmt.Fprintf(&b, "\tMOVD %d(R26), R26\n\tCALL ·%s(SB)\n\tMOVD frame+0(FP), R0\n", 8*(len(regs)-1), e.kernel)
		for i := 0; i < w; i++ {
			fmt.Fprintf(&b, "\tMOVD %d(RSP), R1\n\tMOVD R1, %d(R0)\n", 8+8*i, 8*i)
		}
		b.WriteString("\tRET\n")
		return b.String()
	}
	// The callee's arguments start at 0(SP) of its caller.
	b.WriteString("\tMOVQ frame+0(FP), SI\n")
	for i := 0; i < w; i++ {
		fmt.Fprintf(&b, "\tMOVQ %d(SI), AX\n\tMOVQ AX, %d(SP)\n", 8*i, 8*i)
	}
	switch {
	case e.zmm:
		b.WriteString("\tMOVQ vecs+24(FP), AX\n")
		for i := 0; i < 32; i++ {
			fmt.Fprintf(&b, "\tVMOVDQU64 %d(AX), Z%d\n", 64*i, i)
		}
	case e.vectors:
		b.WriteString("\tMOVQ vecs+24(FP), AX\n")
		for i := 0; i < 16; i++ {
			fmt.Fprintf(&b, "\tVMOVDQU %d(AX), Y%d\n", 32*i, i)
		}
	}
	b.WriteString("\tMOVQ flags+16(FP), AX\n\tPUSHQ AX\n\tPOPFQ\n\tMOVQ regs+8(FP), DI\n")
	for i, r := range regs {
		if r != "DI" {
			fmt.Fprintf(&b, "\tMOVQ %d(DI), %s\n", 8*i, r)
		}
	}
	fmt.Fprintf(&b, "\tMOVQ %d(DI), DI\n\tCALL ·%s(SB)\n\tMOVQ frame+0(FP), SI\n", 8*slices.Index(regs, "DI"), e.kernel)
	for i := 0; i < w; i++ {
		fmt.Fprintf(&b, "\tMOVQ %d(SP), AX\n\tMOVQ AX, %d(SI)\n", 8*i, 8*i)
	}
	b.WriteString("\tRET\n")
	return b.String()
}

// indent indents every non-empty line of s by one tab.
func indent(s string) string {
	lines := strings.SplitAfter(s, "\n")
	for i, l := range lines {
		if strings.TrimSpace(l) != "" {
			lines[i] = "\t" + l
		}
	}
	return strings.Join(lines, "")
}

// The patterns the trampoline enters a kernel with: general register i of
// regs() holds gprPattern·(i+1), 64-bit word i of the vector block
// vecPattern·(i+1).
const (
	gprPattern = 0x9e3779b97f4a7c15
	vecPattern = 0xbf58476d1ce4e5b9
)

// entryValues are the values the trampoline enters the kernel with, by
// the name of the lifter's variable for the register's value at entry
// (entry.AX, entry.R3, entry.Z7, entry.V7). Registers it does not set (the
// stack pointer, amd64 mask registers, ZMM16–31 without zmm) are absent.
func (e *entryCall) entryValues() map[string]term.Value {
	vals := map[string]term.Value{}
	for i, r := range e.regs() {
		vals["entry."+r] = term.U64(gprPattern*uint64(i+1), 64)
	}
	if !e.vectors {
		return vals
	}
	vec := func(first, n int) term.Value {
		var v term.Value
		for j := 0; j < n; j++ {
			v[j] = vecPattern * uint64(first+j+1)
		}
		return v
	}
	switch {
	case e.arch == "arm64":
		for n := 0; n < 32; n++ {
			vals[fmt.Sprintf("entry.V%d", n)] = vec(2*n, 2)
		}
	case e.zmm:
		for n := 0; n < 32; n++ {
			vals[fmt.Sprintf("entry.Z%d", n)] = vec(8*n, 8)
		}
	default:
		// VMOVDQU (VEX) into Yn clears bits 256 and up of Zn.
		for n := 0; n < 16; n++ {
			vals[fmt.Sprintf("entry.Z%d", n)] = vec(4*n, 4)
		}
	}
	return vals
}

// entryTimeout bounds the solver's search, over all paths, for inputs on
// which the kernel, entered through the trampoline, differs from its spec.
const entryTimeout = 10 * time.Second

// refuteWithRegisters runs a kernel whose result depends on a register
// its caller leaves undefined through the trampoline, on random inputs,
// before the spec is even interpreted: such a run usually shows the
// dependence at once, where the checks and the proof would search a space
// of garbage. It reports whether the run refuted the kernel.
func (s *session) refuteWithRegisters(sv *solveState, spec *ssa.Function, assume []*term.Term) bool {
	if reads, _, _ := readsCallerState(sv.r); !reads {
		return false
	}
	sv.r.Counterexample = sv.unsafeWitness(assume)
	return s.entryRun(sv.r, spec)
}

// refuteAtEntry is refuteWithRegisters for a difference random inputs
// miss: on inputs where the lifted kernel, with the registers it reads at
// entry holding the trampoline's pattern, differs from the spec, found by
// random simulation, else by the solver (one entryTimeout for all paths).
func (s *session) refuteAtEntry(sv *solveState, spec *ssa.Function, goals []goal) bool {
	reads, vectors, zmm := readsCallerState(sv.r)
	if !reads {
		return false
	}
	names := (&entryCall{arch: s.opts.Arch, vectors: vectors, zmm: zmm && s.opts.Arch == "amd64"}).entryValues()
	deadline := time.Now().Add(entryTimeout)
	for _, g := range goals {
		open := g.open()
		fixed := map[*term.Term]term.Value{}
		var pins []*term.Term
		term.Walk(func(t *term.Term) {
			if v, ok := names[t.Name()]; ok && t.Op() == term.OpVar {
				fixed[t] = term.BigValue(v.Big(), t.Width())
				pins = append(pins, sv.b.Eq(t, sv.b.Const(fixed[t], t.Width())))
			}
		}, pairTerms(open)...)
		if len(fixed) == 0 {
			continue
		}
		model := sv.simulateFixed(g.assume, open, fixed)
		if left := time.Until(deadline); model == nil && left > 0 {
			model = sv.entryModel(g, open, pins, left)
		}
		if model == nil {
			continue
		}
		sv.r.Counterexample = sv.counterexample(model, g.pairs)
		// One run that confirms nothing is enough: the pipeline goes
		// on, and its own refutation is replayed too.
		return s.entryRun(sv.r, spec)
	}
	return false
}

// entryRun replays r's counterexample through the trampoline: when the
// run confirms it, the kernel is refuted; otherwise the counterexample is
// dropped.
func (s *session) entryRun(r *Result, spec *ssa.Function) bool {
	s.replay(r, spec)
	if cx := r.Counterexample; cx != nil && cx.Confirmed {
		r.Equivalence, r.Layer, r.CT = Refuted, LayerReplay, Unknown
		r.Message = "run on these inputs with every register set, the kernel does not do what the spec does (" + replaySummary(cx.Replay) + "); constant time not checked"
		return true
	}
	r.Counterexample = nil
	return false
}

// entryModel asks the solver for inputs meeting g's assumptions on which
// a pair of open differs with the pins (entry registers fixed) holding.
func (sv *solveState) entryModel(g goal, open []pair, pins []*term.Term, timeout time.Duration) map[*term.Term]term.Value {
	var diffs []*term.Term
	for _, p := range open {
		diffs = append(diffs, sv.b.Ne(p.k, p.s))
	}
	diff := sv.b.Or(diffs...)
	query := append(append(newCone(g.assume).assumptions(diff), pins...), diff)
	out, err := sv.solver.Check(sv.ctx, query, smt.Options{Name: sv.name + "-entry", Timeout: timeout})
	if err != nil || out.Answer != smt.Sat {
		return nil
	}
	model, err := sv.complete(out.Model, g.assume)
	if err != nil || !sv.real(model, append(append(append([]*term.Term(nil), g.assume...), pins...), diff)) {
		return nil
	}
	return model
}

// pairTerms are the two sides of every pair.
func pairTerms(pairs []pair) []*term.Term {
	var ts []*term.Term
	for _, p := range pairs {
		ts = append(ts, p.k, p.s)
	}
	return ts
}
