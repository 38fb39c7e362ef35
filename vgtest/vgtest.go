// Package vgtest runs vgcheck's proofs inside go test:
//
//	func TestProofs(t *testing.T) { vgtest.Prove(t, ".") }
//
// proves every //vg:spec obligation of the packages matching the patterns
// (relative to the test's package directory), one subtest per obligation.
// A subtest fails when its kernel is refuted, violates constant time or the
// frame, or cannot be proved; the failure message carries the
// counterexample's regression test or the violation's position. As with
// vgcheck's -strict, the subtest "directives" fails for a comment that
// looks like a directive but is none, and for an assembly function with
// neither an obligation nor //vg:unverified.
package vgtest

import (
	"context"
	"fmt"
	"runtime"
	"strings"
	"testing"

	"vg.dev/prove"
)

// Prove proves the obligations of the packages matching patterns for the
// architecture the test runs on.
func Prove(t *testing.T, patterns ...string) {
	t.Helper()
	ProveWith(t, prove.Options{Arch: runtime.GOARCH}, patterns...)
}

// ProveWith is Prove with explicit options.
func ProveWith(t *testing.T, opts prove.Options, patterns ...string) {
	t.Helper()
	ctx := context.Background()
	col, err := prove.Collect(ctx, opts, patterns...)
	if err != nil {
		t.Fatalf("vgtest: %v", err)
	}
	t.Run("directives", func(t *testing.T) {
		for _, w := range col.Warnings {
			t.Errorf("%v", w)
		}
		for _, s := range col.Skipped {
			if s.Unverified == "" {
				t.Errorf("%s: %s has no //vg:spec directive (add one, or //vg:unverified <reason>)", s.Pos, s.Func)
			}
		}
	})
	obls := col.Obligations
	if len(obls) == 0 {
		t.Fatalf("vgtest: no //vg:spec obligations in %s", strings.Join(patterns, " "))
	}
	results, err := prove.Prove(ctx, opts, obls)
	if err != nil {
		t.Fatalf("vgtest: %v", err)
	}
	for _, r := range results {
		t.Run(r.Name(), func(t *testing.T) {
			if msg := Failure(r); msg != "" {
				t.Error(msg)
			}
		})
	}
}

// Failure describes why a result is not a proof, or returns "".
func Failure(r *prove.Result) string {
	ok := func(v prove.Verdict) bool { return v == prove.Proved || v == prove.Unchanged }
	if ok(r.Equivalence) && ok(r.CT) && ok(r.Frame) {
		return ""
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s ≡ %s: equivalence %s, ct %s, frame %s", r.Name(), r.Spec, r.Equivalence, r.CT, r.Frame)
	if r.Message != "" {
		fmt.Fprintf(&b, "\n%s", r.Message)
	}
	for _, v := range r.Violations {
		fmt.Fprintf(&b, "\n%s:%d: %s: %s", v.File, v.Line, v.Kind, v.Detail)
	}
	if cx := r.Counterexample; cx != nil {
		for _, d := range cx.Diffs {
			fmt.Fprintf(&b, "\n%s: kernel %s, spec %s", d.Output, d.Kernel, d.Spec)
		}
		if cx.Test != "" {
			fmt.Fprintf(&b, "\nregression test:\n%s", cx.Test)
		}
	}
	return b.String()
}
