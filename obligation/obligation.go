// Package obligation describes what vgcheck proves about one kernel, and reads
// it from `//vg:` directives on assembly stubs or from command-line flags.
//
// An obligation is a kernel (an assembly function), a spec (a Go function of
// the same layout), which inputs are secret, an optional precondition, the
// lengths of slice parameters, and the architecture. Defaults are the safe
// ones: every input is secret unless marked public.
//
// Directives, each on its own line of the stub's doc comment:
//
//	//vg:spec <func>                   spec: Name in the stub's package, or importpath.Name
//	//vg:secret <param> ...            parameters whose values are secret (default: all)
//	//vg:public <param> ...            parameters (or package-level variables the kernel reads) whose values are public
//	//vg:requires <func>               a Go predicate over the same parameters, assumed
//	//vg:leaks <func>                  a Go function over the same parameters whose results the kernel may reveal
//	//vg:sizes <p1>[,<p2>…]=<n1>[,<n2>…] the named parameters share a length, proved for each n
//	//vg:sizes <p1>,<p2>…=<a1>:<b1>…[,<a2>:<b2>…] one length per parameter, proved for each tuple
//	//vg:noalias [<param> ...]         these pointer or slice parameters never alias (none named: no two do)
//	//vg:align <p>=<n> ...             the pointer or slice parameter p is n-byte aligned (n a power of two)
//	//vg:unverified <reason>           the function is knowingly not proved (for the gate's -require-all)
//	//vg:tail <p>=<n> ...              the caller leaves n bytes readable past slice p's length
//
// A length applies to a slice (its length), to a pointer (it points to
// the first of that many elements, which the caller guarantees are there:
// every access outside them is a frame violation), or to an integer
// parameter (its value is pinned to the length: a length is public, and
// the proof holds for that value only, as a slice's proof holds for its
// length). A pointer without a length points to one element.
//
// Parameters may be separated by spaces or commas. noalias and align are
// assumptions about the callers: the report lists them, and the Go code
// that calls the kernel must guarantee them.
package obligation

