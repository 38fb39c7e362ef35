package decode

import (
	"regexp"
	"strings"
)

// AsmError is a build that the assembler rejected, as opposed to one that
// failed to compile Go code or to link. Mutation testing counts a mutant
// the assembler rejects as not a program, and any other failure as a
// problem to look at, so the two must be told apart.
type AsmError struct {
	Pkg string // import path of the package built
	// Diag is the assembler's first diagnostic, with overlay files named
	// by the paths they replace, e.g. "/x/a.s:12: unrecognized
	// instruction "ADDSQ"".
	Diag string
	Err  error // the go command's failure, with its output
}

func (e *AsmError) Error() string { return "build " + e.Pkg + ": " + e.Err.Error() }
func (e *AsmError) Unwrap() error { return e.Err }

// posDiag is the assembler's parse diagnostic, "file.s:line: text"
// (the file is a .s file or a header it includes).
var posDiag = regexp.MustCompile(`^\S+\.[sh]:\d+: `)

// asmDiag finds the assembler's first diagnostic in the go command's
// output (as compacted by runGo: one tab-indented line per output line).
// The assembler marks its failures with lines starting "asm: "; its parse
// errors come before them as "file:line: text", its encoding errors are
// the "asm: " lines themselves. backing maps each overlay backing file to
// the path it replaces, so the diagnostic names the source file.
func asmDiag(out string, backing map[string]string) (string, bool) {
	var first, asm string
	failed := false
	for _, l := range strings.Split(out, "\n") {
		l = strings.TrimSpace(l)
		switch {
		case strings.HasPrefix(l, "asm: assembly of ") || l == "asm: assembly failed":
			failed = true
		case strings.HasPrefix(l, "asm: "):
			failed = true
			if asm == "" {
				asm = l
			}
		case posDiag.MatchString(l) && first == "":
			first = l
		}
	}
	if !failed {
		return "", false
	}
	d := first
	if d == "" {
		d = asm
	}
	for b, orig := range backing {
		if b != "" {
			d = strings.ReplaceAll(d, b, orig)
		}
	}
	return d, true
}
