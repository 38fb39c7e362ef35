package attack2

// ptrSetEq copies a to out, adding out == a (SETEQ of the two pointer
// registers, no branch) to out[0]: 0 with them apart.
//
//vg:spec copyGo
func ptrSetEq(out, a *[4]uint64)

// ptrJeq copies a to out, but branches on out == a to write a[0]+1 to
// out[0]: a path the distinct run never takes.
//
//vg:spec copyGo
func ptrJeq(out, a *[4]uint64)

// ptrJeqPast copies a to out, and with out == a also writes out[4], past
// the array.
//
//vg:spec copyGo
func ptrJeqPast(out, a *[4]uint64)

// ptrJeqSecret copies a to out, and with out == a branches on a[0].
//
//vg:spec copyGo
func ptrJeqSecret(out, a *[4]uint64)

// firstZero stores out[i] = 0 before it loads a[0]: with out = a and i = 0
// it returns 0.
//
//vg:spec firstZeroGo
//vg:public i
//vg:requires below4
func firstZero(out, a *[4]uint64, i uint64) uint64

// copyHelper copies a to out; its spec differs with out = a, comparing
// the pointers in a helper.
//
//vg:spec copyHelperGo
func copyHelper(out, a *[4]uint64)

// copyElem copies a to out; its spec differs with out = a, comparing
// element addresses.
//
//vg:spec copyElemGo
func copyElem(out, a *[4]uint64)

// addBigReload adds as addGo; from 3 words on it reads x[i] again after
// storing z[i] and adds the difference, 0 unless z = x. The per-size
// proofs (1 and 2 words) never take that loop.
//
//vg:spec addGo
//vg:sizes z,x,y=1,2
func addBigReload(z, x, y []uint64) (c uint64)

// writeBack stores out[0] = 5 after storing a[0] back its own value: with out = a,
// out[0] is 5, its spec leaves it.
//
//vg:spec writeBackGo
func writeBack(out, a *[2]uint64)

// writeBackKernel loads a[0], stores out[0] = 5, then stores a[0] back: with out = a,
// out[0] is as it was, its spec sets 5.
//
//vg:spec fiveGo
func writeBackKernel(out, a *[2]uint64)

// retPlain stores out[0] = 5, then loads a[0] with MOVQ. With out = a
// it returns 5.
//
//vg:spec retFirstGo
func retPlain(out, a *[2]uint64) uint64

// retAdd stores out[0] = 5, then loads a[0] as ADDQ's source. With out = a
// it returns 5.
//
//vg:spec retFirstGo
func retAdd(out, a *[2]uint64) uint64

// retCmov stores out[0] = 5, then loads a[0] as CMOVQEQ's source. With out = a
// it returns 5.
//
//vg:spec retFirstGo
func retCmov(out, a *[2]uint64) uint64

// retPush stores out[0] = 5, then loads a[0] with PUSHQ. With out = a
// it returns 5.
//
//vg:spec retFirstGo
func retPush(out, a *[2]uint64) uint64

// retPop stores out[0] = 5 with POPQ, then loads a[0]. With out = a
// it returns 5.
//
//vg:spec retFirstGo
func retPop(out, a *[2]uint64) uint64

// retXchg stores out[0] = 5 with XCHGQ, then loads a[0]. With out = a
// it returns 5.
//
//vg:spec retFirstGo
func retXchg(out, a *[2]uint64) uint64

// retLea stores out[0] = 5, then loads a[0] through SI moved on by 8. With out = a
// it returns 5.
//
//vg:spec retFirstGo
func retLea(out, a *[2]uint64) uint64

// retDiff stores out[0] = 5 through a plus (out - a), then loads a[0]. With out = a
// it returns 5.
//
//vg:spec retFirstGo
func retDiff(out, a *[2]uint64) uint64

// retOr stores out[0] = 4, then ORs 1 into it (ORB, a load and a store
// of out), then loads a[0]. With out = a it returns 5.
//
//vg:spec retFirstGo
func retOr(out, a *[2]uint64) uint64

