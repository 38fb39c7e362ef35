//go:build cgo

package prove

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"vg.dev/obligation"
)

// TestModel proves the kernels of testdata/kernels/model, each wrong
// exactly when an assumption of the model is: slice capacity, the stack
// frame, the caller's frame record, alignment, aliasing, registers the
// caller left. Each `// want "kind"` line must be reported with that kind,
// and every kernel must get the verdicts below; where a run can show the
// kernel misbehaving, the replay must confirm it.
func TestModel(t *testing.T) {
	type want struct {
		eq, ct, frame Verdict
		msg           string // in the message, when not proved
		confirmed     bool   // a replay shows it
	}
	faulted := want{Refuted, Error, Violated, "the kernel faulted", true}
	outOfFrame := want{"", Error, Violated, "below the entry SP", false}
	for _, arch := range []string{"amd64", "arm64"} {
		t.Run(arch, func(t *testing.T) {
			wants := map[string]want{
				"zeroCap[p=2]":    {Refuted, Error, Violated, "the kernel wrote outside it", true},
				"sumCap[p=2]":     {Refuted, Error, Violated, "differ result 0", true},
				"firstEmpty[p=0]": {Refuted, Error, Violated, "differ result 0", true},
				"storeFar":        outOfFrame,
				"storeBelowFrame": outOfFrame,
				"storeInFrame":    {Proved, Proved, Proved, "", false},
				"rot":             {Refuted, Unknown, Proved, "with out = a (the same memory)", true},
				"rotSafe":         {Proved, Proved, Proved, "", false},
				"rotNoAlias":      {Proved, Proved, Proved, "", false},
				"branchEntry":     {Proved, Violated, Proved, "", false},
				"loopSecret":      {"", Violated, Error, "a branch on a secret value inside a loop", false},
				"callTwice":       {Proved, Proved, Proved, "", false},
				// The spec compares argument pointers: the distinct run
				// has them apart, the aliased run equal. Slices of
				// different lengths never share a region, so there the
				// pointers apart is an assumption, listed (see below),
				// under which ptrDiffWrong is proved.
				"ptrDiff[a=1,b=1]":      {Proved, Proved, Proved, "", false},
				"ptrDiff[a=2,b=1]":      {Proved, Proved, Proved, "", false},
				"ptrDiffWrong[a=1,b=1]": {Refuted, Unknown, Proved, "with a = b (the same memory)", true},
				"ptrDiffWrong[a=2,b=1]": {Proved, Proved, Proved, "", false},
			}
			if arch == "amd64" {
				wants["storeHandSub"] = outOfFrame
				wants["firstAligned"] = faulted
				wants["firstAlignedSSE"] = faulted
				wants["firstAlignedAES"] = faulted
				wants["firstAlignedPALIGNR"] = faulted
				wants["firstUnalignedVEX"] = want{Proved, Proved, Proved, "", false}
				// The stack-growth prologue: its fast path, assumed, or
				// (a look-alike whose slow path is not morestack) not
				// recognised.
				wants["addSplit"] = want{Proved, Proved, Proved, "", false}
				wants["addFakeSplit"] = want{"", Error, Error, "an access through g", false}
				// g from thread-local storage: a public value, and
				// the ABI0 wrapper of a Go function loads it.
				wants["gMasked"] = want{Proved, Proved, Proved, "", false}
				wants["gLeak"] = want{Refuted, Unknown, Proved, "", true}
				wants["addViaGo"] = want{Proved, Proved, Proved, "", false}
				wants["gParam"] = want{Refuted, Unknown, Proved, "", true}
				wants["firstDeclared"] = want{Proved, Proved, Proved, "", false}
				// A stack realigned by rounding down (LEAQ 15(SP); ANDQ
				// $-16): the lift forks over SP modulo 16, so the area
				// must be in the frame, and aligned, on every residue.
				wants["realignInFrame"] = want{Proved, Proved, Proved, "", false}
				wants["realignBelowFrame"] = outOfFrame
				// Pointers to the first of n words (-sizes on a pointer,
				// n pinned): reading one word more is out of frame.
				wants["sumPtr[n=3,p=3]"] = want{Proved, Proved, Proved, "", false}
				wants["sumPtrPast[n=3,p=3]"] = want{Refuted, Error, Violated, "", true}
				wants["xorPtr[a=2,b=2,dst=2,n=2]"] = want{Proved, Proved, Proved, "", false}
				// A pointer is not nil: its test for nil is false.
				wants["derefOrZero"] = want{Proved, Proved, Proved, "", false}
				// A buffer of the spec is apart from the arguments.
				wants["firstViaBuf"] = want{Proved, Proved, Proved, "", false}
			} else {
				// The arm64 assembler counts an ADD or SUB of RSP in the
				// frame the linker checks.
				wants["storeHandSub"] = want{Proved, Proved, Proved, "", false}
				// The caller then returns where x says.
				wants["writeSavedLR"] = want{Refuted, Error, Violated, "the caller's frame record", true}
				wants["writeSavedFP"] = want{"", Error, Violated, "the caller's frame record", false}
				wants["spMisaligned"] = want{"", Error, Violated, "SP as a base address", false}
				// The stack-growth prologue, of a frame above StackSmall and
				// of one below: its fast path, assumed, with the frame still
				// checked; look-alikes (a slow path that is not morestack, a
				// compare with another register) not recognised.
				wants["addSplitARM"] = want{Proved, Proved, Proved, "", false}
				wants["addSplitSmallARM"] = want{Proved, Proved, Proved, "", false}
				wants["storeBelowSplitARM"] = outOfFrame
				wants["addFakeSplitARM"] = want{"", Error, Error, "through g (R28) not modelled", false}
				wants["addFakeCmpARM"] = want{"", Error, Error, "through g (R28) not modelled", false}
				// Pointers to the first of n words: reading one more is
				// out of frame.
				wants["sumPtrARM[n=3,p=3]"] = want{Proved, Proved, Proved, "", false}
				wants["sumPtrPastARM[n=3,p=3]"] = want{Refuted, Error, Violated, "", true}
				wants["derefOrZeroARM"] = want{Proved, Proved, Proved, "", false}
				wants["firstViaBufARM"] = want{Proved, Proved, Proved, "", false}
			}
			opts := Options{Dir: "..", Arch: arch}
			col, err := Collect(context.Background(), opts, "vg.dev/testdata/kernels/model")
			if err != nil {
				t.Fatal(err)
			}
			results, err := Prove(context.Background(), opts, col.Obligations)
			if err != nil {
				t.Fatal(err)
			}
			wantLines := wantComments(t, filepath.Join("..", "testdata", "kernels", "model", "model_"+arch+".s"))
			gotLines := map[int]string{}
			for _, r := range results {
				name := strings.TrimPrefix(r.Name(), "vg.dev/testdata/kernels/model.")
				w, ok := wants[name]
				if !ok {
					t.Errorf("unexpected obligation %s", name)
					continue
				}
				delete(wants, name)
				if r.Equivalence != w.eq && !(w.eq == "" && r.Equivalence == Error) || r.CT != w.ct || r.Frame != w.frame {
					t.Errorf("%s: equivalence %s, ct %s, frame %s (%s); want %s, %s, %s", name, r.Equivalence, r.CT, r.Frame, r.Message, w.eq, w.ct, w.frame)
				}
				text := r.Message
				for _, v := range r.Violations {
					text += "\n" + v.Detail
					if !v.Warning {
						gotLines[v.Line] = v.Kind
					}
				}
				if !strings.Contains(text, w.msg) {
					t.Errorf("%s: %q does not say %q", name, text, w.msg)
				}
				split := name == "addSplit" || name == "addSplitARM" || name == "addSplitSmallARM"
				if split && !slices.ContainsFunc(r.Assumptions, func(a string) bool { return strings.HasPrefix(a, "stack suffices: ") }) {
					t.Errorf("%s: assumptions %q do not say the stack suffices", name, r.Assumptions)
				}
				if strings.HasPrefix(name, "sumPtr") && !slices.Contains(r.Assumptions, "p points to the first of 3 elements") || strings.HasPrefix(name, "sumPtr") && !slices.Contains(r.Assumptions, "n = 3 (pinned: public, proved for this value)") {
					t.Errorf("%s: assumptions %q do not list the pointer's length and the pinned n", name, r.Assumptions)
				}
				apart := "a and b do not overlap (the spec compares their addresses, and no run has them equal: their types or lengths differ, or //vg:noalias)"
				if strings.HasPrefix(name, "ptrDiff") && slices.Contains(r.Assumptions, apart) != strings.HasSuffix(name, "[a=2,b=1]") {
					t.Errorf("%s: assumptions %q: want %q exactly where the lengths differ", name, r.Assumptions, apart)
				}
				if confirmed := r.Counterexample != nil && r.Counterexample.Confirmed; confirmed != w.confirmed {
					t.Errorf("%s: replay confirmed %v, want %v (%+v)", name, confirmed, w.confirmed, r.Counterexample)
				}
			}
			for name := range wants {
				t.Errorf("no obligation %s", name)
			}
			for line, kind := range wantLines {
				if gotLines[line] != kind {
					t.Errorf("model_%s.s:%d: got %q, want %q", arch, line, gotLines[line], kind)
				}
			}
			for line, kind := range gotLines {
				if _, ok := wantLines[line]; !ok {
					t.Errorf("model_%s.s:%d: unexpected %s", arch, line, kind)
				}
			}
		})
	}
}

