package gossa_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"vg.dev/spec/fe25519"
	"vg.dev/symexec/gossa"
	"vg.dev/symexec/gossa/testdata/specs"
	"vg.dev/symexec/mem"
	"vg.dev/symexec/term"
)

const specsPath = "vg.dev/symexec/gossa/testdata/specs."

// cases are the functions compared with their native calls. mayPanic says
// whether some inputs must panic (and the test checks that some did).
var cases = []struct {
	name     string
	f        any
	mayPanic bool
}{
	{"ArithI8", specs.ArithI8, false},
	{"ArithI16", specs.ArithI16, false},
	{"ArithI32", specs.ArithI32, false},
	{"ArithI64", specs.ArithI64, false},
	{"ArithInt", specs.ArithInt, false},
	{"ArithU8", specs.ArithU8, false},
	{"ArithU16", specs.ArithU16, false},
	{"ArithU32", specs.ArithU32, false},
	{"ArithU64", specs.ArithU64, false},
	{"ArithUint", specs.ArithUint, false},
	{"ArithPtr", specs.ArithPtr, false},
	{"SignedShift", specs.SignedShift, true},
	{"DivI8", specs.DivI8, true},
	{"DivI16", specs.DivI16, true},
	{"DivI32", specs.DivI32, true},
	{"DivI64", specs.DivI64, true},
	{"DivU8", specs.DivU8, true},
	{"DivU16", specs.DivU16, true},
	{"DivU32", specs.DivU32, true},
	{"DivU64", specs.DivU64, true},
	{"DivUint", specs.DivUint, true},
	{"DivConst", specs.DivConst, false},
	{"ConvI8", specs.ConvI8, false},
	{"ConvI16", specs.ConvI16, false},
	{"ConvI32", specs.ConvI32, false},
	{"ConvI64", specs.ConvI64, false},
	{"ConvU8", specs.ConvU8, false},
	{"ConvU16", specs.ConvU16, false},
	{"ConvU32", specs.ConvU32, false},
	{"ConvU64", specs.ConvU64, false},
	{"ConvPtr", specs.ConvPtr, false},
	{"BoolOps", specs.BoolOps, false},
	{"Structs", specs.Structs, false},
	{"Locals", specs.Locals, false},
	{"SumLoop", specs.SumLoop, false},
	{"Ifs64", specs.Ifs64, false},
	{"Ifs64Flat", specs.Ifs64Flat, false},
	{"ConstOob", specs.ConstOob, true},
	{"Ifs", specs.Ifs, false},
	{"MulAcc", specs.MulAcc, false},
	{"Carries", specs.Carries, false},
	{"BitsMisc", specs.BitsMisc, false},
	{"Div64", specs.Div64, true},
	{"Lookup", specs.Lookup, false},
	{"LookupLocal", specs.LookupLocal, false},
	{"LookupStruct", specs.LookupStruct, false},
	{"StoreAt", specs.StoreAt, false},
	{"Oob", specs.Oob, true},
	{"OobSlice", specs.OobSlice, true},
	{"Slices", specs.Slices, false},
	{"SliceWindow", specs.SliceWindow, true},
	{"Checked", specs.Checked, true},
	{"Nested", specs.Nested, false},
	{"Closure", specs.Closure, false},
	{"MinMax", specs.MinMax, false},
	{"Method", specs.Method, false},
	{"Recursive", specs.Recursive, false},
	{"Tables", specs.Tables, false},
	{"ByteTables", specs.ByteTables, false},
	{"Iface", specs.Iface, false},
	{"Deferred", specs.Deferred, false},
	{"DeferPanic", specs.DeferPanic, true},
	{"UnsafeSlice", specs.UnsafeSlice, true},
}

