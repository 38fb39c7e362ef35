package attack2

import (
	"fmt"
	"testing"
)

// misbehaviourCases (amd64): each kernel with its pointers equal, beside its spec
// called the same way. vgcheck proves none of them (ATTACKS.md): the
// aliased run is lifted, and refuted or violated, or the run stops on an
// error. That they do differ shows each was a real trap: proving one as an
// instance would have been wrong.
var misbehaviourCases = []misbehaviour{
	{"ptrSetEq", func() string { return inPlace4(ptrSetEq) }, func() string { return inPlace4(copyGo) }},
	{"ptrJeq", func() string { return inPlace4(ptrJeq) }, func() string { return inPlace4(copyGo) }},
	{"ptrJeqPast", func() string {
		var buf [5]uint64
		ptrJeqPast((*[4]uint64)(buf[:4]), (*[4]uint64)(buf[:4]))
		return fmt.Sprint(buf[4])
	}, func() string { return "0" }},
	{"firstZero", func() string {
		x := [4]uint64{1, 2, 3, 4}
		return fmt.Sprint(firstZero(&x, &x, 0), x)
	}, func() string {
		x := [4]uint64{1, 2, 3, 4}
		return fmt.Sprint(firstZeroGo(&x, &x, 0), x)
	}},
	{"copyHelper", func() string { return inPlace4(copyHelper) }, func() string { return inPlace4(copyHelperGo) }},
	{"copyElem", func() string { return inPlace4(copyElem) }, func() string { return inPlace4(copyElemGo) }},
	{"copyIface", func() string { return inPlace2(void2(copyIface)) }, func() string { return inPlace2(void2(copyIfaceGo)) }},
	{"copyUnsafe", func() string { return inPlace2(void2(copyUnsafe)) }, func() string { return inPlace2(void2(copyUnsafeGo)) }},
	{"copyUintptr", func() string { return inPlace2(void2(copyUintptr)) }, func() string { return inPlace2(void2(copyUintptrGo)) }},
	{"copyStruct", func() string { return inPlace2(void2(copyStruct)) }, func() string { return inPlace2(void2(copyStructGo)) }},
	{"copyArray", func() string { return inPlace2(void2(copyArray)) }, func() string { return inPlace2(void2(copyArrayGo)) }},
	{"copyAdd", func() string { return inPlace2(void2(copyAdd)) }, func() string { return inPlace2(void2(copyAddGo)) }},
	{"copySwitch", func() string { return inPlace2(void2(copySwitch)) }, func() string { return inPlace2(void2(copySwitchGo)) }},
	{"copyClosure", func() string { return inPlace2(void2(copyClosure)) }, func() string { return inPlace2(void2(copyClosureGo)) }},
	{"copyGeneric", func() string { return inPlace2(void2(copyGeneric)) }, func() string { return inPlace2(void2(copyGenericGo)) }},
	{"copySliceData", func() string { return inPlace2(void2(copySliceData)) }, func() string { return inPlace2(void2(copySliceDataGo)) }},
	{"copyIntPtr", func() string { return inPlace2(void2(copyIntPtr)) }, func() string { return inPlace2(void2(copyIntPtrGo)) }},
	{"writeBack", func() string { return inPlace2(void2(writeBack)) }, func() string { return inPlace2(void2(writeBackGo)) }},
	{"writeBackKernel", func() string { return inPlace2(void2(writeBackKernel)) }, func() string { return inPlace2(void2(fiveGo)) }},
	{"retPlain", func() string { return inPlace2(retPlain) }, func() string { return inPlace2(retFirstGo) }},
	{"retAdd", func() string { return inPlace2(retAdd) }, func() string { return inPlace2(retFirstGo) }},
	{"retCmov", func() string { return inPlace2(retCmov) }, func() string { return inPlace2(retFirstGo) }},
	{"retPush", func() string { return inPlace2(retPush) }, func() string { return inPlace2(retFirstGo) }},
	{"retPop", func() string { return inPlace2(retPop) }, func() string { return inPlace2(retFirstGo) }},
	{"retXchg", func() string { return inPlace2(retXchg) }, func() string { return inPlace2(retFirstGo) }},
	{"retLea", func() string { return inPlace2(retLea) }, func() string { return inPlace2(retFirstGo) }},
	{"retDiff", func() string { return inPlace2(retDiff) }, func() string { return inPlace2(retFirstGo) }},
	{"retOr", func() string { return inPlace2(retOr) }, func() string { return inPlace2(retFirstGo) }},
	{"retVec", func() string { return inPlace2(retVec) }, func() string { return inPlace2(retSecondGo) }},
	{"retByte", func() string { return inPlace2(retByte) }, func() string { return inPlace2(retFirstTopGo) }},
	{"retHalf", func() string { return inPlace2(retHalf) }, func() string { return inPlace2(retFirstHighGo) }},
	{"retMovou", func() string { return inPlace2(retMovou) }, func() string { return inPlace2(retHighGo) }},
	{"retMovhps", func() string { return inPlace2(retMovhps) }, func() string { return inPlace2(retHighGo) }},
	{"retPinsr", func() string { return inPlace2(retPinsr) }, func() string { return inPlace2(retHighGo) }},
	{"retBcast", func() string { return inPlace2(retBcast) }, func() string { return inPlace2(retHighGo) }},
	{"retMask", func() string { return inPlace2(retMask) }, func() string { return inPlace2(retHighGo) }},
	{"retLddqu", func() string { return inPlace2(retLddqu) }, func() string { return inPlace2(retHighGo) }},
	{"retMovnti", func() string { return inPlace2(retMovnti) }, func() string { return inPlace2(retHighGo) }},
	{"retPextr", func() string { return inPlace2(retPextr) }, func() string { return inPlace2(retHighGo) }},
	{"retStos", func() string { return inPlace2(retStos) }, func() string { return inPlace2(retHighGo) }},
	{"retCallStore", func() string { return inPlace2(retCallStore) }, func() string { return inPlace2(retHighGo) }},
	{"retCallLoad", func() string { return inPlace2(retCallLoad) }, func() string { return inPlace2(retHighGo) }},
	{"sel", func() string {
		x := [2]uint64{1, 0}
		return fmt.Sprint(sel(&x, &x))
	}, func() string {
		x := [2]uint64{1, 0}
		return fmt.Sprint(selGo(&x, &x))
	}},
	{"reqWrite", func() string {
		x := [2]uint64{1, 2}
		if !clearOutReq(&[2]uint64{1, 2}, &[2]uint64{1, 2}) && clearOutReq(&x, &x) {
			x = [2]uint64{1, 2} // the precondition wrote x[0]; a caller may pass it
			reqWrite(&x, &x)
		}
		return fmt.Sprint(x)
	}, func() string { return "[1 2]" }},
	{"spCopy", func() string { return inPlace2(spCopy) }, func() string { return inPlace2(spCopyGo) }},
	{"spRange", func() string { return inPlace2(spRange) }, func() string { return inPlace2(spRangeGo) }},
	{"spMethod", func() string {
		x := vec{1, 2}
		return fmt.Sprint(spMethod(&x, &x))
	}, func() string {
		x := vec{1, 2}
		return fmt.Sprint(spMethodGo(&x, &x))
	}},
	{"spDefer", func() string { return inPlace2(spDefer) }, func() string { return inPlace2(spDeferGo) }},
	{"spArrayVal", func() string { return inPlace2(spArrayVal) }, func() string { return inPlace2(spArrayValGo) }},
	{"spSlice", func() string { return inPlace2(spSlice) }, func() string { return inPlace2(spSliceGo) }},
	{"spCopyStore", func() string { return inPlace2(spCopyStore) }, func() string { return inPlace2(spCopyStoreGo) }},
	{"spAppend", func() string { return inPlace2(spAppend) }, func() string { return inPlace2(spAppendGo) }},
	{"spGlobal", func() string { return inPlace2(spGlobal) }, func() string { return inPlace2(spGlobalGo) }},
	{"spField", func() string { return inPlace2(spField) }, func() string { return inPlace2(spFieldGo) }},
	{"spPtrPtr", func() string { return inPlace2(spPtrPtr) }, func() string { return inPlace2(spPtrPtrGo) }},
	{"spIface", func() string { return inPlace2(spIface) }, func() string { return inPlace2(spIfaceGo) }},
	{"spRecover", func() string { return inPlace2(spRecover) }, func() string { return inPlace2(recoverGo) }},
	{"copyPanic", func() string { return panics(func() { x := [2]uint64{1, 2}; copyPanic(&x, &x) }) },
		func() string { return panics(func() { x := [2]uint64{1, 2}; copyPanicGo(&x, &x) }) }},
	{"addBigReload", func() string {
		z := []uint64{^uint64(0), 1, 2}
		c := addBigReload(z, z, []uint64{1, 1, 1})
		return fmt.Sprint(z, c)
	}, func() string {
		z := []uint64{^uint64(0), 1, 2}
		c := addGo(z, z, []uint64{1, 1, 1})
		return fmt.Sprint(z, c)
	}},
	{"capApart", func() string {
		s := make([]uint64, 1, 2)
		s[0] = 7
		capApart(s, s[:1:1])
		return fmt.Sprint(s)
	}, func() string {
		s := make([]uint64, 1, 2)
		s[0] = 7
		copy1Go(s, s[:1:1])
		return fmt.Sprint(s)
	}},
}