// retVec zeroes out with one 16-byte MOVOU, then loads a[1].
//
//vg:spec retSecondGo
func retVec(out, a *[2]uint64) uint64

// retByte stores out[0]'s top byte with MOVB, then loads a[0].
//
//vg:spec retFirstTopGo
func retByte(out, a *[2]uint64) uint64

// retHalf stores out[0]'s high half with MOVL, then loads a[0].
//
//vg:spec retFirstHighGo
func retHalf(out, a *[2]uint64) uint64

// sel loads a before it stores out[0] = 5 and selects with CMOV: with out = a
// and a[1] = 0 it returns a[0] as it was, its spec 5.
//
//vg:spec selGo
func sel(out, a *[2]uint64) uint64

// reqWrite copies a to out, but out[0] = a[0] + 1 unless a[0] is 0: right where
// its precondition holds with the pointers apart.
//
//vg:spec copy2Go
//vg:requires clearOutReq
func reqWrite(out, a *[2]uint64)

// copyIface copies a to out.
//
//vg:spec copyIfaceGo
func copyIface(out, a *[2]uint64)

// copyUnsafe copies a to out.
//
//vg:spec copyUnsafeGo
func copyUnsafe(out, a *[2]uint64)

// copyUintptr copies a to out.
//
//vg:spec copyUintptrGo
func copyUintptr(out, a *[2]uint64)

// retMovou stores out[1] = 5, then loads a with MOVOU. With out = a
// it returns 5.
//
//vg:spec retHighGo
func retMovou(out, a *[2]uint64) uint64

// retMovhps stores out[1] = 5, then loads a[1] with MOVHPS. With out = a
// it returns 5.
//
//vg:spec retHighGo
func retMovhps(out, a *[2]uint64) uint64

// retPinsr stores out[1] = 5, then loads a[1] with PINSRQ. With out = a
// it returns 5.
//
//vg:spec retHighGo
func retPinsr(out, a *[2]uint64) uint64

// retBcast stores out[1] = 5, then loads a[1] with VPBROADCASTQ. With out = a
// it returns 5.
//
//vg:spec retHighGo
func retBcast(out, a *[2]uint64) uint64

// retMask stores out[1] = 5, then loads a with VPMASKMOVQ, every lane on. With out = a
// it returns 5.
//
//vg:spec retHighGo
func retMask(out, a *[2]uint64) uint64

// retLddqu stores out[1] = 5, then loads a with LDDQU. With out = a
// it returns 5.
//
//vg:spec retHighGo
func retLddqu(out, a *[2]uint64) uint64

// retMovnti stores out[1] = 5 with MOVNTIQ, then loads a[1]. With out = a
// it returns 5.
//
//vg:spec retHighGo
func retMovnti(out, a *[2]uint64) uint64

// retPextr stores out[1] = 5 with PEXTRQ to memory, then loads a[1]. With out = a
// it returns 5.
//
//vg:spec retHighGo
func retPextr(out, a *[2]uint64) uint64

// retStos stores out[1] = 5 with STOSQ, then loads a[1]. With out = a
// it returns 5.
//
//vg:spec retHighGo
func retStos(out, a *[2]uint64) uint64

// retCallStore stores out[1] = 5 in a helper it CALLs, then loads a[1]. With out = a
// it returns 5.
//
//vg:spec retHighGo
func retCallStore(out, a *[2]uint64) uint64

// retCallLoad stores out[1] = 5, then loads a[1] in a helper it CALLs. With out = a
// it returns 5.
//
//vg:spec retHighGo
func retCallLoad(out, a *[2]uint64) uint64

// store5 stores 5 to 8(DI): a helper of retCallStore, not a Go function.
//
//vg:unverified a helper taking its argument in DI
func store5()

// load8 loads 8(SI) into AX: a helper of retCallLoad, not a Go function.
//
//vg:unverified a helper taking its argument in SI
func load8()

