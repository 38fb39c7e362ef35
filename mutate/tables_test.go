package mutate

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"testing"
)

// assemble runs the Go assembler for arch on a function made of lines.
func assemble(t *testing.T, arch string, lines []string) error {
	t.Helper()
	src := "TEXT ·f(SB), 0, $0-0\n\t" + strings.Join(lines, "\n\t") + "\n\tRET\n"
	return assembleFile(t, arch, t.TempDir(), src)
}

// assembleFile runs the Go assembler for arch on src, written to a file
// in dir (where its relative #includes are found).
func assembleFile(t *testing.T, arch, dir, src string) error {
	t.Helper()
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command")
	}
	f, err := os.CreateTemp(dir, "asm*.s")
	if err != nil {
		t.Fatal(err)
	}
	defer os.Remove(f.Name())
	if _, err := f.WriteString(src); err != nil {
		t.Fatal(err)
	}
	f.Close()
	cmd := exec.Command("go", "tool", "asm", "-p", "p", "-I", filepath.Join(runtime.GOROOT(), "pkg", "include"), "-o", f.Name()+".o", f.Name())
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOARCH="+arch, "GOOS=linux")
	out, err := cmd.CombinedOutput()
	os.Remove(f.Name() + ".o")
	if err != nil {
		return fmt.Errorf("%v\n%s", err, out)
	}
	return nil
}

// TestSwapsAssemble: both sides of every swap, with every size suffix
// for a sized one, assemble on their architecture with the example
// operands, so a swap yields a program where the original is one.
func TestSwapsAssemble(t *testing.T) {
	for name, a := range archs {
		t.Run(name, func(t *testing.T) {
			var lines []string
			for _, s := range a.swaps {
				suffixes := []string{""}
				if s.sized && name == "amd64" {
					suffixes = []string{"Q", "L"}
				}
				if s.sized && name == "arm64" {
					suffixes = []string{"", "W"}
				}
				for _, suf := range suffixes {
					lines = append(lines, s.a+suf+" "+s.example, s.b+suf+" "+s.example)
				}
			}
			if err := assemble(t, name, lines); err != nil {
				t.Errorf("swap table does not assemble: %v", err)
			}
		})
	}
}

// TestRegOnly: the mnemonics said to take plain registers only are
// rejected with an immediate (and on arm64 with a shifted register), so
// skipping them there loses no valid mutant.
func TestRegOnly(t *testing.T) {
	examples := map[string][]string{"amd64": {"$1, AX"}, "arm64": {"$1, R1, R2", "R1<<3, R2, R3"}}
	for name, a := range archs {
		var mns []string
		for mn := range a.regOnly {
			mns = append(mns, mn)
		}
		sort.Strings(mns)
		for _, mn := range mns {
			for _, ex := range examples[name] {
				t.Run(name+" "+mn+" "+ex, func(t *testing.T) {
					if name == "amd64" {
						mn += "Q"
					}
					if err := assemble(t, name, []string{mn + " " + ex}); err == nil {
						t.Errorf("%s %s assembles", mn, ex)
					}
				})
			}
		}
	}
}

// TestArrangementsAssemble: every arrangement a mutant writes is accepted
// by the assembler for a load (all arrangements) and, for the byte-only
// operations, by VEOR.
func TestArrangementsAssemble(t *testing.T) {
	var lines []string
	for _, to := range arrangements {
		lines = append(lines, fmt.Sprintf("VLD1 (R0), [V0.%s, V1.%s]", to, to))
	}
	for _, to := range bytewise {
		lines = append(lines, fmt.Sprintf("VEOR V1.%s, V2.%s, V3.%s", to, to, to))
	}
	if err := assemble(t, "arm64", lines); err != nil {
		t.Error(err)
	}
	// The byte-only table is needed: VEOR rejects another lane width.
	if err := assemble(t, "arm64", []string{"VEOR V1.H8, V2.H8, V3.H8"}); err == nil {
		t.Error("VEOR accepts .H8: bytewiseOps is not needed for it")
	}
}

// TestMutantsAssemble: mutants that must stay programs do: every drop (a
// macro body keeps its separators and continuations, or becomes empty),
// in a header too, and every mutant of an encoding macro's invocation.
func TestMutantsAssemble(t *testing.T) {
	tests := []struct {
		arch   string
		files  map[string]string
		kernel string
		keep   func(Mutant) bool
	}{
		{
			arch: "amd64",
			files: map[string]string{
				"k_amd64.s": "#include \"textflag.h\"\n#include \"m.h\"\n\n#define ONE(r) ADDQ $1, r\n\n" +
					"TEXT ·k(SB), NOSPLIT, $0-0\n\tOUTER(Y0, Y1)\n\tONE(AX)\n\tVZEROUPPER\n\tRET\n",
				"m.h": "#define INNER(a, b) \\\n\tVPADDD a, b, b; VPSUBD Y9, a, a; \\\n\tVPAND Y1, b, b\n\n" +
					"#define OUTER(x, y) \\\n\tINNER(x, y); \\\n\tVPMULDQ x, y, Y3\n",
			},
			kernel: "p.k",
			keep:   func(m Mutant) bool { return m.Operator == "drop" },
		},
		{
			arch:   "arm64",
			files:  map[string]string{"k_arm64.s": "#include \"textflag.h\"\n" + neonSrc},
			kernel: "p.k",
			keep: func(m Mutant) bool {
				return m.Operator == "drop" || strings.HasPrefix(m.From, "N_")
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.arch, func(t *testing.T) {
			dir := t.TempDir()
			var sfiles []string
			for name, src := range tt.files {
				p := filepath.Join(dir, name)
				if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
					t.Fatal(err)
				}
				if strings.HasSuffix(name, ".s") {
					sfiles = append(sfiles, p)
				}
			}
			s, err := LoadSource(sfiles)
			if err != nil {
				t.Fatal(err)
			}
			ms, err := s.Generate(tt.arch, tt.kernel)
			if err != nil {
				t.Fatal(err)
			}
			if err := assembleFile(t, tt.arch, dir, strings.Join(s.files[sfiles[0]].lines, "\n")); err != nil {
				t.Fatalf("the original does not assemble: %v", err)
			}
			n := 0
			for _, m := range ms {
				if !tt.keep(m) {
					continue
				}
				n++
				ovl, cleanup, err := s.overlay(m)
				if err != nil {
					t.Fatal(err)
				}
				if err := assembleFile(t, tt.arch, dir, ovl[sfiles[0]]); err != nil {
					t.Errorf("%v does not assemble: %v", m, err)
				}
				cleanup()
			}
			if n < 5 {
				t.Errorf("only %d mutants checked", n)
			}
		})
	}
}
