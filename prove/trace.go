package prove

import (
	"vg.dev/decode"
	"vg.dev/symexec/machine"
	"vg.dev/symexec/term"
)

// Trace is what a report shows of one obligation beyond its verdicts: the
// kernel's listing, which instructions touched a secret, and the layer
// that closed each output word. It is kept only with Options.Trace.
type Trace struct {
	Listing []TraceInst   `json:"listing"`
	Outputs []OutputClose `json:"outputs"`
}

// TraceInst is one instruction of the kernel.
type TraceInst struct {
	PC   uint64 `json:"pc"`
	File string `json:"file,omitempty"`
	Line int    `json:"line,omitempty"`
	Text string `json:"text"` // the decoded instruction
	// Ran: the lifter executed it on some path (of the run with every
	// pointer distinct).
	Ran bool `json:"ran,omitempty"`
	// Secret: a value it wrote (a register, a flag and its operands,
	// memory), a branch condition or an address it used depends on a
	// secret input.
	Secret bool `json:"secret,omitempty"`
}

// OutputClose is one output word compared and the layer that proved it
// equal to the spec's.
type OutputClose struct {
	Output string `json:"output"`
	Layer  string `json:"layer"`
}

// tracer collects a Trace while the kernel is lifted.
type tracer struct {
	t      *Trace
	at     map[uint64]int // pc → index in t.Listing
	secret func(*term.Term) bool
	memo   map[*term.Term]bool
}

func newTracer(t *Trace, fn *decode.Func, secret func(*term.Term) bool) *tracer {
	tr := &tracer{t: t, at: map[uint64]int{}, secret: secret, memo: map[*term.Term]bool{}}
	for _, in := range fn.Insts {
		tr.at[in.PC] = len(t.Listing)
		t.Listing = append(t.Listing, TraceInst{PC: in.PC, File: in.File, Line: in.Line, Text: in.String()})
	}
	return tr
}

// step is machine.Config.OnStep.
func (tr *tracer) step(pc uint64, wrote []*term.Term) {
	i, ok := tr.at[pc]
	if !ok {
		return // a callee's instruction
	}
	in := &tr.t.Listing[i]
	in.Ran = true
	for _, w := range wrote {
		if in.Secret {
			return
		}
		in.Secret = tr.tainted(w)
	}
}

// event marks the instruction of a branch or access on a secret (tr may
// be nil).
func (tr *tracer) event(e machine.Event) {
	if tr == nil {
		return
	}
	if i, ok := tr.at[e.PC]; ok && e.Secret {
		tr.t.Listing[i].Secret = true
	}
}

// tainted reports whether a secret variable is in x's support (memoised:
// the outputs of consecutive instructions share most of their DAG).
func (tr *tracer) tainted(x *term.Term) bool {
	if v, ok := tr.memo[x]; ok {
		return v
	}
	r := false
	if x.Op() == term.OpVar {
		r = tr.secret(x)
	} else {
		for _, a := range x.Args() {
			if tr.tainted(a) {
				r = true
				break
			}
		}
	}
	tr.memo[x] = r
	return r
}
