//go:build cgo

package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestAdoption follows the README's "Adopting vgcheck" word for word on
// this machine, outside the repository: it clones a snapshot of the work
// tree, installs vgcheck from the clone (the module proxy off: nothing
// fetches vg.dev), makes a new module from examples/u128 and proves its
// kernel, breaks the kernel and gets a refutation whose printed regression
// test, pasted into the package, fails (quietly, under its kernel's name),
// runs the README's go test form, writes and checks records, runs the
// copied gate for amd64 and arm64 (which has no assembly there: a note,
// exit 0) and sees it fail on a changed kernel; and shows that a module
// importing the adopter's costs nothing, while one importing vgtest would.
func TestAdoption(t *testing.T) {
	if testing.Short() {
		t.Skip("installs vgcheck from a clone (-short)")
	}
	for _, tool := range []string{"git", "bash", "gcc"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Fatalf("the README's recipe needs %s: %v", tool, err)
		}
	}
	if out, err := exec.Command("dpkg", "-s", "libz3-dev", "gcc", "git").CombinedOutput(); err != nil {
		t.Fatalf("the README's packages are not installed (apt-get install -y libz3-dev gcc git): %v\n%s", err, out)
	}
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	blocks := adoptBlocks(t, string(readme))

	tmp := t.TempDir()
	a := newAdopter(t, tmp)
	// Each step is a subtest; a step that fails ends the test.
	step := func(name string, f func(t *testing.T)) {
		if !t.Run(name, f) {
			t.FailNow()
		}
	}
	mod := filepath.Join(a.home, "u128")
	asm := filepath.Join(mod, "u128_amd64.s")
	var good []byte

	step("install", func(t *testing.T) {
		out := a.sh(t, blocks["install"], 0)
		if !regexp.MustCompile(`vgcheck \d+\.\d+\.\d+ \(go1[^;]*; Z3 \d`).MatchString(out) {
			t.Errorf("vgcheck version after the install: %q", out)
		}
		if !strings.Contains(a.pwd, filepath.Join(a.home, "vg")) && a.pwd != a.start {
			t.Errorf("the install block left the shell in %s", a.pwd)
		}
		if _, err := os.Stat(filepath.Join(tmp, "gopath", "bin", "vgcheck")); err != nil {
			t.Fatalf("go install put no vgcheck in GOPATH/bin: %v", err)
		}
	})

	step("example", func(t *testing.T) {
		out := a.sh(t, blocks["example"], 0)
		if !strings.Contains(out, "PROVED   example.com/u128.addAsm ≡ example.com/u128.add") || !strings.Contains(out, "1 obligations: 1 proved") {
			t.Errorf("the example does not prove:\n%s", out)
		}
		if a.pwd != mod {
			t.Fatalf("the example block left the shell in %s, not %s", a.pwd, mod)
		}
	})

	// A broken kernel is refuted, at its .s line; its regression test,
	// pasted, fails quietly; so does the README's go test form.
	step("refutation", func(t *testing.T) {
		var err error
		if good, err = os.ReadFile(asm); err != nil {
			t.Fatal(err)
		}
		bad := strings.Replace(string(good), "ADCQ 8(DI), DX", "ADDQ 8(DI), DX", 1)
		if bad == string(good) {
			t.Fatal("u128_amd64.s has no ADCQ 8(DI), DX to break")
		}
		writeFile(t, asm, bad)
		out := a.sh(t, "vgcheck prove ./...", 1)
		for _, want := range []string{"REFUTED  example.com/u128.addAsm", "at u128_amd64.s:4 (stub u128_amd64.go:9)", "confirmed on the real kernel", "regression test:"} {
			if !strings.Contains(out, want) {
				t.Errorf("the refutation does not say %q:\n%s", want, out)
			}
		}
		test := regressionTest(out)
		saveAs := regexp.MustCompile(`Save it as (\S+_test\.go) in the kernel's package`).FindStringSubmatch(test)
		if saveAs == nil || saveAs[1] != "vg_addAsm_amd64_test.go" {
			t.Fatalf("the regression test does not say where to save it:\n%s", test)
		}
		writeFile(t, filepath.Join(mod, saveAs[1]), test)
		writeFile(t, filepath.Join(mod, "proofs_test.go"), "package u128\n\nimport (\n\t\"os/exec\"\n\t\"testing\"\n)\n\n"+blocks["gotest"])
		out = a.sh(t, "go test -count=1 -v .", 1)
		for _, want := range []string{"--- FAIL: TestVGCounterexample_addAsm", "--- FAIL: TestProofs", "REFUTED  example.com/u128.addAsm"} {
			if !strings.Contains(out, want) {
				t.Errorf("go test with the broken kernel does not say %q:\n%s", want, out)
			}
		}
		if regexp.MustCompile(`(?m)^\s*VGREPLAY`).MatchString(out) {
			t.Errorf("the pasted regression test is not quiet:\n%s", out)
		}
		writeFile(t, asm, string(good))
		if err := os.Remove(filepath.Join(mod, saveAs[1])); err != nil {
			t.Fatal(err)
		}
		out = a.sh(t, "go test -count=1 -v -run TestProofs .", 0)
		if !strings.Contains(out, "--- PASS: TestProofs") {
			t.Errorf("TestProofs does not pass with the kernel fixed:\n%s", out)
		}
	})

	step("records", func(t *testing.T) {
		a.sh(t, blocks["records"], 0)
		if _, err := os.Stat(filepath.Join(mod, "proofs", "amd64", "example.com_u128.addAsm.json")); err != nil {
			t.Errorf("no record written: %v", err)
		}
	})

	// The gate, for both architectures; then a changed kernel fails it.
	step("gate", func(t *testing.T) {
		out := a.sh(t, blocks["gate"], 0)
		if !strings.Contains(out, "note: no obligations for arm64 in ./... (no assembly functions)") {
			t.Errorf("the arm64 gate does not say why it passes:\n%s", out)
		}
		writeFile(t, asm, strings.Replace(string(good), "\tMOVQ a+8(FP), SI\n\tMOVQ b+16(FP), DI\n", "\tMOVQ b+16(FP), DI\n\tMOVQ a+8(FP), SI\n", 1))
		out = a.sh(t, "ci/gate", 1)
		if !strings.Contains(out, "stale or failing record: example.com/u128.addAsm") {
			t.Errorf("the gate does not name the changed kernel:\n%s", out)
		}
		writeFile(t, asm, string(good))
	})

	step("workflow", func(t *testing.T) {
		wf, err := os.ReadFile("ci/workflow.example.yml")
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range strings.Split(blocks["install"], "\n") {
			if strings.HasPrefix(l, "git clone") || strings.Contains(l, "go install") {
				l, _, _ = strings.Cut(l, " && cd -")
				if !strings.Contains(string(wf), l) {
					t.Errorf("ci/workflow.example.yml does not install as the README does: no %q", l)
				}
			}
		}

	})

	// A module importing the adopter's needs nothing of vg; one importing
	// a module whose test imports vgtest breaks.
	step("downstream", func(t *testing.T) {
		gomod, _ := os.ReadFile(filepath.Join(mod, "go.mod"))
		if strings.Contains(string(gomod), "vg.dev") {
			t.Errorf("the adopter's go.mod mentions vg.dev:\n%s", gomod)
		}
		app := filepath.Join(a.home, "app")
		if err := os.MkdirAll(app, 0o755); err != nil {
			t.Fatal(err)
		}
		writeFile(t, filepath.Join(app, "main.go"), "package main\n\nimport \"example.com/u128\"\n\nfunc main() {\n\tvar a, b, out u128.Uint128\n\tu128.Add(&out, &a, &b)\n}\n")
		a.pwd = app
		a.sh(t, "go mod init example.com/app && go mod edit -require example.com/u128@v0.0.0 -replace example.com/u128=../u128 && go mod tidy && go list -m all && go build ./...", 0)
		// The same with a test in the adopter's module importing vgtest: every
		// module that imports it breaks.
		writeFile(t, filepath.Join(mod, "vgtest_test.go"), "package u128\n\nimport (\n\t\"testing\"\n\n\t\"vg.dev/vgtest\"\n)\n\nfunc TestVG(t *testing.T) { vgtest.Prove(t, \".\") }\n")
		a.pwd = mod
		a.sh(t, `go mod edit -replace vg.dev="$HOME/vg" && go mod tidy`, 0)
		a.pwd = app
		out := a.sh(t, "go mod tidy", 1)
		if !strings.Contains(out, "vg.dev") {
			t.Errorf("go mod tidy downstream of a vgtest import fails, but not for vg.dev:\n%s", out)
		}
	})
}

