package decode

import (
	"context"
	"errors"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"

	"golang.org/x/arch/arm64/arm64asm"
	"golang.org/x/arch/x86/x86asm"
)

func TestSymbolNames(t *testing.T) {
	tests := []struct {
		name string
		want string // must be among the candidates
	}{
		{"vg.dev/kernels/fe25519.feMul", "vg.dev/kernels/fe25519.feMul"},
		{"example.com/vgtest/asm.pkg.add", "example.com/vgtest/asm%2epkg.add"},
		{"gopkg.in/yaml.v3.T.m", "gopkg.in/yaml%2ev3.T.m"},
		{"vg.dev.F", "vg%2edev.F"},
		{"crypto/internal/entropy/v1.0.0.Seed", "crypto/internal/entropy/v1%2e0%2e0.Seed"},
		{"math/big.(*nat).add", "math/big.(*nat).add"},
		{"runtime.memmove", "runtime.memmove"},
	}
	for _, tt := range tests {
		got := symbolNames(tt.name)
		if !slices.Contains(got, tt.want) {
			t.Errorf("symbolNames(%q) = %q, want %q among them", tt.name, got, tt.want)
		}
		if u := unescapeSymbol(tt.want); u != tt.name {
			t.Errorf("unescapeSymbol(%q) = %q, want %q", tt.want, u, tt.name)
		}
	}
}

// fakeFunc decodes code as a function at 0x1000 of a binary without
// symbols or DWARF.
func fakeFunc(arch string, code []byte) (*Func, error) {
	b := &Binary{Arch: arch, funcs: map[uint64]*Func{}}
	return b.decodeFunc(&Symbol{Name: "p.f.abi0", Addr: 0x1000, Size: uint64(len(code)), Data: code, isFunc: true})
}

func TestDecodeAmd64(t *testing.T) {
	tests := []struct {
		code  []byte
		op    x86asm.Op
		len   int
		go_   string
		intel string
	}{
		{[]byte{0xc3}, x86asm.RET, 1, "RET", "ret"},
		{[]byte{0xcc}, x86asm.INT, 1, "INT $0x3", "int3"},
		{[]byte{0xc5, 0xf8, 0x77}, x86asm.VZEROUPPER, 3, "VZEROUPPER", "vzeroupper"},
		{[]byte{0xc5, 0xfc, 0x77}, x86asm.VZEROALL, 3, "VZEROALL", "vzeroall"},
		{[]byte{0x66, 0x4c, 0x0f, 0x38, 0xf6, 0xeb}, OpADCX, 6, "ADCXQ BX, R13", "adcx r13, rbx"},
		{[]byte{0xf3, 0x4c, 0x0f, 0x38, 0xf6, 0x40, 0x38}, OpADOX, 7, "ADOXQ 0x38(AX), R8", "adox r8, qword ptr [rax+0x38]"},
		{[]byte{0x66, 0x0f, 0x38, 0xf6, 0xc1}, OpADCX, 5, "ADCXL CX, AX", "adcx eax, ecx"},
		{[]byte{0x66, 0x48, 0x0f, 0x38, 0xf6, 0x05, 0x10, 0, 0, 0}, OpADCX, 10, "ADCXQ 0x10(IP), AX", "adcx rax, qword ptr [rip+0x10]"},
		{[]byte{0xc4, 0x42, 0x93, 0xf6, 0x21}, x86asm.MULX, 5, "MULXQ 0(R9), R13, R12", "mulx r12, r13, qword ptr [r9]"},
	}
	for _, tt := range tests {
		// Append a RET so that length errors show up as misalignment.
		f, err := fakeFunc("amd64", append(slices.Clip(tt.code), 0xc3))
		if err != nil {
			t.Errorf("% x: %v", tt.code, err)
			continue
		}
		in := f.Insts[0]
		if in.X86.Op != tt.op || in.Len != tt.len || len(f.Insts) != 2 || f.Insts[1].X86.Op != x86asm.RET {
			t.Errorf("% x: got %v len %d (%d insts), want %v len %d", tt.code, in.X86.Op, in.Len, len(f.Insts), tt.op, tt.len)
		}
		if got := in.String(); got != tt.go_ {
			t.Errorf("% x: String() = %q, want %q", tt.code, got, tt.go_)
		}
		if got := in.Intel(); got != tt.intel {
			t.Errorf("% x: Intel() = %q, want %q", tt.code, got, tt.intel)
		}
	}
}

