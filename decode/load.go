package decode

import (
	"context"
	"errors"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"golang.org/x/tools/go/packages"
)

// Config selects the target and the go command environment shared by Load,
// Build and RunTest.
type Config struct {
	// Arch is the target GOARCH: "amd64" or "arm64". Empty means runtime.GOARCH.
	Arch string
	// Dir is the working directory of the go command ("." if empty).
	Dir string
	// Tags are extra build tags (passed as -tags).
	Tags []string
	// TestTimeout bounds the run of a test binary (RunTest passes it as
	// go test -timeout; 0 leaves go test's default of 10 minutes).
	TestTimeout time.Duration
	// Overlay replaces the contents of Go files for Load (absolute
	// paths), as the go command's -overlay does for builds; Load ignores
	// its other files.
	Overlay Overlay
	// LDFlags are passed to the linker by Build (-ldflags).
	LDFlags string
}

// arch returns the effective target architecture or an error if it is not
// supported.
func (c Config) arch() (string, error) {
	a := c.Arch
	if a == "" {
		a = runtime.GOARCH
	}
	switch a {
	case "amd64", "arm64":
		return a, nil
	}
	return "", fmt.Errorf("unsupported architecture %q (want amd64 or arm64)", a)
}

func (c Config) dir() string {
	if c.Dir == "" {
		return "."
	}
	return c.Dir
}

// env is the go command environment: the process environment with the
// target fixed to linux/arch (the binaries are read as ELF) and cgo off
// (asm packages do not need it and cross builds cannot use it).
func (c Config) env(arch string) []string {
	return append(os.Environ(), "GOOS=linux", "GOARCH="+arch, "CGO_ENABLED=0")
}

// buildFlags returns the -tags flag, if any.
func (c Config) buildFlags() []string {
	var out []string
	if len(c.Tags) > 0 {
		out = append(out, "-tags="+strings.Join(c.Tags, ","))
	}
	if c.LDFlags != "" {
		out = append(out, "-ldflags="+c.LDFlags)
	}
	return out
}

// Package is a loaded Go package together with its assembly functions.
type Package struct {
	*packages.Package
	// AsmFuncs are the functions declared in Go without a body and
	// implemented in the package's assembly files, in source order.
	// It is empty if the package has no .s files for the target.
	AsmFuncs []*AsmFunc
}

// AsmFunc is a function declared in Go and implemented in assembly.
type AsmFunc struct {
	// Name is the function's name within the package.
	Name string
	// Decl is the bodyless declaration (doc comment, directives, signature).
	Decl *ast.FuncDecl
	// Obj is the type-checked function.
	Obj *types.Func
	// Pos is the position of the declaration.
	Pos token.Position
}

// QualifiedName returns importpath.Name, the name used by Program.Func.
func (p *Package) QualifiedName(f *AsmFunc) string { return p.PkgPath + "." + f.Name }

const loadMode = packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles |
	packages.NeedImports | packages.NeedSyntax | packages.NeedTypes |
	packages.NeedTypesInfo | packages.NeedTypesSizes | packages.NeedModule