// wantComments reads the `// want "kind"` comments of an assembly file.
func wantComments(t *testing.T, file string) map[int]string {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	want := map[int]string{}
	for i, l := range strings.Split(string(data), "\n") {
		if m := wantRE.FindStringSubmatch(l); m != nil {
			want[i+1] = m[1]
		}
	}
	return want
}

// TestCodeHashCallee: a kernel's record covers the code of the functions
// it calls, so a change in a helper alone makes the record stale.
func TestCodeHashCallee(t *testing.T) {
	src, err := filepath.Abs("../testdata/kernels/model/model_amd64.s")
	if err != nil {
		t.Fatal(err)
	}
	text, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	changed := strings.Replace(string(text), "\tADDQ AX, AX\n\tRET", "\tSHLQ $1, AX\n\tRET", 1)
	if changed == string(text) {
		t.Fatal("double's body not found")
	}
	o := &obligation.Obligation{Kernel: "vg.dev/testdata/kernels/model.callTwice", Spec: "vg.dev/testdata/kernels/model.twiceGo", Arch: "amd64"}
	var hashes []string
	for _, overlay := range []map[string]string{nil, {src: changed}} {
		results, err := Prove(context.Background(), Options{Dir: "..", Overlay: overlay, NoReplay: true}, []*obligation.Obligation{o})
		if err != nil {
			t.Fatal(err)
		}
		if r := results[0]; r.Equivalence != Proved {
			t.Fatalf("callTwice: %s: %s", r.Equivalence, r.Message)
		}
		hashes = append(hashes, results[0].CodeHash)
	}
	if hashes[0] == hashes[1] {
		t.Error("changing only the helper leaves callTwice's code hash as it was")
	}
}