func TestDecodeArm64(t *testing.T) {
	const (
		nop = 0xd503201f
		ret = 0xd65f03c0
		ldr = 0x58000040 // LDR X0, .+8
	)
	tests := []struct {
		name  string
		words []uint32
		data  []bool // which words are Data
		go_   []string
	}{
		{"padding", []uint32{nop, ret, 0, 0}, []bool{false, false, true, true}, []string{"NOOP", "RET", "WORD $0x00000000", "WORD $0x00000000"}},
		{"literal", []uint32{ldr, ret, 0x9abcdef0, 0xd503201f}, []bool{false, false, true, true}, []string{"MOVD 2(PC), R0", "RET", "WORD $0x9abcdef0", "WORD $0xd503201f"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, err := fakeFunc("arm64", words(tt.words...))
			if err != nil {
				t.Fatal(err)
			}
			for i, in := range f.Insts {
				if in.Data != tt.data[i] || in.Len != 4 || in.PC != 0x1000+4*uint64(i) {
					t.Errorf("inst %d: %+v", i, in)
				}
				if !strings.HasPrefix(in.String(), tt.go_[i]) {
					t.Errorf("inst %d: String() = %q, want %q", i, in.String(), tt.go_[i])
				}
			}
		})
	}
	f, err := fakeFunc("arm64", words(ret))
	if err != nil || f.Insts[0].ARM64.Op != arm64asm.RET || f.Insts[0].Intel() != "ret" {
		t.Errorf("RET: %v, %v", f, err)
	}
}

func words(ws ...uint32) []byte {
	var b []byte
	for _, w := range ws {
		b = append(b, byte(w), byte(w>>8), byte(w>>16), byte(w>>24))
	}
	return b
}

func TestUndecodable(t *testing.T) {
	tests := []struct {
		arch string
		code []byte
		pc   string
	}{
		{"amd64", []byte{0x90, 0x06}, "pc 0x1001"},                    // PUSH ES is invalid in 64-bit mode
		{"amd64", []byte{0x90, 0x66, 0x0f, 0xff}, "pc 0x1001"},        // unknown opcode after a prefix
		{"amd64", []byte{0x90, 0x48, 0x8b}, "pc 0x1001"},              // truncated MOVQ
		{"amd64", []byte{0xc5, 0xf8}, "pc 0x1000"},                    // truncated VEX
		{"amd64", []byte{0x66, 0x0f, 0x38, 0xf6}, "pc 0x1000"},        // truncated ADCX
		{"arm64", words(0xd503201f, 0xf8e400a6), "pc 0x1004"},         // LDADDAL: unknown to arm64asm
		{"arm64", append(words(0xd503201f), 0xc0, 0x03), "pc 0x1004"}, // partial word
	}
	for _, tt := range tests {
		_, err := fakeFunc(tt.arch, tt.code)
		if !errors.Is(err, ErrUndecodable) || !strings.Contains(err.Error(), tt.pc) || !strings.Contains(err.Error(), "p.f") {
			t.Errorf("%s % x: error %v, want ErrUndecodable at %s", tt.arch, tt.code, err, tt.pc)
		}
	}
	// Bytes no path reaches (after a RET) are data, not an error.
	f, err := fakeFunc("amd64", []byte{0xc3, 0x48, 0x8b})
	if err != nil || len(f.Insts) != 2 || !f.Insts[1].Data || f.Insts[1].Len != 2 {
		t.Errorf("RET then two bytes: %v, %+v", err, f)
	}
}

