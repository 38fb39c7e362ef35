package gossa_test

import (
	"context"
	"fmt"
	"go/types"
	"math/rand/v2"
	"reflect"
	"strings"
	"sync"
	"testing"
	"unsafe"

	"golang.org/x/tools/go/ssa"
	"vg.dev/symexec/gossa"
	"vg.dev/symexec/mem"
	"vg.dev/symexec/term"
)

// The harness runs a function symbolically on fresh variables (scalar
// parameters), symbolic aggregates (struct and array parameters) and Input
// regions (pointer and slice parameters), then checks on random inputs that
// evaluating the outcome agrees with calling the function natively: the
// same panic/no-panic, the same results and the same final memory.

const sliceLen = 8 // length and capacity of slice parameters

var (
	progOnce sync.Once
	prog     *gossa.Program
	progErr  error
)

// load loads the named functions once per test binary.
func load(t *testing.T, names ...string) *gossa.Program {
	t.Helper()
	progOnce.Do(func() {
		prog, progErr = gossa.Load(context.Background(), "amd64", ".", names...)
	})
	if progErr != nil {
		t.Fatal(progErr)
	}
	return prog
}

// symRun is one symbolic run and what is needed to replay it.
type symRun struct {
	b       *term.Builder
	fn      *ssa.Function
	sizes   types.Sizes
	params  []gossa.Value
	regions []*mem.Region // per parameter, nil for scalars and aggregates
	out     *gossa.Outcome
}

func runSym(t *testing.T, p *gossa.Program, name string) (*symRun, error) {
	t.Helper()
	fn, err := p.Func(name)
	if err != nil {
		t.Fatal(err)
	}
	b := term.NewBuilder()
	m := mem.New(b)
	r := &symRun{b: b, fn: fn, sizes: p.Sizes}
	for i, prm := range fn.Params {
		pname := fmt.Sprintf("p%d", i)
		var reg *mem.Region
		var v gossa.Value
		switch u := prm.Type().Underlying().(type) {
		case *types.Pointer:
			reg = m.Add(&mem.Region{Name: pname, Kind: mem.Input, Size: p.Sizes.Sizeof(u.Elem()), Writable: true})
			v = gossa.Pointer{Region: reg, Off: b.Zero(64)}
		case *types.Slice:
			reg = m.Add(&mem.Region{Name: pname, Kind: mem.Input, Size: sliceLen * p.Sizes.Sizeof(u.Elem()), Writable: true})
			v = gossa.Slice{Ptr: gossa.Pointer{Region: reg, Off: b.Zero(64)}, Len: b.Uint(sliceLen, 64), Cap: b.Uint(sliceLen, 64)}
		default:
			v = symValue(t, b, prm.Type(), pname, p.Sizes)
		}
		r.params = append(r.params, v)
		r.regions = append(r.regions, reg)
	}
	r.out, err = gossa.Run(gossa.Config{B: b, Mem: m, Sizes: p.Sizes}, fn, r.params)
	return r, err
}

// symValue is a value of type t made of fresh variables.
func symValue(t *testing.T, b *term.Builder, typ types.Type, name string, sizes types.Sizes) gossa.Value {
	switch u := typ.Underlying().(type) {
	case *types.Basic:
		w := int(8 * sizes.Sizeof(u))
		if u.Kind() == types.Bool {
			w = 1
		}
		return gossa.Scalar{T: b.Var(name, w)}
	case *types.Array:
		var agg gossa.Aggregate
		for i := 0; i < int(u.Len()); i++ {
			agg = append(agg, symValue(t, b, u.Elem(), fmt.Sprintf("%s.%d", name, i), sizes))
		}
		return agg
	case *types.Struct:
		var agg gossa.Aggregate
		for i := 0; i < u.NumFields(); i++ {
			agg = append(agg, symValue(t, b, u.Field(i).Type(), fmt.Sprintf("%s.%d", name, i), sizes))
		}
		return agg
	}
	t.Fatalf("parameter type %s not supported by the harness", typ)
	return nil
}

