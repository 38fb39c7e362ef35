package decode

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/packages"
)

// The go command refuses overlays for files beneath GOMODCACHE, so a
// package of a dependency module cannot get the keep file (or a replay
// test) directly. A redirect builds it through a symlink to the module's
// directory, named by a replace directive in a temporary copy of the main
// go.mod (-modfile). Import paths, and so symbol names, are unchanged.
type redirect struct {
	flags    []string // go command flags selecting the temporary go.mod
	from, to string   // module directory in the cache and its symlink
}

// toLink maps a path in the module cache to the symlinked tree.
func (r *redirect) toLink(path string) string {
	if r == nil {
		return path
	}
	if rel, ok := under(path, r.from); ok {
		return filepath.Join(r.to, rel)
	}
	return path
}

// fromLink maps a path in the symlinked tree back to the module cache.
func (r *redirect) fromLink(path string) string {
	if r == nil {
		return path
	}
	if rel, ok := under(path, r.to); ok {
		return filepath.Join(r.from, rel)
	}
	return path
}

// under reports whether path is dir or beneath it, and the relative path.
func under(path, dir string) (string, bool) {
	if dir == "" {
		return "", false
	}
	if path == dir {
		return ".", true
	}
	if strings.HasPrefix(path, dir+string(filepath.Separator)) {
		return path[len(dir)+1:], true
	}
	return "", false
}

// goEnv returns the values of go env variables for the target.
func goEnv(ctx context.Context, cfg Config, arch string, names ...string) ([]string, error) {
	out, err := runGo(ctx, cfg, arch, append([]string{"env"}, names...))
	if err != nil {
		return nil, err
	}
	vals := strings.Split(out, "\n") // one line per name, then ""
	if len(vals) != len(names)+1 {
		return nil, fmt.Errorf("go env %s: unexpected output %q", strings.Join(names, " "), out)
	}
	return vals[:len(names)], nil
}

// newRedirect returns the redirect needed to build the package in dir of
// module mod with overlays, or nil if none is needed. Temporary files go
// to tmp.
func newRedirect(ctx context.Context, cfg Config, arch, tmp, dir string, mod *packages.Module) (*redirect, error) {
	if mod == nil || mod.Main || mod.Dir == "" {
		return nil, nil
	}
	env, err := goEnv(ctx, cfg, arch, "GOMODCACHE", "GOMOD", "GOWORK")
	if err != nil {
		return nil, err
	}
	cache, gomod, gowork := env[0], env[1], env[2]
	if _, ok := under(dir, filepath.Clean(cache)); !ok {
		return nil, nil
	}
	if gowork != "" && gowork != "off" {
		return nil, fmt.Errorf("package in %s: building module cache packages is not supported in workspace mode (GOWORK=%s)", dir, gowork)
	}
	if gomod == "" || gomod == os.DevNull {
		return nil, fmt.Errorf("package in %s: building module cache packages needs a main module", dir)
	}
	modDir := mod.Dir
	if _, ok := under(dir, modDir); !ok {
		return nil, fmt.Errorf("package directory %s is not in its module directory %s", dir, modDir)
	}
	link := filepath.Join(tmp, "modlink")
	if err := os.Symlink(modDir, link); err != nil {
		return nil, err
	}
	tmpMod := filepath.Join(tmp, "go.mod")
	if err := copyFile(gomod, tmpMod); err != nil {
		return nil, err
	}
	sum := strings.TrimSuffix(gomod, ".mod") + ".sum"
	if _, err := os.Stat(sum); err == nil {
		if err := copyFile(sum, filepath.Join(tmp, "go.sum")); err != nil {
			return nil, err
		}
	}
	old := mod.Path
	if mod.Version != "" {
		old += "@" + mod.Version
	}
	if _, err := runGo(ctx, cfg, arch, []string{"mod", "edit", "-replace=" + old + "=" + link, tmpMod}); err != nil {
		return nil, err
	}
	return &redirect{flags: []string{"-modfile=" + tmpMod}, from: modDir, to: link}, nil
}

func copyFile(from, to string) error {
	data, err := os.ReadFile(from)
	if err != nil {
		return err
	}
	return os.WriteFile(to, data, 0o644)
}

// listPackage returns the directory and module of the package importPath.
func listPackage(ctx context.Context, cfg Config, arch, importPath string) (string, *packages.Module, error) {
	args := []string{"list", "-json=ImportPath,Dir,Module,Error"}
	args = append(args, cfg.buildFlags()...)
	out, err := runGo(ctx, cfg, arch, append(args, "--", importPath))
	if err != nil {
		return "", nil, err
	}
	var p struct {
		Dir    string
		Module *packages.Module
		Error  *struct{ Err string }
	}
	dec := json.NewDecoder(strings.NewReader(out))
	if err := dec.Decode(&p); err != nil {
		return "", nil, fmt.Errorf("go list %s: %w", importPath, err)
	}
	if dec.More() {
		return "", nil, fmt.Errorf("%s matches several packages", importPath)
	}
	if p.Error != nil {
		return "", nil, fmt.Errorf("go list %s: %s", importPath, p.Error.Err)
	}
	return p.Dir, p.Module, nil
}

// Level is the architecture level the go command builds for cfg's target,
// as its environment variable says it: "GOAMD64=v1", "GOARM64=v8.0". An
// assembly file may test it (#ifdef GOAMD64_v3), so a proof holds for its
// level only.
func Level(ctx context.Context, cfg Config) (string, error) {
	arch, err := cfg.arch()
	if err != nil {
		return "", err
	}
	name := map[string]string{"amd64": "GOAMD64", "arm64": "GOARM64"}[arch]
	vals, err := goEnv(ctx, cfg, arch, name)
	if err != nil {
		return "", err
	}
	return name + "=" + vals[0], nil
}
