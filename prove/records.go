package prove

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"

	"vg.dev/decode"
	"vg.dev/obligation"
	"vg.dev/symexec/machine"
	"vg.dev/symexec/mem"
)

// Version is the prover's version, recorded with every proof.
const Version = "vg 0.2.0"

// Record is the committed evidence of one proof: what was proved about which
// machine code against which spec. Records live in one JSON file per
// (kernel, arch) under the records directory, so a change to a kernel's code
// shows as a change to its record in review.
type Record struct {
	Kernel   string         `json:"kernel"`
	Arch     string         `json:"arch"`
	Level    string         `json:"level"`
	Spec     string         `json:"spec"`
	Requires string         `json:"requires,omitempty"`
	Sizes    map[string]int `json:"sizes,omitempty"`
	CodeHash string         `json:"code_sha256"`
	SpecHash string         `json:"spec_sha256"`
	// ObligationHash hashes what else defines the obligation: the secret
	// and public parameters, the precondition's name, the sizes, the
	// aliasing and alignment declarations, the kernel's signature (its
	// types decide what may alias), the architecture and its level, and
	// the tool's version (obligationHash).
	ObligationHash string   `json:"obligation_sha256"`
	Aliasings      []string `json:"aliasings,omitempty"`
	Assumptions    []string `json:"assumptions,omitempty"`
	Tool           string   `json:"tool"`
	Equivalence    Verdict  `json:"equivalence"`
	CT             Verdict  `json:"ct"`
	Frame          Verdict  `json:"frame"`
	Instructions   int      `json:"instructions"`
	Seconds        float64  `json:"seconds"`
}

// RecordFile is the path of the record of an obligation under dir.
func RecordFile(dir, arch, name string) string {
	r := strings.NewReplacer("/", "_", "[", ".", "]", "", ",", ".", "=", "-")
	return filepath.Join(dir, arch, r.Replace(name)+".json")
}

// record makes the record of a finished result.
func (r *Result) record() Record {
	return Record{
		Kernel: r.Name(), Arch: r.Arch, Level: r.Level, Spec: r.Spec, Requires: r.obl.Requires, Sizes: r.Sizes,
		CodeHash: r.CodeHash, SpecHash: r.SpecHash, ObligationHash: obligationHash(r.obl, r.Arch, r.Level, r.signature),
		Aliasings: r.Aliasings, Assumptions: r.Assumptions, Tool: Version,
		Equivalence: r.Equivalence, CT: r.CT, Frame: r.Frame,
		Instructions: r.Insts, Seconds: float64(int(r.Seconds*100+0.5)) / 100,
	}
}

// WriteRecords writes the record of every result under dir.
func WriteRecords(dir string, results []*Result) error {
	for _, r := range results {
		rec := r.record()
		if old, err := ReadRecord(dir, "", r.Arch, r.Name()); err == nil {
			// Only the time changed: keep the file, so records change in
			// review only when what was proved changes.
			t := rec.Seconds
			rec.Seconds = old.Seconds
			if sameRecord(*old, rec) {
				continue
			}
			rec.Seconds = t
		}
		b, err := json.MarshalIndent(rec, "", "  ")
		if err != nil {
			return err
		}
		path := RecordFile(dir, r.Arch, r.Name())
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return fmt.Errorf("records: %w", err)
		}
		if err := os.WriteFile(path, append(b, '\n'), 0o644); err != nil {
			return fmt.Errorf("records: %w", err)
		}
	}
	return nil
}

func sameRecord(a, b Record) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return bytes.Equal(x, y)
}

// ReadRecord reads the record of an obligation; at a git revision when rev
// is not empty (the file as committed there).
func ReadRecord(dir, rev, arch, name string) (*Record, error) {
	path := RecordFile(dir, arch, name)
	var data []byte
	var err error
	if rev == "" {
		data, err = os.ReadFile(path)
	} else {
		// git show REV:./path resolves path against the working directory
		// given by -C.
		rel := RecordFile(filepath.Base(dir), arch, name)
		cmd := exec.Command("git", "-C", filepath.Dir(dir), "show", rev+":./"+filepath.ToSlash(rel))
		data, err = cmd.Output()
	}
	if err != nil {
		return nil, fmt.Errorf("no record %s: %w", path, err)
	}
	var rec Record
	if err := json.Unmarshal(data, &rec); err != nil {
		return nil, fmt.Errorf("record %s: %w", path, err)
	}
	return &rec, nil
}

