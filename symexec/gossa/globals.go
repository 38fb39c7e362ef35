package gossa

import (
	"encoding/binary"
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"runtime"
	"slices"
	"strings"
	"sync"
	"weak"

	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/ssa"
	"vg.dev/symexec/mem"
)

// Package-level variables. A spec may read a package-level variable that
// holds constant data: a table of round constants or zetas, or a value of
// zero size (encoding/binary.LittleEndian). Its contents are computed from
// its declaration, not from running the package's initialisation, and
// the interpreter gives it a region of those bytes that no store may
// touch. A variable is accepted only when
//
//   - it has zero size, or
//   - it is unexported, its initializer is a constant or a composite
//     literal of constants (nested arrays and structs; omitted elements
//     zero), or it has none (zero), and no function of its package does
//     anything with its address but load through it (directly, or through
//     the address of an element or a field): no store, no call, no slice,
//     no conversion, other than the initialising store of the package
//     initializer.
//
// Anything else is an error naming the variable and why: the variable's
// value at the spec's run could differ from its declaration. A store by
// the spec itself into such a region is an error too (it is read-only).

// globalData is the initial contents of a package-level variable, or why
// it is not modelled.
type globalData struct {
	data []byte
	err  error
}

// globals caches the contents of each package-level variable of a
// Program (computed once; regions are made per run, each run having its
// own term builder).
type globals struct {
	mu    sync.Mutex
	data  map[*ssa.Global]globalData
	pkgs  map[*types.Package]*packages.Package
	sizes types.Sizes
}

// programs maps each loaded SSA program to its Program, so that Run, given
// only a function, finds the declarations of the variables it reads. The
// Program is held weakly, its entry dropped when it is collected.
var programs sync.Map // *ssa.Program → weak.Pointer[Program]

func register(p *Program) {
	programs.Store(p.Prog, weak.Make(p))
	runtime.AddCleanup(p, func(k *ssa.Program) { programs.Delete(k) }, p.Prog)
}

func programOf(prog *ssa.Program) *Program {
	w, ok := programs.Load(prog)
	if !ok {
		return nil
	}
	return w.(weak.Pointer[Program]).Value()
}

// contents returns the initial bytes of g.
func (gs *globals) contents(g *ssa.Global) ([]byte, error) {
	gs.mu.Lock()
	defer gs.mu.Unlock()
	if d, ok := gs.data[g]; ok {
		return d.data, d.err
	}
	data, err := gs.compute(g)
	if err != nil {
		err = fmt.Errorf("package-level variable %s: %w", g.RelString(nil), err)
	}
	gs.data[g] = globalData{data, err}
	return data, err
}

func (gs *globals) compute(g *ssa.Global) ([]byte, error) {
	t := g.Type().(*types.Pointer).Elem()
	size := gs.sizes.Sizeof(t)
	if size == 0 {
		return []byte{}, nil
	}
	obj, ok := g.Object().(*types.Var)
	if !ok {
		return nil, fmt.Errorf("not a declared variable")
	}
	if obj.Exported() {
		return nil, fmt.Errorf("exported and not of zero size: code outside its package may change it")
	}
	lp := gs.pkgs[obj.Pkg()]
	if lp == nil {
		return nil, fmt.Errorf("its package is not loaded from source")
	}
	if err := onlyLoaded(g); err != nil {
		return nil, err
	}
	if err := notSeenBySSA(lp, obj); err != nil {
		return nil, err
	}
	data := make([]byte, size)
	for _, init := range lp.TypesInfo.InitOrder {
		if !slices.Contains(init.Lhs, obj) {
			continue
		}
		if len(init.Lhs) != 1 {
			return nil, fmt.Errorf("initialized together with other variables at %s: its value is computed", lp.Fset.Position(init.Rhs.Pos()))
		}
		if err := gs.encode(lp.TypesInfo, init.Rhs, t, data); err != nil {
			return nil, fmt.Errorf("initializer at %s: %w", lp.Fset.Position(init.Rhs.Pos()), err)
		}
	}
	return data, nil
}