// adoptBlocks are the README's code blocks marked <!-- adopt: NAME -->,
// unindented.
func adoptBlocks(t *testing.T, readme string) map[string]string {
	t.Helper()
	re := regexp.MustCompile("(?m)^([ \t]*)<!-- adopt: (\\w+) -->\n[ \t]*```\\w*\n((?s:.*?))\n[ \t]*```")
	blocks := map[string]string{}
	for _, m := range re.FindAllStringSubmatch(readme, -1) {
		var lines []string
		for _, l := range strings.Split(m[3], "\n") {
			lines = append(lines, strings.TrimPrefix(l, m[1]))
		}
		blocks[m[2]] = strings.Join(lines, "\n") + "\n"
	}
	for _, name := range []string{"install", "example", "gotest", "records", "gate"} {
		if blocks[name] == "" {
			t.Fatalf("README.md has no <!-- adopt: %s --> block", name)
		}
	}
	return blocks
}

// adopter is a shell session on a fresh account: its own HOME and GOPATH
// (the module and build caches shared, the module proxy off), the work
// tree's snapshot as VG_REPO, and the directory and PATH carried from one
// block to the next.
type adopter struct {
	home, start, pwd, path string
	env                    []string
}

func newAdopter(t *testing.T, tmp string) *adopter {
	t.Helper()
	a := &adopter{home: filepath.Join(tmp, "home")}
	a.start = a.home
	a.pwd = a.home
	src := filepath.Join(tmp, "vg-src")
	snapshot(t, src)
	for _, d := range []string{a.home, filepath.Join(tmp, "gopath")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	goenv := func(k string) string {
		out, err := exec.Command("go", "env", k).Output()
		if err != nil {
			t.Fatal(err)
		}
		return strings.TrimSpace(string(out))
	}
	modcache, cache := goenv("GOMODCACHE"), goenv("GOCACHE")
	// The adopter's go mod tidy runs with the proxy off and reads the
	// whole module graph (tests of dependencies too: x/tools needs
	// go-cmp), so the shared cache must hold it; on a fresh machine only
	// what vg builds with is there: download the whole module graph.
	if out, err := exec.Command("go", "mod", "download", "all").CombinedOutput(); err != nil {
		t.Fatalf("go mod download: %v\n%s", err, out)
	}
	realBin := filepath.Join(goenv("GOPATH"), "bin")
	var path []string
	for _, p := range filepath.SplitList(os.Getenv("PATH")) {
		if p != realBin { // an installed vgcheck must not stand in
			path = append(path, p)
		}
	}
	a.path = strings.Join(path, string(filepath.ListSeparator))
	for _, kv := range os.Environ() {
		k, _, _ := strings.Cut(kv, "=")
		switch k {
		case "HOME", "PATH", "GOPATH", "GOMODCACHE", "GOCACHE", "GOPROXY", "GOSUMDB", "GOBIN", "VG_REPO", "VGCHECK", "PWD", "OLDPWD", "GOWORK":
			continue
		}
		a.env = append(a.env, kv)
	}
	a.env = append(a.env, "HOME="+a.home, "VG_REPO="+src, "GOPATH="+filepath.Join(tmp, "gopath"), "GOMODCACHE="+modcache,
		"GOCACHE="+cache, "GOPROXY=off", "GOWORK=off", "GOTOOLCHAIN=local",
		// Offline, go mod tidy would ask the checksum database for the
		// downstream module's new go.sum lines and fail on a machine that
		// has never cached them; the modules all come from this module
		// cache, which vg's own go.sum has already verified.
		"GOSUMDB=off")
	return a
}

// sh runs script in bash (set -e) in the session and wants exit status
// want; it returns stdout and stderr together.
func (a *adopter) sh(t *testing.T, script string, want int) string {
	t.Helper()
	state := filepath.Join(a.home, ".adopt-state")
	full := "set -euo pipefail\ntrap 'pwd > " + state + ".pwd; printf %s \"$PATH\" > " + state + ".path' EXIT\n" + script
	cmd := exec.Command("bash", "-c", full)
	cmd.Dir = a.pwd
	cmd.Env = append(append([]string(nil), a.env...), "PATH="+a.path, "PWD="+a.pwd)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("%s: %v", script, err)
	}
	if code != want {
		t.Fatalf("exit %d, want %d:\n%s\n---\n%s", code, want, script, out.String())
	}
	if b, err := os.ReadFile(state + ".pwd"); err == nil {
		a.pwd = strings.TrimSpace(string(b))
	}
	if b, err := os.ReadFile(state + ".path"); err == nil {
		a.path = string(b)
	}
	return out.String()
}

