package prove

import (
	"fmt"
	"time"

	"vg.dev/obligation"
)

// Verdict is the outcome of one check.
type Verdict string

// The verdicts. Only Proved means the property holds.
const (
	Proved   Verdict = "proved"
	Refuted  Verdict = "refuted"  // equivalence: a counterexample
	Violated Verdict = "violated" // constant time or frame: a violation
	// Unchanged: the machine code and the spec are those of a proof
	// recorded at the -changed-since revision, so it was not redone.
	Unchanged Verdict = "unchanged"
	Unknown   Verdict = "unknown"
	Error     Verdict = "error"
)

// Layer names the step of the solve pipeline that closed an obligation.
const (
	LayerHashCons   = "hash-consing"
	LayerSimulation = "simulation"
	LayerAbstract   = "z3-abstract"
	LayerQuick      = "z3-quick"
	LayerSweep      = "sweep"
	LayerPinned     = "z3-pinned" // refutes only: some inputs fixed (pinned.go)
	LayerReplay     = "replay"    // refutes only: a kernel not lifted, run (prove.go)
	LayerFull       = "z3-full"
	// LayerInstance: with some pointers equal, an output is the one
	// proved with all distinct, those variables renamed (run.go).
	LayerInstance = "instance"
	// LayerSpecPanic: the spec can panic on an input the precondition
	// allows (run.go); refutes only.
	LayerSpecPanic = "spec-panic"
)

// Result is the outcome of one obligation.
type Result struct {
	Kernel string `json:"kernel"`
	Spec   string `json:"spec"`
	Arch   string `json:"arch"`
	// Level is the architecture level the kernel was built and proved
	// for ("GOAMD64=v1"): assembly may differ at another.
	Level       string         `json:"level,omitempty"`
	Sizes       map[string]int `json:"sizes,omitempty"`
	Equivalence Verdict        `json:"equivalence,omitempty"`
	CT          Verdict        `json:"ct"`
	Frame       Verdict        `json:"frame"`
	Violations  []Violation    `json:"violations,omitempty"`
	Layer       string         `json:"layer,omitempty"` // the last layer that closed a pair
	Layers      map[string]int `json:"layers,omitempty"`
	Queries     int            `json:"queries"`
	// CachedQueries counts query parts answered from the solver cache
	// (the same shape already decided, for instance in another lane).
	CachedQueries int `json:"cached_queries,omitempty"`
	Merges        int `json:"merges,omitempty"` // subterms proved equal by sweeping
	Insts         int `json:"instructions"`
	Paths         int `json:"paths"`
	// InfeasiblePaths counts the paths no input the precondition allows
	// takes (their outputs are not compared).
	InfeasiblePaths int             `json:"infeasible_paths,omitempty"`
	Seconds         float64         `json:"seconds"`
	CTSeconds       float64         `json:"ct_seconds"` // of Seconds, the constant-time and frame checks
	CodeHash        string          `json:"code_sha256,omitempty"`
	SpecHash        string          `json:"spec_sha256,omitempty"`
	Counterexample  *Counterexample `json:"counterexample,omitempty"`
	Message         string          `json:"message,omitempty"`
	// Defect names what makes an Error verdict a defect of the kernel
	// rather than a limit of the prover: "undefined-flags" when it reads a
	// condition flag that holds no defined value, "no-return" when a loop
	// repeats forever (symexec/machine/loop.go), "undecodable" for bytes
	// that are no instruction.
	Defect string `json:"defect,omitempty"`
	File   string `json:"file,omitempty"` // the Go stub
	Line   int    `json:"line,omitempty"`
	// AsmFile and AsmLine are the kernel's TEXT line in its .s file;
	// ErrorFile and ErrorLine the instruction an error or unknown names
	// (see Located).
	AsmFile   string `json:"asm_file,omitempty"`
	AsmLine   int    `json:"asm_line,omitempty"`
	ErrorFile string `json:"error_file,omitempty"`
	ErrorLine int    `json:"error_line,omitempty"`
	// Trace is the listing with what touched a secret and the layer that
	// closed each output (only with Options.Trace).
	Trace *Trace `json:"trace,omitempty"`
	// Aliasings are the ways of making pointer arguments equal that the
	// obligation was proved for besides all distinct, as "out = a".
	Aliasings []string `json:"aliasings,omitempty"`
	// AliasingInstances are the aliasings proved as instances of another
	// run (alias_instance.go), each with that run's aliasing ("all
	// distinct" for the first).
	AliasingInstances map[string]string `json:"aliasing_instances,omitempty"`
	// AliasingsRun are the aliasings that were lifted and proved on their
	// own, each with why it was not an instance of another run.
	AliasingsRun map[string]string `json:"aliasings_run,omitempty"`
	// AliasingsExcluded are the aliasings the precondition rules out: no
	// input meets it with those pointers equal.
	AliasingsExcluded []string `json:"aliasings_excluded,omitempty"`
	// Assumptions are what the proof assumes of callers beyond what every
	// Go caller guarantees (declared by //vg:noalias, //vg:align).
	Assumptions []string `json:"assumptions,omitempty"`

	obl   *obligation.Obligation
	start time.Time
	// signature is the kernel's Go signature, its types fully qualified
	// (part of the record's obligation hash).
	signature string
	// moreWitnesses are run, in turn, when the run of Counterexample
	// confirms nothing (a kernel that was not lifted: run.go).
	moreWitnesses []*Counterexample
	// instanceOf is, for an aliased run proved as an instance of another
	// run, that run's aliasing.
	instanceOf aliasing
	// notInstance is, for an aliased run that was lifted, why it was not
	// an instance of another run.
	notInstance string
}

