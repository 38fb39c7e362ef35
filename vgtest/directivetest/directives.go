// Package directivetest checks, inside a kernel package's tests, the //vg:
// directives of its assembly stubs against a table of the spec functions
// and preconditions they must name. It needs only the directive parser,
// not the prover, so a kernel's tests build without Z3.
package directivetest

import (
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"net/url"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"testing"

	"vg.dev/obligation"
)

// A Stub is what Check expects of one assembly stub: the
// functions its //vg:spec and //vg:requires directives name, and the
// parameters its //vg:public, //vg:secret and //vg:sizes directives list.
// The zero value of each field but Func means "no such directive".
type Stub struct {
	Func     any      // the stub itself
	Spec     any      // the function //vg:spec names; nil: the stub has no //vg: directives at all
	Requires any      // the predicate //vg:requires names
	Leaks    any      // the function //vg:leaks names (what the stub may reveal)
	Public   []string // the parameters //vg:public lists, in any order
	Secret   []string // the parameters //vg:secret lists, in any order
	Sizes    string   // the //vg:sizes sets, in order, as vgcheck's -sizes flag writes them: "x,y=1,4;z=8"
	// Unverified says the stub carries //vg:unverified (with a reason) and
	// no other directive; Spec must then be nil.
	Unverified bool
}

// Check checks the //vg: directives of the assembly stubs (the
// functions without a body) declared in the Go file file against stubs,
// which is keyed by the stubs' names. It reads the directives with the
// prover's own parser, so a directive the prover would reject fails here,
// and it checks that
//
//   - every stub of the file is in stubs, and every entry of stubs is a
//     stub of the file, named as the entry's key;
//   - the directives are exactly those the entry describes: //vg:spec and
//     //vg:requires name the entry's functions (a name without an import
//     path is resolved in the stub's package, as the prover resolves it),
//     and //vg:public, //vg:secret and //vg:sizes list the entry's
//     parameters, each of which is a parameter of the stub;
//   - the spec has the stub's type, and the precondition takes the stub's
//     parameters and returns one bool.
//
// Each failure is reported with t.Errorf at the stub's declaration, or at
// the file's package clause when it concerns an entry of stubs alone.
func Check(t testing.TB, file string, stubs map[string]Stub) {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, file, nil, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		t.Errorf("vgtest: %v", err)
		return
	}
	pkgClause := position(fset, f.Name.Pos())
	// The package of each stub, in which relative directive names resolve.
	pkgs := map[string]string{}
	for _, name := range sortedKeys(stubs) {
		pkg, fn, err := funcName(stubs[name].Func)
		switch {
		case err != nil:
			t.Errorf("%s: %s: Func: %v", pkgClause, name, err)
		case fn != name:
			t.Errorf("%s: %s: Func is %s.%s, not the stub %s", pkgClause, name, pkg, fn, name)
		default:
			pkgs[name] = pkg
		}
	}
	seen := map[string]bool{}
	for _, d := range f.Decls {
		fn, ok := d.(*ast.FuncDecl)
		if !ok || fn.Body != nil {
			continue
		}
		name := fn.Name.Name
		seen[name] = true
		at := position(fset, fn.Pos())
		s, ok := stubs[name]
		if !ok {
			t.Errorf("%s: %s: stub not in the test's table", at, name)
			continue
		}
		pkg, ok := pkgs[name]
		if !ok {
			continue // reported above
		}
		for _, msg := range checkStub(fset, fn, pkg, s) {
			t.Errorf("%s: %s: %s", at, name, msg)
		}
	}
	for _, name := range sortedKeys(stubs) {
		if !seen[name] {
			t.Errorf("%s: %s: in the test's table, but no stub in %s", pkgClause, name, file)
		}
	}
}