// allNames lists every function the tests load, so one Load serves all.
func allNames() []string {
	var names []string
	for _, c := range cases {
		names = append(names, specsPath+c.name)
	}
	return append(names, specsPath+"SymLoop", specsPath+"UsesMap", specsPath+"DeferSome", "vg.dev/spec/fe25519.Mul",
		specsPath+"ReadsCounter", specsPath+"ReadsExported", specsPath+"ReadsComputed")
}

func TestSpecs(t *testing.T) {
	p := load(t, allNames()...)
	for i, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			start := time.Now()
			r, err := runSym(t, p, specsPath+c.name)
			if err != nil {
				t.Fatal(err)
			}
			elapsed := time.Since(start)
			panics := check(t, r, c.f, 300, uint64(i))
			if c.mayPanic && len(r.out.Panics) == 0 {
				t.Errorf("no panic obligations")
			}
			if c.mayPanic && panics == 0 {
				t.Errorf("no input panicked")
			}
			if !c.mayPanic && panics > 0 {
				t.Errorf("%d inputs panicked", panics)
			}
			t.Logf("%v to interpret, %d terms, %d panic obligations, %d/300 panicked", elapsed, r.b.Len(), len(r.out.Panics), panics)
		})
	}
}

// TestByteTables: loads from tables of constants at a byte's index are
// lookups (mem.Lookup), one into the other composed, and no chain of
// selections over the places.
func TestByteTables(t *testing.T) {
	p := load(t, allNames()...)
	r, err := runSym(t, p, specsPath+"ByteTables")
	if err != nil {
		t.Fatal(err)
	}
	res := r.out.Results[0].(gossa.Scalar).T
	luts, ites := map[*term.Term]bool{}, 0
	term.Walk(func(x *term.Term) {
		switch x.Op() {
		case term.OpLUT:
			luts[x] = true
		case term.OpIte:
			ites++
		}
	}, res)
	// byteWide at two indices, byteBox at one (byteBox into byteWide is
	// one lookup); bits of them are lookups too.
	if len(luts) < 3 || ites > 0 {
		t.Errorf("%d lookups, %d selections: %s", len(luts), ites, res)
	}
}

// TestMerging checks that 64 data-dependent branches cost little: states
// merge at each join instead of multiplying.
func TestMerging(t *testing.T) {
	p := load(t, allNames()...)
	for _, name := range []string{"Ifs64", "Ifs64Flat"} {
		r, err := runSym(t, p, specsPath+name)
		if err != nil {
			t.Fatal(err)
		}
		// No timing here (tests do not time); the term count below shows
		// the states merged: 2^64 paths would not fit.
		// The result is a chain of 64 ites on the bits of x.
		n := 0
		term.Walk(func(x *term.Term) {
			if x.Op() == term.OpIte {
				n++
			}
		}, r.out.Results[0].(gossa.Scalar).T)
		if n != 64 {
			t.Errorf("%s: %d ites in the result, want 64", name, n)
		}
	}
}

// TestOobCondition checks the panic condition of an index that may be out of
// range (exactly i >= 4), and of one that always is (true).
func TestOobCondition(t *testing.T) {
	p := load(t, allNames()...)
	r, err := runSym(t, p, specsPath+"Oob")
	if err != nil {
		t.Fatal(err)
	}
	if len(r.out.Panics) != 1 {
		t.Fatalf("panics: %v", r.out.Panics)
	}
	pn := r.out.Panics[0]
	i, _ := r.b.LookupVar("p1")
	want := r.b.Uge(i, r.b.Uint(4, 64))
	if pn.Cond != want || pn.What != "index out of range" || pn.Pos.Line == 0 {
		t.Errorf("panic %s %q at %s, want %s", pn.Cond, pn.What, pn.Pos, want)
	}

	r, err = runSym(t, p, specsPath+"ConstOob")
	if err != nil {
		t.Fatal(err)
	}
	if len(r.out.Panics) != 1 || r.out.Panics[0].Cond != r.b.Bool(true) || r.out.Results != nil {
		t.Errorf("ConstOob: panics %v, results %v", r.out.Panics, r.out.Results)
	}
}