import (
	"fmt"
	"go/token"
	"maps"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// Obligation is one proof to do: the kernel against the spec at one
// assignment of slice lengths.
type Obligation struct {
	Kernel   string   // importpath.Name of the assembly function
	Spec     string   // importpath.Name of the Go spec function
	Arch     string   // "amd64" or "arm64"
	Secret   []string // parameters declared secret (empty: all not public)
	Public   []string // parameters declared public
	Requires string   // importpath.Name of a precondition, or ""
	// Leaks is the importpath.Name of a function over the kernel's
	// parameters whose results the kernel may reveal (//vg:leaks):
	// constant time is proved for every two runs whose secrets agree on
	// them, not for every two runs. "" is none.
	Leaks string
	Sizes map[string]int // slice or pointer parameter → length; integer parameter → its pinned value
	// NoAlias lists groups of parameters no two of which alias; a group
	// holding only "*" means no two pointer or slice parameters do.
	NoAlias [][]string
	Align   map[string]int // pointer or slice parameter → declared alignment
	// PageReads lets loads read past an argument's bytes within the 4 KiB
	// pages those bytes lie in (//vg:pageread): the amd64 lifter models
	// what is read there as arbitrary secret bytes, and proves every such
	// load stays in those pages.
	PageReads bool
	// Tail gives slice parameters a readable tail (//vg:tail p=n): the
	// caller leaves n bytes past the length readable (cap ≥ len + n
	// elements), the kernel may load them, a store there is a frame
	// violation, and the slice's memory with its tail is assumed to be
	// no data symbol's that the kernel names (TailAssumption).
	Tail   map[string]int
	Assume map[string]uint64
	Pos    token.Position // the stub, when read from directives
}

// Assumptions describes what the obligation assumes of its callers beyond
// what every Go caller guarantees, for reports: the declared precondition,
// public values, aliasing and alignment.
func (o *Obligation) Assumptions() []string {
	var out []string
	if o.Requires != "" {
		out = append(out, "requires: "+o.Requires)
	}
	if len(o.Public) > 0 {
		out = append(out, "public: "+strings.Join(o.Public, ", "))
	}
	if o.Leaks != "" {
		out = append(out, "leaks: "+o.Leaks+" (declassified: constant time holds for secrets that agree on its results)")
	}
	for _, g := range o.NoAlias {
		if len(g) == 1 && g[0] == "*" {
			out = append(out, "noalias: no two pointer or slice arguments alias")
		} else {
			out = append(out, "noalias: "+strings.Join(g, ", ")+" never alias")
		}
	}
	var names []string
	for p := range o.Align {
		names = append(names, p)
	}
	sort.Strings(names)
	for _, p := range names {
		out = append(out, fmt.Sprintf("align: %s is %d-byte aligned", p, o.Align[p]))
	}
	if o.PageReads {
		out = append(out, PageReadsAssumption)
	}
	for _, p := range slices.Sorted(maps.Keys(o.Tail)) {
		out = append(out, TailAssumption(p, o.Tail[p]))
	}
	return out
}

// ParseTail reads the tails of //vg:tail: p=n, … (n bytes readable past
// slice p's length, 1 to 4096).
func ParseTail(s string) (map[string]int, error) {
	items := splitList(s)
	if len(items) == 0 {
		return nil, fmt.Errorf("want p=n (n bytes readable past slice p's length)")
	}
	out := map[string]int{}
	for _, it := range items {
		p, n, found := strings.Cut(it, "=")
		v, err := strconv.Atoi(n)
		if !found || !isIdent(p) || err != nil || v < 1 || v > 4096 {
			return nil, fmt.Errorf("%q: want p=n with n from 1 to 4096 bytes", it)
		}
		if _, dup := out[p]; dup {
			return nil, fmt.Errorf("second tail for %s", p)
		}
		out[p] = v
	}
	return out, nil
}

// TailAssumption is what //vg:tail p=n assumes, for reports.
func TailAssumption(p string, n int) string {
	return fmt.Sprintf("tail: the caller leaves %d bytes readable past %s's length (cap(%s) covers them); the kernel may load them, not store there; %s's memory with them is not a data symbol's the kernel names", n, p, p, p)
}

// PageReadsAssumption is what //vg:pageread assumes, for reports.
const PageReadsAssumption = "pageread: loads may read past an argument's bytes within the 4 KiB pages they lie in (memory is mapped in whole pages); the bytes read there are arbitrary and secret"

// MayAlias reports whether the directives allow parameters p and q to be
// the same pointer.
func (o *Obligation) MayAlias(p, q string) bool {
	for _, g := range o.NoAlias {
		if len(g) == 1 && g[0] == "*" {
			return false
		}
		if slices.Contains(g, p) && slices.Contains(g, q) {
			return false
		}
	}
	return true
}

// Name identifies the obligation in reports: the kernel plus its sizes.
func (o *Obligation) Name() string {
	if len(o.Sizes) == 0 {
		return o.Kernel
	}
	return o.Kernel + "[" + FormatSizes(o.Sizes) + "]"
}

// FormatSizes prints sizes as p=n,q=m in name order.
func FormatSizes(sizes map[string]int) string {
	var names []string
	for k := range sizes {
		names = append(names, k)
	}
	sort.Strings(names)
	var parts []string
	for _, k := range names {
		parts = append(parts, fmt.Sprintf("%s=%d", k, sizes[k]))
	}
	return strings.Join(parts, ",")
}

// IsSecret reports whether parameter p is secret under the defaults: public
// parameters are public; if any are declared secret, only those are secret;
// otherwise every parameter is.
func (o *Obligation) IsSecret(p string) bool {
	for _, q := range o.Public {
		if q == p {
			return false
		}
	}
	if len(o.Secret) == 0 {
		return true
	}
	for _, q := range o.Secret {
		if q == p {
			return true
		}
	}
	return false
}

// Directives are the vg: directives of one stub.
type Directives struct {
	Spec     string
	Secret   []string
	Public   []string
	Requires string
	Leaks    string
	Sizes    []SizeSet
	NoAlias  [][]string
	Align    map[string]int
	// PageReads is //vg:pageread (Obligation.PageReads).
	PageReads bool
	// Tail is //vg:tail (Obligation.Tail).
	Tail map[string]int
	// Unverified is the reason given by //vg:unverified: the function is
	// knowingly left unproved.
	Unverified string
}

// A SizeSet says that the parameters Params share a length, to be proved
// for each of Lens; or, when Each is set, that they have the lengths of
// one of its tuples (one length per parameter, in order), proved for each.
type SizeSet struct {
	Params []string
	Lens   []int
	Each   [][]int
}

// DirectiveError is a malformed directive, with its position.
type DirectiveError struct {
	Pos  token.Position
	Text string
	Msg  string
}

func (e *DirectiveError) Error() string {
	return fmt.Sprintf("%s: malformed directive %q: %s", e.Pos, e.Text, e.Msg)
}

// A Line is a comment line with its position.
type Line struct {
	Pos  token.Position
	Text string // including the leading //
}

// Parse reads the vg: directives among lines. It returns ok=false when there
// are none. A directive that does not parse is a *DirectiveError, and so
// are directives that contradict each other (a parameter both secret and
// public, two alignments for one parameter).
func Parse(lines []Line) (d Directives, ok bool, err error) {
	d, ok, err = parse(lines)
	if err != nil || !ok {
		return d, ok, err
	}
	for _, p := range d.Secret {
		if slices.Contains(d.Public, p) {
			return d, ok, &DirectiveError{directiveLine(lines, "public", p), "//vg:public " + p, fmt.Sprintf("%s is also declared secret", p)}
		}
	}
	for _, g := range d.NoAlias {
		if len(g) == 1 && g[0] != "*" {
			return d, ok, &DirectiveError{directiveLine(lines, "noalias", g[0]), "//vg:noalias " + g[0], "name two or more parameters, or none for all"}
		}
	}
	if d.Unverified != "" && d.Leaks != "" {
		return d, ok, &DirectiveError{directiveLine(lines, "leaks", ""), "//vg:leaks " + d.Leaks, "a function with //vg:unverified is not proved, so what it leaks is not checked"}
	}
	if d.Unverified != "" && d.Spec != "" {
		return d, ok, &DirectiveError{directiveLine(lines, "unverified", ""), "//vg:unverified " + d.Unverified, "a function with //vg:spec is verified"}
	}
	return d, ok, nil
}

// directiveLine is the position of the first directive verb naming p (any
// when p is "").
func directiveLine(lines []Line, verb, p string) token.Position {
	for _, l := range lines {
		text := strings.TrimSpace(l.Text)
		if rest, found := strings.CutPrefix(text, "//vg:"+verb); found && (p == "" || slices.Contains(splitList(rest), p)) {
			return l.Pos
		}
	}
	if len(lines) > 0 {
		return lines[0].Pos
	}
	return token.Position{}
}

func parse(lines []Line) (d Directives, ok bool, err error) {
	for _, l := range lines {
		text := strings.TrimSpace(l.Text)
		if !strings.HasPrefix(text, "//vg:") {
			continue
		}
		ok = true
		bad := func(msg string) error { return &DirectiveError{l.Pos, text, msg} }
		verb, rest, _ := strings.Cut(strings.TrimPrefix(text, "//vg:"), " ")
		rest = strings.TrimSpace(rest)
		switch verb {
		case "spec", "requires", "leaks":
			if rest == "" || strings.ContainsAny(rest, " \t,") || !isQualifiedName(rest) {
				return d, ok, bad("want one function name (Name or importpath.Name)")
			}
			field := map[string]*string{"spec": &d.Spec, "requires": &d.Requires, "leaks": &d.Leaks}[verb]
			if *field != "" {
				return d, ok, bad("second //vg:" + verb)
			}
			*field = rest
		case "secret", "public":
			names := splitList(rest)
			if len(names) == 0 {
				return d, ok, bad("want at least one parameter name")
			}
			for _, n := range names {
				// A parameter, or a package-level variable the kernel reads
				// (Name in the stub's package, or importpath.Name).
				if !isQualifiedName(n) {
					return d, ok, bad(fmt.Sprintf("%q is not a parameter or variable name", n))
				}
			}
			if verb == "secret" {
				d.Secret = append(d.Secret, names...)
			} else {
				d.Public = append(d.Public, names...)
			}
		case "sizes":
			lhs, rhs, found := strings.Cut(rest, "=")
			if !found {
				return d, ok, bad("want p1,p2=n1,n2")
			}
			ps, ns := splitList(lhs), splitList(rhs)
			if len(ps) == 0 || len(ns) == 0 {
				return d, ok, bad("want p1,p2=n1,n2")
			}
			var set SizeSet
			for _, p := range ps {
				if !isIdent(p) {
					return d, ok, bad(fmt.Sprintf("%q is not a parameter name", p))
				}
				set.Params = append(set.Params, p)
			}
			length := func(n string) (int, error) {
				v, err := strconv.Atoi(n)
				if err != nil || v < 0 || v > 1<<20 {
					return 0, bad(fmt.Sprintf("%q is not a length", n))
				}
				return v, nil
			}
			for _, n := range ns {
				if !strings.Contains(n, ":") {
					v, err := length(n)
					if err != nil {
						return d, ok, err
					}
					set.Lens = append(set.Lens, v)
					continue
				}
				parts := strings.Split(n, ":")
				if len(parts) != len(ps) {
					return d, ok, bad(fmt.Sprintf("%q: want one length per parameter (%d)", n, len(ps)))
				}
				var tuple []int
				for _, x := range parts {
					v, err := length(x)
					if err != nil {
						return d, ok, err
					}
					tuple = append(tuple, v)
				}
				set.Each = append(set.Each, tuple)
			}
			if len(set.Lens) > 0 && len(set.Each) > 0 {
				return d, ok, bad("mix of lengths and tuples of lengths")
			}
			d.Sizes = append(d.Sizes, set)
		case "noalias":
			names := splitList(rest)
			for _, n := range names {
				if !isIdent(n) {
					return d, ok, bad(fmt.Sprintf("%q is not a parameter name", n))
				}
			}
			if len(names) == 0 {
				names = []string{"*"}
			}
			d.NoAlias = append(d.NoAlias, names)
		case "align":
			items := splitList(rest)
			if len(items) == 0 {
				return d, ok, bad("want p=n (n a power of two)")
			}
			for _, it := range items {
				p, n, found := strings.Cut(it, "=")
				v, err := strconv.Atoi(n)
				if !found || !isIdent(p) || err != nil || v < 1 || v > 4096 || v&(v-1) != 0 {
					return d, ok, bad(fmt.Sprintf("%q: want p=n with n a power of two up to 4096", it))
				}
				if d.Align == nil {
					d.Align = map[string]int{}
				}
				if _, dup := d.Align[p]; dup {
					return d, ok, bad("second alignment for " + p)
				}
				d.Align[p] = v
			}
		case "tail":
			if d.Tail != nil {
				return d, ok, bad("second //vg:tail (list every slice in one)")
			}
			t, err := ParseTail(rest)
			if err != nil {
				return d, ok, bad(err.Error())
			}
			d.Tail = t
		case "pageread":
			if rest != "" {
				return d, ok, bad("//vg:pageread takes no arguments")
			}
			d.PageReads = true
		case "unverified":
			if rest == "" {
				return d, ok, bad("want a reason")
			}
			d.Unverified = rest
		default:
			return d, ok, bad("unknown directive vg:" + verb + " (want spec, secret, public, requires, leaks, sizes, noalias, align, pageread, tail or unverified)")
		}
	}
	if ok && d.Spec == "" && d.Unverified == "" {
		return d, ok, &DirectiveError{lines[0].Pos, "//vg:", "vg: directives without //vg:spec (or //vg:unverified <reason>)"}
	}
	return d, ok, nil
}

// ParseSizes reads the -sizes flag form "z,x,y=1,4" (several sets separated by ';').
func ParseSizes(s string) ([]SizeSet, error) {
	if strings.TrimSpace(s) == "" {
		return nil, nil
	}
	var sets []SizeSet
	for _, part := range strings.Split(s, ";") {
		d, _, err := Parse([]Line{{Text: "//vg:sizes " + part}, {Text: "//vg:spec x"}})
		if err != nil {
			return nil, fmt.Errorf("-sizes %q: %v", s, err.(*DirectiveError).Msg)
		}
		sets = append(sets, d.Sizes...)
	}
	return sets, nil
}

// Expand returns one size assignment for each combination of the sets'
// lengths (a single empty assignment when there are no sets).
func Expand(sets []SizeSet) []map[string]int {
	out := []map[string]int{{}}
	for _, s := range sets {
		var next []map[string]int
		for _, m := range out {
			for _, n := range s.Lens {
				c := maps.Clone(m)
				for _, p := range s.Params {
					c[p] = n
				}
				next = append(next, c)
			}
			for _, tuple := range s.Each {
				c := maps.Clone(m)
				for i, p := range s.Params {
					c[p] = tuple[i]
				}
				next = append(next, c)
			}
		}
		out = next
	}
	return out
}

// SplitName splits importpath.Name at the last dot after the last slash.
func SplitName(q string) (pkg, name string, ok bool) {
	i := strings.LastIndex(q, "/")
	j := strings.LastIndex(q[i+1:], ".")
	if j < 0 {
		return "", q, false
	}
	return q[:i+1+j], q[i+1+j+1:], true
}

// Qualify makes a directive's function name absolute in package pkg.
func Qualify(name, pkg string) string {
	if _, _, ok := SplitName(name); ok {
		return name
	}
	return pkg + "." + name
}

func splitList(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' })
}

func isIdent(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		if r != '_' && !(r >= 'a' && r <= 'z') && !(r >= 'A' && r <= 'Z') && (i == 0 || !(r >= '0' && r <= '9')) && r < 0x80 {
			return false
		}
	}
	return true
}

func isQualifiedName(s string) bool {
	pkg, name, ok := SplitName(s)
	if !ok {
		return isIdent(s)
	}
	return pkg != "" && isIdent(name) && !strings.ContainsAny(pkg, " \t\"")
}