// checkStub returns what is wrong with the directives of fn, a stub of
// package pkg, given that s describes it.
func checkStub(fset *token.FileSet, fn *ast.FuncDecl, pkg string, s Stub) []string {
	var lines []obligation.Line
	if fn.Doc != nil {
		for _, c := range fn.Doc.List {
			lines = append(lines, obligation.Line{Pos: fset.Position(c.Pos()), Text: c.Text})
		}
	}
	d, ok, err := obligation.Parse(lines)
	var de *obligation.DirectiveError
	if errors.As(err, &de) {
		return []string{fmt.Sprintf("malformed directive %q: %s", de.Text, de.Msg)}
	} else if err != nil {
		return []string{err.Error()}
	}
	if s.Spec == nil {
		if s.Requires != nil || s.Leaks != nil || s.Public != nil || s.Secret != nil || s.Sizes != "" {
			return []string{"the test's table gives directives but no Spec"}
		}
		if s.Unverified {
			if d.Unverified == "" {
				return []string{"want //vg:unverified with a reason"}
			}
			return nil
		}
		if ok {
			return []string{"has //vg: directives, want none (the prover would prove it)"}
		}
		return nil
	}
	var errs []string
	bad := func(format string, args ...any) { errs = append(errs, fmt.Sprintf(format, args...)) }
	kt := reflect.TypeOf(s.Func)

	want, err := qualifiedName(s.Spec)
	if err != nil {
		bad("table's Spec: %v", err)
	} else {
		if !ok {
			bad("no //vg: directives, want //vg:spec %s", want)
		} else if obligation.Qualify(d.Spec, pkg) != want {
			bad("//vg:spec %s, want %s", d.Spec, want)
		}
		if st := reflect.TypeOf(s.Spec); st != kt {
			bad("has type %v, its spec %s has %v", kt, want, st)
		}
	}

	if s.Requires == nil {
		if d.Requires != "" {
			bad("//vg:requires %s, want none", d.Requires)
		}
	} else if want, err := qualifiedName(s.Requires); err != nil {
		bad("table's Requires: %v", err)
	} else {
		if d.Requires == "" {
			bad("no //vg:requires, want //vg:requires %s", want)
		} else if got := obligation.Qualify(d.Requires, pkg); got != want {
			bad("//vg:requires %s, want %s", d.Requires, want)
		}
		rt := reflect.TypeOf(s.Requires)
		if rt.NumOut() != 1 || rt.Out(0).Kind() != reflect.Bool || rt.NumIn() != kt.NumIn() || rt.IsVariadic() != kt.IsVariadic() {
			bad("precondition %s has type %v; want the stub's parameters and a bool result", want, rt)
		} else {
			for i := range kt.NumIn() {
				if kt.In(i) != rt.In(i) {
					bad("parameter %d is %v, the precondition %s's is %v", i, kt.In(i), want, rt.In(i))
				}
			}
		}
	}

	if s.Leaks == nil {
		if d.Leaks != "" {
			bad("//vg:leaks %s, want none", d.Leaks)
		}
	} else if want, err := qualifiedName(s.Leaks); err != nil {
		bad("table's Leaks: %v", err)
	} else {
		if d.Leaks == "" {
			bad("no //vg:leaks, want //vg:leaks %s", want)
		} else if got := obligation.Qualify(d.Leaks, pkg); got != want {
			bad("//vg:leaks %s, want %s", d.Leaks, want)
		}
		lt := reflect.TypeOf(s.Leaks)
		if lt.NumOut() == 0 || lt.NumIn() != kt.NumIn() || lt.IsVariadic() != kt.IsVariadic() {
			bad("leak function %s has type %v; want the stub's parameters and a result", want, lt)
		} else {
			for i := range kt.NumIn() {
				if kt.In(i) != lt.In(i) {
					bad("parameter %d is %v, the leak function %s's is %v", i, kt.In(i), want, lt.In(i))
				}
			}
		}
	}

	params := map[string]bool{}
	for _, field := range fn.Type.Params.List {
		for _, n := range field.Names {
			params[n.Name] = true
		}
	}
	checkParams := func(verb string, got []string) {
		for _, p := range got {
			if !params[p] {
				bad("//vg:%s: %s is not a parameter of the stub", verb, p)
			}
		}
	}
	for _, l := range []struct {
		verb      string
		got, want []string
	}{{"public", d.Public, s.Public}, {"secret", d.Secret, s.Secret}} {
		checkParams(l.verb, l.got)
		if !sameSet(l.got, l.want) {
			bad("//vg:%s %s, want %s", l.verb, listOrNone(l.got), listOrNone(l.want))
		}
	}

	wantSizes, err := obligation.ParseSizes(s.Sizes)
	if err != nil {
		bad("table's Sizes: %v", err)
		return errs
	}
	for _, set := range d.Sizes {
		checkParams("sizes", set.Params)
	}
	if !reflect.DeepEqual(d.Sizes, wantSizes) {
		bad("//vg:sizes %s, want %s", formatSizes(d.Sizes), formatSizes(wantSizes))
	}
	return errs
}

// funcName returns the import path and name of f, a top-level function.
func funcName(f any) (pkg, name string, err error) {
	v := reflect.ValueOf(f)
	if v.Kind() != reflect.Func || v.IsNil() {
		return "", "", fmt.Errorf("%T is not a function", f)
	}
	rf := runtime.FuncForPC(v.Pointer())
	if rf == nil {
		return "", "", fmt.Errorf("no name for %T", f)
	}
	// The runtime's names are import paths with the dots of the last
	// element escaped, a dot, and the name; closures and methods have more
	// dots, instances of generic functions brackets.
	full := rf.Name()
	slash := strings.LastIndex(full, "/")
	last := full[slash+1:]
	dot := strings.Index(last, ".")
	if dot < 0 || strings.Count(last, ".") != 1 || !token.IsIdentifier(last[dot+1:]) {
		return "", "", fmt.Errorf("%s is not a top-level function", full)
	}
	pkg, err = url.PathUnescape(full[:slash+1] + last[:dot])
	if err != nil {
		return "", "", fmt.Errorf("%s: %v", full, err)
	}
	return pkg, last[dot+1:], nil
}

// qualifiedName is funcName's result as directives write it,
// importpath.Name.
func qualifiedName(f any) (string, error) {
	pkg, name, err := funcName(f)
	if err != nil {
		return "", err
	}
	return pkg + "." + name, nil
}

func position(fset *token.FileSet, pos token.Pos) string {
	p := fset.Position(pos)
	return fmt.Sprintf("%s:%d", p.Filename, p.Line)
}

func sortedKeys(m map[string]Stub) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

func sameSet(a, b []string) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(slices.Compact(a), slices.Compact(b))
}

func listOrNone(names []string) string {
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, " ")
}

func formatSizes(sets []obligation.SizeSet) string {
	if len(sets) == 0 {
		return "none"
	}
	var parts []string
	for _, s := range sets {
		lens := make([]string, len(s.Lens))
		for i, n := range s.Lens {
			lens[i] = fmt.Sprint(n)
		}
		for _, tuple := range s.Each {
			lens = append(lens, strings.Trim(strings.Join(strings.Fields(fmt.Sprint(tuple)), ":"), "[]"))
		}
		parts = append(parts, strings.Join(s.Params, ",")+"="+strings.Join(lens, ","))
	}
	return strings.Join(parts, ";")
}
