package survey

import (
	"context"
	"fmt"
	"go/types"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"time"

	"vg.dev/decode"
	"vg.dev/obligation"
	"vg.dev/prove"
	"vg.dev/symexec/abi"
	"vg.dev/symexec/gossa"
)

// Options configure a survey.
type Options struct {
	// Prove are the options of the proofs (architecture, directory,
	// budget, solver timeout, jobs). Its SpecTags and SpecOverlay are
	// set by the survey.
	Prove prove.Options
	// Table supplies sizes, public parameters, preconditions and
	// counterparts (nil: none).
	Table *Table
	// Row, if set, is called with each row as soon as every obligation
	// of its function is finished (rows without obligations first).
	Row func(*Row)
	// AllLengths runs the induction over lengths on every function over
	// slices proved at its listed sizes (Row.AllLengths).
	AllLengths bool
}

// Row is the survey's finding for one assembly function.
type Row struct {
	Kernel string `json:"kernel"`
	Arch   string `json:"arch"`
	Pos    string `json:"pos,omitempty"` // the Go declaration
	// Spec is the counterpart, How the convention that found it; NoPair
	// says why there is none.
	Spec   string   `json:"spec,omitempty"`
	How    string   `json:"pairing,omitempty"`
	NoPair string   `json:"no_pair,omitempty"`
	Sizes  []string `json:"sizes,omitempty"` // one entry per obligation
	// The verdicts, each the worst over the obligations (sizes).
	Equivalence prove.Verdict `json:"equivalence,omitempty"`
	CT          prove.Verdict `json:"ct,omitempty"`
	Frame       prove.Verdict `json:"frame,omitempty"`
	// CTExempt: the function is not meant to be constant time; its ct
	// verdict is reported and not counted against it.
	CTExempt bool    `json:"ct_exempt,omitempty"`
	Seconds  float64 `json:"seconds"`
	// Reason is the first thing that blocks a full proof; Cause is its
	// group (Causes).
	Reason string `json:"reason,omitempty"`
	Cause  string `json:"cause,omitempty"`
	Why    string `json:"table_note,omitempty"`
	// AllLengths, for a function over slices proved at its listed
	// sizes: "proved" when the induction over lengths proved it for every
	// length, else why not (the listed sizes stand alone).
	AllLengths string `json:"all_lengths,omitempty"`

	Results []*prove.Result `json:"-"`
}

// Proved reports whether the row is fully proved: equivalence (when
// paired), the frame, and constant time unless exempt.
func (r *Row) Proved() bool {
	ok := func(v prove.Verdict) bool { return v == prove.Proved }
	return (r.Spec == "" || ok(r.Equivalence)) && ok(r.Frame) && (r.CTExempt || ok(r.CT))
}

