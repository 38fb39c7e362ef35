package prove

import (
	"fmt"
	"go/types"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"sort"
	"strings"
	"time"

	"golang.org/x/tools/go/ssa"

	"vg.dev/decode"
	"vg.dev/obligation"
	"vg.dev/symexec/abi"
)

// replay runs the counterexample on the real kernel and spec: a test file
// added to the kernel's package through an overlay calls both on the inputs
// and prints the outputs that differ. The generated test is also the
// ready-to-paste regression test of the report. It runs under the whole
// run's context (session.ctx), not the obligation's budget. It reports whether the
// kernel ran and returned, so that its outputs were compared: only then
// may other inputs show what these did not.
func (s *session) replay(r *Result, spec *ssa.Function) (compared bool) {
	ctx := s.ctx
	cx := r.Counterexample
	if cx == nil || cx.Replay != "" {
		return false // none, or run already
	}
	decl, pkg, err := s.kernelDecl(r.Kernel)
	if err != nil {
		cx.Replay = err.Error()
		return false
	}
	var entry *entryCall
	if reads, vectors, zmm := readsCallerState(r); reads {
		frame, err := abi.Layout(decl.Obj.Type().(*types.Signature), s.opts.Arch)
		if err != nil {
			cx.Replay = "not run: " + err.Error()
			return false
		}
		entry = &entryCall{arch: s.opts.Arch, kernel: decl.Name, frame: frame, vectors: vectors, zmm: zmm && s.opts.Arch == "amd64"}
	}
	if specPkg, specName, _ := obligation.SplitName(r.Spec); specPkg == pkg.PkgPath {
		for _, f := range pkg.AsmFuncs {
			if f.Name == specName {
				// Loaded under another build configuration (purego):
				// in the kernel's build that name is assembly.
				cx.Replay = "not run: in the kernel's build the spec " + specName + " is assembly (the spec exists only under another build configuration)"
				return false
			}
		}
	}
	// When the spec's package imports the kernel's, a test in the
	// kernel's package cannot import it: the test goes into the spec's
	// package and reaches the kernel through an exporting file added to
	// the kernel's package.
	var host *types.Package
	if spec != nil && spec.Pkg != nil && spec.Pkg.Pkg.Path() != pkg.PkgPath && imports(spec.Pkg.Pkg, pkg.PkgPath) {
		host = spec.Pkg.Pkg
	}
	src, export, err := replayTest(pkg, decl, r, spec, entry, host)
	if err != nil {
		cx.Replay = "not run: " + err.Error()
		return false
	}
	// The test shown is named after the kernel, so that two pasted into
	// one package do not clash, and is quiet; the one run has other names
	// (a pasted copy may be in the package already) and prints what the
	// replay reads (replayname.go).
	names := replayNames(r, s.opts.Arch)
	cx.Test = names.shown(src)
	if s.opts.NoReplay {
		cx.Replay = "not run (-replay=false)"
		return false
	}
	if len(pkg.GoFiles) == 0 {
		cx.Replay = "not run: kernel package has no Go files"
		return false
	}
	kdir := filepath.Dir(pkg.GoFiles[0])
	path, testPkg := filepath.Join(kdir, "zz_vgreplay_test.go"), pkg.PkgPath
	overlay := decode.Overlay{}
	if host != nil {
		sdir := filepath.Dir(spec.Prog.Fset.Position(spec.Pos()).Filename)
		path, testPkg = filepath.Join(sdir, "zz_vgreplay_test.go"), host.Path()
		exportPath := filepath.Join(kdir, "zz_vgreplay_export.go")
		// Named as the trampoline is: the export declares its Go side.
		overlay[exportPath] = names.runAsm(export)
		cx.Test += "\n/*\nvg" + names.suffix + "_export.go, in package " + pkg.PkgPath + ", which the test (saved in package " + testPkg + ") needs:\n\n" + names.shownAsm(export) + "*/\n"
	}
	overlay[path] = names.run(src)
	if entry != nil {
		asmPath := filepath.Join(kdir, "zz_vgreplay_"+entry.arch+".s")
		asm := entry.asmSource()
		overlay[asmPath] = names.runAsm(asm)
		cx.Test += "\n/*\n" + names.asmFile + ", which the test needs:\n\n" + names.shownAsm(asm) + "*/\n"
	}
	for k, v := range s.opts.Overlay {
		overlay[k] = v
	}
	var out string
	var lines []string
	differ := false
	// A run that prints nothing failed to build or start (under qemu, a
	// busy machine sometimes makes it fail once): it is tried again.
	for try := 0; try < 2 && len(lines) == 0; try++ {
		cfg := s.opts.config()
		cfg.TestTimeout = replayTimeout(cfg.Arch)
		out, err = decode.RunTest(ctx, cfg, testPkg, overlay, "^"+names.runTest+"$")
		for _, l := range strings.Split(out, "\n") {
			if strings.HasPrefix(l, "VGREPLAY ") {
				lines = append(lines, strings.TrimPrefix(l, "VGREPLAY "))
				differ = differ || strings.HasPrefix(l, "VGREPLAY differ")
			}
		}
		if err == nil {
			break
		}
	}
	_, fn, _ := obligation.SplitName(r.Kernel)
	fault, faulted := faultIn(out, fn)
	switch {
	case !differ && err != nil && faulted:
		// The kernel itself faulted on these inputs (in the trampoline's
		// second run, perhaps, after the first compared): the spec,
		// which cannot panic under the preconditions, returns.
		cx.Confirmed = true
		cx.Replay = strings.Join(append(lines, "the kernel faulted: "+fault), "; ")
		return len(lines) > 0
	case len(lines) == 0 && err != nil && r.Layer == LayerSpecPanic && !strings.Contains(out, specReturned) && strings.Contains(out, "panic: "):
		// The refutation is that the spec panics: it did.
		cx.Confirmed = true
		_, p, _ := strings.Cut(out, "panic: ")
		cx.Replay = "the spec panicked: " + firstLine(p)
		return false
	case len(lines) == 0 && err != nil:
		if strings.Contains(out, specReturned) && strings.Contains(out, "panic: test timed out") {
			// The lifter showed that the kernel never returns; the
			// machine agrees. Without that, a slow kernel is no
			// counterexample.
			cx.Confirmed = r.Defect == DefectNoReturn
			cx.Replay = fmt.Sprintf("the kernel did not return within %v; the spec returned", replayTimeout(s.opts.Arch))
			return false
		}
		if crash, ok := crashAfterSpec(out); ok {
			// Between the spec's return and the comparisons only the
			// kernel runs: it took the process down (it wrote over the
			// runtime's memory, say, before it faulted).
			cx.Confirmed = true
			cx.Replay = "the process died while the kernel ran: " + crash
			return false
		}
		cx.Replay = "replay failed: " + firstLine(err.Error())
		if last := lastLine(out); last != "" {
			cx.Replay += ": " + last
		}
	default:
		cx.Confirmed = differ
		cx.Replay = strings.Join(lines, "; ")
	}
	return len(lines) > 0
}