// CheckRecords compares each result with its committed record: the record
// must exist, name the same machine code and spec, and every verdict must be
// proved. It returns one line per stale or failing obligation.
func CheckRecords(dir string, results []*Result) []string {
	var problems []string
	for _, r := range results {
		if r.Equivalence != Proved && r.Spec != "" || r.CT != Proved || r.Frame != Proved {
			problems = append(problems, fmt.Sprintf("%s: not proved (equivalence %s, ct %s, frame %s)", r.Name(), r.Equivalence, r.CT, r.Frame))
			continue
		}
		rec, err := ReadRecord(dir, "", r.Arch, r.Name())
		switch {
		case err != nil:
			problems = append(problems, fmt.Sprintf("%s: %v (run vgcheck prove -write-records)", r.Name(), err))
		case rec.CodeHash != r.CodeHash:
			problems = append(problems, fmt.Sprintf("%s: machine code changed since its record (run vgcheck prove -write-records and commit the record)", r.Name()))
		case rec.SpecHash != r.SpecHash:
			problems = append(problems, fmt.Sprintf("%s: spec %s changed since its record (run vgcheck prove -write-records and commit the record)", r.Name(), r.Spec))
		case rec.ObligationHash != obligationHash(r.obl, r.Arch, r.Level, r.signature):
			problems = append(problems, fmt.Sprintf("%s: its directives (secret, public, requires, sizes, noalias, align) or the tool changed since its record (run vgcheck prove -write-records and commit the record)", r.Name()))
		case rec.Spec != r.Spec || rec.Equivalence != r.Equivalence || rec.CT != r.CT || rec.Frame != r.Frame:
			problems = append(problems, fmt.Sprintf("%s: record differs from this proof (run vgcheck prove -write-records)", r.Name()))
		}
	}
	sort.Strings(problems)
	return problems
}

// obligationHash hashes what defines an obligation besides its machine
// code and spec: a record made under other directives, or by another
// version of the tool, proves something else.
func obligationHash(o *obligation.Obligation, arch, level, signature string) string {
	h := sha256.New()
	sorted := func(xs []string) []string { return slices.Sorted(slices.Values(xs)) }
	fmt.Fprintf(h, "tool %s\narch %s %s\nkernel %s %s\nspec %s\nrequires %s\n", Version, arch, level, o.Kernel, signature, o.Spec, o.Requires)
	fmt.Fprintf(h, "secret %q\npublic %q\nsizes %s\n", sorted(o.Secret), sorted(o.Public), obligation.FormatSizes(o.Sizes))
	if o.Leaks != "" {
		// Only when declared, so that the records of kernels without a
		// leak keep their hashes.
		fmt.Fprintf(h, "leaks %s\n", o.Leaks)
	}
	var groups []string
	for _, g := range o.NoAlias {
		groups = append(groups, strings.Join(sorted(g), ","))
	}
	fmt.Fprintf(h, "noalias %q\n", sorted(groups))
	var aligns []string
	for p, n := range o.Align {
		aligns = append(aligns, fmt.Sprintf("%s=%d", p, n))
	}
	fmt.Fprintf(h, "align %q\n", sorted(aligns))
	var assumed []string
	for k, v := range o.Assume {
		assumed = append(assumed, fmt.Sprintf("%s=%d", k, v))
	}
	fmt.Fprintf(h, "assume %q\n", sorted(assumed))
	if o.PageReads { // absent from older records' hashes
		fmt.Fprintf(h, "pageread\n")
	}
	if len(o.Tail) > 0 { // absent from older records' hashes
		var tails []string
		for p, n := range o.Tail {
			tails = append(tails, fmt.Sprintf("%s=%d", p, n))
		}
		fmt.Fprintf(h, "tail %q\n", sorted(tails))
	}
	return hex.EncodeToString(h.Sum(nil))
}

