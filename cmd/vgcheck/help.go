package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"runtime"
	"strings"

	"vg.dev/prove"
	"vg.dev/smt"
)

// The help a command prints is made from its flag set, so that every flag
// is listed: "vgcheck help" and "vgcheck -h" list all commands' flags,
// "vgcheck help CMD" and "vgcheck CMD -h" one command's (exit 0).

// synopses are the usage lines of each command.
var synopses = map[string]string{
	"prove": `vgcheck prove [flags] [packages]
      prove every //vg:spec obligation of the packages (default .): equivalence,
      constant time and frame safety
vgcheck prove -kernel importpath.fn -spec importpath.fn [flags]
      prove one ad hoc obligation`,
	"ct": `vgcheck ct [flags] [packages]
vgcheck ct -kernel importpath.fn [flags]
      check constant time and frame safety only (no spec needed)`,
	"survey": `vgcheck survey [flags] packages
vgcheck survey -merge [-arch A] [-json-file F] FILE...
      pair every assembly function of the packages with its Go counterpart and
      prove each pair; one row per function, grouped by the blocking cause;
      -merge prints the -json-file outputs of finished runs as one survey`,
	"mutate": `vgcheck mutate [flags] [packages]
      change one instruction of each kernel at a time and prove each mutant`,
	"disasm": `vgcheck disasm [flags] importpath.fn
      print the decoded machine code with file:line`,
	"lift": `vgcheck lift [flags] importpath.fn
      print the lifted output terms`,
	"version": `vgcheck version
      print the prover's version (recorded in proof records), Go's and Z3's`,
}

// helpCommands are the commands help lists, in order.
var helpCommands = []string{"prove", "ct", "survey", "mutate", "disasm", "lift", "version"}

const helpIntro = `vgcheck proves Go assembly kernels equal to Go spec functions, constant time
and frame safe, on the machine code of the linked binary.
`

const helpExit = `Exit status: 0 every obligation proved; 1 one refuted or violated (or a stale
record under -check-records, or what -strict rejects); 2 an error or unknown and
no refutation.
`

// parseFlags parses a command's flags. It returns ok when the command is
// to run; otherwise the exit status: 0 after -h (the command's help on
// stdout), 2 after a bad flag (the help on stderr).
func parseFlags(fs *flag.FlagSet, args []string, stdout, stderr io.Writer) (status int, ok bool) {
	fs.Usage = func() {}
	fs.SetOutput(stderr)
	err := fs.Parse(args)
	switch {
	case err == nil:
		return 0, true
	case errors.Is(err, flag.ErrHelp):
		commandHelp(stdout, fs)
		return exitProved, false
	}
	commandHelp(stderr, fs)
	return exitError, false
}

// commandHelp prints one command's usage lines and flags.
func commandHelp(w io.Writer, fs *flag.FlagSet) {
	fmt.Fprintf(w, "usage:\n%s\n", indentLines(synopses[fs.Name()], "  "))
	n := 0
	fs.VisitAll(func(*flag.Flag) { n++ })
	if n == 0 {
		return
	}
	fmt.Fprintf(w, "\nflags:\n")
	out := fs.Output()
	fs.SetOutput(w)
	fs.PrintDefaults()
	fs.SetOutput(out)
}

// runHelp prints the help of every command, or of those named.
func runHelp(args []string, stdout, stderr io.Writer) int {
	cmds := args
	if len(cmds) == 0 {
		fmt.Fprint(stdout, helpIntro+"\n")
		cmds = helpCommands
	}
	for i, c := range cmds {
		if _, ok := synopses[c]; !ok {
			fmt.Fprintf(stderr, "vgcheck help: unknown command %q (commands: %s)\n", c, strings.Join(helpCommands, ", "))
			return exitError
		}
		if i > 0 {
			fmt.Fprintln(stdout)
		}
		var b bytes.Buffer
		if c == "version" {
			fmt.Fprintf(&b, "usage:\n%s\n", indentLines(synopses[c], "  "))
		} else {
			// The command itself prints its flags for -h.
			run([]string{c, "-h"}, &b, io.Discard)
		}
		fmt.Fprintf(stdout, "== vgcheck %s\n%s", c, b.String())
	}
	if len(args) == 0 {
		fmt.Fprintf(stdout, "\n%s", helpExit)
	}
	return exitProved
}

// runVersion prints the prover's version, Go's and Z3's.
func runVersion(stdout io.Writer) int {
	z3 := "Z3 " + smt.Z3Version()
	if !smt.Available() {
		z3 = "no Z3: " + noZ3
	}
	fmt.Fprintf(stdout, "vgcheck %s (%s %s/%s; %s)\n", strings.TrimPrefix(prove.Version, "vg "), runtime.Version(), runtime.GOOS, runtime.GOARCH, z3)
	return exitProved
}

// noZ3 says, in one line, why a binary built without cgo cannot prove and
// how to get one that can.
const noZ3 = "this vgcheck was built without cgo, so it has no Z3: install Z3 and a C compiler (apt-get install libz3-dev gcc) and build it again with CGO_ENABLED=1 (go install ./cmd/vgcheck in a clone of vg)"

// needZ3 reports, for a command that proves, whether the binary has Z3,
// and says how to get it when not.
func needZ3(stderr io.Writer) bool {
	if smt.Available() {
		return true
	}
	fmt.Fprintf(stderr, "vgcheck: %s\n", noZ3)
	return false
}

func indentLines(s, prefix string) string {
	lines := strings.Split(s, "\n")
	for i := range lines {
		lines[i] = prefix + lines[i]
	}
	return strings.Join(lines, "\n")
}