var hostBin struct {
	once sync.Once
	path string
	err  error
}

// hostBinary returns the path of a host test binary of the asm test
// module, with symbols and DWARF (the binary running the tests may be
// stripped by go test).
func hostBinary(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds a binary")
	}
	if runtime.GOOS != "linux" || (runtime.GOARCH != "amd64" && runtime.GOARCH != "arm64") {
		t.Skip("needs a linux/amd64 or linux/arm64 host")
	}
	hostBin.once.Do(func() {
		hostBin.path = filepath.Join(asmModDir, "host.test")
		cfg := Config{Dir: asmModDir}
		_, hostBin.err = runGo(context.Background(), cfg, runtime.GOARCH, []string{"test", "-c", "-o", hostBin.path, "."})
	})
	if hostBin.err != nil {
		t.Fatal(hostBin.err)
	}
	return hostBin.path
}

func TestOpenBinary(t *testing.T) {
	b, err := OpenBinary(hostBinary(t))
	if err != nil {
		t.Fatal(err)
	}
	if b.Arch != runtime.GOARCH || b.ImportPath != "" {
		t.Errorf("Arch, ImportPath = %s, %q", b.Arch, b.ImportPath)
	}
	f, err := b.Func(asmModPath + ".TestAdd")
	if err != nil {
		t.Fatal(err)
	}
	if f.Sym != "example.com/vgtest/asm%2epkg.TestAdd" || filepath.Base(f.Insts[0].File) != "asm_test.go" {
		t.Errorf("TestAdd: sym %s at %s", f.Sym, f.Insts[0].Pos())
	}
	mid := f.Insts[len(f.Insts)/2].PC
	if g, err := b.FuncAt(mid); err != nil || g != f {
		t.Errorf("FuncAt(%#x) = %v, %v; want %v", mid, g, err, f)
	}
	if s, ok := b.SymbolAt(mid); !ok || s.Name != f.Sym || s.Section != ".text" || s.Writable {
		t.Errorf("SymbolAt(%#x) = %+v", mid, s)
	}
	if file, line, ok := b.Position(mid); !ok || file != f.Insts[len(f.Insts)/2].File || line <= 0 {
		t.Errorf("Position(%#x) = %s, %d, %v", mid, file, line, ok)
	}
	if _, err := b.FuncAt(0); !errors.Is(err, ErrNotFound) {
		t.Errorf("FuncAt(0) error = %v", err)
	}
	if _, ok := b.SymbolAt(0); ok {
		t.Errorf("SymbolAt(0) found a symbol")
	}
	if _, err := b.Func(asmModPath + ".noSuchFunc"); !errors.Is(err, ErrNotFound) {
		t.Errorf("Func(noSuchFunc) error = %v", err)
	}
}

func TestOpenBinaryMalformed(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, data []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	rng := rand.New(rand.NewSource(1))
	junk := make([]byte, 4096)
	rng.Read(junk)
	if _, err := OpenBinary(write("junk", junk)); err == nil {
		t.Error("OpenBinary(random bytes) succeeded")
	}
	if _, err := OpenBinary(filepath.Join(dir, "missing")); err == nil {
		t.Error("OpenBinary(missing file) succeeded")
	}
	real, err := os.ReadFile(hostBinary(t))
	if err != nil {
		t.Fatal(err)
	}
	// Truncations: every one must fail cleanly (the line table and
	// symbols are at the end of a Go binary).
	for _, n := range []int{0, 3, 16, 63, 64, 100, 4096, len(real) / 3, len(real) / 2, len(real) - 100, len(real) - 1} {
		if _, err := OpenBinary(write("trunc", real[:n])); err == nil {
			t.Errorf("OpenBinary(first %d of %d bytes) succeeded", n, len(real))
		}
	}
	// Corruptions of the headers and of random places: errors are fine,
	// panics are not; whatever opens must survive lookups.
	if testing.Short() {
		return
	}
	for i := range 40 {
		bad := slices.Clone(real)
		for range 8 {
			var off int
			if i%2 == 0 {
				off = rng.Intn(4096) // ELF, program and section headers
			} else {
				off = rng.Intn(len(bad))
			}
			bad[off] = byte(rng.Intn(256))
		}
		b, err := parseBinary("corrupt", bad)
		if err != nil {
			continue
		}
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Errorf("corruption %d: panic: %v", i, r)
				}
			}()
			f, err := b.Func(asmModPath + ".TestAdd")
			if err == nil {
				_ = f.Disasm()
				b.SymbolAt(f.Addr)
			}
		}()
	}
}