// TestTriAliasings: tri, which vgcheck proves with out = a = b as an
// instance of out = b, agrees with its spec under every aliasing (the
// control: the shortcut was right there).
func TestTriAliasings(t *testing.T) {
	for _, c := range []struct {
		name    string
		a, b    int // which of x, y, z a and b point to; out is x
		wantOut [2]uint64
	}{
		{"distinct", 1, 2, [2]uint64{3, 5}},
		{"out=a", 0, 2, [2]uint64{2, 5}},
		{"out=b", 1, 0, [2]uint64{3, 3}},
		{"a=b", 1, 1, [2]uint64{3, 2}},
		{"out=a=b", 0, 0, [2]uint64{2, 2}},
	} {
		t.Run(c.name, func(t *testing.T) {
			run := func(f func(out, a, b *[2]uint64)) [2]uint64 {
				m := [3][2]uint64{{1, 9}, {2, 8}, {5, 7}}
				f(&m[0], &m[c.a], &m[c.b])
				return m[0]
			}
			k, s := run(tri), run(triGo)
			if k != s || k != c.wantOut {
				t.Fatalf("tri %v, triGo %v, want %v", k, s, c.wantOut)
			}
		})
	}
}

// panics reports whether f panicked.
func panics(f func()) (s string) {
	defer func() {
		if recover() != nil {
			s = "panicked"
		}
	}()
	f()
	return "returned"
}
