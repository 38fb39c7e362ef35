//go:build cgo

package prove

import (
	"context"
	"strings"
	"testing"

	"vg.dev/obligation"
)

// TestLeaks proves the declassification kernels of
// testdata/kernels/attack/batch10: a kernel proved constant time under
// //vg:leaks reveals what its leak function returns and nothing else; a
// leak function that could mislead (one that panics, writes, returns a
// pointer or nothing, or takes other parameters) is an error.
func TestLeaks(t *testing.T) {
	const k = "vg.dev/testdata/kernels/attack."
	for _, tt := range []struct {
		kernel, spec, leaks string
		ct                  Verdict
		msg                 string // in the message or a violation; "" for none
	}{
		{"branchLow", "identityGo", "", Violated, "JE branches on a secret"},
		{"branchLow", "identityGo", "lowBit", Proved, ""},
		{"branchLow", "identityGo", "lowTwoBits", Proved, ""},
		// leaks more than declared
		{"branchHigh", "identityGo", "lowBit", Violated, "JS branches on a secret"},
		{"branchHigh", "identityGo", "lowTwoBits", Violated, "JS branches on a secret"},
		// apart, the branch is on the leak; in place, on what the
		// kernel stored over it
		{"branchAfterStore", "swapLowGo", "secondLow", Violated, "with out = a"},
		{"branchLow", "identityGo", "lowBitPanics", "", "lowBitPanics can panic (integer divide by zero"},
		{"branchLow", "identityGo", "lowBitPointer", "", "a result holds a pointer"},
		{"branchLow", "identityGo", "lowBitNarrow", "", "does not take the kernel's parameters"},
		{"branchLow", "identityGo", "lowBitNone", "", "has no results"},
		{"branchAfterStore", "swapLowGo", "secondLowWrites", "", "writes out: it must only read"},
		{"branchLow", "identityGo", "noSuchLeak", "", "-leaks vg.dev/testdata/kernels/attack.noSuchLeak"},
		// a method named without its package names a package
		{"branchLow", "identityGo", "low.Bit", "", "-leaks low.Bit: no package low to take low.Bit from"},
		// found by an attack: a blank field is no part of the value
		{"branchHigh", "identityGo", "lowBitBlank", Violated, "JS branches on a secret"},
		// and a leak comparing the pointers is not one function of the
		// bytes in every aliasing
		{"branchAfterStore", "swapLowGo", "secondLowApart", "", "compares the pointers out and a"},
	} {
		t.Run(tt.kernel+"/"+tt.leaks, func(t *testing.T) {
			o := &obligation.Obligation{Kernel: k + tt.kernel, Spec: k + tt.spec, Arch: "amd64"}
			if tt.leaks != "" {
				o.Leaks = obligation.Qualify(tt.leaks, strings.TrimSuffix(k, "."))
			}
			results, err := Prove(context.Background(), Options{Dir: "..", Arch: "amd64"}, []*obligation.Obligation{o})
			if err != nil {
				if tt.ct == "" && strings.Contains(err.Error(), tt.msg) {
					return
				}
				t.Fatal(err)
			}
			r := results[0]
			text := r.Message
			for _, v := range r.Violations {
				text += "\n" + v.Detail
			}
			if tt.ct == "" {
				if r.CT == Proved || r.Equivalence == Proved || !strings.Contains(text, tt.msg) {
					t.Errorf("equivalence %s, ct %s (%s); want an error saying %q", r.Equivalence, r.CT, text, tt.msg)
				}
				return
			}
			if r.Equivalence != Proved || r.CT != tt.ct || !strings.Contains(text, tt.msg) {
				t.Errorf("equivalence %s, ct %s (%s); want proved, %s, %q", r.Equivalence, r.CT, text, tt.ct, tt.msg)
			}
			leakNote := false
			for _, a := range r.Assumptions {
				leakNote = leakNote || strings.HasPrefix(a, "leaks: "+o.Leaks)
			}
			if leakNote != (tt.leaks != "") {
				t.Errorf("assumptions %q: the leak is listed %v, want %v", r.Assumptions, leakNote, tt.leaks != "")
			}
		})
	}
}

// TestSpecCapacity: the spec sees a slice's capacity as the kernel does,
// its own value: retLen (len(s)) against capGo (cap(s)) is refuted, the
// replay confirming it (found by an attack: the spec was given the length
// as the capacity, and the pair proved); and a spec that reslices an
// argument up to its capacity, whose elements past the length no region
// holds, is an error (found by the review of that fix: the loads there
// read the last element, the stores wrote nothing, and such pairs proved).
func TestSpecCapacity(t *testing.T) {
	const k = "vg.dev/testdata/kernels/attack."
	o := &obligation.Obligation{Kernel: k + "retLen", Spec: k + "capGo", Arch: "amd64", Sizes: map[string]int{"s": 1}}
	past := &obligation.Obligation{Kernel: k + "retFirst", Spec: k + "capTailGo", Arch: "amd64", Sizes: map[string]int{"s": 2}, Public: []string{"s", "i"}}
	results, err := Prove(context.Background(), Options{Dir: "..", Arch: "amd64"}, []*obligation.Obligation{o, past})
	if err != nil {
		t.Fatal(err)
	}
	r := results[0]
	if r.Equivalence != Refuted || r.Counterexample == nil || !r.Counterexample.Confirmed {
		t.Errorf("equivalence %s (%s), counterexample %+v; want refuted and confirmed", r.Equivalence, r.Message, r.Counterexample)
	}
	r = results[1]
	if r.Equivalence != Error || !strings.Contains(r.Message, "a reslice past the elements s holds") {
		t.Errorf("retFirst ≡ capTailGo: equivalence %s (%s); want an error naming the reslice", r.Equivalence, r.Message)
	}
}

// TestPreconditionPanics: a precondition that can panic on an input the
// caller may pass (quotientSmall divides by x) is an error, not an
// assumption.
func TestPreconditionPanics(t *testing.T) {
	const k = "vg.dev/testdata/kernels/attack."
	o := &obligation.Obligation{Kernel: k + "branchLow", Spec: k + "identityGo", Requires: k + "quotientSmall", Arch: "amd64"}
	results, err := Prove(context.Background(), Options{Dir: "..", Arch: "amd64"}, []*obligation.Obligation{o})
	if err != nil {
		if strings.Contains(err.Error(), "quotientSmall can panic (integer divide by zero") {
			return
		}
		t.Fatal(err)
	}
	r := results[0]
	if r.Equivalence == Proved || !strings.Contains(r.Message, "quotientSmall can panic (integer divide by zero") {
		t.Errorf("equivalence %s (%s); want an error naming the panic", r.Equivalence, r.Message)
	}
}