func TestRunTest(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test")
	}
	ctx := context.Background()
	cfg := Config{Arch: "amd64", Dir: asmModDir}
	if runtime.GOARCH != "amd64" || runtime.GOOS != "linux" {
		t.Skip("needs linux/amd64")
	}
	pass := "package asmpkg\n\nimport \"testing\"\n\nfunc TestVGReplay(t *testing.T) {\n\tif add(1, 2) != 3 {\n\t\tt.Fatal(\"bad\")\n\t}\n\tt.Log(\"replayed\")\n}\n"
	fail := strings.Replace(pass, "!= 3", "!= 4", 1)
	file := filepath.Join(asmModDir, "zz_replay_test.go")
	out, err := RunTest(ctx, cfg, asmModPath, Overlay{file: pass}, "^TestVGReplay$")
	if err != nil || !strings.Contains(out, "ok") || !strings.Contains(out, "replayed") {
		t.Errorf("RunTest(pass) = %q, %v", out, err)
	}
	out, err = RunTest(ctx, cfg, asmModPath, Overlay{file: fail}, "^TestVGReplay$")
	if err == nil || !strings.Contains(out, "FAIL") || !strings.Contains(err.Error(), "bad") {
		t.Errorf("RunTest(fail) = %q, %v", out, err)
	}
	if _, err := os.Stat(file); !os.IsNotExist(err) {
		t.Errorf("overlay file written to disk: %v", err)
	}
	// The package's own test file is kept by RunTest.
	if out, err := RunTest(ctx, cfg, asmModPath, nil, "^TestAdd$"); err != nil {
		t.Errorf("RunTest(TestAdd) = %q, %v", out, err)
	}
	cfg.Arch = "arm64"
	out, err = RunTest(ctx, cfg, asmModPath, Overlay{file: pass}, "^TestVGReplay$")
	if _, lerr := exec.LookPath("qemu-aarch64"); lerr != nil {
		if err == nil || !strings.Contains(err.Error(), "qemu-aarch64") {
			t.Errorf("RunTest(arm64) without qemu: %q, %v", out, err)
		}
	} else if err != nil {
		t.Errorf("RunTest(arm64) = %q, %v", out, err)
	}
}

// TestConcurrentUse decodes from one binary in parallel (run with -race).
func TestConcurrentUse(t *testing.T) {
	b, err := OpenBinary(hostBinary(t))
	if err != nil {
		t.Fatal(err)
	}
	names := []string{asmModPath + ".TestAdd", asmModPath + ".add", "runtime.memmove", "fmt.Sprintf", "testing.(*common).Fatalf"}
	var wg sync.WaitGroup
	results := make([][]*Func, 8)
	for g := range results {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for _, n := range names {
				f, err := b.Func(n)
				if err != nil {
					t.Error(err)
					return
				}
				b.SymbolAt(f.Addr + 1)
				b.Position(f.Addr)
				_ = f.Insts[0].String()
				results[g] = append(results[g], f)
			}
		}()
	}
	wg.Wait()
	for g := range results {
		if !slices.Equal(results[g], results[0]) {
			t.Errorf("goroutine %d decoded different *Func values", g)
		}
	}
}