// TestCarryShape checks the canonical shapes of the math/bits models.
func TestCarryShape(t *testing.T) {
	p := load(t, allNames()...)
	r, err := runSym(t, p, specsPath+"MulAcc")
	if err != nil {
		t.Fatal(err)
	}
	b := r.b
	x, _ := b.LookupVar("p1")
	y, _ := b.LookupVar("p2")
	prod := b.Mul(b.ZeroExt(x, 128), b.ZeroExt(y, 128))
	acc0 := r.out.Mem.Initial(r.regions[0], 0, 8)
	lo := b.Extract(prod, 63, 0)
	sum := b.Add(b.Add(b.ZeroExt(acc0, 65), b.ZeroExt(lo, 65)), b.ZeroExt(b.Zero(64), 65))
	c := b.ZeroExt(b.Extract(sum, 64, 64), 64)
	acc1 := r.out.Mem.Initial(r.regions[0], 8, 8)
	hi := b.Extract(prod, 127, 64)
	want := b.Add(b.Add(acc1, hi), c)
	got, err := r.out.Mem.Load(r.regions[0], 8, 8)
	if err != nil {
		t.Fatal(err)
	}
	// Compare as stored in memory: bytes of a sum are sums of bytes.
	scratch := mem.New(b)
	reg := scratch.Add(&mem.Region{Name: "scratch", Kind: mem.Local, Size: 8, Writable: true})
	if err := scratch.Store(reg, 0, want); err != nil {
		t.Fatal(err)
	}
	if want, _ = scratch.Load(reg, 0, 8); got != want {
		t.Errorf("acc[1] = %s\nwant %s", got, want)
	}
}

func TestFe25519(t *testing.T) {
	p := load(t, allNames()...)
	r, err := runSym(t, p, "vg.dev/spec/fe25519.Mul")
	if err != nil {
		t.Fatal(err)
	}
	if len(r.out.Panics) != 0 {
		t.Errorf("panics: %v", r.out.Panics)
	}
	check(t, r, fe25519.Mul, 200, 7)
}

func TestLoadErrors(t *testing.T) {
	_, err := gossa.Load(context.Background(), "amd64", ".", "vg.dev/spec/fe25519.Mull")
	want := "spec vg.dev/spec/fe25519.Mull: no such function in package vg.dev/spec/fe25519"
	if err == nil || err.Error() != want {
		t.Errorf("got %v, want %s", err, want)
	}
	_, err = gossa.Load(context.Background(), "amd64", ".", "vg.dev/no/such/pkg.F")
	if err == nil || !strings.Contains(err.Error(), "vg.dev/no/such/pkg") {
		t.Errorf("missing package: %v", err)
	}
}

// TestLoadGoroot loads an unexported function of an internal GOROOT package
// and interprets it.
func TestLoadGoroot(t *testing.T) {
	const name = "crypto/internal/fips140/edwards25519/field.feMulGeneric"
	for _, arch := range []string{"amd64", "arm64"} {
		start := time.Now()
		p, err := gossa.Load(context.Background(), arch, ".", name)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: Load took %v", arch, time.Since(start))
		fn, err := p.Func(name)
		if err != nil {
			t.Fatal(err)
		}
		b := term.NewBuilder()
		m := mem.New(b)
		var args []gossa.Value
		for i, n := range []string{"v", "a", "b"} {
			r := m.Add(&mem.Region{Name: n, Kind: mem.Input, Size: 40, Writable: i == 0})
			args = append(args, gossa.Pointer{Region: r, Off: b.Zero(64)})
		}
		out, err := gossa.Run(gossa.Config{B: b, Mem: m, Sizes: p.Sizes}, fn, args)
		if err != nil {
			t.Fatal(err)
		}
		if len(out.Panics) != 0 || len(out.Mem.Written(args[0].(gossa.Pointer).Region)) != 40 {
			t.Errorf("panics %v, written %v", out.Panics, out.Mem.Written(args[0].(gossa.Pointer).Region))
		}
	}
}