// snapshot makes dir a git repository holding the work tree as it is
// (tracked and untracked files that git does not ignore), so that the
// test adopts what is being tested, committed or not.
func snapshot(t *testing.T, dir string) {
	t.Helper()
	root, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	list, err := exec.Command("git", "-C", root, "ls-files", "-co", "--exclude-standard", "-z").Output()
	if err != nil {
		t.Fatalf("git ls-files: %v", err)
	}
	for _, f := range strings.Split(strings.TrimRight(string(list), "\x00"), "\x00") {
		data, err := os.ReadFile(filepath.Join(root, f))
		if err != nil {
			continue // deleted in the work tree
		}
		info, _ := os.Stat(filepath.Join(root, f))
		dst := filepath.Join(dir, f)
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(dst, data, info.Mode().Perm()); err != nil {
			t.Fatal(err)
		}
	}
	for _, args := range [][]string{{"init", "-q"}, {"add", "-A"}, {"-c", "user.name=vg", "-c", "user.email=vg@example.com", "commit", "-q", "-m", "snapshot"}} {
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %s: %v\n%s", args[0], err, out)
		}
	}
}

// regressionTest is the regression test of a text report, unindented.
func regressionTest(report string) string {
	_, after, ok := strings.Cut(report, "    regression test:\n")
	if !ok {
		return ""
	}
	var lines []string
	for _, l := range strings.Split(after, "\n") {
		if !strings.HasPrefix(l, "\t") && l != "" {
			break
		}
		lines = append(lines, strings.TrimPrefix(l, "\t"))
	}
	return strings.Join(lines, "\n")
}

func writeFile(t *testing.T, path, s string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
}
