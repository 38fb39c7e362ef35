package decode

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
)

// Overlay maps absolute file paths to file contents that replace (or add)
// files for the go command without touching the disk. An empty string
// content is an empty file, not a deletion.
type Overlay map[string]string

// goFiles is the overlay's Go files as go/packages takes them (nil when
// none): Load reads declarations and directives; assembly reaches the
// assembler in Build, which reports its errors (AsmError).
func (o Overlay) goFiles() map[string][]byte {
	var m map[string][]byte
	for k, v := range o {
		if strings.HasSuffix(k, ".go") {
			if m == nil {
				m = map[string][]byte{}
			}
			m[k] = []byte(v)
		}
	}
	return m
}

// keepFile is the overlay test file Build adds to each package.
const keepFile = "zz_vgkeep_test.go"

// Program is the result of Build: the assembly functions of the loaded
// packages, each decoded from the binary built for its package.
type Program struct {
	Arch string
	// Binaries holds one binary per built package, in package order.
	Binaries []*Binary

	funcs map[string]*Func // by qualified name
	errs  map[string]error // decoding errors by qualified name
	names []string         // all assembly functions, sorted
}

// Names returns the qualified names (importpath.Name) of the assembly
// functions of the built packages, sorted.
func (p *Program) Names() []string { return slices.Clone(p.names) }

// Func returns the function with the qualified name importpath.Name. For
// an assembly function of the built packages this is its decoded ABI0
// body, or the error (wrapping ErrUndecodable) that decoding it gave. Any
// other function is decoded on demand from the first binary that has it.
func (p *Program) Func(name string) (*Func, error) {
	if f, ok := p.funcs[name]; ok {
		return f, nil
	}
	if err, ok := p.errs[name]; ok {
		return nil, err
	}
	for _, b := range p.Binaries {
		f, err := b.Func(name)
		if errors.Is(err, ErrNotFound) {
			continue
		}
		return f, err
	}
	return nil, fmt.Errorf("decode %s: %w", name, ErrNotFound)
}