// Obligation is the obligation the result is of.
func (r *Result) Obligation() *obligation.Obligation { return r.obl }

// Name is the kernel with its sizes.
func (r *Result) Name() string {
	if len(r.Sizes) == 0 {
		return r.Kernel
	}
	return r.Kernel + "[" + obligation.FormatSizes(r.Sizes) + "]"
}

func (r *Result) fail(v Verdict, format string, args ...any) {
	r.Equivalence = v
	r.Message = fmt.Sprintf(format, args...)
}

// DefectUndefinedFlags is the Defect of a kernel that reads a condition
// flag holding no defined value.
const DefectUndefinedFlags = "undefined-flags"

// DefectUndecodable is the Defect of a kernel whose machine code holds
// bytes that are no instruction (a WORD that encodes nothing): the
// processor would trap there.
const DefectUndecodable = "undecodable"

// DefectNoReturn is the Defect of a kernel with a loop that never ends: it
// comes back to its head in the state it left it in, or what changes in it
// decides no branch (symexec/machine/loop.go).
const DefectNoReturn = "no-return"

// Counterexample is a concrete input on which kernel and spec differ.
type Counterexample struct {
	// Inputs maps each parameter to its value: scalars as hex numbers,
	// pointees and slices as hex bytes in memory order.
	Inputs []Input `json:"inputs"`
	// Diffs are the outputs that differ.
	Diffs []Diff `json:"diffs"`
	// Globals fixes the writable data symbols the kernel read.
	Globals []Input `json:"globals,omitempty"`
	// Evaluated is true when evaluating both term DAGs on Inputs shows the
	// difference; Confirmed when running the real kernel and spec did.
	Evaluated bool   `json:"evaluated"`
	Confirmed bool   `json:"confirmed"`
	Replay    string `json:"replay,omitempty"` // what the replay printed or why it did not run
	Test      string `json:"test,omitempty"`   // a ready-to-paste Go test
}

// Input is one parameter's concrete value.
type Input struct {
	Name  string `json:"name"`
	Bytes string `json:"bytes"` // hex, memory order (little-endian for scalars)
	// Alias names the earlier parameter this one is the same pointer
	// (or slice) as; Bytes are then that memory's.
	Alias string `json:"alias,omitempty"`
	// Cap is a slice's capacity (its length when it has no more).
	Cap uint64 `json:"cap,omitempty"`
	// Align is the alignment a pointer's or slice's memory is only known
	// to have (the replay places it there, aligned no more).
	Align int64 `json:"align,omitempty"`
}

// Diff is one output word where kernel and spec disagree.
type Diff struct {
	Output string `json:"output"` // e.g. "out[8:16]" or "ret"
	Kernel string `json:"kernel"` // hex value, little-endian bytes
	Spec   string `json:"spec"`
}

// Violation is a constant-time or frame-safety finding at one instruction.
type Violation struct {
	Kind     string  `json:"kind"`
	PC       uint64  `json:"pc"`
	File     string  `json:"file,omitempty"`
	Line     int     `json:"line,omitempty"`
	Detail   string  `json:"detail"`
	Warning  bool    `json:"warning,omitempty"`
	SecretsA []Input `json:"secrets_a,omitempty"` // two runs with equal public
	SecretsB []Input `json:"secrets_b,omitempty"` // inputs that disagree here
}

// The kinds of violation.
const (
	KindSecretBranch      = "secret-branch"
	KindSecretAddress     = "secret-address"
	KindVariableTime      = "variable-time"
	KindStoreOutOfBounds  = "store-out-of-bounds"
	KindLoadOutOfBounds   = "load-out-of-bounds"
	KindStoreReadOnly     = "store-read-only"
	KindNoRegion          = "address-in-no-region"
	KindUndefinedRegister = "undefined-register"
	KindSPNotRestored     = "sp-not-restored"
	KindReturnAddress     = "return-address"
	KindBPClobbered       = "bp-clobbered"
	KindRegClobbered      = "register-clobbered"
	KindResultNotWritten  = "result-not-written"
	KindMisaligned        = "misaligned-access"
	KindStoreGlobal       = "store-writable-global"
)