// encode writes the constant value of e, of type t, into buf.
func (gs *globals) encode(info *types.Info, e ast.Expr, t types.Type, buf []byte) error {
	e = ast.Unparen(e)
	if tv, ok := info.Types[e]; ok && tv.Value != nil {
		return gs.encodeConst(tv.Value, t, buf)
	}
	lit, ok := e.(*ast.CompositeLit)
	if !ok {
		return fmt.Errorf("%T is not a constant or a composite literal of constants", e)
	}
	switch u := t.Underlying().(type) {
	case *types.Array:
		esize := gs.sizes.Sizeof(u.Elem())
		i := int64(0)
		for _, el := range lit.Elts {
			if kv, ok := el.(*ast.KeyValueExpr); ok {
				tv := info.Types[kv.Key]
				k, exact := constant.Int64Val(tv.Value)
				if tv.Value == nil || !exact {
					return fmt.Errorf("array key is not a constant")
				}
				i, el = k, kv.Value
			}
			if i < 0 || i >= u.Len() {
				return fmt.Errorf("array index %d out of range", i)
			}
			if err := gs.encode(info, el, u.Elem(), buf[i*esize:(i+1)*esize]); err != nil {
				return err
			}
			i++
		}
		return nil
	case *types.Struct:
		fields := make([]*types.Var, u.NumFields())
		for i := range fields {
			fields[i] = u.Field(i)
		}
		offs := gs.sizes.Offsetsof(fields)
		for i, el := range lit.Elts {
			fi := i
			if kv, ok := el.(*ast.KeyValueExpr); ok {
				id, _ := kv.Key.(*ast.Ident)
				fi = -1
				for j, f := range fields {
					if id != nil && f.Name() == id.Name {
						fi = j
					}
				}
				if fi < 0 {
					return fmt.Errorf("unknown field %v", kv.Key)
				}
				el = kv.Value
			}
			f := fields[fi]
			n := gs.sizes.Sizeof(f.Type())
			if err := gs.encode(info, el, f.Type(), buf[offs[fi]:offs[fi]+n]); err != nil {
				return err
			}
		}
		return nil
	}
	return fmt.Errorf("composite literal of type %s (only arrays and structs of constants are modelled)", t)
}

// encodeConst writes an integer or boolean constant of type t
// little-endian (both architectures are).
func (gs *globals) encodeConst(v constant.Value, t types.Type, buf []byte) error {
	w, _, ok := intType(t, gs.sizes)
	if !ok {
		return fmt.Errorf("constant of type %s (only integers and booleans)", t)
	}
	var u uint64
	switch v.Kind() {
	case constant.Bool:
		if constant.BoolVal(v) {
			u = 1
		}
	case constant.Int:
		if x, exact := constant.Uint64Val(v); exact {
			u = x
		} else if x, exact := constant.Int64Val(v); exact {
			u = uint64(x)
		} else {
			return fmt.Errorf("constant %v does not fit 64 bits", v)
		}
	default:
		return fmt.Errorf("constant %v is not an integer", v)
	}
	var b [8]byte
	binary.LittleEndian.PutUint64(b[:], u)
	n := max(1, w/8)
	if n != len(buf) {
		return fmt.Errorf("constant of %d bytes in a slot of %d", n, len(buf))
	}
	copy(buf, b[:n])
	return nil
}

// onlyLoaded checks that every use of g's address in its package loads
// through it: the operand of a load, or the base of an element or field
// address whose uses are the same, except the package initializer's
// store of g's initial value. (go/ssa keeps no referrers for globals: the
// package's functions are scanned.)
func onlyLoaded(g *ssa.Global) error {
	var checkUse func(v ssa.Value, r ssa.Instruction) error
	checkUses := func(v ssa.Value) error {
		if refs := v.Referrers(); refs != nil {
			for _, r := range *refs {
				if err := checkUse(v, r); err != nil {
					return err
				}
			}
		}
		return nil
	}
	checkUse = func(v ssa.Value, r ssa.Instruction) error {
		switch r := r.(type) {
		case *ssa.UnOp:
			if r.Op == token.MUL {
				return nil
			}
		case *ssa.IndexAddr:
			if r.X == v {
				return checkUses(r)
			}
		case *ssa.FieldAddr:
			if r.X == v {
				return checkUses(r)
			}
		case *ssa.Store:
			if r.Addr == g && r.Parent().Synthetic == "package initializer" {
				return nil
			}
		case *ssa.DebugRef:
			return nil
		}
		pos := "?"
		if p := r.Pos(); p.IsValid() {
			pos = r.Parent().Prog.Fset.Position(p).String()
		}
		return fmt.Errorf("its address is used other than to load (%s at %s): it may be written", r, pos)
	}
	for _, fn := range packageFuncs(g.Pkg) {
		for _, blk := range fn.Blocks {
			for _, instr := range blk.Instrs {
				var ops [8]*ssa.Value
				for _, op := range instr.Operands(ops[:0]) {
					if op != nil && *op == g {
						if err := checkUse(g, instr); err != nil {
							return err
						}
						break
					}
				}
			}
		}
	}
	return nil
}