// interesting returns a random value of width w, often an edge case.
func interesting(rng *rand.Rand, w int) uint64 {
	mask := ^uint64(0) >> (64 - w)
	switch rng.IntN(10) {
	case 0:
		return 0
	case 1:
		return 1
	case 2:
		return mask // -1
	case 3:
		return 1 << (w - 1) // MinInt
	case 4:
		return mask >> 1 // MaxInt
	case 5:
		return uint64(rng.IntN(70)) // small, around shift widths
	case 6:
		return -uint64(rng.IntN(8)) & mask // small negative
	}
	return rng.Uint64() & mask
}

// inputs is one concrete assignment.
type inputs struct {
	vars  map[*term.Term]term.Value
	bytes [][]byte // per region parameter
}

func (r *symRun) randomInputs(rng *rand.Rand) *inputs {
	in := &inputs{vars: map[*term.Term]term.Value{}, bytes: make([][]byte, len(r.params))}
	for _, v := range r.b.Vars() {
		if !strings.Contains(v.Name(), "@") && !strings.HasPrefix(v.Name(), "&") {
			in.vars[v] = term.U64(interesting(rng, v.Width()), v.Width())
		}
	}
	for i, reg := range r.regions {
		if reg == nil {
			continue
		}
		bs := make([]byte, reg.Size)
		for j := 0; j < len(bs); j += 8 {
			x := interesting(rng, 64)
			for k := j; k < j+8 && k < len(bs); k++ {
				bs[k] = byte(x >> (8 * (k - j)))
			}
		}
		in.bytes[i] = bs
	}
	return in
}

// env binds every variable: scalars from vars, region words from bytes,
// region bases to distinct addresses.
func (r *symRun) env(in *inputs) func(*term.Term) (term.Value, bool) {
	return func(v *term.Term) (term.Value, bool) {
		if x, ok := in.vars[v]; ok {
			return x, true
		}
		for i, reg := range r.regions {
			if reg == nil {
				continue
			}
			if v == reg.Base {
				return term.U64(uint64(i+1)<<32, 64), true
			}
			var off int
			if n, _ := fmt.Sscanf(v.Name(), reg.Name+"@%d", &off); n == 1 && strings.HasPrefix(v.Name(), reg.Name+"@") {
				var x uint64
				for k := 0; k < v.Width()/8; k++ {
					x |= uint64(in.bytes[i][off+k]) << (8 * k)
				}
				return term.U64(x, v.Width()), true
			}
		}
		if strings.HasPrefix(v.Name(), "&") { // a local region's base
			return term.U64(uint64(v.ID())<<40, 64), true
		}
		return term.Value{}, false
	}
}

// native calls f on the inputs and returns its results (nil if it panicked)
// and the memory of its region parameters after the call.
func (r *symRun) native(t *testing.T, f any, in *inputs, ev *term.Evaluator) ([]reflect.Value, [][]byte, bool) {
	fv := reflect.ValueOf(f)
	ft := fv.Type()
	args := make([]reflect.Value, ft.NumIn())
	mems := make([][]byte, ft.NumIn())
	for i := range args {
		at := ft.In(i)
		switch at.Kind() {
		case reflect.Pointer:
			p := reflect.New(at.Elem())
			mems[i] = unsafe.Slice((*byte)(p.UnsafePointer()), at.Elem().Size())
			copy(mems[i], in.bytes[i])
			args[i] = p
		case reflect.Slice:
			s := reflect.MakeSlice(at, sliceLen, sliceLen)
			mems[i] = unsafe.Slice((*byte)(s.UnsafePointer()), sliceLen*at.Elem().Size())
			copy(mems[i], in.bytes[i])
			args[i] = s
		default:
			args[i] = toReflect(t, r.params[i], at, ev)
		}
	}
	var out []reflect.Value
	panicked := func() (p bool) {
		defer func() {
			if recover() != nil {
				p = true
			}
		}()
		out = fv.Call(args)
		return false
	}()
	return out, mems, panicked
}

