package survey

import (
	"bufio"
	"fmt"
	"path"
	"strings"

	"vg.dev/obligation"
)

// Table supplies, per assembly function, what the survey cannot infer:
// the counterpart when the package's naming does not give it, slice
// lengths, public parameters, a precondition, and whether the function
// is meant to be constant time.
//
// One entry a line; '#' starts a comment. An entry is a kernel name
// (importpath.Name, where Name may be a path.Match pattern such as
// "Index*") followed by key=value fields:
//
//	spec=importpath.Name   the counterpart (overrides the naming conventions)
//	sizes=p,q=n1,n2        lengths of slices, of what pointers point to the
//	                       first of, and integers pinned, as -sizes (';'
//	                       separates sets; p,q=a:b,… gives tuples)
//	public=a,b             public parameters, or package-level variables of
//	                       the kernel's package it reads (default: none,
//	                       all secret); see below
//	secret=a,b             secret parameters (default: all)
//	requires=importpath.Name  a precondition over the same parameters
//	ct=exempt              not meant to be constant time: ct is reported,
//	                       not counted against the function
//	reads=page             loads may read past an argument's bytes within
//	                       their 4 KiB pages, as //vg:pageread
//	tail=p=n,q=m           the caller leaves n bytes readable past slice
//	                       p's length, as //vg:tail
//	noalias=p,q            no two of these pointer or slice parameters
//	                       alias, as //vg:noalias p q: an assumption about
//	                       every caller, listed in the report (AES's key
//	                       expansion, whose enc and dec are two arrays)
//	arch=amd64             the entry applies to this architecture only
//	why="…"                the reason for the entry, shown in the report
//	skip="…"               not proved: the inputs vgcheck can express do not
//	                       match the function's contract (the reason says why)
//	adapter=NAME           the spec side adds survey/adapters/NAME.go.in to
//	                       the kernel's package: a Go function of the
//	                       kernel's layout (named by spec=) that calls the
//	                       package's own generic code, for a counterpart
//	                       whose signature differs (AES's schedule in a
//	                       struct where the assembly takes a pointer)
//
// Later entries add to earlier ones that match the same function; a key
// given twice keeps the later value.
//
// A writable global named public (math/big's hasADX, set from the CPU's
// features at init) is assumed to hold a value that does not depend on
// any secret, as //vg:public assumes of it: a branch or an address that
// depends on it is not a violation. The assumption is not checked; the
// report lists it ("assumes public: hasADX"). The global stays a symbolic
// input, so equivalence, ct and frame are proved for every value it may
// hold (each path it selects), not only the one this CPU gives it.
type Table struct {
	entries []*Entry
}

// Entry is one table line.
type Entry struct {
	Pattern  string // importpath.Name pattern
	Arch     string
	Spec     string
	Sizes    []obligation.SizeSet
	Public   []string
	Secret   []string
	Requires string
	CTExempt bool
	// PageReads is reads=page (obligation.Obligation.PageReads).
	PageReads bool
	// Tail is tail=p=n (obligation.Obligation.Tail).
	Tail map[string]int
	// NoAlias are the noalias= groups (obligation.Obligation.NoAlias).
	NoAlias [][]string
	Why     string
	Skip    string
	// Adapter names a built-in adapter file (survey/adapters/NAME.go.in)
	// that the spec side adds to the kernel's package.
	Adapter string
	Line    int
}