// capApart copies x[0] to z[0]; when the capacities differ it first
// stores x[0]+1 and reads x[0] again: with z and x one array of two
// capacities (s, s[:1:1]) it sets x[0]+1.
//
//vg:spec copy1Go
//vg:sizes z,x=1
func capApart(z, x []uint64)

// copyStruct copies a to out; its spec compares the pointers.
//
//vg:spec copyStructGo
func copyStruct(out, a *[2]uint64)

// copyArray copies a to out; its spec compares the pointers.
//
//vg:spec copyArrayGo
func copyArray(out, a *[2]uint64)

// copyAdd copies a to out; its spec compares the pointers.
//
//vg:spec copyAddGo
func copyAdd(out, a *[2]uint64)

// copySwitch copies a to out; its spec compares the pointers.
//
//vg:spec copySwitchGo
func copySwitch(out, a *[2]uint64)

// copyClosure copies a to out; its spec compares the pointers.
//
//vg:spec copyClosureGo
func copyClosure(out, a *[2]uint64)

// copyGeneric copies a to out; its spec compares the pointers.
//
//vg:spec copyGenericGo
func copyGeneric(out, a *[2]uint64)

// copySliceData copies a to out; its spec compares the pointers.
//
//vg:spec copySliceDataGo
func copySliceData(out, a *[2]uint64)

// copyIntPtr copies a to out; its spec compares the pointers.
//
//vg:spec copyIntPtrGo
func copyIntPtr(out, a *[2]uint64)

// spCopy reads a[1], then sets out[1] = 5 and returns what it read.
//
//vg:spec spCopyGo
func spCopy(out, a *[2]uint64) uint64

// spRange reads a[1], then sets out[1] = 5 and returns what it read.
//
//vg:spec spRangeGo
func spRange(out, a *[2]uint64) uint64

// spMethod reads a[1], then sets out[1] = 5 and returns what it read.
//
//vg:spec spMethodGo
func spMethod(out, a *vec) uint64

// spDefer reads a[1], then sets out[1] = 5 and returns what it read.
//
//vg:spec spDeferGo
func spDefer(out, a *[2]uint64) uint64

// spArrayVal reads a[1], then sets out[1] = 5 and returns what it read.
//
//vg:spec spArrayValGo
func spArrayVal(out, a *[2]uint64) uint64

// spSlice reads a[1], then sets out[1] = 5 and returns what it read.
//
//vg:spec spSliceGo
func spSlice(out, a *[2]uint64) uint64

// spCopyStore reads a[1], then sets out[1] = 5 and returns what it read.
//
//vg:spec spCopyStoreGo
func spCopyStore(out, a *[2]uint64) uint64

// spAppend reads a[1], then sets out[1] = 5 and returns what it read.
//
//vg:spec spAppendGo
func spAppend(out, a *[2]uint64) uint64

// spGlobal reads a[1], then sets out[1] = 5 and returns what it read.
//
//vg:spec spGlobalGo
func spGlobal(out, a *[2]uint64) uint64

// spField reads a[1], then sets out[1] = 5 and returns what it read.
//
//vg:spec spFieldGo
func spField(out, a *[2]uint64) uint64

// spPtrPtr reads a[1], then sets out[1] = 5 and returns what it read.
//
//vg:spec spPtrPtrGo
func spPtrPtr(out, a *[2]uint64) uint64

// spIface reads a[1], then sets out[1] = 5 and returns what it read.
//
//vg:spec spIfaceGo
func spIface(out, a *[2]uint64) uint64

// tri does what triGo does, in its order (a control: every aliasing right).
//
//vg:spec triGo
func tri(out, a, b *[2]uint64)

// spRecover reads a[1], then sets out[1] = 5 and returns what it read.
//
//vg:spec recoverGo
func spRecover(out, a *[2]uint64) uint64

// copyPanic copies a to out; its spec panics in place.
//
//vg:spec copyPanicGo
func copyPanic(out, a *[2]uint64)
