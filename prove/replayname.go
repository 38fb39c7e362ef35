package prove

import (
	"fmt"
	"regexp"
	"strings"

	"vg.dev/obligation"
)

// The regression test vgcheck prints is pasted into the kernel's package.
// Every name it declares carries the kernel's name (and sizes), so that
// the tests of two kernels, or of two sizes of one, live side by side; it
// prints nothing but its failures. The copy the replay runs carries a
// further suffix, so that it builds in a package that holds a pasted copy
// already, and prints the lines the replay reads.

// replayIdents are the names the generated test declares.
var replayIdents = regexp.MustCompile(`\b(TestVGCounterexample|vg(Mem|Hex|Guard|GuardedMem|Guarded|Cap|Compare|FlagSettings|Keep|Call|Kernel|Printf|Replaying|Span|Where))\b`)

// replaySaveAs marks, in the generated header, where the file name to save
// the test as goes.
const replaySaveAs = "VGSAVEAS"

// replayNaming names one obligation's regression test.
type replayNaming struct {
	suffix  string // "_mulMULQ", "_sum_n_4"
	arch    string
	asmFile string // the trampoline's file name, when there is one
	runTest string // the name of the test the replay runs
}

func replayNames(r *Result, arch string) replayNaming {
	_, fn, _ := obligation.SplitName(r.Kernel)
	id := fn
	if len(r.Sizes) > 0 {
		id += "_" + nonIdent.ReplaceAllString(obligation.FormatSizes(r.Sizes), "_")
	}
	n := replayNaming{suffix: "_" + id, arch: arch}
	n.asmFile = fmt.Sprintf("vg%s_%s.s", n.suffix, arch)
	n.runTest = "TestVGCounterexample" + n.suffix + replayRunSuffix
	return n
}

// replayRunSuffix tells the replay's copy from a pasted one.
const replayRunSuffix = "_vgreplay"

var nonIdent = regexp.MustCompile(`[^A-Za-z0-9_]+`)

func (n replayNaming) rename(src, suffix string) string {
	return replayIdents.ReplaceAllString(src, "${1}"+suffix)
}

// shown is the test to paste.
func (n replayNaming) shown(src string) string {
	save := fmt.Sprintf("Save it as vg%s_%s_test.go in the kernel's package: go test -run TestVGCounterexample%s fails until the kernel is fixed.", n.suffix, n.arch, n.suffix)
	return strings.Replace(n.rename(src, n.suffix), replaySaveAs, save, 1)
}

// run is the test the replay runs: other names, and printing.
func (n replayNaming) run(src string) string {
	suffix := n.suffix + replayRunSuffix
	src = strings.Replace(n.rename(src, suffix), replaySaveAs, "The copy vgcheck's replay runs.", 1)
	return src + fmt.Sprintf("\nfunc init() { vgReplaying%s = true }\n", suffix)
}

// shownAsm and runAsm are the trampoline, named as the tests are.
func (n replayNaming) shownAsm(asm string) string { return n.rename(asm, n.suffix) }
func (n replayNaming) runAsm(asm string) string   { return n.rename(asm, n.suffix+replayRunSuffix) }
