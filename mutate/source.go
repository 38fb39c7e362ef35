package mutate

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
)

// Source is the assembly of one package, parsed: its .s files and the
// headers they include from the package directory (the assembler's own
// headers, such as textflag.h, are not the package's and are left out).
type Source struct {
	files  map[string]*file
	sfiles []string // the .s files, sorted
}

// file is one .s file or header.
type file struct {
	path     string
	lines    []string
	includes []string // package headers included, by path, in order
	macros   []*macro // defined here, in order
}

// macro is one #define. Its body is a list of statements: those after the
// name (and parameters) on the #define line and those on the lines the
// trailing backslashes continue it to.
type macro struct {
	name   string
	params []string // nil for an object-like macro
	file   *file
	line   int // 0-based index of the #define line
	body   []stmt
}

// stmt is one statement of a line: the trimmed text line[start:end],
// between semicolons, a continuation backslash and a comment.
type stmt struct {
	line       int // 0-based
	start, end int
	text       string
}

// encoding reports whether m spells one instruction as data (WORD $(…)):
// its operators apply where it is invoked, not to its body, whose bits
// no operator here understands.
func (m *macro) encoding() bool {
	if len(m.body) != 1 || m.params == nil {
		return false
	}
	mn, _, _ := strings.Cut(m.body[0].text, " ")
	return mn == "WORD"
}

var (
	defineRE  = regexp.MustCompile(`^#define\s+([A-Za-z_][A-Za-z0-9_]*)(\(([^)]*)\))?`)
	includeRE = regexp.MustCompile(`^#include\s+"([^"]+)"`)
	identRE   = regexp.MustCompile(`[A-Za-z_][A-Za-z0-9_]*`)
)

// LoadSource reads the .s files and, transitively, the headers they
// include that exist in their own directory.
func LoadSource(sfiles []string) (*Source, error) {
	srcs := map[string]string{}
	var read func(path string, header bool) error
	read = func(path string, header bool) error {
		if _, ok := srcs[path]; ok {
			return nil
		}
		b, err := os.ReadFile(path)
		if header && os.IsNotExist(err) {
			return nil // not a package header: the assembler's own
		}
		if err != nil {
			return fmt.Errorf("mutate: %w", err)
		}
		srcs[path] = string(b)
		for _, l := range strings.Split(string(b), "\n") {
			if m := includeRE.FindStringSubmatch(l); m != nil && !filepath.IsAbs(m[1]) {
				if err := read(filepath.Join(filepath.Dir(path), m[1]), true); err != nil {
					return err
				}
			}
		}
		return nil
	}
	for _, f := range sfiles {
		if err := read(f, false); err != nil {
			return nil, err
		}
	}
	return ParseSource(srcs), nil
}

// ParseSource parses the files given by path; the .s files among them are
// the package's assembly, the others headers. An #include names a package
// header when a file of that path (relative to the includer's directory)
// is given.
func ParseSource(srcs map[string]string) *Source {
	s := &Source{files: map[string]*file{}}
	for path, src := range srcs {
		s.files[path] = parseFile(path, src)
		if strings.HasSuffix(path, ".s") {
			s.sfiles = append(s.sfiles, path)
		}
	}
	sort.Strings(s.sfiles)
	for _, f := range s.files {
		kept := f.includes[:0]
		for _, inc := range f.includes {
			if s.files[inc] != nil {
				kept = append(kept, inc)
			}
		}
		f.includes = kept
	}
	return s
}

func parseFile(path, src string) *file {
	f := &file{path: path, lines: strings.Split(src, "\n")}
	for i := 0; i < len(f.lines); i++ {
		l := f.lines[i]
		if m := includeRE.FindStringSubmatch(l); m != nil && !filepath.IsAbs(m[1]) {
			f.includes = append(f.includes, filepath.Join(filepath.Dir(path), m[1]))
			continue
		}
		m := defineRE.FindStringSubmatchIndex(l)
		if m == nil {
			continue
		}
		mac := &macro{name: l[m[2]:m[3]], file: f, line: i}
		if m[4] >= 0 {
			mac.params = []string{}
			for _, p := range strings.Split(l[m[6]:m[7]], ",") {
				if p = strings.TrimSpace(p); p != "" {
					mac.params = append(mac.params, p)
				}
			}
		}
		// The body: the rest of the #define line, then every line a
		// trailing backslash continues to.
		start := m[1]
		for {
			cont := splitStmts(f.lines[i], i, start, &mac.body)
			if !cont || i+1 >= len(f.lines) {
				break
			}
			i++
			start = 0
		}
		f.macros = append(f.macros, mac)
	}
	return f
}