// TestUnsupported checks that what is not modelled is an error, not a
// wrong answer or a crash, and that a loop with a symbolic bound is
// reported quickly.
func TestUnsupported(t *testing.T) {
	p := load(t, allNames()...)
	for _, c := range []struct {
		name     string
		maxSteps int
		want     string
	}{
		{"SymLoop", 0, "spec did not terminate"},
		{"SumLoop", 50, "spec did not terminate within 50 steps"},
		{"UsesMap", 0, "MakeMap is not supported"},
		{"DeferSome", 0, "defer on some paths only is not supported"},
		{"ReadsCounter", 0, "specs.counter: its address is used other than to load"},
		{"ReadsExported", 0, "specs.Exported: exported and not of zero size"},
		{"ReadsComputed", 0, "specs.computed: initializer at"},
	} {
		fn, err := p.Func(specsPath + c.name)
		if err != nil {
			t.Fatal(err)
		}
		b := term.NewBuilder()
		m := mem.New(b)
		var args []gossa.Value
		if c.name == "SumLoop" {
			r := m.Add(&mem.Region{Name: "a", Kind: mem.Input, Size: 32})
			args = append(args, gossa.Pointer{Region: r, Off: b.Zero(64)})
		} else {
			args = append(args, gossa.Scalar{T: b.Var("x", 64)})
		}
		_, err = gossa.Run(gossa.Config{B: b, Mem: m, Sizes: p.Sizes, MaxSteps: c.maxSteps}, fn, args)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want %q", c.name, err, c.want)
		}
		if strings.Contains(c.want, "terminate") && !errors.Is(err, gossa.ErrSteps) {
			t.Errorf("%s: %v is not ErrSteps", c.name, err)
		}
		t.Logf("%s: %v", c.name, err)
	}
}

// TestFlatten checks the memory layout of values: little-endian, zero
// padding, and the inverse.
func TestFlatten(t *testing.T) {
	p := load(t, allNames()...)
	b := term.NewBuilder()
	fn, _ := p.Func(specsPath + "Structs")
	padded := fn.Signature.Results().At(1).Type() // Padded{A uint8; B uint32; C bool; D int64}
	v := gossa.Aggregate{
		gossa.Scalar{T: b.Uint(0x11, 8)},
		gossa.Scalar{T: b.Uint(0x22334455, 32)},
		gossa.Scalar{T: b.Bool(true)},
		gossa.Scalar{T: b.Var("d", 64)},
	}
	bytes, err := gossa.Flatten(b, v, padded, p.Sizes)
	if err != nil {
		t.Fatal(err)
	}
	want := []uint64{0x11, 0, 0, 0, 0x55, 0x44, 0x33, 0x22, 1, 0, 0, 0, 0, 0, 0, 0}
	if len(bytes) != 24 {
		t.Fatalf("%d bytes", len(bytes))
	}
	for i, w := range want {
		if k, ok := bytes[i].Uint64(); !ok || k != w {
			t.Errorf("byte %d = %s, want %#x", i, bytes[i], w)
		}
	}
	back, err := gossa.Unflatten(b, bytes, padded, p.Sizes)
	if err != nil {
		t.Fatal(err)
	}
	for i := range v {
		if back.(gossa.Aggregate)[i] != v[i] {
			t.Errorf("field %d: %v, want %v", i, back.(gossa.Aggregate)[i], v[i])
		}
	}
	ptr := fn.Params[0].Type()
	r := mem.New(b).Add(&mem.Region{Name: "r", Size: 8})
	if _, err := gossa.Flatten(b, gossa.Pointer{Region: r, Off: b.Zero(64)}, ptr, p.Sizes); err == nil || err.Error() != "pointer-valued results are not supported" {
		t.Errorf("pointer: %v", err)
	}
}
