package prove

import (
	"context"
	"fmt"
	"go/types"
	"strings"

	"vg.dev/decode"
	"vg.dev/obligation"
	"vg.dev/symexec/abi"
	"vg.dev/symexec/machine"
	"vg.dev/symexec/term"
)

// kernelSession builds the package of one kernel, for disasm and lift.
func kernelSession(ctx context.Context, opts Options, kernel string) (*session, error) {
	opts.defaults()
	pkg, _, ok := obligation.SplitName(kernel)
	if !ok {
		return nil, fmt.Errorf("%q: want importpath.fn", kernel)
	}
	s := &session{opts: opts, pkgs: map[string]*decode.Package{}}
	var err error
	if s.arch, err = archOf(opts.Arch); err != nil {
		return nil, err
	}
	pkgs, err := decode.Load(ctx, opts.config(), pkg)
	if err != nil {
		return nil, err
	}
	for _, p := range pkgs {
		s.pkgs[p.PkgPath] = p
	}
	if _, _, err := s.kernelDecl(kernel); err != nil {
		return nil, err
	}
	if s.prog, err = decode.Build(ctx, opts.config(), pkgs, opts.Overlay); err != nil {
		return nil, err
	}
	return s, nil
}

// Disasm returns the decoded instructions of an assembly function with their
// source positions.
func Disasm(ctx context.Context, opts Options, kernel string) (string, error) {
	s, err := kernelSession(ctx, opts, kernel)
	if err != nil {
		return "", err
	}
	fn, err := s.prog.Func(kernel)
	if err != nil {
		return "", err
	}
	return fn.Disasm(), nil
}

// Lift returns the output terms of an assembly function on symbolic inputs:
// for each path, its condition, every parameter word it writes and its results.
func Lift(ctx context.Context, opts Options, kernel string, sizes map[string]int) (string, error) {
	s, err := kernelSession(ctx, opts, kernel)
	if err != nil {
		return "", err
	}
	decl, _, _ := s.kernelDecl(kernel)
	frame, err := abi.Layout(decl.Obj.Type().(*types.Signature), s.opts.Arch)
	if err != nil {
		return "", err
	}
	o := &obligation.Obligation{Kernel: kernel, Arch: s.opts.Arch, Sizes: sizes}
	b := term.NewBuilder()
	in, err := makeInputs(b, o, frame, nil, s.isPkgVar)
	if err != nil {
		return "", err
	}
	fn, err := s.prog.Func(kernel)
	if err != nil {
		return "", err
	}
	fr, err := fn.Frame()
	if err != nil {
		return "", err
	}
	kmem := in.mem.Clone()
	kmem.SetDataResolver(s.dataResolver(fn.Bin, opts.Assume, in))
	var args []machine.Arg
	for _, a := range in.kernelArgs() {
		args = append(args, machine.Arg{Offset: a.off, Value: a.val})
	}
	paths, err := s.arch.Lift(machine.Config{B: b, Mem: kmem, Prog: machine.FromBinary(fn.Bin), MaxPaths: s.opts.MaxPaths, Secret: in.isSecretVar, SPMax: fr.SPMax}, fn.Name, fn.Insts, frame, args)
	if err != nil {
		return "", fmt.Errorf("lift %s: %w", kernel, err)
	}
	var sb strings.Builder
	for i, p := range paths {
		var names []string
		var roots []*term.Term
		names, roots = append(names, "cond"), append(roots, p.Cond)
		for _, prm := range in.params {
			if r := prm.region; r != nil {
				for _, off := range p.Mem.Written(r) {
					if off%8 != 0 {
						continue
					}
					n := int(min(8, r.Size-off))
					v, err := p.Mem.Load(r, off, n)
					if err != nil {
						return "", err
					}
					names, roots = append(names, fmt.Sprintf("%s[%d:%d]", r.Name, off, off+int64(n))), append(roots, v)
				}
			}
		}
		for _, res := range frame.Results {
			v, err := p.Mem.Load(p.Stack, p.ArgOff+res.Offset, int(res.Size))
			if err != nil {
				return "", err
			}
			names, roots = append(names, res.Name), append(roots, v)
		}
		fmt.Fprintf(&sb, "// path %d of %d, %d instructions executed\n%s", i+1, len(paths), p.Steps, term.Format(names, roots))
	}
	return sb.String(), nil
}
