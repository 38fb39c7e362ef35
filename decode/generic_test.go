package decode

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"
)

// TestGenericOverlay: the generic view of a package drops the files built
// for the architecture and adds those built only without it, keeping line
// numbers.
func TestGenericOverlay(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"a.go":         "package p\n",
		"a_amd64.go":   "package p\n\nfunc f()\n",
		"native.go":    "//go:build amd64 || arm64\n\npackage p\n\nfunc g()\n",
		"generic.go":   "//go:build !386 && !amd64 && !arm64\n\npackage p\n\nfunc g() {}\n",
		"purego.go":    "//go:build !amd64 || purego\n\npackage p\n\nfunc f() {}\n",
		"linux.go":     "//go:build linux\n\npackage p\n",
		"a_test.go":    "//go:build amd64\n\npackage p\n",
		"noasm_arm.go": "package p\n",
		"a_amd64.s":    "TEXT ·f(SB), 0, $0\n\tRET\n",
		"stub.s":       "//go:build amd64\n\nTEXT ·g(SB), 0, $0\n\tRET\n",
		"a_arm64.s":    "TEXT ·f(SB), 0, $0\n\tRET\n",
	}
	for name, src := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	p := &Package{Package: &packages.Package{PkgPath: "p", GoFiles: []string{filepath.Join(dir, "a.go")}}}
	ov, err := GenericOverlay([]*Package{p}, "amd64")
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for path, src := range ov {
		got[filepath.Base(path)] = src
	}
	if len(got) != 7 {
		t.Errorf("overlaid %d files, want 7: %v", len(got), got)
	}
	for _, name := range []string{"a_amd64.go", "native.go", "a_amd64.s", "stub.s"} {
		if !strings.HasPrefix(got[name], "//go:build ignore\n") {
			t.Errorf("the architecture's file %s is not ignored: %q", name, got[name])
		}
	}
	// Its assembly dropped, the package still compiles its bodyless
	// declarations (implemented through //go:linkname).
	if stub, ok := got[genericStub]; !ok || strings.Contains(stub, "TEXT") {
		t.Errorf("no empty assembly file in place of the dropped ones: %q", stub)
	}
	for _, name := range []string{"generic.go", "purego.go"} { // built only without the architecture's files
		if g := got[name]; !strings.HasPrefix(g, "//\n") || strings.Count(g, "\n") != strings.Count(files[name], "\n") {
			t.Errorf("%s: %q", name, g)
		}
	}
	for _, name := range []string{"linux.go", "a_test.go", "noasm_arm.go", "a.go", "a_arm64.s"} {
		if _, ok := got[name]; ok {
			t.Errorf("%s overlaid", name)
		}
	}
}