// Load loads the packages matching patterns for cfg's target and finds
// their assembly functions. Every pattern must match at least one package
// and no matched package may have errors.
func Load(ctx context.Context, cfg Config, patterns ...string) ([]*Package, error) {
	arch, err := cfg.arch()
	if err != nil {
		return nil, fmt.Errorf("load: %w", err)
	}
	if len(patterns) == 0 {
		return nil, errors.New("load: no package patterns")
	}
	var out []*Package
	seen := map[string]bool{}
	fset := token.NewFileSet()
	// One go/packages call per pattern so that an empty match can be
	// attributed to its pattern; deps come from the build cache.
	for _, pat := range patterns {
		pc := &packages.Config{
			Mode:       loadMode,
			Context:    ctx,
			Fset:       fset,
			Dir:        cfg.dir(),
			Env:        cfg.env(arch),
			BuildFlags: cfg.buildFlags(),
			Overlay:    cfg.Overlay.goFiles(),
		}
		pkgs, err := packages.Load(pc, pat)
		if err != nil {
			return nil, fmt.Errorf("load %s: %w", pat, err)
		}
		if len(pkgs) == 0 {
			return nil, fmt.Errorf("load %s: pattern matched no packages", pat)
		}
		for _, p := range pkgs {
			if err := pkgErrors(p); err != nil {
				return nil, fmt.Errorf("load %s: %w", pat, err)
			}
			if seen[p.ID] {
				continue
			}
			seen[p.ID] = true
			funcs, err := asmFuncs(p)
			if err != nil {
				return nil, fmt.Errorf("load %s: %w", p.PkgPath, err)
			}
			out = append(out, &Package{Package: p, AsmFuncs: funcs})
		}
	}
	return out, nil
}

// pkgErrors summarizes the errors of a root package (at most a few lines).
func pkgErrors(p *packages.Package) error {
	if len(p.Errors) == 0 && !p.IllTyped {
		return nil
	}
	var msgs []string
	for i, e := range p.Errors {
		if i == 5 {
			msgs = append(msgs, fmt.Sprintf("(and %d more errors)", len(p.Errors)-i))
			break
		}
		msgs = append(msgs, e.Error())
	}
	if len(msgs) == 0 {
		msgs = append(msgs, "package is ill-typed")
	}
	name := p.PkgPath
	if name == "" {
		name = p.ID
	}
	return fmt.Errorf("package %s has errors:\n\t%s", name, strings.Join(msgs, "\n\t"))
}

// hasAsm reports whether p has assembly source files for the target.
func hasAsm(p *packages.Package) bool {
	for _, f := range p.OtherFiles {
		if strings.HasSuffix(f, ".s") {
			return true
		}
	}
	return false
}

// asmFuncs lists the bodyless top-level functions of p. Functions bound to
// another symbol with a two-argument //go:linkname directive are not
// implemented in this package's assembly and are skipped.
func asmFuncs(p *packages.Package) ([]*AsmFunc, error) {
	if !hasAsm(p) {
		return nil, nil
	}
	var out []*AsmFunc
	for _, file := range p.Syntax {
		pulled := linknamePulls(file)
		for _, d := range file.Decls {
			fd, ok := d.(*ast.FuncDecl)
			// Methods cannot be implemented in assembly.
			if !ok || fd.Body != nil || fd.Recv != nil || fd.Name.Name == "_" || pulled[fd.Name.Name] {
				continue
			}
			obj, _ := p.TypesInfo.Defs[fd.Name].(*types.Func)
			if obj == nil {
				return nil, fmt.Errorf("no type information for %s", fd.Name.Name)
			}
			out = append(out, &AsmFunc{
				Name: fd.Name.Name,
				Decl: fd,
				Obj:  obj,
				Pos:  p.Fset.Position(fd.Pos()),
			})
		}
	}
	return out, nil
}

// linknamePulls returns the local names of a file's two-argument
// //go:linkname directives.
func linknamePulls(f *ast.File) map[string]bool {
	m := map[string]bool{}
	for _, cg := range f.Comments {
		for _, c := range cg.List {
			fields := strings.Fields(c.Text)
			if len(fields) == 3 && fields[0] == "//go:linkname" {
				m[fields[1]] = true
			}
		}
	}
	return m
}

// pkgDir returns the directory holding p's Go files.
func pkgDir(p *packages.Package) (string, error) {
	for _, list := range [][]string{p.GoFiles, p.CompiledGoFiles, p.OtherFiles, p.IgnoredFiles} {
		for _, f := range list {
			if strings.HasSuffix(f, ".go") || strings.HasSuffix(f, ".s") {
				return filepath.Dir(f), nil
			}
		}
	}
	return "", fmt.Errorf("package %s: cannot determine its directory", p.PkgPath)
}