func eval(t *testing.T, ev *term.Evaluator, x *term.Term) uint64 {
	t.Helper()
	v, err := ev.Eval(x)
	if err != nil {
		t.Fatal(err)
	}
	return v.Uint64()
}

// toReflect builds the native value of a symbolic value.
func toReflect(t *testing.T, v gossa.Value, rt reflect.Type, ev *term.Evaluator) reflect.Value {
	rv := reflect.New(rt).Elem()
	switch rt.Kind() {
	case reflect.Bool:
		rv.SetBool(eval(t, ev, v.(gossa.Scalar).T) != 0)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		w := 8 * rt.Size()
		x := eval(t, ev, v.(gossa.Scalar).T)
		rv.SetInt(int64(x<<(64-w)) >> (64 - w))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		rv.SetUint(eval(t, ev, v.(gossa.Scalar).T))
	case reflect.Array:
		for i := 0; i < rt.Len(); i++ {
			rv.Index(i).Set(toReflect(t, v.(gossa.Aggregate)[i], rt.Elem(), ev))
		}
	case reflect.Struct:
		for i := 0; i < rt.NumField(); i++ {
			rv.Field(i).Set(toReflect(t, v.(gossa.Aggregate)[i], rt.Field(i).Type, ev))
		}
	default:
		t.Fatalf("type %s not supported by the harness", rt)
	}
	return rv
}

// compare reports the first difference between a symbolic result and a
// native one.
func compare(t *testing.T, v gossa.Value, rv reflect.Value, ev *term.Evaluator, path string) string {
	switch rv.Kind() {
	case reflect.Array, reflect.Struct:
		agg, ok := v.(gossa.Aggregate)
		if !ok {
			return fmt.Sprintf("%s: %T for %s", path, v, rv.Type())
		}
		for i := range agg {
			var e reflect.Value
			if rv.Kind() == reflect.Array {
				e = rv.Index(i)
			} else {
				e = rv.Field(i)
			}
			if d := compare(t, agg[i], e, ev, fmt.Sprintf("%s.%d", path, i)); d != "" {
				return d
			}
		}
		return ""
	}
	sc, ok := v.(gossa.Scalar)
	if !ok {
		return fmt.Sprintf("%s: %T for %s", path, v, rv.Type())
	}
	got := eval(t, ev, sc.T)
	var want uint64
	switch rv.Kind() {
	case reflect.Bool:
		if rv.Bool() {
			want = 1
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		want = uint64(rv.Int()) & (^uint64(0) >> (64 - sc.T.Width()))
	default:
		want = rv.Uint()
	}
	if got != want {
		return fmt.Sprintf("%s: symbolic %#x, native %#x", path, got, want)
	}
	return ""
}

// check runs the comparison on n random inputs and returns how many
// panicked natively.
func check(t *testing.T, r *symRun, f any, n int, seed uint64) int {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 1))
	panics := 0
	for trial := 0; trial < n; trial++ {
		in := r.randomInputs(rng)
		ev := term.NewEvaluator(r.env(in))
		out, mems, panicked := r.native(t, f, in, ev)
		var why []string
		for _, p := range r.out.Panics {
			if eval(t, ev, p.Cond) == 1 {
				why = append(why, p.What)
			}
		}
		if panicked != (len(why) > 0) {
			t.Fatalf("trial %d (%v): native panicked=%v, symbolic panics %v", trial, in.vars, panicked, why)
		}
		if panicked {
			panics++
			continue
		}
		for i, rv := range out {
			if d := compare(t, r.out.Results[i], rv, ev, fmt.Sprintf("result %d", i)); d != "" {
				t.Fatalf("trial %d (%v): %s", trial, in.vars, d)
			}
		}
		for i, reg := range r.regions {
			if reg == nil {
				continue
			}
			for off := int64(0); off < reg.Size; off++ {
				if got := eval(t, ev, r.out.Mem.Byte(reg, off)); byte(got) != mems[i][off] {
					t.Fatalf("trial %d (%v): %s byte %d: symbolic %#x, native %#x", trial, in.vars, reg.Name, off, got, mems[i][off])
				}
			}
		}
	}
	return panics
}