// Run surveys the assembly functions of the packages matching patterns.
func Run(ctx context.Context, opts Options, patterns ...string) ([]*Row, error) {
	po := opts.Prove
	if po.Arch == "" {
		po.Arch = "amd64"
	}
	cfg := decode.Config{Arch: po.Arch, Dir: po.Dir, Tags: po.Tags}
	pkgs, err := decode.Load(ctx, cfg, patterns...)
	if err != nil {
		return nil, err
	}
	var asmPkgs []*decode.Package
	for _, p := range pkgs {
		if len(p.AsmFuncs) > 0 {
			asmPkgs = append(asmPkgs, p)
		}
	}
	if len(asmPkgs) == 0 {
		return nil, fmt.Errorf("survey: no assembly functions for %s in %s", po.Arch, strings.Join(patterns, " "))
	}
	view, err := decode.LoadGeneric(ctx, cfg, asmPkgs)
	if err != nil {
		return nil, err
	}
	po.SpecTags, po.SpecOverlay = view.Tags, maps.Clone(view.Overlay)

	var rows []*Row
	var obls []*obligation.Obligation
	rowOf := map[*obligation.Obligation]*Row{}
	pending := map[*Row]int{}
	specs := map[string]bool{}
	for _, p := range asmPkgs {
		texts, err := textSymbols(p)
		if err != nil {
			return nil, err
		}
		for _, f := range p.AsmFuncs {
			name := p.QualifiedName(f)
			e := opts.Table.Lookup(name, po.Arch)
			row := &Row{Kernel: name, Arch: po.Arch, Pos: f.Pos.String(), CTExempt: e.CTExempt, Why: e.Why}
			rows = append(rows, row)
			_, ok := texts[f.Name]
			switch {
			case !ok:
				row.Reason = "not assembly: no TEXT symbol in the package's .s files (implemented elsewhere, through //go:linkname)"
				continue
			case e.Skip != "":
				row.Reason = "not run: " + e.Skip
				continue
			}
			if e.Adapter != "" {
				if err := addAdapter(&po, p, e.Adapter); err != nil {
					return nil, err
				}
			}
			pr := findPair(p, f, view, e, po.Arch)
			row.Spec, row.How = pr.Spec, pr.How
			if pr.Spec == "" {
				row.NoPair = "no Go counterpart found"
				if len(pr.Tried) > 0 {
					row.NoPair += ": " + strings.Join(pr.Tried, "; ")
				}
			} else {
				specs[pr.Spec] = true
				if e.Requires != "" {
					specs[e.Requires] = true
				}
			}
			for _, sizes := range obligation.Expand(sizesFor(f, e, po.Arch)) {
				o := &obligation.Obligation{Kernel: name, Spec: pr.Spec, Arch: po.Arch, Sizes: sizes,
					Public: e.Public, Secret: e.Secret, Requires: e.Requires, PageReads: e.PageReads, Tail: e.Tail, NoAlias: e.NoAlias, Pos: f.Pos}
				if pr.Spec == "" {
					o.Requires = ""
				}
				obls = append(obls, o)
				rowOf[o] = row
				pending[row]++
				if len(sizes) > 0 {
					row.Sizes = append(row.Sizes, obligation.FormatSizes(sizes))
				}
			}
		}
	}

	// A spec (or precondition) that does not load would fail the whole
	// run: its function is surveyed for constant time and the frame only.
	bad := loadErrors(ctx, gossa.LoadConfig{Arch: po.Arch, Dir: po.Dir, Tags: po.SpecTags, Overlay: po.SpecOverlay}, specs)
	for _, o := range obls {
		row := rowOf[o]
		for _, fn := range []string{o.Spec, o.Requires} {
			if err := bad[fn]; fn != "" && err != nil {
				row.Reason = fmt.Sprintf("spec side: %v", err)
				o.Spec, o.Requires = "", ""
			}
		}
	}

	for _, r := range rows {
		if pending[r] == 0 {
			finish(r)
			if opts.Row != nil {
				opts.Row(r)
			}
		}
	}
	var mu sync.Mutex
	var later []*Row
	byName := map[string]*Row{}
	for o, r := range rowOf {
		byName[o.Name()] = r
	}
	userProgress := po.Progress
	po.Progress = func(res *prove.Result, done bool) {
		if userProgress != nil {
			userProgress(res, done)
		}
		if !done {
			return
		}
		mu.Lock()
		defer mu.Unlock()
		r := byName[res.Name()]
		if r == nil {
			return
		}
		r.Results = append(r.Results, res)
		if pending[r]--; pending[r] == 0 {
			finish(r)
			if opts.AllLengths && eligible(r, po.Arch) {
				later = append(later, r) // after the proofs: see below
				return
			}
			if opts.Row != nil {
				opts.Row(r)
			}
		}
	}
	if len(obls) > 0 {
		if _, err := prove.Prove(ctx, po, obls); err != nil {
			return nil, err
		}
	}
	// The induction over lengths, one function at a time, once every
	// per-length proof is done.
	for _, r := range later {
		lengths(ctx, po, r)
		if opts.Row != nil {
			opts.Row(r)
		}
	}
	return rows, nil
}