// notSeenBySSA refuses a variable that code onlyLoaded does not scan may
// reach: a use inside a generic function or a method of a generic type
// (go/ssa builds those only as instances, which packageFuncs does not
// list), or a //go:linkname directive naming it (another name for the
// same bytes, in this package or pulled from another).
func notSeenBySSA(lp *packages.Package, obj *types.Var) error {
	for _, f := range lp.Syntax {
		for _, cg := range f.Comments {
			for _, c := range cg.List {
				if fields := strings.Fields(c.Text); len(fields) >= 2 && fields[0] == "//go:linkname" && slices.ContainsFunc(fields[1:], func(n string) bool { return n == obj.Name() || strings.HasSuffix(n, "."+obj.Name()) }) {
					return fmt.Errorf("named by %s at %s: it may be written under another name", c.Text, lp.Fset.Position(c.Pos()))
				}
			}
		}
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil || !isGenericDecl(fd) {
				continue
			}
			var use ast.Node
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				if id, ok := n.(*ast.Ident); ok && lp.TypesInfo.Uses[id] == obj {
					use = id
				}
				return use == nil
			})
			if use != nil {
				return fmt.Errorf("used in the generic %s at %s, whose code is not checked: it may be written", fd.Name.Name, lp.Fset.Position(use.Pos()))
			}
		}
	}
	return nil
}

// isGenericDecl reports whether fd declares a generic function or a method
// of a generic type.
func isGenericDecl(fd *ast.FuncDecl) bool {
	if fd.Type.TypeParams != nil && len(fd.Type.TypeParams.List) > 0 {
		return true
	}
	if fd.Recv == nil || len(fd.Recv.List) == 0 {
		return false
	}
	t := fd.Recv.List[0].Type
	if st, ok := t.(*ast.StarExpr); ok {
		t = st.X
	}
	switch t.(type) {
	case *ast.IndexExpr, *ast.IndexListExpr:
		return true
	}
	return false
}

// packageFuncs lists the functions of pkg: its functions, the methods of
// its types, and the anonymous functions inside them.
func packageFuncs(pkg *ssa.Package) []*ssa.Function {
	var out []*ssa.Function
	var add func(fn *ssa.Function)
	add = func(fn *ssa.Function) {
		if fn == nil {
			return
		}
		out = append(out, fn)
		for _, a := range fn.AnonFuncs {
			add(a)
		}
	}
	prog := pkg.Prog
	for _, m := range pkg.Members {
		switch m := m.(type) {
		case *ssa.Function:
			add(m)
		case *ssa.Type:
			for _, t := range []types.Type{m.Type(), types.NewPointer(m.Type())} {
				ms := prog.MethodSets.MethodSet(t)
				for i := 0; i < ms.Len(); i++ {
					if fn := prog.MethodValue(ms.At(i)); fn != nil && fn.Pkg == pkg {
						add(fn)
					}
				}
			}
		}
	}
	return out
}

// globalRegion is the read-only region of g's contents in memory m, added
// the first time this run uses g.
func (in *interp) globalRegion(s *state, g *ssa.Global) (*mem.Region, error) {
	if r, ok := in.globals[g]; ok {
		if _, have := s.mem.Region(r.Name); !have {
			s.mem.Add(r)
		}
		return r, nil
	}
	p := programOf(g.Pkg.Prog)
	if p == nil {
		return nil, fmt.Errorf("package-level variable %s: not from a program gossa loaded", g.RelString(nil))
	}
	data, err := p.globals.contents(g)
	if err != nil {
		return nil, err
	}
	name := "global:" + g.RelString(nil)
	size := int64(len(data))
	if size == 0 {
		size = 1 // a base address for a value of zero size
		data = []byte{0}
	}
	// Its base is the symbol's (mem.SymbolBase), the one a kernel's
	// address of the same variable has.
	r := &mem.Region{Name: name, Symbol: g.Pkg.Pkg.Path() + "." + g.Name(), Kind: mem.ReadOnly, Size: size, Data: data}
	if _, dup := s.mem.Region(name); !dup {
		s.mem.Add(r)
	}
	in.globals[g] = r
	return r, nil
}

// GlobalData returns the contents of the package-level variable qname
// ("importpath.Name") as a spec reads them: its declared initial bytes,
// under the rules above (an error says which one it breaks). The prover
// gives a kernel that reads the variable the same bytes, so that both
// sides read one table.
func (p *Program) GlobalData(qname string) ([]byte, error) {
	path, name, err := splitName(qname)
	if err != nil {
		return nil, err
	}
	pkg := p.pkgs[path]
	if pkg == nil {
		return nil, fmt.Errorf("package-level variable %s: package %s is not loaded from source", qname, path)
	}
	g, ok := pkg.Members[name].(*ssa.Global)
	if !ok {
		return nil, fmt.Errorf("package-level variable %s: no such variable", qname)
	}
	return p.globals.contents(g)
}

// PackageFiles returns the Go files the spec side compiled for the package
// path (none when it was not loaded from source).
func (p *Program) PackageFiles(path string) []string {
	for _, lp := range p.globals.pkgs {
		if lp.PkgPath != path {
			continue
		}
		var files []string
		for _, f := range lp.Syntax {
			files = append(files, lp.Fset.Position(f.Pos()).Filename)
		}
		return files
	}
	return nil
}
