package gossa

import (
	"context"
	"errors"
	"fmt"
	"go/types"
	"os"
	"sort"
	"strings"

	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/ssa"
)

// Program is the SSA form of the packages holding a set of spec functions
// and of every package whose functions they call, transitively.
type Program struct {
	Prog    *ssa.Program
	Arch    string
	Sizes   types.Sizes
	pkgs    map[string]*ssa.Package // packages built from syntax, by import path
	globals *globals                // package-level variables (globals.go)
}

// splitName splits "importpath.Func" (or "importpath.T.M", "importpath.(*T).M")
// into the import path and the name within the package, at the first dot
// after the last slash (so the last element of the path cannot hold a dot).
func splitName(q string) (path, name string, err error) {
	slash := strings.LastIndex(q, "/")
	dot := strings.Index(q[slash+1:], ".")
	if dot < 0 {
		return "", "", fmt.Errorf("spec %s: want importpath.Func", q)
	}
	dot += slash + 1
	path, name = q[:dot], q[dot+1:]
	if path == "" || name == "" {
		return "", "", fmt.Errorf("spec %s: want importpath.Func", q)
	}
	return path, name, nil
}

// maxLoadRounds bounds how often Load widens the set of source packages.
const maxLoadRounds = 8

// Load loads the packages of the qualified function names funcs
// ("importpath.Func", "importpath.T.Method" or "importpath.(*T).Method") for
// GOOS=linux GOARCH=arch from the module in dir, and builds their SSA form.
//
// Only packages whose functions may be interpreted are type-checked from
// source: the named packages and, transitively, the packages of every
// function they call that has no intrinsic model. Other dependencies come
// from export data.
func Load(ctx context.Context, arch, dir string, funcs ...string) (*Program, error) {
	return LoadConfig{Arch: arch, Dir: dir}.Load(ctx, funcs...)
}

// LoadConfig is the build configuration of the spec side, which may differ
// from the kernels' (a spec that exists only under the purego tag).
type LoadConfig struct {
	Arch, Dir string
	Tags      []string          // build tags
	Overlay   map[string]string // file contents replacing those on disk
}

// Load is Load under c's build configuration.
func (c LoadConfig) Load(ctx context.Context, funcs ...string) (*Program, error) {
	arch := c.Arch
	sizes := types.SizesFor("gc", arch)
	if sizes == nil {
		return nil, fmt.Errorf("gossa: unknown architecture %q", arch)
	}
	if len(funcs) == 0 {
		return nil, errors.New("gossa: no function to load")
	}
	want := map[string]bool{}
	for _, f := range funcs {
		path, _, err := splitName(f)
		if err != nil {
			return nil, err
		}
		want[path] = true
	}
	for round := 0; ; round++ {
		p, err := c.load(ctx, sizes, want)
		if err != nil {
			return nil, err
		}
		var roots []*ssa.Function
		for _, f := range funcs {
			fn, err := p.Func(f)
			if err != nil {
				return nil, err
			}
			roots = append(roots, fn)
		}
		more := p.missingPackages(roots)
		if len(more) == 0 {
			return p, nil
		}
		if round == maxLoadRounds {
			return nil, fmt.Errorf("gossa: still missing packages after %d rounds: %s", round, strings.Join(more, ", "))
		}
		for _, m := range more {
			want[m] = true
		}
	}
}

