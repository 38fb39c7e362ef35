package decode

import (
	"bytes"
	"context"
	"fmt"
	"go/build/constraint"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"golang.org/x/tools/go/packages"
)

// GenericTags are the build tags of the generic view (GenericOverlay): the
// packages that honour purego drop their assembly under it.
var GenericTags = []string{"purego"}

// knownArches are the GOARCH values a build constraint or a file name may
// name (go/build's list).
var knownArches = map[string]bool{
	"386": true, "amd64": true, "amd64p32": true, "arm": true, "armbe": true, "arm64": true, "arm64be": true,
	"loong64": true, "mips": true, "mipsle": true, "mips64": true, "mips64le": true, "mips64p32": true,
	"mips64p32le": true, "ppc": true, "ppc64": true, "ppc64le": true, "riscv": true, "riscv64": true,
	"s390": true, "s390x": true, "sparc": true, "sparc64": true, "wasm": true,
}

// GenericOverlay returns the overlay under which the packages are built as
// if the target architecture had no assembly for them: together with the
// tags GenericTags, each of their Go files whose build constraint names an
// architecture is evaluated with every architecture tag false (GOOS linux,
// and every release tag, still true); a file that this excludes but the
// target includes gets the constraint "ignore", and one that it includes
// but the target excludes loses its constraint line. Files named for an
// architecture (x_amd64.go, x_amd64.s) are ignored, and so are assembly
// files whose constraint the view excludes. Line numbers do not change, so
// positions in the overlaid files are those of the files on disk.
//
// This is how the spec side finds the Go function that a package builds in
// place of its assembly on other architectures (internal/bytealg's
// compare_generic.go: //go:build !386 && !amd64 && …). The kernels are
// never built under it. The view may not type-check (a package whose
// generic files expect another architecture's constants); the caller then
// falls back to GenericTags alone.
func GenericOverlay(pkgs []*Package, arch string) (Overlay, error) {
	ov := Overlay{}
	for _, p := range pkgs {
		dir, err := pkgDir(p.Package)
		if err != nil {
			return nil, err
		}
		entries, err := os.ReadDir(dir)
		if err != nil {
			return nil, fmt.Errorf("generic view of %s: %w", p.PkgPath, err)
		}
		dropped := false // an assembly file of the target is ignored
		for _, e := range entries {
			name := e.Name()
			// The assembly goes with the Go files it implements: a .s
			// file left in beside a generic .go file would define its
			// functions twice.
			if e.IsDir() || !(strings.HasSuffix(name, ".go") || strings.HasSuffix(name, ".s")) || strings.HasSuffix(name, "_test.go") {
				continue
			}
			path := filepath.Join(dir, name)
			src, err := os.ReadFile(path)
			if err != nil {
				return nil, fmt.Errorf("generic view of %s: %w", p.PkgPath, err)
			}
			if fileArch(name) != "" {
				if fileArch(name) == arch {
					ov[path] = ignored(src)
					dropped = dropped || strings.HasSuffix(name, ".s")
				}
				continue
			}
			expr, line := buildConstraint(src)
			if expr == nil || !namesArch(expr) {
				continue
			}
			target := expr.Eval(func(tag string) bool { return tagHolds(tag, arch, false) })
			generic := expr.Eval(func(tag string) bool { return tagHolds(tag, arch, true) })
			switch {
			case target && !generic:
				ov[path] = ignored(src)
				dropped = dropped || strings.HasSuffix(name, ".s")
			case !target && generic:
				ov[path] = string(bytes.Replace(src, line, []byte("//"), 1))
			}
		}
		// A function declared without a body (implemented elsewhere,
		// through //go:linkname) compiles only in a package with
		// assembly: an empty file stands in for what was dropped.
		if dropped {
			ov[filepath.Join(dir, genericStub)] = "// The generic view's stand-in for the package's assembly.\n"
		}
	}
	return ov, nil
}

// genericStub names the empty assembly file the generic view adds to a
// package whose assembly it drops.
const genericStub = "vg_generic_view.s"

// fileArch is the architecture a file name's suffix restricts it to.
func fileArch(name string) string {
	base := strings.TrimSuffix(strings.TrimSuffix(name, ".go"), ".s")
	parts := strings.Split(base, "_")
	if len(parts) < 2 {
		return ""
	}
	last := parts[len(parts)-1]
	if knownArches[last] {
		return last
	}
	return ""
}

