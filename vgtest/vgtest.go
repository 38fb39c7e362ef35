// Package vgtest runs vgcheck's proofs inside go test:
//
//	func TestProofs(t *testing.T) { vgtest.Prove(t, ".") }
//
// proves every //vg:spec obligation of the packages matching the patterns
// (relative to the test's package directory), one subtest per obligation.
// A subtest fails when its kernel is refuted, violates constant time or the
// frame, or cannot be proved; the failure is reported at the .s file and
// line of the finding, the Go stub as related location, with the
// counterexample's inputs, its regression test and each violation's hint.
// As with vgcheck's -strict, the subtest "directives" fails for a comment
// that looks like a directive but is none, and for an assembly function
// with neither an obligation nor //vg:unverified. Without cgo (so without
// Z3) the test is skipped, saying so.
//
// Importing vgtest makes vg.dev a requirement of the importing module, and
// so of every module that depends on it, which cannot fetch vg.dev from a
// module host: modules that others import run their proofs through the
// installed vgcheck instead (the README's "Adopting vgcheck").
package vgtest

import (
	"context"
	"fmt"
	"runtime"
	"strings"
	"testing"

	"vg.dev/prove"
	"vg.dev/smt"
)

// Prove proves the obligations of the packages matching patterns for the
// architecture the test runs on.
func Prove(t *testing.T, patterns ...string) {
	t.Helper()
	ProveWith(t, prove.Options{Arch: runtime.GOARCH}, patterns...)
}

// NoZ3 is why proofs are skipped in a test binary built without cgo.
const NoZ3 = "built without cgo, so Z3 is not available: install libz3-dev and a C compiler and run go test with CGO_ENABLED=1"

// ProveWith is Prove with explicit options.
func ProveWith(t *testing.T, opts prove.Options, patterns ...string) {
	t.Helper()
	if !smt.Available() {
		t.Skip("vgtest: " + NoZ3)
	}
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
	root := prove.Root(opts.Dir)
	for _, r := range results {
		t.Run(r.Name(), func(t *testing.T) {
			if msg := failure(r, root); msg != "" {
				// Written undecorated, so that the report starts at the
				// .s line rather than at this file's.
				fmt.Fprintln(t.Output(), msg)
				t.Fail()
			}
		})
	}
}

// Failure describes why a result is not a proof, or returns "". Paths are
// relative to the repository of the working directory.
func Failure(r *prove.Result) string { return failure(r, prove.Root(".")) }

func failure(r *prove.Result, root string) string {
	ok := func(v prove.Verdict) bool { return v == prove.Proved || v == prove.Unchanged }
	if ok(r.Equivalence) && ok(r.CT) && ok(r.Frame) || r.Spec == "" && r.Equivalence == "" && ok(r.CT) && ok(r.Frame) {
		return ""
	}
	checked := func(v prove.Verdict) string {
		if v == "" {
			return "not checked"
		}
		return string(v)
	}
	asm, stub := r.Located()
	var b strings.Builder
	if pos := asm.Pos(root); pos != "" {
		b.WriteString(pos + ": ")
	}
	what := r.Name()
	if r.Spec != "" {
		what += " ≡ " + r.Spec
	}
	fmt.Fprintf(&b, "%s: equivalence %s, ct %s, frame %s", what, checked(r.Equivalence), checked(r.CT), checked(r.Frame))
	if pos := stub.Pos(root); pos != "" {
		fmt.Fprintf(&b, "\n    stub: %s", pos)
	}
	if r.Message != "" {
		fmt.Fprintf(&b, "\n    %s", prove.RelText(root, r.Message))
	}
	for _, v := range r.Violations {
		fmt.Fprintf(&b, "\n%s: %s: %s", prove.Location{File: v.File, Line: v.Line}.Pos(root), v.Kind, prove.RelText(root, v.Detail))
		if h := prove.Hint(v); h != "" {
			fmt.Fprintf(&b, "\n    hint: %s", h)
		}
	}
	if cx := r.Counterexample; cx != nil {
		for _, in := range cx.Inputs {
			if in.Alias != "" {
				fmt.Fprintf(&b, "\n    input %s = %s (the same pointer)", in.Name, in.Alias)
			} else {
				fmt.Fprintf(&b, "\n    input %s = %s", in.Name, in.Bytes)
			}
		}
		for _, d := range cx.Diffs {
			fmt.Fprintf(&b, "\n    %s: kernel %s, spec %s", d.Output, d.Kernel, d.Spec)
		}
		if cx.Test != "" {
			fmt.Fprintf(&b, "\nregression test:\n%s", cx.Test)
		}
	}
	return b.String()
}
