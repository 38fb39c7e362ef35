package decode

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/arch/arm64/arm64asm"
	"golang.org/x/arch/x86/x86asm"
)

// asmModPath is the module path of the copy of testdata/asmpkg. Its last
// element contains a dot, which the linker escapes in symbol names.
const asmModPath = "example.com/vgtest/asm.pkg"

// asmModDir is a temporary module holding a copy of testdata/asmpkg.
var asmModDir string

func TestMain(m *testing.M) {
	dir, err := setupAsmMod()
	if err != nil {
		println("setup:", err.Error())
		os.Exit(2)
	}
	asmModDir = dir
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

func setupAsmMod() (string, error) {
	dir, err := os.MkdirTemp("", "vgasmmod")
	if err != nil {
		return "", err
	}
	ents, err := os.ReadDir("testdata/asmpkg")
	if err != nil {
		return "", err
	}
	for _, e := range ents {
		data, err := os.ReadFile(filepath.Join("testdata/asmpkg", e.Name()))
		if err != nil {
			return "", err
		}
		if err := os.WriteFile(filepath.Join(dir, e.Name()), data, 0o644); err != nil {
			return "", err
		}
	}
	gomod := "module " + asmModPath + "\n\ngo 1.26\n"
	return dir, os.WriteFile(filepath.Join(dir, "go.mod"), []byte(gomod), 0o644)
}

// A buildKey identifies a shared Load+Build in the tests.
type buildKey struct {
	arch, pattern string
	asmMod        bool // load from the asm test module
}

type buildResult struct {
	once sync.Once
	pkgs []*Package
	prog *Program
	err  error
}

var builds sync.Map // buildKey → *buildResult

func (k buildKey) cfg() Config {
	cfg := Config{Arch: k.arch}
	if k.asmMod {
		cfg.Dir = asmModDir
	}
	return cfg
}

// build loads and builds k once for all tests.
func build(t *testing.T, k buildKey) ([]*Package, *Program) {
	t.Helper()
	if testing.Short() {
		t.Skip("builds binaries; skipped in -short mode")
	}
	v, _ := builds.LoadOrStore(k, &buildResult{})
	r := v.(*buildResult)
	r.once.Do(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
		defer cancel()
		r.pkgs, r.err = Load(ctx, k.cfg(), k.pattern)
		if r.err == nil {
			r.prog, r.err = Build(ctx, k.cfg(), r.pkgs, nil)
		}
	})
	if r.err != nil {
		t.Fatalf("build %v: %v", k, r.err)
	}
	return r.pkgs, r.prog
}

var (
	fieldAmd64  = buildKey{"amd64", "crypto/internal/fips140/edwards25519/field", false}
	sha256Amd64 = buildKey{"amd64", "crypto/internal/fips140/sha256", false}
	bigAmd64    = buildKey{"amd64", "math/big", false}
	bigmodArm64 = buildKey{"arm64", "crypto/internal/fips140/bigmod", false}
	sysCPUAmd64 = buildKey{"amd64", "golang.org/x/sys/cpu", false}
	asmAmd64    = buildKey{"amd64", asmModPath, true}
	asmArm64    = buildKey{"arm64", asmModPath, true}
)

func TestLoad(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command")
	}
	tests := []struct {
		key  buildKey
		want []string // asm functions that must be present
		not  []string // bodyless functions that must be absent
		file string   // the Go file declaring want[0]
	}{
		{fieldAmd64, []string{"feMul", "feSquare"}, nil, "fe_amd64.go"},
		{bigAmd64, []string{"addVV", "subVV", "mulAddVWW"}, nil, "arith_decl.go"},
		{bigmodArm64, []string{"addMulVVW1024", "addMulVVW2048"}, nil, "nat_asm.go"},
		{asmAmd64, []string{"add", "loadConst", "loadVar", "scratchAddr", "callAdd"}, []string{"nanotime"}, "asm.go"},
	}
	for _, tt := range tests {
		t.Run(tt.key.arch+"/"+tt.key.pattern, func(t *testing.T) {
			pkgs, err := Load(context.Background(), tt.key.cfg(), tt.key.pattern)
			if err != nil {
				t.Fatal(err)
			}
			if len(pkgs) != 1 {
				t.Fatalf("got %d packages, want 1", len(pkgs))
			}
			p := pkgs[0]
			got := map[string]*AsmFunc{}
			for _, f := range p.AsmFuncs {
				got[f.Name] = f
				if f.Decl == nil || f.Obj == nil || f.Decl.Body != nil || f.Obj.Name() != f.Name {
					t.Errorf("%s: bad Decl/Obj", f.Name)
				}
			}
			for _, name := range tt.want {
				if got[name] == nil {
					t.Errorf("asm function %s missing; have %v", name, p.AsmFuncs)
				}
			}
			for _, name := range tt.not {
				if got[name] != nil {
					t.Errorf("%s is not an asm function", name)
				}
			}
			if f := got[tt.want[0]]; f != nil && (filepath.Base(f.Pos.Filename) != tt.file || f.Pos.Line == 0) {
				t.Errorf("%s declared at %v, want %s", f.Name, f.Pos, tt.file)
			}
			if f := got[tt.want[0]]; f != nil && p.QualifiedName(f) != p.PkgPath+"."+f.Name {
				t.Errorf("QualifiedName = %s", p.QualifiedName(f))
			}
		})
	}
}