// relativeAddrs writes each number 0x… (lower-case hex digits, as the
// disassembly prints addresses) of s that lies in [lo, hi) as pc+offset.
// It is the regexp 0x[0-9a-f]+ replaced by hand: records hash its output,
// and a regexp per instruction was most of the hashing of a long kernel.
func relativeAddrs(s string, lo, hi uint64) string {
	isHex := func(c byte) bool { return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' }
	var out []byte
	done := 0 // s[:done] is in out
	for i := 0; i+2 < len(s); {
		if s[i] != '0' || s[i+1] != 'x' || !isHex(s[i+2]) {
			i++
			continue
		}
		j := i + 2
		for j < len(s) && isHex(s[j]) {
			j++
		}
		if a, err := strconv.ParseUint(s[i+2:j], 16, 64); err == nil && a >= lo && a < hi {
			out = append(append(out, s[done:i]...), fmt.Sprintf("pc+%#x", a-lo)...)
			done = j
		}
		i = j
	}
	if out == nil {
		return s
	}
	return string(append(out, s[done:]...))
}

// codeHash hashes a function's instructions independently of where the
// linker placed it: addresses inside the function become offsets, data
// symbols are named (Inst.String resolves them), and the bytes of the
// read-only data it read are included.
func codeHash(fn *decode.Func, data []*mem.Region, callees []machine.Callee) string {
	h := sha256.New()
	hashInsts(h, fn)
	for _, c := range callees {
		fmt.Fprintf(h, "callee %s\n", c.Name)
		if len(c.Insts) > 0 {
			hashInsts(h, &decode.Func{Name: c.Name, Addr: c.Insts[0].PC, Size: c.Insts[len(c.Insts)-1].PC + uint64(c.Insts[len(c.Insts)-1].Len) - c.Insts[0].PC, Insts: c.Insts, Bin: fn.Bin})
		}
	}
	sort.Slice(data, func(i, j int) bool { return data[i].Name < data[j].Name })
	for _, r := range data {
		fmt.Fprintf(h, "data %s %d %x\n", r.Name, r.Size, r.Data)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// hashInsts writes a function's instructions with addresses inside it as
// offsets.
func hashInsts(h io.Writer, fn *decode.Func) {
	for i := 0; i < len(fn.Insts); i++ {
		in := fn.Insts[i]
		if i+1 < len(fn.Insts) {
			if pair, ok := adrpPair(fn, in, fn.Insts[i+1]); ok {
				fmt.Fprintln(h, pair)
				i++
				continue
			}
		}
		fmt.Fprintln(h, relativeAddrs(in.String(), fn.Addr, fn.Addr+fn.Size))
	}
}

// adrpPair writes an arm64 ADRP and the ADD or load/store completing it
// (the linker's pair, always adjacent) as their encodings without the
// address bits and the symbol and offset they address: the page offset and
// the low bits change wherever the linker places the function or the
// symbol, as a RIP-relative operand's displacement does on amd64, which
// prints as its symbol. Anything else is not a pair, and hashed as its
// text (which changes with the layout: a needless re-proof, never a stale
// record).
func adrpPair(fn *decode.Func, adrp, next decode.Inst) (string, bool) {
	if fn.Bin == nil || adrp.Data || next.Data || len(adrp.Bytes) != 4 || len(next.Bytes) != 4 {
		return "", false
	}
	a, b := binary.LittleEndian.Uint32(adrp.Bytes), binary.LittleEndian.Uint32(next.Bytes)
	lo, ok := adrpLow(a, b)
	if !ok {
		return "", false
	}
	imm := int64(a>>29&3|(a>>5&0x7ffff)<<2) << 43 >> 43 // immhi:immlo, signed 21 bits
	addr := adrp.PC&^0xfff + uint64(imm<<12) + lo
	sym, ok := fn.Bin.SymbolAt(addr)
	if !ok {
		return "", false
	}
	return fmt.Sprintf("adrp %08x %08x %s+%#x", a&^(3<<29|0x7ffff<<5), b&^(0xfff<<10), sym.Name, addr-sym.Addr), true
}

// adrpLow returns the low bits the instruction b adds to the page of the
// ADRP a, when b completes a: b consumes the page and overwrites it (the
// ADD's or the load's destination is the ADRP's register), so that no later
// instruction sees the page, whose value depends on the layout; and the
// register is not 31, which is XZR for ADRP but SP as a base.
func adrpLow(a, b uint32) (uint64, bool) {
	if a&0x9f000000 != 0x90000000 { // ADRP
		return 0, false
	}
	rd := a & 31
	if rd == 31 || (b>>5)&31 != rd || b&31 != rd {
		return 0, false
	}
	switch {
	case b&0xffc00000 == 0x91000000: // ADD (immediate, 64-bit, unshifted)
		return uint64(b>>10) & 0xfff, true
	case b&0x3b000000 == 0x39000000 && b&(1<<26) == 0 && b>>22&3 != 0 && b>>22 != 0x3e6: // integer load (unsigned immediate), not PRFM
		return uint64(b>>10) & 0xfff << (b >> 30), true
	}
	return 0, false
}

// specHash hashes the SSA of the spec, the precondition and every function
// they call.
func specHash(fns ...*ssa.Function) string {
	h := sha256.New()
	seen := map[*ssa.Function]bool{}
	var visit func(f *ssa.Function)
	visit = func(f *ssa.Function) {
		if f == nil || seen[f] {
			return
		}
		seen[f] = true
		var buf bytes.Buffer
		ssa.WriteFunction(&buf, f)
		// The header comments hold file locations, which differ between
		// checkouts; the body is what the spec means.
		for _, l := range strings.Split(buf.String(), "\n") {
			if !strings.HasPrefix(l, "#") {
				fmt.Fprintln(h, l)
			}
		}
		for _, b := range f.Blocks {
			for _, instr := range b.Instrs {
				if c, ok := instr.(ssa.CallInstruction); ok {
					visit(c.Common().StaticCallee())
				}
			}
		}
		for _, anon := range f.AnonFuncs {
			visit(anon)
		}
	}
	for _, f := range fns {
		visit(f)
	}
	return hex.EncodeToString(h.Sum(nil))
}