// load type-checks the packages in want from source (the rest from export
// data) and creates and builds their SSA packages.
func (c LoadConfig) load(ctx context.Context, sizes types.Sizes, want map[string]bool) (*Program, error) {
	arch := c.Arch
	var patterns []string
	for p := range want {
		patterns = append(patterns, p)
	}
	sort.Strings(patterns)
	cfg := &packages.Config{
		Context: ctx,
		Dir:     c.Dir,
		Mode: packages.NeedName | packages.NeedFiles | packages.NeedImports |
			packages.NeedTypes | packages.NeedSyntax | packages.NeedTypesInfo,
		Env: append(os.Environ(), "GOOS=linux", "GOARCH="+arch, "CGO_ENABLED=0"),
	}
	if len(c.Tags) > 0 {
		cfg.BuildFlags = []string{"-tags=" + strings.Join(c.Tags, ",")}
	}
	if len(c.Overlay) > 0 {
		cfg.Overlay = map[string][]byte{}
		for k, v := range c.Overlay {
			cfg.Overlay[k] = []byte(v)
		}
	}
	initial, err := packages.Load(cfg, patterns...)
	if err != nil {
		return nil, fmt.Errorf("gossa: loading %s: %w", strings.Join(patterns, " "), err)
	}
	byPath := map[string]*packages.Package{}
	for _, lp := range initial {
		byPath[lp.PkgPath] = lp
	}
	for _, path := range patterns {
		lp := byPath[path]
		if lp == nil {
			return nil, fmt.Errorf("gossa: package %s not found", path)
		}
		var msgs []string
		for _, e := range lp.Errors {
			msgs = append(msgs, e.Error())
		}
		if len(msgs) > 0 {
			if len(msgs) > 5 {
				msgs = append(msgs[:5], "...")
			}
			return nil, fmt.Errorf("gossa: package %s: %s", path, strings.Join(msgs, "; "))
		}
	}
	prog := ssa.NewProgram(initial[0].Fset, ssa.InstantiateGenerics)
	p := &Program{Prog: prog, Arch: arch, Sizes: sizes, pkgs: map[string]*ssa.Package{},
		globals: &globals{data: map[*ssa.Global]globalData{}, pkgs: map[*types.Package]*packages.Package{}, sizes: sizes}}
	register(p)
	created := map[*types.Package]bool{}
	// Source packages first: a package must be created before its types
	// are reached as the import of another.
	for _, lp := range initial {
		p.globals.pkgs[lp.Types] = lp
		created[lp.Types] = true
		p.pkgs[lp.PkgPath] = prog.CreatePackage(lp.Types, lp.Syntax, lp.TypesInfo, true)
	}
	var createDeps func(pkgs []*types.Package)
	createDeps = func(pkgs []*types.Package) {
		for _, tp := range pkgs {
			if !created[tp] {
				created[tp] = true
				prog.CreatePackage(tp, nil, nil, true)
				createDeps(tp.Imports())
			}
		}
	}
	for _, lp := range initial {
		createDeps(lp.Types.Imports())
	}
	for _, sp := range p.pkgs {
		sp.Build()
	}
	return p, nil
}

// Func returns the SSA function of a qualified name (see Load).
func (p *Program) Func(qname string) (*ssa.Function, error) {
	path, name, err := splitName(qname)
	if err != nil {
		return nil, err
	}
	pkg := p.pkgs[path]
	if pkg == nil {
		return nil, fmt.Errorf("spec %s: package %s is not loaded", qname, path)
	}
	fn, err := p.lookup(pkg, name)
	if err != nil {
		return nil, fmt.Errorf("spec %s: %v", qname, err)
	}
	if fn.TypeParams().Len() > 0 {
		return nil, fmt.Errorf("spec %s: generic functions are not supported", qname)
	}
	if fn.Blocks == nil {
		return nil, fmt.Errorf("spec %s: function has no Go body", qname)
	}
	return fn, nil
}

func (p *Program) lookup(pkg *ssa.Package, name string) (*ssa.Function, error) {
	noSuch := fmt.Errorf("no such function in package %s", pkg.Pkg.Path())
	recv, method, isMethod := strings.Cut(name, ".")
	if !isMethod {
		fn, ok := pkg.Members[name].(*ssa.Function)
		if !ok {
			return nil, noSuch
		}
		return fn, nil
	}
	ptr := strings.HasPrefix(recv, "(*") && strings.HasSuffix(recv, ")")
	if ptr {
		recv = recv[2 : len(recv)-1]
	}
	tn, ok := pkg.Pkg.Scope().Lookup(recv).(*types.TypeName)
	if !ok {
		return nil, noSuch
	}
	var t types.Type = tn.Type()
	if ptr {
		t = types.NewPointer(t)
	}
	sel := p.Prog.MethodSets.MethodSet(t).Lookup(pkg.Pkg, method)
	if sel == nil {
		return nil, noSuch
	}
	return p.Prog.MethodValue(sel), nil
}

// missingPackages lists the packages, not yet loaded from source, of the
// functions reachable from roots that have no body and no intrinsic model.
func (p *Program) missingPackages(roots []*ssa.Function) []string {
	seen := map[*ssa.Function]bool{}
	missing := map[string]bool{}
	var visit func(fn *ssa.Function)
	visit = func(fn *ssa.Function) {
		if fn == nil || seen[fn] {
			return
		}
		seen[fn] = true
		if fn.Blocks == nil {
			if isIntrinsic(fn) {
				return
			}
			if obj, ok := fn.Object().(*types.Func); ok && obj.Pkg() != nil {
				if path := obj.Pkg().Path(); p.pkgs[path] == nil {
					missing[path] = true
				}
			}
			return
		}
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				var ops [8]*ssa.Value
				for _, op := range instr.Operands(ops[:0]) {
					if op == nil {
						continue
					}
					if f, ok := (*op).(*ssa.Function); ok {
						visit(f)
					}
				}
			}
		}
	}
	for _, r := range roots {
		visit(r)
	}
	var out []string
	for m := range missing {
		out = append(out, m)
	}
	sort.Strings(out)
	return out
}