// splitStmts appends the statements of line (from byte from on) to out and
// reports whether a trailing backslash continues it.
func splitStmts(line string, idx, from int, out *[]stmt) (cont bool) {
	code := line[from:]
	if c := strings.Index(code, "//"); c >= 0 {
		code = code[:c]
	}
	code = strings.TrimRight(code, " \t")
	if strings.HasSuffix(code, `\`) {
		cont = true
		code = code[:len(code)-1]
	}
	off := from
	for _, part := range strings.Split(code, ";") {
		t := strings.TrimSpace(part)
		if t != "" {
			lead := len(part) - len(strings.TrimLeft(part, " \t"))
			*out = append(*out, stmt{line: idx, start: off + lead, end: off + lead + len(t), text: t})
		}
		off += len(part) + 1
	}
	return cont
}

// textStmts returns the statements of fn's TEXT block in f: its lines up
// to the next TEXT, macro definition, include or data directive. A macro
// defined after a function is not part of it: its lines belong to the
// functions that expand it.
func (f *file) textStmts(fn string) ([]stmt, bool) {
	for i, l := range f.lines {
		if !strings.HasPrefix(l, "TEXT ") || !strings.Contains(l, "·"+fn+"(SB)") {
			continue
		}
		var out []stmt
		for j := i + 1; j < len(f.lines) && !blockEnd(f.lines[j]); j++ {
			if strings.HasPrefix(f.lines[j], "\t") || strings.HasPrefix(f.lines[j], " ") {
				splitStmts(f.lines[j], j, 0, &out)
			}
		}
		return out, true
	}
	return nil, false
}

// blockEnd reports whether a line starts something that is not part of the
// function above it.
func blockEnd(l string) bool {
	for _, p := range []string{"TEXT ", "#define", "DATA ", "GLOBL ", "#include"} {
		if strings.HasPrefix(l, p) {
			return true
		}
	}
	return false
}

// visible returns the macros a .s file can expand: its own and those of
// the package headers it includes, directly or not (the first definition
// of a name wins, as a second one would not assemble).
func (s *Source) visible(f *file) map[string]*macro {
	out := map[string]*macro{}
	seen := map[string]bool{}
	var walk func(f *file)
	walk = func(f *file) {
		if seen[f.path] {
			return
		}
		seen[f.path] = true
		for _, inc := range f.includes {
			walk(s.files[inc])
		}
		for _, m := range f.macros {
			if out[m.name] == nil {
				out[m.name] = m
			}
		}
	}
	walk(f)
	return out
}

// expanded returns the macros that stmts expand, directly or through other
// macros, ordered by file and line.
func expanded(stmts []stmt, vis map[string]*macro) []*macro {
	seen := map[*macro]bool{}
	var out []*macro
	var walk func(stmts []stmt, params []string)
	walk = func(stmts []stmt, params []string) {
		for _, st := range stmts {
			for _, id := range identRE.FindAllString(st.text, -1) {
				m := vis[id]
				if m == nil || seen[m] || contains(params, id) {
					continue
				}
				seen[m] = true
				out = append(out, m)
				walk(m.body, m.params)
			}
		}
	}
	walk(stmts, nil)
	sort.Slice(out, func(i, j int) bool {
		if out[i].file.path != out[j].file.path {
			return out[i].file.path < out[j].file.path
		}
		return out[i].line < out[j].line
	})
	return out
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// splitOperands splits at the commas outside parentheses and brackets, so
// that a register list [V0.S4, V1.S4] or pair (R0, R1) stays one operand.
func splitOperands(s string) []string {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil
	}
	var out []string
	depth, last := 0, 0
	for i, c := range s {
		switch c {
		case '(', '[':
			depth++
		case ')', ']':
			depth--
		case ',':
			if depth == 0 {
				out = append(out, strings.TrimSpace(s[last:i]))
				last = i + 1
			}
		}
	}
	return append(out, strings.TrimSpace(s[last:]))
}