// tagHolds evaluates one build tag on linux/arch, or, for the generic
// view, with every architecture tag false and purego set.
func tagHolds(tag, arch string, generic bool) bool {
	switch {
	case knownArches[tag]:
		return !generic && tag == arch
	case tag == "linux", tag == "unix", tag == "gc":
		return true
	case tag == "purego":
		return generic
	case strings.HasPrefix(tag, "go1."):
		return true
	}
	return false
}

func namesArch(e constraint.Expr) bool {
	switch e := e.(type) {
	case *constraint.TagExpr:
		return knownArches[e.Tag]
	case *constraint.NotExpr:
		return namesArch(e.X)
	case *constraint.AndExpr:
		return namesArch(e.X) || namesArch(e.Y)
	case *constraint.OrExpr:
		return namesArch(e.X) || namesArch(e.Y)
	}
	return false
}

var buildLine = regexp.MustCompile(`(?m)^//go:build .*$`)

// buildConstraint finds a file's //go:build line (in the header, before
// the package clause) and parses it.
func buildConstraint(src []byte) (constraint.Expr, []byte) {
	header := src
	if i := bytes.Index(src, []byte("\npackage ")); i >= 0 {
		header = src[:i]
	}
	line := buildLine.Find(header)
	if line == nil {
		return nil, nil
	}
	e, err := constraint.Parse(string(line))
	if err != nil {
		return nil, nil
	}
	return e, line
}

// ignored is src with the build constraint "ignore", in place of its own
// or before its first line (shifting the lines of a file no build reads
// does not matter).
func ignored(src []byte) string {
	repl := []byte("//go:build ignore")
	if _, line := buildConstraint(src); line != nil {
		return string(bytes.Replace(src, line, repl, 1))
	}
	return string(repl) + "\n\n" + string(src)
}

// GenericView is the packages as built without their assembly
// (GenericOverlay), for finding and loading the Go code they use in its
// place.
type GenericView struct {
	Tags    []string
	Overlay Overlay // nil when the architecture-neutral view did not type-check
	// Pkgs are the type-checked packages by import path.
	Pkgs map[string]*Package
	// Note says why Overlay is nil, if it is.
	Note string
}

// LoadGeneric loads pkgs under the generic view: GenericTags and
// GenericOverlay, or, when a package does not type-check under the
// overlay, GenericTags alone.
func LoadGeneric(ctx context.Context, cfg Config, pkgs []*Package) (*GenericView, error) {
	arch, err := cfg.arch()
	if err != nil {
		return nil, err
	}
	ov, err := GenericOverlay(pkgs, arch)
	if err != nil {
		return nil, err
	}
	var paths []string
	for _, p := range pkgs {
		paths = append(paths, p.PkgPath)
	}
	v := &GenericView{Tags: append(append([]string(nil), cfg.Tags...), GenericTags...), Overlay: ov}
	gcfg := cfg
	gcfg.Tags = v.Tags
	v.Pkgs, err = loadView(ctx, gcfg, arch, ov, paths)
	if err != nil {
		v.Note = "the view without the architecture's files does not type-check: " + err.Error()
		v.Overlay = nil
		if v.Pkgs, err = loadView(ctx, gcfg, arch, nil, paths); err != nil {
			return nil, fmt.Errorf("generic view: %w", err)
		}
	}
	return v, nil
}

func loadView(ctx context.Context, cfg Config, arch string, ov Overlay, paths []string) (map[string]*Package, error) {
	pc := &packages.Config{
		Mode:       loadMode,
		Context:    ctx,
		Dir:        cfg.dir(),
		Env:        cfg.env(arch),
		BuildFlags: cfg.buildFlags(),
	}
	if len(ov) > 0 {
		pc.Overlay = map[string][]byte{}
		for k, v := range ov {
			pc.Overlay[k] = []byte(v)
		}
	}
	lps, err := packages.Load(pc, paths...)
	if err != nil {
		return nil, err
	}
	out := map[string]*Package{}
	for _, lp := range lps {
		if err := pkgErrors(lp); err != nil {
			return nil, err
		}
		out[lp.PkgPath] = &Package{Package: lp}
	}
	return out, nil
}
