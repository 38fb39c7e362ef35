package main

import (
	"context"
	"flag"
	"fmt"
	"io"

	"vg.dev/obligation"
	"vg.dev/prove"
)

// runShow prints a kernel's decoded instructions (disasm) or lifted terms (lift).
func runShow(ctx context.Context, cmd string, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet(cmd, flag.ContinueOnError)
	fs.SetOutput(stderr)
	arch := fs.String("arch", "amd64", "target architecture: amd64 or arm64")
	sizes := fs.String("sizes", "", "lengths of slices and pointed-to arrays, pinned integers: p1,p2=n1,n2 (lift)")
	if status, ok := parseFlags(fs, args, stdout, stderr); !ok {
		return status
	}
	if fs.NArg() != 1 {
		fmt.Fprintf(stderr, "vgcheck %s: want one function importpath.fn\n", cmd)
		return exitError
	}
	opts := prove.Options{Arch: *arch}
	var out string
	var err error
	if cmd == "disasm" {
		out, err = prove.Disasm(ctx, opts, fs.Arg(0))
	} else {
		var sets []obligation.SizeSet
		if sets, err = obligation.ParseSizes(*sizes); err == nil {
			out, err = prove.Lift(ctx, opts, fs.Arg(0), obligation.Expand(sets)[0])
		}
	}
	if err != nil {
		fmt.Fprintf(stderr, "vgcheck: %v\n", briefError(err))
		return exitError
	}
	fmt.Fprint(stdout, out)
	return exitProved
}