// ParseTable reads a table; name is used in error messages.
func ParseTable(name, text string) (*Table, error) {
	t := &Table{}
	sc := bufio.NewScanner(strings.NewReader(text))
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		fields, err := splitFields(line)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", name, n, err)
		}
		if len(fields) == 0 {
			continue
		}
		e := &Entry{Pattern: fields[0], Line: n}
		if _, fn, ok := obligation.SplitName(e.Pattern); !ok || fn == "" {
			return nil, fmt.Errorf("%s:%d: %q: want importpath.Name", name, n, e.Pattern)
		}
		if _, err := path.Match(e.Pattern, ""); err != nil {
			return nil, fmt.Errorf("%s:%d: pattern %q: %v", name, n, e.Pattern, err)
		}
		for _, f := range fields[1:] {
			k, v, ok := strings.Cut(f, "=")
			if !ok || v == "" {
				return nil, fmt.Errorf("%s:%d: %q: want key=value", name, n, f)
			}
			switch k {
			case "spec":
				e.Spec = v
			case "requires":
				e.Requires = v
			case "sizes":
				sets, err := obligation.ParseSizes(v)
				if err != nil {
					return nil, fmt.Errorf("%s:%d: %v", name, n, err)
				}
				e.Sizes = append(e.Sizes, sets...)
			case "public":
				e.Public = append(e.Public, splitList(v)...)
			case "secret":
				e.Secret = append(e.Secret, splitList(v)...)
			case "ct":
				if v != "exempt" {
					return nil, fmt.Errorf("%s:%d: ct=%s: want ct=exempt", name, n, v)
				}
				e.CTExempt = true
			case "reads":
				if v != "page" {
					return nil, fmt.Errorf("%s:%d: reads=%s: want reads=page", name, n, v)
				}
				e.PageReads = true
			case "tail":
				tail, err := obligation.ParseTail(v)
				if err != nil {
					return nil, fmt.Errorf("%s:%d: tail=%s: %v", name, n, v, err)
				}
				e.Tail = tail
			case "noalias":
				g := splitList(v)
				if len(g) < 2 {
					return nil, fmt.Errorf("%s:%d: noalias=%s: want two or more parameters", name, n, v)
				}
				e.NoAlias = append(e.NoAlias, g)
			case "arch":
				if v != "amd64" && v != "arm64" {
					return nil, fmt.Errorf("%s:%d: arch=%s: want amd64 or arm64", name, n, v)
				}
				e.Arch = v
			case "why":
				e.Why = v
			case "skip":
				e.Skip = v
			case "adapter":
				if _, err := adapterSource(v); err != nil {
					return nil, fmt.Errorf("%s:%d: %v", name, n, err)
				}
				e.Adapter = v
			default:
				return nil, fmt.Errorf("%s:%d: unknown key %q (want spec, sizes, public, secret, requires, ct, reads, tail, noalias, arch, why, skip or adapter)", name, n, k)
			}
		}
		t.entries = append(t.entries, e)
	}
	return t, sc.Err()
}

// splitFields splits a line into fields at spaces, keeping a quoted value
// (why="a b") whole and dropping a # comment.
func splitFields(line string) ([]string, error) {
	var out []string
	var cur strings.Builder
	inQuote, have := false, false
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case c == '"':
			inQuote, have = !inQuote, true
		case inQuote:
			cur.WriteByte(c)
		case c == '#':
			i = len(line)
		case c == ' ' || c == '\t':
			if have {
				out = append(out, cur.String())
				cur.Reset()
				have = false
			}
		default:
			cur.WriteByte(c)
			have = true
		}
	}
	if inQuote {
		return nil, fmt.Errorf("unterminated quote")
	}
	if have {
		out = append(out, cur.String())
	}
	return out, nil
}

func splitList(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool { return r == ',' })
}

// Lookup merges the entries that apply to the kernel on arch.
func (t *Table) Lookup(kernel, arch string) Entry {
	var m Entry
	if t == nil {
		return m
	}
	for _, e := range t.entries {
		if e.Arch != "" && e.Arch != arch {
			continue
		}
		if ok, _ := path.Match(e.Pattern, kernel); !ok {
			continue
		}
		m.Pattern = e.Pattern
		if e.Spec != "" {
			m.Spec = e.Spec
		}
		if e.Requires != "" {
			m.Requires = e.Requires
		}
		if len(e.Sizes) > 0 {
			m.Sizes = e.Sizes
		}
		m.Public = append(m.Public, e.Public...)
		m.Secret = append(m.Secret, e.Secret...)
		m.CTExempt = m.CTExempt || e.CTExempt
		m.PageReads = m.PageReads || e.PageReads
		if len(e.Tail) > 0 {
			m.Tail = e.Tail
		}
		m.NoAlias = append(m.NoAlias, e.NoAlias...)
		if e.Why != "" {
			m.Why = e.Why
		}
		if e.Skip != "" {
			m.Skip = e.Skip
		}
		if e.Adapter != "" {
			m.Adapter = e.Adapter
		}
	}
	return m
}

// Add returns t followed by the entries of another table text.
func (t *Table) Add(name, text string) (*Table, error) {
	u, err := ParseTable(name, text)
	if err != nil {
		return nil, err
	}
	out := &Table{}
	if t != nil {
		out.entries = append(out.entries, t.entries...)
	}
	out.entries = append(out.entries, u.entries...)
	return out, nil
}