// TestAttackFindings proves the kernels of testdata/kernels/attack that
// got through an earlier model (ATTACKS.md: F1–F4, F7, F9, F11) and requires
// the verdicts they deserve.
func TestAttackFindings(t *testing.T) {
	const k = "vg.dev/testdata/kernels/attack."
	type want struct {
		eq, ct Verdict
		msg    string
	}
	for _, tt := range []struct {
		arch, kernel, spec, requires string
		want                         want
	}{
		// F1: a writable global is secret unless declared public.
		{"amd64", "globalSecretSlow", "idGo", "", want{Proved, Violated, ""}},
		{"arm64", "globalSecretSlowARM", "idGo", "", want{Proved, Violated, ""}},
		// F3: bytes the linker writes are no constants.
		{"amd64", "addrBits", "addrBitsGo", "", want{Error, Error, "holds an address"}},
		{"arm64", "addrBitsARM", "addrBitsARMGo", "", want{Error, Error, "holds an address"}},
		{"amd64", "textRead", "textGo", "", want{"", Error, "a load from machine code"}},
		{"arm64", "literalFar", "literalGo", "", want{"", Error, "a load from machine code"}},
		// The checks on what a kernel reads hold for the RIP-relative
		// operands the decoder symbolizes: code, and a data symbol's
		// alignment (the linker's, from its size).
		{"amd64", "textReadRIP", "textGo", "", want{"", Error, "a load from machine code"}},
		{"amd64", "alignedRIP", "alignTabGo", "", want{Refuted, Error, "only known 16-byte aligned, and the offset is 8"}},
		{"amd64", "alignedRIP0", "alignTab0Go", "", want{Proved, Proved, ""}},
		{"amd64", "unalignedRIP", "alignTabGo", "", want{Proved, Proved, ""}},
		// F2: a pointer into a global the kernel reads is not modelled,
		// and the report says so.
		{"amd64", "globalAlias", "storeGo", "", want{Proved, Proved, ""}},
		// F7: an aliasing the precondition excludes is not "proved".
		{"amd64", "rotReq", "rotGo", "firstDiffer", want{Proved, Proved, ""}},
		// F11: an aliased run that fails (here an unmodelled instruction
		// only out = a reaches) leaves the distinct run's verdicts open.
		{"amd64", "aliasTrap", "fiveGo", "", want{Error, Unknown, "with out = a (the same memory): lift"}},
		// Aliased runs proved as instances of the distinct run
		// (alias_instance.go) only when that holds: a load after
		// another pointer's store to the byte, in the kernel or in the
		// spec; two pointers storing one byte; the spec comparing the
		// pointers; a group part secret, part public; a precondition
		// weaker with the pointers equal.
		{"amd64", "mixInPlace", "mixGo", "", want{Refuted, Unknown, "with out = a (the same memory): kernel and spec differ"}},
		{"amd64", "mixLocal", "mixInPlaceGo", "", want{Refuted, Unknown, "with out = a (the same memory): kernel and spec differ"}},
		{"amd64", "twoStores", "twoStoresGo", "", want{Refuted, Unknown, "with out = a (the same memory): kernel and spec differ"}},
		{"amd64", "sumFirst", "sameGo", "", want{Refuted, Unknown, "with out = a (the same memory): kernel and spec differ"}},
		{"amd64", "branchOut", "copyFirstGo", "", want{Proved, Violated, "with out = a: JE branches on a secret"}},
		{"amd64", "clampSmall", "copyFirstGo", "aliasedOrSmall", want{Refuted, Unknown, "with out = a (the same memory): kernel and spec differ"}},
		// F9: a spec that panics is refuted, the panic confirmed.
		{"amd64", "noPanic", "panicGo", "", want{Refuted, "", "can panic"}},
		// F8: the argument frame's padding and results hold what the
		// caller left: undefined, and so in the replay's frame.
		{"amd64", "argPadding", "lowGo", "", want{Refuted, Unknown, "depends on stack@"}},
		{"arm64", "argPaddingARM", "lowGo", "", want{Refuted, Unknown, "depends on stack@"}},
		// A prefetch reads nothing, but its address is held to a load's
		// rule: at a secret offset it is a violation, at p + 8 it is not.
		{"arm64", "prefetchSecretARM", "prefetchGo", "", want{Proved, Violated, "PRFM"}},
		{"arm64", "prefetchFixedARM", "prefetchGo", "", want{Proved, Proved, ""}},
		{"amd64", "partialResult", "low32Go", "", want{Refuted, Unknown, "is not written on every path"}},
	} {
		t.Run(tt.arch+"/"+tt.kernel, func(t *testing.T) {
			o := &obligation.Obligation{Kernel: k + tt.kernel, Spec: k + tt.spec, Arch: tt.arch}
			if tt.requires != "" {
				o.Requires = k + tt.requires
			}
			if tt.kernel == "branchOut" {
				o.Public = []string{"out"} // its directive: a stays secret
			}
			results, err := Prove(context.Background(), Options{Dir: "..", Arch: tt.arch}, []*obligation.Obligation{o})
			if err != nil {
				t.Fatal(err)
			}
			r := results[0]
			eqOK := r.Equivalence == tt.want.eq || tt.want.eq == "" && r.Equivalence != Proved
			text := r.Message
			for _, v := range r.Violations {
				text += "\n" + v.Detail
			}
			if !eqOK || r.CT != tt.want.ct || !strings.Contains(text, tt.want.msg) {
				t.Errorf("equivalence %s, ct %s (%s); want %s, %s, %q", r.Equivalence, r.CT, text, tt.want.eq, tt.want.ct, tt.want.msg)
			}
			if want := "GOAMD64="; tt.arch == "arm64" {
				want = "GOARM64="
				if !strings.HasPrefix(r.Level, want) {
					t.Errorf("level %q", r.Level)
				}
			} else if !strings.HasPrefix(r.Level, want) {
				t.Errorf("level %q", r.Level)
			}
			if r.Equivalence == Refuted && (r.Counterexample == nil || !r.Counterexample.Confirmed) {
				t.Errorf("refuted, but the replay confirms nothing: %+v", r.Counterexample)
			}
			switch tt.kernel {
			case "globalAlias":
				if !slices.ContainsFunc(r.Assumptions, func(a string) bool { return strings.Contains(a, "do not point into the global") }) {
					t.Errorf("assumptions %q do not name the global", r.Assumptions)
				}
			case "aliasTrap":
				if r.Frame != Unknown {
					t.Errorf("frame %s, want unknown: the aliased run did not check it", r.Frame)
				}
			case "rotReq":
				if len(r.Aliasings) != 0 || len(r.AliasingsExcluded) != 1 {
					t.Errorf("aliasings %q, excluded %q; want out = a excluded", r.Aliasings, r.AliasingsExcluded)
				}
			case "noPanic":
				if cx := r.Counterexample; r.Layer != LayerSpecPanic || cx == nil || !cx.Confirmed {
					t.Errorf("layer %q, counterexample %+v; want spec-panic, confirmed", r.Layer, cx)
				}
			}
		})
	}
}