// Build builds, for each package with assembly functions, a test binary
// for cfg's target that keeps all of them alive, and decodes them. The
// package's own _test.go files are left out of the build (they are not
// needed and may be slow or broken); the overlay adds zz_vgkeep_test.go
// referencing every assembly function, plus the files of extra.
// Packages without assembly functions are skipped. A function that does
// not decode does not fail the build: Program.Func reports its error.
// Files on disk are
// never modified; packages in the module cache, where the go command
// refuses overlays, are built through a symlink named by a replace
// directive in a temporary copy of go.mod (not in workspace mode).
func Build(ctx context.Context, cfg Config, pkgs []*Package, extra Overlay) (*Program, error) {
	arch, err := cfg.arch()
	if err != nil {
		return nil, fmt.Errorf("build: %w", err)
	}
	tmp, err := os.MkdirTemp("", "vgbuild")
	if err != nil {
		return nil, fmt.Errorf("build: %w", err)
	}
	defer os.RemoveAll(tmp)

	prog := &Program{Arch: arch, funcs: map[string]*Func{}, errs: map[string]error{}}
	var todo []*Package
	for _, p := range pkgs {
		if len(p.AsmFuncs) > 0 {
			todo = append(todo, p)
		}
	}
	bins := make([]*Binary, len(todo))
	errs := make([]error, len(todo))
	sem := make(chan struct{}, max(1, min(4, runtime.GOMAXPROCS(0)/2)))
	var wg sync.WaitGroup
	for i, p := range todo {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			bins[i], errs[i] = buildPackage(ctx, cfg, arch, filepath.Join(tmp, fmt.Sprint(i)), p, extra)
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	for i, p := range todo {
		b := bins[i]
		prog.Binaries = append(prog.Binaries, b)
		for _, af := range p.AsmFuncs {
			name := p.QualifiedName(af)
			prog.names = append(prog.names, name)
			f, err := b.Func(name)
			switch {
			case errors.Is(err, ErrNotFound):
				return nil, fmt.Errorf("build %s: assembly function %s: %w", p.PkgPath, af.Name, err)
			case err != nil:
				prog.errs[name] = err
			default:
				f.Name = name
				prog.funcs[name] = f
			}
		}
	}
	sort.Strings(prog.names)
	return prog, nil
}

// buildPackage runs go test -c for one package in its own directory dir.
func buildPackage(ctx context.Context, cfg Config, arch, dir string, p *Package, extra Overlay) (*Binary, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("build %s: %w", p.PkgPath, err)
	}
	pdir, err := pkgDir(p.Package)
	if err != nil {
		return nil, fmt.Errorf("build: %w", err)
	}
	rd, err := newRedirect(ctx, cfg, arch, dir, pdir, p.Module)
	if err != nil {
		return nil, fmt.Errorf("build %s: %w", p.PkgPath, err)
	}
	files := Overlay{}
	// Leave the package's own tests out: deleted in the overlay.
	ents, err := os.ReadDir(pdir)
	if err != nil {
		return nil, fmt.Errorf("build %s: %w", p.PkgPath, err)
	}
	deleted := map[string]bool{}
	for _, e := range ents {
		if !e.IsDir() && strings.HasSuffix(e.Name(), "_test.go") {
			deleted[rd.toLink(filepath.Join(pdir, e.Name()))] = true
		}
	}
	files[rd.toLink(filepath.Join(pdir, keepFile))] = keepSource(p)
	for k, v := range extra {
		files[rd.toLink(k)] = v
	}
	ovl, backing, err := writeOverlay(dir, files, deleted)
	if err != nil {
		return nil, fmt.Errorf("build %s: %w", p.PkgPath, err)
	}
	out := filepath.Join(dir, "pkg.test")
	args := []string{"test", "-c", "-o", out, "-overlay", ovl}
	if rd != nil {
		args = append(args, rd.flags...)
	}
	args = append(args, cfg.buildFlags()...)
	args = append(args, p.PkgPath)
	if _, err := runGo(ctx, cfg, arch, args); err != nil {
		if d, ok := asmDiag(err.Error(), backing); ok {
			return nil, &AsmError{Pkg: p.PkgPath, Diag: d, Err: err}
		}
		return nil, fmt.Errorf("build %s: %w", p.PkgPath, err)
	}
	b, err := OpenBinary(out)
	if err != nil {
		return nil, fmt.Errorf("build %s: %w", p.PkgPath, err)
	}
	if b.Arch != arch {
		return nil, fmt.Errorf("build %s: binary is %s, want %s", p.PkgPath, b.Arch, arch)
	}
	b.ImportPath = p.PkgPath
	if rd != nil {
		b.srcPath = rd.fromLink
	}
	b.relink = func(ctx context.Context, ldflags string) (*Binary, error) {
		dir, err := os.MkdirTemp("", "vgrelink")
		if err != nil {
			return nil, err
		}
		defer os.RemoveAll(dir)
		c := cfg
		c.LDFlags = strings.TrimSpace(c.LDFlags + " " + ldflags)
		return buildPackage(ctx, c, arch, dir, p, extra)
	}
	return b, nil
}

// keepSource returns the keep file for p: an init function storing every
// assembly function in a package variable, so the linker keeps them.
func keepSource(p *Package) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "// Code generated by vg (decode.Build); DO NOT EDIT.\n\npackage %s\n\n", p.Name)
	sb.WriteString("var zzVGKeep []interface{}\n\nfunc init() {\n\tzzVGKeep = []interface{}{\n")
	for _, f := range p.AsmFuncs {
		fmt.Fprintf(&sb, "\t\t%s,\n", f.Name)
	}
	sb.WriteString("\t}\n}\n")
	return sb.String()
}

// writeOverlay writes the files' contents under dir and the overlay JSON
// for the go command, returning its path and, for each backing file, the
// path it replaces (the go command's messages name backing files).
func writeOverlay(dir string, files Overlay, deleted map[string]bool) (string, map[string]string, error) {
	repl := map[string]string{}
	for path := range deleted {
		repl[path] = ""
	}
	paths := make([]string, 0, len(files))
	for path := range files {
		paths = append(paths, path)
	}
	sort.Strings(paths)
	orig := map[string]string{}
	for i, path := range paths {
		if !filepath.IsAbs(path) {
			return "", nil, fmt.Errorf("overlay path %q is not absolute", path)
		}
		backing := filepath.Join(dir, fmt.Sprintf("ovl%d_%s", i, filepath.Base(path)))
		if err := os.WriteFile(backing, []byte(files[path]), 0o644); err != nil {
			return "", nil, err
		}
		repl[path] = backing
		orig[backing] = path
	}
	js, err := json.Marshal(struct{ Replace map[string]string }{repl})
	if err != nil {
		return "", nil, err
	}
	ovl := filepath.Join(dir, "overlay.json")
	return ovl, orig, os.WriteFile(ovl, js, 0o644)
}