// crashAfterSpec finds, in a replay's output, a fatal runtime error after
// the spec returned and before any comparison was printed.
func crashAfterSpec(out string) (string, bool) {
	_, after, ok := strings.Cut(out, specReturned)
	if !ok || strings.Contains(after, "VGREPLAY ") || strings.Contains(after, "SIGILL") {
		return "", false // not while the kernel ran, or see faultIn
	}
	for _, l := range strings.Split(after, "\n") {
		l = strings.TrimSpace(l)
		// The runtime's reports, and go test's when the process died
		// of a fault before the runtime could report it.
		for _, p := range []string{"fatal error:", "fatal:", "unexpected fault address", "unexpected signal",
			"signal: segmentation fault", "signal: bus error"} {
			if strings.HasPrefix(l, p) {
				return l, true
			}
		}
	}
	return "", false
}

// specReturned is what a replay prints between the spec's return and the
// kernel's call.
const specReturned = "VGREPLAY-SPEC returned"

// replayTimeout bounds a replay's run: a kernel returns in microseconds,
// and a test binary under qemu starts in a few seconds.
func replayTimeout(arch string) time.Duration {
	if arch == "arm64" && runtime.GOARCH != "arm64" {
		return 20 * time.Second
	}
	return 10 * time.Second
}

// faultIn reports whether a test's output is a fault (SIGSEGV, SIGBUS …)
// inside the assembly function fn, and describes it: the signal and the
// kernel's line.
func faultIn(out, fn string) (string, bool) {
	lines := strings.Split(out, "\n")
	var signal string
	for i, l := range lines {
		if strings.HasPrefix(l, "[signal ") {
			signal = strings.Trim(l, "[]")
			if strings.HasPrefix(signal, "signal SIGILL") {
				// Most likely an instruction this CPU lacks (a kernel
				// for AVX-512 run where there is none); the lifter
				// rejects bytes that are no instruction.
				return "", false
			}
		}
		// The frame that faulted follows runtime.sigpanic, or panic when
		// the fault became a run-time panic (a nil address) that the
		// testing package recovered and raised again.
		if signal != "" && (strings.HasPrefix(l, "runtime.sigpanic(") || strings.HasPrefix(l, "panic(")) && i+3 < len(lines) {
			frame, pos := lines[i+2], strings.TrimSpace(lines[i+3])
			if strings.Contains(frame, "."+fn+"(") {
				pos, _, _ = strings.Cut(pos, " ")
				return signal + " at " + pos, true
			}
			return "", false
		}
	}
	return "", false
}

