package prove

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"

	"vg.dev/decode"
	"vg.dev/obligation"
	"vg.dev/symexec/amd64"
	"vg.dev/symexec/machine"
)

// Where a finding is, for reports: every finding is placed at a line of
// the kernel's .s file, with the Go stub (Result.File, Result.Line) as the
// related location. A violation has its instruction's line; an error that
// names an instruction (unmodelled, undefined flags) that one; any other
// finding (a refutation, an unknown) the kernel's TEXT line.

// Location is a file and a line (0: the file as a whole).
type Location struct {
	File string
	Line int
}

// Located returns where r's verdict is to be shown in the .s file, and the
// stub. Either may be empty when not known (an ad hoc kernel that did not
// build).
func (r *Result) Located() (asm, stub Location) {
	asm = Location{r.AsmFile, r.AsmLine}
	if r.ErrorFile != "" {
		asm = Location{r.ErrorFile, r.ErrorLine}
	}
	return asm, Location{r.File, r.Line}
}

// locate records the kernel's TEXT line in r.
func (s *session) locate(r *Result) {
	if s.prog == nil {
		return
	}
	fn, err := s.prog.Func(r.Kernel)
	if err != nil || len(fn.Insts) == 0 {
		return
	}
	_, name, _ := obligation.SplitName(r.Kernel)
	r.AsmFile, r.AsmLine = textLine(fn, name)
}

// textLine finds the TEXT directive of the function name in the .s file
// its first instruction comes from; failing that (a TEXT written by a
// macro) it returns the first instruction's line.
func textLine(fn *decode.Func, name string) (string, int) {
	first := fn.Insts[0]
	if first.File == "" {
		return "", 0
	}
	f, err := os.Open(first.File)
	if err != nil {
		return first.File, first.Line
	}
	defer f.Close()
	re := regexp.MustCompile(`^\s*TEXT\s+[^\s(]*·` + regexp.QuoteMeta(name) + `(<[A-Za-z0-9]+>)?\(SB\)`)
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for n := 1; sc.Scan(); n++ {
		if re.MatchString(sc.Text()) {
			return first.File, n
		}
	}
	return first.File, first.Line
}

// errorPos returns the source position of the instruction an error of the
// lifters names, if it names one.
func errorPos(err error) (string, int) {
	var ue *machine.UnsupportedError
	var me *machine.Error
	var fe *amd64.UndefinedFlagError
	switch {
	case errors.As(err, &ue):
		return ue.File, ue.Line
	case errors.As(err, &fe):
		return fe.File, fe.Line
	case errors.As(err, &me):
		return me.File, me.Line
	}
	return "", 0
}

// specError places an error of loading the specs at the directive that
// names the function: "stub.go:12:1: //vg:spec Mull: …". Errors that name
// no obligation's spec or precondition are returned as they are.
func specError(err error, obls []*obligation.Obligation) error {
	msg := err.Error()
	for _, o := range obls {
		for _, d := range []struct{ verb, fn string }{{"spec", o.Spec}, {"requires", o.Requires}, {"leaks", o.Leaks}} {
			if d.fn == "" {
				continue
			}
			// Loading the function's package failed ("gossa: package
			// low: ..." for //vg:leaks low.Bit, which names a package
			// low, not a method), or the function was not found in it.
			pkg, _, _ := obligation.SplitName(d.fn)
			if strings.HasPrefix(msg, "gossa: package "+pkg+":") && strings.Contains(msg, "is not in std") {
				err = fmt.Errorf("no package %s to take %s from (want Name in the stub's package or importpath.Name): %w", pkg, d.fn, err)
			} else if !strings.HasPrefix(msg, "spec "+d.fn+":") {
				continue
			}
			if !o.Pos.IsValid() {
				// the ad hoc form: name the flag that named the function
				return fmt.Errorf("-%s %s: %w", d.verb, d.fn, err)
			}
			pos, text := directiveLine(o.Pos, d.verb)
			return fmt.Errorf("%s: %s: %w", pos, text, err)
		}
	}
	return err
}

// directiveLine finds the //vg:verb line in the doc comment above the
// declaration at decl; failing that it returns decl itself.
func directiveLine(decl token.Position, verb string) (token.Position, string) {
	text := "//vg:" + verb
	data, err := os.ReadFile(decl.Filename)
	if err != nil {
		return decl, text
	}
	lines := strings.Split(string(data), "\n")
	for i := decl.Line - 2; i >= 0 && i < len(lines); i-- {
		l := strings.TrimSpace(lines[i])
		if !strings.HasPrefix(l, "//") {
			break
		}
		if strings.HasPrefix(l, text+" ") || l == text {
			return token.Position{Filename: decl.Filename, Line: i + 1, Column: 1}, l
		}
	}
	return decl, text
}

// Root is the directory reports make paths relative to: the git work tree
// holding dir, else the main module's directory, else dir itself.
func Root(dir string) string {
	if dir == "" {
		dir = "."
	}
	abs := func(p string) string {
		if a, err := filepath.Abs(p); err == nil {
			return a
		}
		return p
	}
	cmd := exec.Command("git", "rev-parse", "--show-toplevel")
	cmd.Dir = dir
	if out, err := cmd.Output(); err == nil && len(bytes.TrimSpace(out)) > 0 {
		return abs(string(bytes.TrimSpace(out)))
	}
	cmd = exec.Command("go", "env", "GOMOD")
	cmd.Dir = dir
	if out, err := cmd.Output(); err == nil {
		if mod := string(bytes.TrimSpace(out)); mod != "" && mod != os.DevNull {
			return abs(filepath.Dir(mod))
		}
	}
	return abs(dir)
}

// Rel is file relative to root, with forward slashes, when it lies below
// root; otherwise (GOROOT, the module cache) file as it is.
func Rel(root, file string) string {
	if root == "" || !filepath.IsAbs(file) {
		return file
	}
	r, err := filepath.Rel(root, file)
	if err != nil || r == ".." || strings.HasPrefix(r, ".."+string(filepath.Separator)) {
		return file
	}
	return filepath.ToSlash(r)
}

// RelText makes the paths below root in a message relative to it.
func RelText(root, msg string) string {
	if root == "" || root == string(filepath.Separator) {
		return msg
	}
	return strings.ReplaceAll(msg, root+string(filepath.Separator), "")
}

// Pos is "file:line" with file relative to root ("" when file is empty).
func (l Location) Pos(root string) string {
	if l.File == "" {
		return ""
	}
	if l.Line <= 0 {
		return Rel(root, l.File)
	}
	return fmt.Sprintf("%s:%d", Rel(root, l.File), l.Line)
}
