package survey

import (
	"fmt"
	"go/ast"
	"go/types"
	"strings"

	"vg.dev/decode"
	"vg.dev/prove"
	"vg.dev/symexec/abi"
)

// Pairing is how the survey found (or failed to find) an assembly
// function's Go counterpart.
type Pairing struct {
	Spec string // importpath.Name, or "" when none was found
	How  string // the convention that gave it
	// Tried lists the candidates that exist but were rejected, with why.
	Tried []string
}

// cpuSuffixes are the suffixes packages give an assembly variant: the
// function without one is the operation, whose generic form is then
// looked up (blockAVX2 → block → blockGeneric).
var cpuSuffixes = []string{
	"AVX512", "AVX2", "AVX", "SHANI", "SSSE3", "SSE41", "SSE4", "SSE2", "ADX", "BMI2",
	"NEON", "SHA512", "SHA3", "SHA2", "SHA1", "AMD64", "Amd64", "ARM64", "Arm64", "Asm", "asm",
}

// genericSuffixes name the portable version of an operation.
var genericSuffixes = []string{"Generic", "_g", "Go", "_generic", "generic"}

// findPair looks for the counterpart of the assembly function fn of
// package kp in the generic view v: the table's spec; else the function of
// the same name that the view builds from Go; else the operation's name
// (fn, or fn without a CPU suffix) with a generic suffix; else the
// operation's name in the view. A candidate must have a Go body and the
// kernel's frame layout.
func findPair(kp *decode.Package, fn *decode.AsmFunc, v *decode.GenericView, e Entry, arch string) Pairing {
	var p Pairing
	kframe, err := abi.Layout(fn.Obj.Type().(*types.Signature), arch)
	if err != nil {
		p.Tried = append(p.Tried, "the kernel's frame: "+err.Error())
		return p
	}
	if e.Spec != "" {
		p.Spec, p.How = e.Spec, "table"
		return p
	}
	gp := v.Pkgs[kp.PkgPath]
	if gp == nil {
		p.Tried = append(p.Tried, "package not in the generic view")
		return p
	}
	// A counterpart the kernel's own build has too is preferred: the
	// replay of a counterexample calls both in one binary.
	tryIn := func(view *decode.Package, name, how string) bool {
		obj, ok := view.Types.Scope().Lookup(name).(*types.Func)
		if !ok {
			return false
		}
		if !hasBody(view, obj) {
			return false
		}
		sf, err := abi.Layout(prove.FuncSignature(obj.Type().(*types.Signature)), arch)
		if err == nil {
			err = abi.SameLayout(kframe, sf)
		}
		if err != nil {
			p.Tried = append(p.Tried, fmt.Sprintf("%s: layout differs (%v)", name, err))
			return false
		}
		p.Spec, p.How = kp.PkgPath+"."+name, how
		return true
	}
	ops := []string{fn.Name}
	for _, s := range cpuSuffixes {
		if base, ok := strings.CutSuffix(fn.Name, s); ok && base != "" {
			ops = append(ops, base)
		}
	}
	suffixed := func(view *decode.Package, where string) bool {
		for i, op := range ops {
			for _, g := range genericSuffixes {
				how := "suffix " + g + where
				if i > 0 {
					how = "CPU suffix dropped, suffix " + g + where
				}
				if tryIn(view, op+g, how) {
					return true
				}
			}
		}
		return false
	}
	switch {
	case suffixed(kp, ""):
	case tryIn(gp, fn.Name, "same name in the generic build"):
	case suffixed(gp, ", generic build"):
	default:
		for _, op := range ops[1:] {
			if tryIn(gp, op, "CPU suffix dropped, same name in the generic build") {
				break
			}
		}
	}
	return p
}

// onlyPanics reports whether a body is one call of panic: a placeholder
// for an architecture that never calls it (internal/bytealg's generic
// Index), not the function's Go form.
func onlyPanics(body *ast.BlockStmt) bool {
	if len(body.List) != 1 {
		return false
	}
	es, ok := body.List[0].(*ast.ExprStmt)
	if !ok {
		return false
	}
	call, ok := es.X.(*ast.CallExpr)
	if !ok {
		return false
	}
	id, ok := call.Fun.(*ast.Ident)
	return ok && id.Name == "panic"
}

// hasBody reports whether a function of the package has a Go body that
// does more than panic.
func hasBody(p *decode.Package, obj *types.Func) bool {
	for _, f := range p.Syntax {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil && fd.Name.Name == obj.Name() && p.TypesInfo.Defs[fd.Name] == obj {
				return fd.Body != nil && !onlyPanics(fd.Body)
			}
		}
	}
	return false
}