// addAdapter adds the built-in adapter name to the kernel package's files
// on the spec side.
func addAdapter(po *prove.Options, p *decode.Package, name string) error {
	src, err := adapterSource(name)
	if err != nil {
		return err
	}
	if len(p.GoFiles) == 0 {
		return fmt.Errorf("adapter=%s: package %s has no Go files to place it beside", name, p.PkgPath)
	}
	if po.SpecOverlay == nil {
		po.SpecOverlay = decode.Overlay{}
	}
	po.SpecOverlay[filepath.Join(filepath.Dir(p.GoFiles[0]), "vg_adapter_"+name+".go")] = src
	return nil
}

// eligible reports whether the induction over lengths applies to a row:
// a function over slices, proved at its listed sizes.
func eligible(r *Row, arch string) bool {
	return r.Spec != "" && len(r.Sizes) > 0 && r.Equivalence == prove.Proved && arch == "amd64"
}

// lengths runs the induction over lengths on a row proved at its listed
// sizes (its kernel walks slices).
func lengths(ctx context.Context, po prove.Options, r *Row) {
	o := r.Results[0].Obligation()
	lr, err := prove.AllLengths(ctx, po, o)
	switch {
	case err != nil:
		r.AllLengths = "error: " + oneLine(err.Error())
	case lr.Proved:
		r.AllLengths = "proved"
	default:
		r.AllLengths = oneLine(lr.Why)
	}
	r.Seconds += lr.Seconds
}

// sizesFor are the table's sizes, or else the inferred ones: the slices
// of one element type share a length, surveyed at 1 and 4 elements.
func sizesFor(f *decode.AsmFunc, e Entry, arch string) []obligation.SizeSet {
	if len(e.Sizes) > 0 {
		return e.Sizes
	}
	frame, err := abi.Layout(f.Obj.Type().(*types.Signature), arch)
	if err != nil {
		return nil
	}
	byElem := map[string][]string{}
	var order []string
	for _, s := range frame.Params {
		if sl, ok := s.Type.Underlying().(*types.Slice); ok {
			k := sl.Elem().Underlying().String()
			if byElem[k] == nil {
				order = append(order, k)
			}
			byElem[k] = append(byElem[k], s.Name)
		}
	}
	var sets []obligation.SizeSet
	for _, k := range order {
		sets = append(sets, obligation.SizeSet{Params: byElem[k], Lens: []int{1, 4}})
	}
	return sets
}

// loadErrors loads the spec side's functions together, and when that
// fails each on its own, returning the error of each that does not load.
func loadErrors(ctx context.Context, lc gossa.LoadConfig, fns map[string]bool) map[string]error {
	var all []string
	for f := range fns {
		all = append(all, f)
	}
	sort.Strings(all)
	bad := map[string]error{}
	if len(all) == 0 {
		return bad
	}
	if _, err := lc.Load(ctx, all...); err == nil {
		return bad
	}
	for _, f := range all {
		if _, err := lc.Load(ctx, f); err != nil {
			bad[f] = err
		}
	}
	return bad
}

var textLine = regexp.MustCompile(`^TEXT\s+[\w./]*·(\w+)(<ABIInternal>)?\(SB\)`)

// textSymbols maps the Go functions the package's .s files define to
// their TEXT lines.
func textSymbols(p *decode.Package) (map[string]string, error) {
	out := map[string]string{}
	for _, f := range p.OtherFiles {
		if !strings.HasSuffix(f, ".s") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			return nil, fmt.Errorf("survey %s: %w", p.PkgPath, err)
		}
		for _, l := range strings.Split(string(src), "\n") {
			if m := textLine.FindStringSubmatch(strings.TrimSpace(l)); m != nil {
				out[m[1]] = l
			}
		}
	}
	return out, nil
}