// replaySummary shortens a replay's report for a message: which outputs
// differ, without their bytes (the counterexample keeps those).
func replaySummary(replay string) string {
	var parts []string
	for _, p := range strings.Split(replay, "; ") {
		p, _, _ = strings.Cut(p, " kernel=")
		if !slices.Contains(parts, p) {
			parts = append(parts, p)
		}
	}
	return strings.Join(parts, "; ")
}

// lastLine is the last non-empty line of s.
func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return strings.TrimSpace(lines[len(lines)-1])
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return s
}

// replayTest writes the Go test that runs kernel and spec on the inputs:
// in the kernel's package, or, when host is set (the spec's package, which
// imports the kernel's), in host, with the file export for the kernel's
// package that makes the kernel (and its unexported types) reachable.
func replayTest(pkg *decode.Package, decl *decode.AsmFunc, r *Result, spec *ssa.Function, entry *entryCall, host *types.Package) (src, export string, err error) {
	specPkg, specName, _ := obligation.SplitName(r.Spec)
	here := pkg.PkgPath // the package the test is in
	if host != nil {
		here = host.Path()
	}
	imports := map[string]string{"bytes": "bytes", "encoding/hex": "hex", "fmt": "fmt", "runtime": "runtime", "testing": "testing", "unsafe": "unsafe"}
	alias := map[string]string{}
	var qerr error
	qual := func(p *types.Package) string {
		if p.Path() == here {
			return ""
		}
		if a, ok := alias[p.Path()]; ok {
			return a
		}
		a := fmt.Sprintf("vgimp%d", len(alias))
		if p.Path() == pkg.PkgPath {
			a = "vgk"
		}
		alias[p.Path()] = a
		imports[p.Path()] = a
		return a
	}
	// The kernel's unexported types, reached from host through aliases
	// in the exporting file.
	hidden := map[string]bool{}
	typeName := func(t types.Type) string {
		if n, ok := t.(*types.Named); ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() != here && !n.Obj().Exported() {
			if host != nil && n.Obj().Pkg().Path() == pkg.PkgPath {
				hidden[n.Obj().Name()] = true
			} else {
				qerr = fmt.Errorf("type %s is unexported in another package", t)
			}
		}
		s := types.TypeString(t, qual)
		for name := range hidden {
			s = regexp.MustCompile(`\bvgk\.`+name+`\b`).ReplaceAllString(s, "vgk.VGReplayT_"+name)
		}
		return s
	}
	specRef := specName
	if specPkg != here {
		if !isExported(specName) {
			return "", "", fmt.Errorf("spec %s is unexported in another package", r.Spec)
		}
		specRef = qual(spec.Pkg.Pkg) + "." + specName
	}
	kernelRef, entryRef, flagsRef := decl.Name, "vgKernel", "vgFlagSettings"
	if host != nil {
		kernelRef, entryRef, flagsRef = qual(types.NewPackage(pkg.PkgPath, pkg.Name))+".VGReplayKernel", "vgk.VGReplayEntry", "vgk.VGReplayFlagSettings"
	}

	var spc, ker strings.Builder // the spec's side, the kernel's
	type guarded struct{ v, name string }
	var guards []guarded
	ksig := decl.Obj.Type().(*types.Signature)
	var kargs, sargs []string
	var kspans, sspans []string // the arguments' memory, for vgWhere
	inputs := r.Counterexample.Inputs
	for i, in := range inputs {
		kt, st := ksig.Params().At(i).Type(), spec.Signature.Params().At(i).Type()
		kv, sv := fmt.Sprintf("k%d", i), fmt.Sprintf("s%d", i)
		if in.Alias != "" {
			// The same pointer (or slice) as an earlier parameter, on
			// both sides.
			j := slices.IndexFunc(inputs[:i], func(x Input) bool { return x.Name == in.Alias })
			if j < 0 {
				return "", "", fmt.Errorf("input %s aliases %s, which is not an earlier parameter", in.Name, in.Alias)
			}
			fmt.Fprintf(&ker, "\t%s := k%d\n", kv, j)
			fmt.Fprintf(&spc, "\t%s := s%d\n", sv, j)
			kargs, sargs = append(kargs, kv), append(sargs, sv)
			continue
		}
		align := max(in.Align, 1)
		for _, side := range []struct {
			b     *strings.Builder
			v     string
			t     types.Type
			spans *[]string
		}{{&ker, kv, kt, &kspans}, {&spc, sv, st, &sspans}} {
			if span := argSpan(in.Name, side.v, side.t, r.Sizes[in.Name]); span != "" {
				*side.spans = append(*side.spans, span)
			}
			// The kernel's memory lies between guard bytes, aligned only
			// as every caller guarantees: a kernel that reads past its
			// frame reads them, one that writes there changes them
			// (check, in the generated test), and an access that needs
			// more alignment faults.
			guard := side.v == kv && pointerFree(side.t.Underlying())
			switch u := side.t.Underlying().(type) {
			case *types.Pointer:
				// A pointer to the first of n elements (n from -sizes).
				n := max(r.Sizes[in.Name], 1)
				if guard {
					fmt.Fprintf(side.b, "\tvar %s *%s\n\t%sg := vgGuarded(%d * unsafe.Sizeof(*%s), %d)\n\t%s = (*%s)(%sg.at)\n\tcopy(%sg.mem(), vgHex(%q))\n",
						side.v, typeName(u.Elem()), side.v, n, side.v, align, side.v, typeName(u.Elem()), side.v, side.v, in.Bytes)
					guards = append(guards, guarded{side.v + "g", in.Name})
					continue
				}
				fmt.Fprintf(side.b, "\t%s := &make([]%s, %d)[0]\n\tcopy(vgMem(unsafe.Pointer(%s), %d * unsafe.Sizeof(*%s)), vgHex(%q))\n", side.v, typeName(u.Elem()), n, side.v, n, side.v, in.Bytes)
			case *types.Slice:
				n := r.Sizes[in.Name]
				// A declared tail (//vg:tail): te more elements, the
				// caller's, in the memory and under the capacity.
				te := tailElems(r, in.Name, u.Elem())
				m := n + te
				// The capacity past the length reaches into the guard
				// bytes (at most all of them).
				c := max(uint64(m), min(in.Cap, uint64(m)+replayCapSlack))
				if guard {
					fmt.Fprintf(side.b, "\tvar %s %s\n\t%sg := vgGuarded(%d * unsafe.Sizeof(%s[0]), %d)\n\t%s = unsafe.Slice((*%s)(%sg.at), vgCap(%d, %d, unsafe.Sizeof(%s[0])))[:%d]\n\tcopy(%sg.mem(), vgHex(%q))\n",
						side.v, typeName(side.t), side.v, m, side.v, align, side.v, typeName(u.Elem()), side.v, m, c, side.v, n, side.v, in.Bytes)
					guards = append(guards, guarded{side.v + "g", in.Name})
					continue
				}
				fmt.Fprintf(side.b, "\t%s := make(%s, %d, %d)\n", side.v, typeName(side.t), n, c)
				if m > 0 {
					fmt.Fprintf(side.b, "\tcopy(vgMem(unsafe.Pointer(unsafe.SliceData(%s)), %d*unsafe.Sizeof(%s[:1][0])), vgHex(%q))\n", side.v, m, side.v, in.Bytes)
				}
			case *types.Basic:
				if u.Info()&types.IsString == 0 {
					fmt.Fprintf(side.b, "\tvar %s %s\n\tcopy(vgMem(unsafe.Pointer(&%s), unsafe.Sizeof(%s)), vgHex(%q))\n", side.v, typeName(side.t), side.v, side.v, in.Bytes)
					continue
				}
				// A string's bytes between guard bytes, for the kernel.
				n := r.Sizes[in.Name]
				if side.v == kv && n > 0 {
					fmt.Fprintf(side.b, "\t%sg := vgGuarded(%d, 1)\n\tcopy(%sg.mem(), vgHex(%q))\n\t%s := %s(unsafe.String((*byte)(%sg.at), %d))\n",
						side.v, n, side.v, in.Bytes, side.v, typeName(side.t), side.v, n)
					guards = append(guards, guarded{side.v + "g", in.Name})
					continue
				}
				fmt.Fprintf(side.b, "\t%s := %s(vgHex(%q))\n", side.v, typeName(side.t), in.Bytes)
			default:
				fmt.Fprintf(side.b, "\tvar %s %s\n\tcopy(vgMem(unsafe.Pointer(&%s), unsafe.Sizeof(%s)), vgHex(%q))\n", side.v, typeName(side.t), side.v, side.v, in.Bytes)
			}
		}
		kargs, sargs = append(kargs, kv), append(sargs, sv)
	}
	nres := ksig.Results().Len()
	call := func(b *strings.Builder, prefix, fn string, args []string) {
		var rs []string
		for i := 0; i < nres; i++ {
			rs = append(rs, fmt.Sprintf("%sr%d", prefix, i))
		}
		if len(rs) > 0 {
			fmt.Fprintf(b, "\t%s := %s(%s)\n", strings.Join(rs, ", "), fn, strings.Join(args, ", "))
		} else {
			fmt.Fprintf(b, "\t%s(%s)\n", fn, strings.Join(args, ", "))
		}
	}
	// The spec first: a kernel that does not return is then told from a
	// replay that does not start.
	call(&spc, "s", specRef, sargs)
	fmt.Fprintf(&spc, "\tvgPrintf(\"%%s\\n\", %q)\n", specReturned)
	if entry != nil {
		call(&ker, "k", entryRef, append([]string{"vgFlags"}, kargs...))
	} else {
		call(&ker, "k", kernelRef, kargs)
	}
	// A collection scans every stack: a kernel that wrote over memory
	// outside its frame (below SP, the caller's saved registers) takes
	// the process down now rather than at some later point.
	fmt.Fprintf(&ker, "\truntime.GC()\n")
	for i, in := range r.Counterexample.Inputs {
		if in.Alias != "" {
			continue // compared as the parameter it aliases
		}
		switch ksig.Params().At(i).Type().Underlying().(type) {
		case *types.Pointer:
			n := max(r.Sizes[in.Name], 1)
			fmt.Fprintf(&ker, "\tvgCompare(t, %q, vgMem(unsafe.Pointer(k%d), %d * unsafe.Sizeof(*k%d)), vgMem(unsafe.Pointer(s%d), %d * unsafe.Sizeof(*s%d)))\n", in.Name, i, n, i, i, n, i)
		case *types.Slice:
			if r.Sizes[in.Name] > 0 {
				fmt.Fprintf(&ker, "\tvgCompare(t, %q, vgMem(unsafe.Pointer(unsafe.SliceData(k%d)), uintptr(len(k%d))*unsafe.Sizeof(k%d[0])), vgMem(unsafe.Pointer(unsafe.SliceData(s%d)), uintptr(len(s%d))*unsafe.Sizeof(s%d[0])))\n", in.Name, i, i, i, i, i, i)
			}
		}
	}
	for _, g := range guards {
		fmt.Fprintf(&ker, "\t%s.check(t, %q)\n", g.v, g.name)
	}
	for i := 0; i < nres; i++ {
		rt := ksig.Results().At(i).Type()
		if isPointerType(rt) {
			// Where each side's pointer points: nil, into an
			// argument's memory (each side has its own copy), or an
			// address outside them (a data symbol, the same in both).
			fmt.Fprintf(&ker, "\tvgCompare(t, \"result %d\", []byte(vgWhere(unsafe.Pointer(kr%d), %s)), []byte(vgWhere(unsafe.Pointer(sr%d), %s)))\n",
				i, i, spanList(kspans), i, spanList(sspans))
			continue
		}
		if !holdsNoPointers(rt) {
			return "", "", fmt.Errorf("result %d (%s) holds a pointer inside another value: the replay compares only a pointer result by where it points", i, rt)
		}
		fmt.Fprintf(&ker, "\tvgCompare(t, \"result %d\", vgMem(unsafe.Pointer(&kr%d), unsafe.Sizeof(kr%d)), vgMem(unsafe.Pointer(&sr%d), unsafe.Sizeof(sr%d)))\n", i, i, i, i, i)
	}
	body := spc.String()
	if entry != nil {
		// The kernel reads what its caller left in registers or flags:
		// run it once with each setting of the flags (entry.go).
		body += "\tfor _, vgFlags := range " + flagsRef + " {\n" + indent(ker.String()) + "\t}\n"
	} else {
		body += ker.String()
	}
	var extra string
	if entry != nil && host == nil {
		extra = entry.goSource(ksig, typeName)
	}
	if qerr != nil {
		return "", "", qerr
	}
	if host != nil {
		if export, err = exportSource(pkg, decl, entry, hidden); err != nil {
			return "", "", err
		}
	}
	var paths []string
	for p := range imports {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	name := pkg.Name
	if host != nil {
		name = host.Name()
	}
	var out strings.Builder
	fmt.Fprintf(&out, "package %s\n\n// Generated by vgcheck: a counterexample to %s ≡ %s.\n// %s\n\nimport (\n", name, r.Kernel, r.Spec, replaySaveAs)
	for _, p := range paths {
		if a := imports[p]; a != filepath.Base(p) {
			fmt.Fprintf(&out, "\t%s %q\n", a, p)
		} else {
			fmt.Fprintf(&out, "\t%q\n", p)
		}
	}
	fmt.Fprintf(&out, ")\n\nfunc TestVGCounterexample(t *testing.T) {\n%s}\n\n", body)
	out.WriteString(extra)
	out.WriteString(`func vgMem(p unsafe.Pointer, n uintptr) []byte { return unsafe.Slice((*byte)(p), n) }

func vgHex(s string) []byte {
	b, err := hex.DecodeString(s)
	if err != nil {
		panic(err)
	}
	return b
}

// vgGuard is the number of guard bytes on each side of a kernel's memory.
const vgGuard = 512

// vgGuardedMem is n bytes between guard bytes, at an address aligned to
// align but not to twice that.
type vgGuardedMem struct {
	buf   []byte
	off   int
	n     int
	at    unsafe.Pointer
	guard []byte // buf as allocated
}

func vgGuarded(n uintptr, align int) *vgGuardedMem {
	buf := make([]byte, int(n)+2*vgGuard+4*align)
	off := vgGuard + int(-uintptr(unsafe.Pointer(&buf[vgGuard]))&uintptr(2*align-1)) + align
	// The same bytes around the memory wherever it lies, each with its
	// top bit set: a word read past the end is large (and, as a signed
	// 32-bit coefficient, of large magnitude).
	for i := range buf {
		buf[i] = byte((i-off)*167+89) | 0x80
	}
	return &vgGuardedMem{buf: buf, off: off, n: int(n), at: unsafe.Pointer(&buf[off]), guard: bytes.Clone(buf)}
}

// vgCap is the capacity of a slice of n elements of size elem in guarded
// memory: c, but no further than the guard bytes reach.
func vgCap(n, c int, elem uintptr) int {
	if elem == 0 {
		return c
	}
	return min(c, n+vgGuard/int(elem))
}

func (g *vgGuardedMem) mem() []byte { return g.buf[g.off : g.off+g.n] }

// check reports a write by the kernel outside its memory.
func (g *vgGuardedMem) check(t *testing.T, name string) {
	for i := range g.buf {
		if (i < g.off || i >= g.off+g.n) && g.buf[i] != g.guard[i] {
			vgPrintf("VGREPLAY differ %s: the kernel wrote outside it, at offset %d\n", name, i-g.off)
			t.Errorf("%s: the kernel wrote outside it, at offset %d", name, i-g.off)
			return
		}
	}
}

func vgCompare(t *testing.T, name string, k, s []byte) {
	if bytes.Equal(k, s) {
		vgPrintf("VGREPLAY equal %s\n", name)
		return
	}
	vgPrintf("VGREPLAY differ %s kernel=%x spec=%x\n", name, k, s)
	t.Errorf("%s: kernel %x, spec %x", name, k, s)
}

// vgSpan is an argument's memory, for vgWhere.
type vgSpan struct {
	name string
	at   unsafe.Pointer
	n    uintptr
}

// vgWhere says where p points: nil, into an argument's memory (at an
// offset), or at an address outside the arguments.
func vgWhere(p unsafe.Pointer, spans ...vgSpan) string {
	if p == nil {
		return "nil"
	}
	for _, s := range spans {
		if d := uintptr(p) - uintptr(s.at); uintptr(p) >= uintptr(s.at) && d < s.n {
			return fmt.Sprintf("%s+%d", s.name, d)
		}
	}
	return fmt.Sprintf("%#x", uintptr(p))
}

// vgReplaying is set by vgcheck's replay, which reads what the test
// prints; run on its own, the test prints only its failures.
var vgReplaying bool

func vgPrintf(format string, args ...any) {
	if vgReplaying {
		fmt.Printf(format, args...)
	}
}
`)
	return out.String(), export, nil
}

// exportSource is the file added to the kernel's package when the test
// runs in the spec's package: the kernel (or, for a kernel entered through
// the trampoline, the trampoline's Go side), the flag settings, and an
// alias for each unexported type of the kernel's package the test names.
func exportSource(pkg *decode.Package, decl *decode.AsmFunc, entry *entryCall, hidden map[string]bool) (string, error) {
	imports := map[string]string{}
	alias := map[string]string{}
	qual := func(p *types.Package) string {
		if p.Path() == pkg.PkgPath {
			return ""
		}
		if a, ok := alias[p.Path()]; ok {
			return a
		}
		a := fmt.Sprintf("vgimp%d", len(alias))
		alias[p.Path()] = a
		imports[p.Path()] = a
		return a
	}
	typeName := func(t types.Type) string { return types.TypeString(t, qual) }
	var body strings.Builder
	var names []string
	for n := range hidden {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(&body, "type VGReplayT_%s = %s\n\n", n, n)
	}
	if entry != nil {
		imports["unsafe"] = "unsafe"
		body.WriteString(entry.goSource(decl.Obj.Type().(*types.Signature), typeName))
		body.WriteString("\nvar VGReplayEntry, VGReplayFlagSettings = vgKernel, vgFlagSettings\n")
	} else {
		fmt.Fprintf(&body, "var VGReplayKernel = %s\n", decl.Name)
	}
	var out strings.Builder
	fmt.Fprintf(&out, "package %s\n\n// Generated by vgcheck: the kernel %s, for a test in a package that imports this one.\n\n", pkg.Name, decl.Name)
	if len(imports) > 0 {
		var paths []string
		for p := range imports {
			paths = append(paths, p)
		}
		sort.Strings(paths)
		out.WriteString("import (\n")
		for _, p := range paths {
			fmt.Fprintf(&out, "\t%s %q\n", imports[p], p)
		}
		out.WriteString(")\n\n")
	}
	out.WriteString(body.String())
	return out.String(), nil
}

// imports reports whether p imports the package path, directly or not.
func imports(p *types.Package, path string) bool {
	seen := map[*types.Package]bool{}
	var rec func(q *types.Package) bool
	rec = func(q *types.Package) bool {
		if seen[q] {
			return false
		}
		seen[q] = true
		for _, i := range q.Imports() {
			if i.Path() == path || rec(i) {
				return true
			}
		}
		return false
	}
	return rec(p)
}

// replayCapSlack bounds how far past its length a replayed slice's
// capacity reaches (into the guard bytes, for memory without pointers).
const replayCapSlack = 64

func isExported(name string) bool { return name != "" && strings.ToUpper(name[:1]) == name[:1] }

// pointerFree reports whether t is a pointer to, or a slice of, memory
// that holds no Go pointers: the replay may then place it in a byte
// buffer between guard bytes.
func pointerFree(t types.Type) bool {
	var elem types.Type
	switch u := t.(type) {
	case *types.Pointer:
		elem = u.Elem()
	case *types.Slice:
		elem = u.Elem()
	default:
		return false
	}
	return holdsNoPointers(elem)
}

// tailElems is the number of elem-typed elements of the tail declared
// for slice parameter name (//vg:tail), 0 without one.
func tailElems(r *Result, name string, elem types.Type) int {
	if r.obl == nil || r.obl.Tail[name] == 0 {
		return 0
	}
	size := types.SizesFor("gc", r.Arch).Sizeof(elem)
	if size == 0 {
		return 0
	}
	return int(int64(r.obl.Tail[name]) / size)
}

// isPointerType reports whether t is a pointer or unsafe.Pointer.
func isPointerType(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Pointer:
		return true
	case *types.Basic:
		return u.Kind() == types.UnsafePointer
	}
	return false
}