func TestLoadErrors(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command")
	}
	broken := filepath.Join(asmModDir, "broken")
	if err := os.MkdirAll(broken, 0o755); err != nil {
		t.Fatal(err)
	}
	src := "package broken\n\nfunc f() int { return \"x\" }\n"
	if err := os.WriteFile(filepath.Join(broken, "b.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(broken)
	nothing := filepath.Join(asmModDir, "nothing")
	if err := os.MkdirAll(filepath.Join(nothing, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(nothing)
	tests := []struct {
		name    string
		cfg     Config
		pattern string
		want    string
	}{
		{"missing", Config{Arch: "amd64"}, "vg.dev/no/such/pkg", "vg.dev/no/such/pkg"},
		{"nomatch", Config{Arch: "amd64", Dir: asmModDir}, "./nothing/...", "matched no packages"},
		{"nodir", Config{Arch: "amd64", Dir: asmModDir}, "./nodir/...", "./nodir/..."},
		{"typeerror", Config{Arch: "amd64", Dir: asmModDir}, "./broken", "broken"},
		{"arch", Config{Arch: "386"}, "math/big", "unsupported architecture"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Load(context.Background(), tt.cfg, tt.pattern)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("Load(%s) error = %v, want mention of %q", tt.pattern, err, tt.want)
			}
		})
	}
}

func TestFieldAmd64(t *testing.T) {
	_, prog := build(t, fieldAmd64)
	const path = "crypto/internal/fips140/edwards25519/field"
	for _, name := range []string{"feMul", "feSquare"} {
		t.Run(name, func(t *testing.T) {
			f, err := prog.Func(path + "." + name)
			if err != nil {
				t.Fatal(err)
			}
			if f.Sym != path+"."+name+".abi0" || f.Name != path+"."+name {
				t.Errorf("Name, Sym = %s, %s", f.Name, f.Sym)
			}
			checkFunc(t, f, "fe_amd64.s")
			if f.Insts[len(f.Insts)-1].X86.Op != x86asm.RET {
				t.Errorf("last instruction is %v, want RET", f.Insts[len(f.Insts)-1])
			}
			if testing.Verbose() {
				t.Log("\n" + f.Disasm())
			}
		})
	}
	if got := prog.Names(); !slices.Equal(got, []string{path + ".feMul", path + ".feSquare"}) {
		t.Errorf("Names() = %v", got)
	}
}

// checkFunc checks that f's instructions tile its code and have positions
// in the assembly file file.
func checkFunc(t *testing.T, f *Func, file string) {
	t.Helper()
	if len(f.Insts) == 0 || f.Insts[0].PC != f.Addr {
		t.Fatalf("%s: no instruction at its address %#x", f.Name, f.Addr)
	}
	pc := f.Addr
	for i, in := range f.Insts {
		if in.PC != pc || in.Len != len(in.Bytes) || in.Len == 0 {
			t.Fatalf("%s: instruction %d at %#x (len %d), want pc %#x", f.Name, i, in.PC, in.Len, pc)
		}
		if filepath.Base(in.File) != file || in.Line <= 0 {
			t.Errorf("%s: %#x %v at %s, want a line of %s", f.Name, in.PC, in, in.Pos(), file)
		}
		if j, ok := f.InstAt(in.PC); !ok || j != i {
			t.Errorf("InstAt(%#x) = %d, %v", in.PC, j, ok)
		}
		pc += uint64(in.Len)
	}
	if pc != f.Addr+f.Size {
		t.Errorf("%s: instructions end at %#x, want %#x", f.Name, pc, f.Addr+f.Size)
	}
	if _, ok := f.InstAt(f.Addr + 1); ok && f.Insts[0].Len > 1 {
		t.Errorf("InstAt inside an instruction succeeded")
	}
}

// refs returns the addresses that f's instructions refer to: memory
// operands and branch targets (amd64: RIP-relative; arm64: ADRP+ADD/LDR
// pairs and PC-relative branches).
func refs(f *Func) []uint64 {
	var out []uint64
	for i, in := range f.Insts {
		switch f.Bin.Arch {
		case "amd64":
			next := in.PC + uint64(in.Len)
			for _, a := range in.X86.Args {
				switch a := a.(type) {
				case x86asm.Mem:
					if a.Base == x86asm.RIP {
						out = append(out, next+uint64(a.Disp))
					}
				case x86asm.Rel:
					out = append(out, next+uint64(int64(a)))
				}
			}
		case "arm64":
			switch in.ARM64.Op {
			case arm64asm.ADRP:
				page := in.PC&^0xfff + uint64(int64(in.ARM64.Args[1].(arm64asm.PCRel)))
				if i+1 < len(f.Insts) {
					if off, ok := arm64LowBits(*f.Insts[i+1].ARM64); ok {
						out = append(out, page+off)
					}
				}
			case arm64asm.BL, arm64asm.B:
				if r, ok := in.ARM64.Args[0].(arm64asm.PCRel); ok {
					out = append(out, in.PC+uint64(int64(r)))
				}
			}
		}
	}
	return out
}

// arm64LowBits returns the low 12 bits added by the instruction after an
// ADRP (ADD immediate or a load with unsigned offset).
func arm64LowBits(in arm64asm.Inst) (uint64, bool) {
	// The immediates' fields are unexported; read them from the text.
	switch in.Op {
	case arm64asm.ADD, arm64asm.LDR:
	default:
		return 0, false
	}
	text := arm64asm.GNUSyntax(in)
	i := strings.LastIndexByte(text, '#')
	if i < 0 {
		return 0, false
	}
	num := strings.TrimRight(text[i+1:], "]!")
	imm, err := strconv.ParseUint(num, 0, 64)
	return imm, err == nil
}

func TestSymbolAtRodata(t *testing.T) {
	_, prog := build(t, sha256Amd64)
	const path = "crypto/internal/fips140/sha256"
	f, err := prog.Func(path + ".blockAVX2")
	if err != nil {
		t.Fatal(err)
	}
	checkFunc(t, f, "sha256block_amd64.s")
	found := false
	for _, addr := range refs(f) {
		s, ok := f.Bin.SymbolAt(addr)
		if !ok || s.Name != "K256" {
			continue
		}
		found = true
		if s.Size != 512 || s.Writable || s.Section != ".rodata" || len(s.Data) != 512 {
			t.Errorf("K256 = %+v", s)
		}
		if got := le32(s.Data); got != 0x428a2f98 {
			t.Errorf("K256[0] = %#x, want 0x428a2f98", got)
		}
	}
	if !found {
		t.Fatalf("no reference to K256 in %s", f.Name)
	}
}

func TestMathBigAmd64(t *testing.T) {
	pkgs, prog := build(t, bigAmd64)
	for _, af := range pkgs[0].AsmFuncs {
		f, err := prog.Func(pkgs[0].QualifiedName(af))
		if err != nil {
			t.Fatal(err)
		}
		checkFunc(t, f, "arith_amd64.s")
	}
}

// lastCode returns the last instruction of f that is not data.
func lastCode(f *Func) Inst {
	for i := len(f.Insts) - 1; i > 0; i-- {
		if !f.Insts[i].Data {
			return f.Insts[i]
		}
	}
	return f.Insts[0]
}

// TestDependencyModule builds a package of another module of the build
// list (in the read-only module cache).
func TestDependencyModule(t *testing.T) {
	_, prog := build(t, sysCPUAmd64)
	f, err := prog.Func("golang.org/x/sys/cpu.cpuid")
	if err != nil {
		t.Fatal(err)
	}
	checkFunc(t, f, "cpu_gc_x86.s")
	found := false
	for _, in := range f.Insts {
		found = found || in.X86.Op == x86asm.CPUID
	}
	if !found || lastCode(f).X86.Op != x86asm.RET {
		t.Errorf("cpuid:\n%s", f.Disasm())
	}
	// Positions name the real source file, not the build's symlink.
	if _, err := os.Stat(f.Insts[0].File); err != nil || !strings.Contains(f.Insts[0].File, "golang.org/x/sys@") {
		t.Errorf("cpuid at %s: %v", f.Insts[0].Pos(), err)
	}

	// Replaying a test in a module cache package works the same way.
	if runtime.GOARCH != "amd64" {
		return
	}
	dir := filepath.Dir(f.Insts[0].File)
	src := "package cpu\n\nimport \"testing\"\n\nfunc TestVGReplay(t *testing.T) {\n\ta, _, _, _ := cpuid(0, 0)\n\tt.Log(a)\n}\n"
	out, err := RunTest(context.Background(), sysCPUAmd64.cfg(), "golang.org/x/sys/cpu", Overlay{filepath.Join(dir, "zz_replay_test.go"): src}, "^TestVGReplay$")
	if err != nil || !strings.Contains(out, "ok") {
		t.Errorf("RunTest in the module cache: %q, %v", out, err)
	}
}

func TestBigmodArm64(t *testing.T) {
	pkgs, prog := build(t, bigmodArm64)
	if prog.Arch != "arm64" || len(prog.Binaries) != 1 || prog.Binaries[0].Arch != "arm64" {
		t.Fatalf("program arch %s, %d binaries", prog.Arch, len(prog.Binaries))
	}
	for _, af := range pkgs[0].AsmFuncs {
		f, err := prog.Func(pkgs[0].QualifiedName(af))
		if err != nil {
			t.Fatal(err)
		}
		checkFunc(t, f, "nat_arm64.s")
		// The functions end in a tail call to addMulVVWx.
		last := lastCode(f)
		if last.ARM64.Op != arm64asm.B || !strings.HasPrefix(last.String(), "JMP ") || !strings.HasPrefix(last.Intel(), "b ") {
			t.Errorf("%s: last instruction %v (%s), want a JMP", f.Name, last, last.Intel())
		}
		callee, err := f.Bin.FuncAt(refs(f)[len(refs(f))-1])
		// addMulVVWx is file-local (addMulVVWx<>): no package qualifier.
		if err != nil || callee.Name != "addMulVVWx" || callee.Addr != refs(f)[len(refs(f))-1] {
			t.Errorf("%s: tail call to %v, %v", f.Name, callee, err)
		}
	}
}

// TestAsmPkg checks data symbol and call target resolution on both
// architectures with the test module (whose path needs escaping).
func TestAsmPkg(t *testing.T) {
	for _, key := range []buildKey{asmAmd64, asmArm64} {
		t.Run(key.arch, func(t *testing.T) {
			_, prog := build(t, key)
			names := []string{}
			for _, name := range prog.Names() {
				f, err := prog.Func(name)
				if err != nil {
					t.Fatal(err)
				}
				names = append(names, strings.TrimPrefix(f.Name, asmModPath+"."))
				if !strings.HasPrefix(f.Sym, "example.com/vgtest/asm%2epkg.") || !strings.HasSuffix(f.Sym, ".abi0") {
					t.Errorf("%s: symbol %s", f.Name, f.Sym)
				}
				checkFunc(t, f, "asm_"+key.arch+".s")
				if testing.Verbose() {
					t.Log("\n" + f.Disasm())
				}
			}
			want := []string{"add", "callAdd", "loadConst", "loadVar", "scratchAddr"}
			if !slices.Equal(names, want) {
				t.Fatalf("Names() = %v, want %v", names, want)
			}
			datas := []struct {
				fn, sym  string
				size     uint64
				data     []byte
				writable bool
				section  string
			}{
				{"loadConst", "consts", 16, []byte{0xef, 0xcd, 0xab, 0x89, 0x67, 0x45, 0x23, 0x01}, false, ".rodata"},
				{"loadVar", "vars", 8, []byte{42, 0, 0, 0, 0, 0, 0, 0}, true, ".noptrdata"},
				{"scratchAddr", "scratch", 64, nil, true, ".noptrbss"},
			}
			for _, d := range datas {
				f, err := prog.Func(asmModPath + "." + d.fn)
				if err != nil {
					t.Fatal(err)
				}
				var s *Symbol
				for _, a := range refs(f) {
					if s1, ok := f.Bin.SymbolAt(a); ok && s1.Name == d.sym {
						s = s1
					}
				}
				if s == nil {
					t.Errorf("%s: no reference to %s found", d.fn, d.sym)
					continue
				}
				if s.Size != d.size || s.Writable != d.writable || s.Section != d.section ||
					(d.data == nil) != (s.Data == nil) || (d.data != nil && !slices.Equal(s.Data[:len(d.data)], d.data)) {
					t.Errorf("%s: symbol %+v", d.fn, s)
				}
			}
			f, err := prog.Func(asmModPath + ".callAdd")
			if err != nil {
				t.Fatal(err)
			}
			var callee *Func
			for _, a := range refs(f) {
				if g, err := f.Bin.FuncAt(a); err == nil && g.Addr == a && strings.HasSuffix(g.Name, ".add") {
					callee = g
				}
			}
			add, _ := prog.Func(asmModPath + ".add")
			if callee != add {
				t.Errorf("callAdd: CALL target %v, want %v", callee, add)
			}
			// The prologue calls the runtime's morestack; other functions
			// decode on demand.
			var morestack *Func
			for _, a := range refs(f) {
				if g, err := f.Bin.FuncAt(a); err == nil && g.Addr == a && g.Name == "runtime.morestack_noctxt" {
					morestack = g
				}
			}
			if morestack == nil || morestack.Sym != "runtime.morestack_noctxt.abi0" {
				t.Errorf("callAdd: no call to runtime.morestack_noctxt.abi0 found (%v)", morestack)
			}
			if g, err := prog.Func("runtime.memmove"); err != nil || g.Sym != "runtime.memmove" || len(g.Insts) == 0 {
				t.Errorf("Func(runtime.memmove) = %v, %v", g, err)
			}
			if _, err := prog.Func(asmModPath + ".nosuch"); !errors.Is(err, ErrNotFound) {
				t.Errorf("Func(nosuch) error = %v, want ErrNotFound", err)
			}
		})
	}
}

// TestBuildOverlay checks that Build uses the extra overlay files and
// reports build failures with the go command's message.
func TestBuildOverlay(t *testing.T) {
	if testing.Short() {
		t.Skip("builds binaries")
	}
	dir, err := setupAsmMod()
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(dir)
	ctx := context.Background()
	cfg := Config{Arch: "amd64", Dir: dir}
	pkgs, err := Load(ctx, cfg, ".")
	if err != nil {
		t.Fatal(err)
	}
	asmFile := filepath.Join(dir, "asm_amd64.s")
	src, err := os.ReadFile(asmFile)
	if err != nil {
		t.Fatal(err)
	}
	sub := strings.Replace(string(src), "ADDQ BX, AX", "SUBQ BX, AX", 1)
	prog, err := Build(ctx, cfg, pkgs, Overlay{asmFile: sub})
	if err != nil {
		t.Fatal(err)
	}
	f, err := prog.Func(asmModPath + ".add")
	if err != nil {
		t.Fatal(err)
	}
	if got := f.Insts[2].X86.Op; got != x86asm.SUB {
		t.Errorf("add's third instruction is %v, want SUB from the overlay", f.Insts[2])
	}
	if data, _ := os.ReadFile(asmFile); string(data) != string(src) {
		t.Errorf("Build modified %s", asmFile)
	}

	// An undecodable function is reported by Func, with its position;
	// the others are still available.
	bad := strings.Replace(string(src), "ADDQ BX, AX", "BYTE $0x06", 1)
	prog, err = Build(ctx, cfg, pkgs, Overlay{asmFile: bad})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := prog.Func(asmModPath + ".add"); !errors.Is(err, ErrUndecodable) || !strings.Contains(err.Error(), "asm_amd64.s:16") {
		t.Errorf("Func(add) error = %v, want ErrUndecodable at asm_amd64.s:16", err)
	}
	if _, err := prog.Func(asmModPath + ".loadConst"); err != nil {
		t.Error(err)
	}

	// A declared function without a TEXT symbol fails to link.
	missing := strings.Replace(string(src), "TEXT ·loadVar(SB)", "TEXT ·loadVar2(SB)", 1)
	_, err = Build(ctx, cfg, pkgs, Overlay{asmFile: missing})
	if err == nil || !strings.Contains(err.Error(), "loadVar") || !strings.Contains(err.Error(), asmModPath) {
		t.Errorf("Build with a missing function: error %v", err)
	} else {
		t.Logf("error (expected):\n%v", err)
	}
}