// finish aggregates a row's results.
func finish(r *Row) {
	sort.Slice(r.Results, func(i, j int) bool { return r.Results[i].Name() < r.Results[j].Name() })
	for _, res := range r.Results {
		r.Seconds += res.Seconds
		if r.Spec != "" && res.Spec != "" {
			r.Equivalence = worse(r.Equivalence, res.Equivalence)
		}
		r.CT = worse(r.CT, res.CT)
		r.Frame = worse(r.Frame, res.Frame)
	}
	if r.Spec != "" && len(r.Results) > 0 && r.Results[0].Spec == "" && r.Equivalence == "" {
		// The spec did not load: the row has ct and frame only.
		r.Equivalence = prove.Error
	}
	if r.Reason == "" {
		r.Reason = firstReason(r)
	}
	r.Cause = Cause(r)
	r.Seconds = float64(int64(r.Seconds*100+0.5)) / 100
}

// worse is the worse of two verdicts: refuted or violated over error over
// unknown over proved; "" is no verdict.
func worse(a, b prove.Verdict) prove.Verdict {
	rank := func(v prove.Verdict) int {
		switch v {
		case prove.Refuted, prove.Violated:
			return 5
		case prove.Error:
			return 4
		case prove.Unknown:
			return 3
		case "":
			return 1
		case prove.Proved, prove.Unchanged:
			return 2
		}
		return 4
	}
	if rank(b) > rank(a) {
		return b
	}
	return a
}

// firstReason is the first message of a result that is not fully proved.
func firstReason(r *Row) string {
	for _, res := range r.Results {
		full := (r.Spec == "" || res.Equivalence == prove.Proved) && res.Frame == prove.Proved && (r.CTExempt || res.CT == prove.Proved)
		if full {
			continue
		}
		msg := res.Message
		if msg == "" {
			for _, v := range res.Violations {
				if v.Warning || (r.CTExempt && isCTKind(v.Kind)) {
					continue
				}
				msg = fmt.Sprintf("%s at %s:%d: %s", v.Kind, shortFile(v.File), v.Line, v.Detail)
				break
			}
		}
		if msg == "" {
			msg = fmt.Sprintf("equivalence %s, ct %s, frame %s", res.Equivalence, res.CT, res.Frame)
		}
		if cx := res.Counterexample; res.Equivalence == prove.Refuted && cx != nil && !cx.Confirmed {
			// The model's counterexample did not happen on the real
			// code: a limit of the model (two pointers compared, an
			// unmodelled fact), not a bug found.
			msg += " (not confirmed by the replay on the real kernel: " + oneLine(cx.Replay) + ")"
		}
		if len(res.Sizes) > 0 {
			msg = "[" + obligation.FormatSizes(res.Sizes) + "] " + msg
		}
		return oneLine(msg)
	}
	if r.NoPair != "" {
		return r.NoPair
	}
	return ""
}

func isCTKind(k string) bool {
	return k == prove.KindSecretBranch || k == prove.KindSecretAddress || k == prove.KindVariableTime
}

func shortFile(f string) string {
	if i := strings.Index(f, "/src/"); i >= 0 {
		return f[i+5:]
	}
	return f
}

func oneLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	const max = 400
	if len(s) > max {
		s = s[:max] + "…"
	}
	return s
}

// Summary counts the rows.
type Summary struct {
	Functions   int            `json:"functions"`
	Paired      int            `json:"paired"`
	Proved      int            `json:"proved"`             // fully (Row.Proved) with a counterpart
	CTFrameOnly int            `json:"ct_frame_proved"`    // without a counterpart, ct and frame proved
	Equivalent  int            `json:"equivalence_proved"` // equivalence proved, whatever ct and frame
	Causes      map[string]int `json:"causes"`
	Seconds     float64        `json:"seconds"`
	Wall        float64        `json:"wall_seconds"`
}

// Summarize counts rows by outcome and cause.
func Summarize(rows []*Row, wall time.Duration) Summary {
	s := Summary{Functions: len(rows), Causes: map[string]int{}, Wall: wall.Seconds()}
	for _, r := range rows {
		s.Seconds += r.Seconds
		if r.Spec != "" {
			s.Paired++
			if r.Proved() {
				s.Proved++
			}
			if r.Equivalence == prove.Proved {
				s.Equivalent++
			}
		} else if r.Proved() {
			s.CTFrameOnly++
		}
		if r.Cause != "" {
			s.Causes[r.Cause]++
		}
	}
	return s
}