// argSpan is the vgSpan of argument v (named name, of type t, n elements
// for a pointer from -sizes), or "" for an argument without memory of
// its own.
func argSpan(name, v string, t types.Type, n int) string {
	switch u := t.Underlying().(type) {
	case *types.Pointer:
		return fmt.Sprintf("vgSpan{%q, unsafe.Pointer(%s), %d * unsafe.Sizeof(*%s)}", name, v, max(n, 1), v)
	case *types.Slice:
		return fmt.Sprintf("vgSpan{%q, unsafe.Pointer(unsafe.SliceData(%s)), uintptr(cap(%s)) * unsafe.Sizeof(%s[:1][0])}", name, v, v, v)
	case *types.Basic:
		if u.Info()&types.IsString != 0 {
			return fmt.Sprintf("vgSpan{%q, unsafe.Pointer(unsafe.StringData(%s)), uintptr(len(%s))}", name, v, v)
		}
	}
	return ""
}

// spanList joins vgSpan expressions as the variadic arguments of vgWhere.
func spanList(spans []string) string {
	if len(spans) == 0 {
		return "nil..."
	}
	return strings.Join(spans, ", ")
}

func holdsNoPointers(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Info()&(types.IsInteger|types.IsFloat|types.IsComplex|types.IsBoolean) != 0
	case *types.Array:
		return holdsNoPointers(u.Elem())
	case *types.Struct:
		for i := 0; i < u.NumFields(); i++ {
			if !holdsNoPointers(u.Field(i).Type()) {
				return false
			}
		}
		return true
	}
	return false
}
