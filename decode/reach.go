package decode

import (
	"fmt"
	"os"
	"sort"
	"strings"
	"sync"

	"golang.org/x/arch/x86/x86asm"
)

// decodeReachable decodes amd64 code by following its control flow from
// the entry (offset 0) instead of sweeping it: the bytes no path reaches
// (data placed in the text with BYTE directives and jumped over, as
// crypto/internal/boring/sig's signature functions do) become Data
// instructions, one per gap, which the lifter refuses to execute. Direct
// jumps, conditional branches and calls inside the code are followed; a
// RET, an indirect jump or a trap ends a path. Two reachable instructions
// that overlap are an error. It is used only when the linear sweep fails.
func decodeReachable(code []byte, addr uint64) ([]Inst, error) {
	decoded := map[int]x86asm.Inst{}
	work := []int{0}
	for len(work) > 0 {
		off := work[len(work)-1]
		work = work[:len(work)-1]
		if off < 0 || off >= len(code) {
			continue
		}
		if _, ok := decoded[off]; ok {
			continue
		}
		x, err := decodeX86(code[off:])
		if err != nil {
			return nil, fmt.Errorf("at offset %#x, reached from the entry: %w", off, err)
		}
		decoded[off] = x
		next := off + x.Len
		rel, isRel := x.Args[0].(x86asm.Rel)
		target := next + int(rel)
		switch x.Op {
		case x86asm.JMP:
			if isRel {
				work = append(work, target)
			}
		case x86asm.RET, x86asm.INT, x86asm.UD1, x86asm.UD2, x86asm.HLT:
		case x86asm.CALL:
			if isRel {
				work = append(work, target)
			}
			work = append(work, next)
		default:
			if isRel {
				work = append(work, target)
			}
			work = append(work, next)
		}
	}
	offs := make([]int, 0, len(decoded))
	for off := range decoded {
		offs = append(offs, off)
	}
	sort.Ints(offs)
	var insts []Inst
	var xs []x86asm.Inst
	at := 0
	for _, off := range offs {
		x := decoded[off]
		if off < at {
			return nil, fmt.Errorf("reachable instructions overlap at offset %#x", off)
		}
		if off > at {
			insts = append(insts, Inst{PC: addr + uint64(at), Len: off - at, Bytes: code[at:off:off], Data: true})
		}
		insts = append(insts, Inst{PC: addr + uint64(off), Len: x.Len, Bytes: code[off : off+x.Len : off+x.Len]})
		xs = append(xs, x)
		at = off + x.Len
	}
	if at < len(code) {
		insts = append(insts, Inst{PC: addr + uint64(at), Len: len(code) - at, Bytes: code[at:], Data: true})
	}
	return withX86(insts, xs), nil
}

// branchesLand checks that every direct jump, branch and call of f into
// f lands on an instruction: a linear sweep through data (which the line
// check lets pass when the data is BYTE directives) decodes instructions
// across the real ones.
func branchesLand(f *Func) error {
	end := f.Addr + f.Size
	for _, in := range f.Insts {
		rel, ok := in.X86.Args[0].(x86asm.Rel)
		if !ok {
			continue
		}
		t := in.PC + uint64(in.Len) + uint64(int64(rel))
		if t < f.Addr || t >= end {
			continue
		}
		if _, ok := f.InstAt(t); !ok {
			return fmt.Errorf("decode %s: the jump at %#x lands at %#x, inside a decoded instruction: %w", f.Name, in.PC, t, ErrUndecodable)
		}
	}
	return nil
}

// dataDirectives reports whether the lines from..to of the assembly file
// (1-based, inclusive) hold nothing but data directives (BYTE, WORD, LONG,
// QUAD, with ';' between statements), directly or through macros of the
// file whose bodies are: an instruction spelled over several lines that
// way starts new line-table rows inside itself.
func dataDirectives(file string, from, to int) bool {
	src := sourceLines(file)
	if src == nil || from < 1 || to > len(src.lines) || from > to {
		return false
	}
	for l := from; l <= to; l++ {
		if !src.isData(src.lines[l-1], 0) {
			return false
		}
	}
	return true
}

// asmSource is an assembly file's lines and its data-only macros.
type asmSource struct {
	lines  []string
	macros map[string]string // name → body
}

var (
	sourceMu    sync.Mutex
	sourceCache = map[string]*asmSource{}
)

func sourceLines(file string) *asmSource {
	sourceMu.Lock()
	defer sourceMu.Unlock()
	if s, ok := sourceCache[file]; ok {
		return s
	}
	var s *asmSource
	if data, err := os.ReadFile(file); err == nil {
		s = &asmSource{lines: strings.Split(string(data), "\n"), macros: map[string]string{}}
		for i := 0; i < len(s.lines); i++ {
			l := strings.TrimSpace(s.lines[i])
			rest, ok := strings.CutPrefix(l, "#define")
			if !ok {
				continue
			}
			body := rest
			for strings.HasSuffix(strings.TrimSpace(body), `\`) && i+1 < len(s.lines) {
				i++
				body = strings.TrimSuffix(strings.TrimSpace(body), `\`) + " " + s.lines[i]
			}
			fields := strings.Fields(body)
			if len(fields) > 0 && !strings.Contains(fields[0], "(") {
				s.macros[fields[0]] = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(body), fields[0]))
			}
		}
	}
	sourceCache[file] = s
	return s
}

// isData reports whether every statement of line is a data directive or
// a data-only macro.
func (s *asmSource) isData(line string, depth int) bool {
	if i := strings.Index(line, "//"); i >= 0 {
		line = line[:i]
	}
	any := false
	for _, st := range strings.Split(line, ";") {
		st = strings.TrimSpace(st)
		if st == "" {
			continue
		}
		any = true
		f := strings.Fields(st)[0]
		switch {
		case f == "BYTE" || f == "WORD" || f == "LONG" || f == "QUAD":
		case depth < 4 && s.macros[f] != "" && s.isData(s.macros[f], depth+1):
		default:
			return false
		}
	}
	return any
}
