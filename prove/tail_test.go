//go:build cgo

package prove

import (
	"context"
	"strings"
	"testing"

	"vg.dev/obligation"
	"vg.dev/symexec/mem"
)

// TestTail proves testdata/kernels/tail: with a declared readable tail
// (//vg:tail) a load there proves and is listed as an assumption; without
// it, a store there, or a load past it, is a frame violation; a result
// that depends on it is refuted, and the replay, which builds the tail,
// confirms it. A kernel that tests whether a pointer into the slice is a
// data symbol's address proves only where the tail makes the two objects
// apart: not one past the slice without a tail, nor one past the tail.
func TestTail(t *testing.T) {
	type want struct {
		eq, frame Verdict
		why       string // in the message, for a violation
	}
	wants := map[string]want{
		"sumTail":      {Proved, Proved, ""},
		"sumNoTail":    {"", Violated, "load of 8 bytes at p+16: access outside its region"},
		"sumTailStore": {"", Violated, mem.ErrTailStore.Error()},
		"sumPastTail":  {"", Violated, "load of 8 bytes at p+25: access outside its region"},
		"sumUsesTail":  {Refuted, Proved, ""},
		"sumEq":        {Proved, Proved, ""},
		"sumEqNoTail":  {Refuted, Proved, ""},
		"sumEqEnd":     {Refuted, Proved, ""},
	}
	opts := Options{Dir: "..", Arch: "amd64", NoReplay: true}
	c, err := Collect(context.Background(), opts, "vg.dev/testdata/kernels/tail")
	if err != nil {
		t.Fatal(err)
	}
	var uses []*obligation.Obligation
	for _, o := range c.Obligations {
		if strings.HasSuffix(o.Kernel, ".sumUsesTail") {
			uses = append(uses, o)
		}
	}
	results, err := Prove(context.Background(), opts, c.Obligations)
	if err != nil {
		t.Fatal(err)
	}
	if len(results) != len(wants) {
		t.Fatalf("%d obligations, want %d", len(results), len(wants))
	}
	assumption := obligation.TailAssumption("p", 16)
	for _, r := range results {
		name := r.Kernel[strings.LastIndex(r.Kernel, ".")+1:]
		w, ok := wants[name]
		if !ok {
			t.Errorf("unexpected obligation %s", name)
			continue
		}
		if r.Frame != w.frame {
			t.Errorf("%s: frame %s (%s), want %s", name, r.Frame, r.Message, w.frame)
		}
		if w.eq != "" && r.Equivalence != w.eq {
			t.Errorf("%s: %s (%s), want %s", name, r.Equivalence, r.Message, w.eq)
		}
		if w.why != "" && !strings.Contains(r.Message, w.why) {
			t.Errorf("%s: %q does not say %q", name, r.Message, w.why)
		}
		declared := r.obl != nil && r.obl.Tail["p"] == 16
		if listed := containsString(r.Assumptions, assumption); listed != declared {
			t.Errorf("%s: tail assumption listed %v, declared %v: %q", name, listed, declared, r.Assumptions)
		}
	}
	// The replay builds the tail: the kernel that adds its first byte is
	// confirmed on the CPU.
	if testing.Short() {
		return // the replay builds a test binary
	}
	results, err = Prove(context.Background(), Options{Dir: "..", Arch: "amd64"}, uses)
	if err != nil {
		t.Fatal(err)
	}
	if len(results) != 1 || results[0].Counterexample == nil || !results[0].Counterexample.Confirmed {
		t.Errorf("sumUsesTail not confirmed by the replay: %+v", results)
	}
}

func containsString(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}

// TestTailErrors: a tail on a parameter that is not a slice (a pointer, an
// integer) is one clear error.
func TestTailErrors(t *testing.T) {
	for _, c := range []struct {
		tail map[string]int
		want string
	}{
		{map[string]int{"p": 8}, "not a slice"},
		{map[string]int{"c": 8}, "not a slice"},
	} {
		o := &obligation.Obligation{Kernel: "vg.dev/testdata/kernels/ptrresult.idx", Spec: "vg.dev/testdata/kernels/ptrresult.idxGo", Arch: "amd64", Tail: c.tail}
		results, err := Prove(context.Background(), Options{Dir: "..", Arch: "amd64", NoReplay: true}, []*obligation.Obligation{o})
		if err != nil {
			if !strings.Contains(err.Error(), c.want) {
				t.Errorf("%v: %v, want %q", c.tail, err, c.want)
			}
			continue
		}
		if len(results) != 1 || results[0].Equivalence != Error || !strings.Contains(results[0].Message, c.want) {
			t.Errorf("%v: %+v, want an error saying %q", c.tail, results, c.want)
		}
	}
}