// RunTest runs go test -v -run runRegexp for the package importPath with
// the overlay files added, returning the test output (stdout; with -v, a
// passing test's output too). For a target
// architecture other than the host's, the test binary runs under
// qemu-aarch64 (arm64 only), which must be installed. On failure the
// output is returned together with the error; a binary that runs longer
// than cfg.TestTimeout panics with "test timed out".
func RunTest(ctx context.Context, cfg Config, importPath string, overlay Overlay, runRegexp string) (string, error) {
	arch, err := cfg.arch()
	if err != nil {
		return "", fmt.Errorf("run test: %w", err)
	}
	tmp, err := os.MkdirTemp("", "vgtest")
	if err != nil {
		return "", fmt.Errorf("run test: %w", err)
	}
	defer os.RemoveAll(tmp)
	args := []string{"test", "-count=1", "-v", "-run", runRegexp}
	if cfg.TestTimeout > 0 {
		args = append(args, "-timeout", cfg.TestTimeout.String())
	}
	if len(overlay) > 0 {
		dir, mod, err := listPackage(ctx, cfg, arch, importPath)
		if err != nil {
			return "", fmt.Errorf("run test: %w", err)
		}
		rd, err := newRedirect(ctx, cfg, arch, tmp, dir, mod)
		if err != nil {
			return "", fmt.Errorf("run test %s: %w", importPath, err)
		}
		files := Overlay{}
		for k, v := range overlay {
			files[rd.toLink(k)] = v
		}
		ovl, _, err := writeOverlay(tmp, files, nil)
		if err != nil {
			return "", fmt.Errorf("run test %s: %w", importPath, err)
		}
		args = append(args, "-overlay", ovl)
		if rd != nil {
			args = append(args, rd.flags...)
		}
	}
	if arch != runtime.GOARCH || runtime.GOOS != "linux" {
		if arch != "arm64" || runtime.GOOS != "linux" {
			return "", fmt.Errorf("run test %s: cannot run %s tests on %s/%s", importPath, arch, runtime.GOOS, runtime.GOARCH)
		}
		qemu, err := exec.LookPath("qemu-aarch64")
		if err != nil {
			return "", fmt.Errorf("run test %s: arm64 tests need qemu-aarch64 on PATH (e.g. apt install qemu-user): %w", importPath, err)
		}
		args = append(args, "-exec", qemu)
	}
	args = append(args, cfg.buildFlags()...)
	args = append(args, importPath)
	out, err := runGo(ctx, cfg, arch, args)
	if err != nil {
		return out, fmt.Errorf("run test %s: %w", importPath, err)
	}
	return out, nil
}

// runGo runs the go command for the target and returns its stdout. On
// failure the error holds a compact excerpt of stderr and stdout.
func runGo(ctx context.Context, cfg Config, arch string, args []string) (string, error) {
	cmd := exec.CommandContext(ctx, "go", args...)
	cmd.Dir = cfg.dir()
	cmd.Env = cfg.env(arch)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	if err == nil {
		return stdout.String(), nil
	}
	if ctx.Err() != nil {
		return stdout.String(), fmt.Errorf("go %s: %w", args[0], ctx.Err())
	}
	msg := compact(stderr.String())
	if o := compact(stdout.String()); o != "" {
		msg = strings.TrimSpace(msg + "\n" + o)
	}
	return stdout.String(), fmt.Errorf("go %s failed: %v\n%s", args[0], err, msg)
}

// compact trims output to its first lines.
func compact(s string) string {
	const maxLines = 30
	lines := strings.Split(strings.TrimSpace(s), "\n")
	if len(lines) > maxLines {
		n := len(lines) - maxLines
		lines = append(lines[:maxLines], fmt.Sprintf("... (%d more lines)", n))
	}
	for i, l := range lines {
		lines[i] = "\t" + l
	}
	if len(lines) == 1 && lines[0] == "\t" {
		return ""
	}
	return strings.Join(lines, "\n")
}
