// Package stubs is the input of TestCheck: assembly stubs whose
// directives are right or wrong for the table there. Every error
// Check must report is named on its line by a want comment, a
// regular expression in back quotes; errors about the table alone are
// reported on the package clause.
package stubs // want `closure: Func: .*func1 is not a top-level function` `misnamed: Func is vg.dev/vgtest/directivetest.good, not the stub misnamed` `missing: in the test's table, but no stub in testdata/directives.go`

// good has every directive, as the table says.
//
//vg:spec vg.dev/vgtest/directivetest.specAdd
//vg:requires inBounds
//vg:public n
//vg:secret x y
//vg:sizes x,y=1,4
func good(x, y []uint64, n int) uint64

// skipped has no directives, and the table says so.
func skipped(x, y []uint64, n int) uint64

//vg:spec specAdd
func misnamed(x, y []uint64, n int) uint64

//vg:spec specAdd
func closure(x, y []uint64, n int) uint64

func undeclared(x, y []uint64, n int) uint64 // want `undeclared: no //vg: directives, want //vg:spec vg.dev/vgtest/directivetest.specAdd`

//vg:spec specAdd specOther
func malformed(x, y []uint64, n int) uint64 // want `malformed: malformed directive "//vg:spec specAdd specOther": want one function name`

//vg:spec specAdd
//vg:spec specAdd
func twoSpecs(x, y []uint64, n int) uint64 // want `twoSpecs: .*second //vg:spec`

//vg:spec specAdd
//vg:publc n
func unknownVerb(x, y []uint64, n int) uint64 // want `unknownVerb: .*unknown directive vg:publc`

//vg:spec specOther
func wrongSpec(x, y []uint64, n int) uint64 // want `wrongSpec: //vg:spec specOther, want vg.dev/vgtest/directivetest.specAdd`

//vg:spec specNarrow
func wrongType(x, y []uint64, n int) uint64 // want `wrongType: has type func\(\[\]uint64, \[\]uint64, int\) uint64, its spec vg.dev/vgtest/directivetest.specNarrow has func\(\[\]uint64\) uint64`

//vg:spec specAdd
//vg:public x
func narrowed(x, y []uint64, n int) uint64 // want `narrowed: //vg:public x, want none`

//vg:spec specAdd
//vg:secret z
func secretTypo(x, y []uint64, n int) uint64 // want `secretTypo: //vg:secret: z is not a parameter of the stub`

//vg:spec specAdd
func noRequires(x, y []uint64, n int) uint64 // want `noRequires: no //vg:requires, want //vg:requires vg.dev/vgtest/directivetest.inBounds`

//vg:spec specAdd
//vg:requires vg.dev/vgtest/directivetest.inBounds
func extraRequires(x, y []uint64, n int) uint64 // want `extraRequires: //vg:requires vg.dev/vgtest/directivetest.inBounds, want none`

//vg:spec specAdd
//vg:requires notPredicate
func badPredicate(x, y []uint64, n int) uint64 // want `badPredicate: precondition vg.dev/vgtest/directivetest.notPredicate has type func\(\[\]uint64, \[\]uint64, int\) int`

//vg:spec specAdd
//vg:sizes x=8
func wrongSizes(x, y []uint64, n int) uint64 // want `wrongSizes: //vg:sizes x=8, want x=4`

//vg:spec specAdd
func untabled(x, y []uint64, n int) uint64 // want `untabled: stub not in the test's table`

//vg:spec specAdd
func unproved(x, y []uint64, n int) uint64 // want `unproved: has //vg: directives, want none`

func specless(x, y []uint64, n int) uint64 // want `specless: the test's table gives directives but no Spec`

// unverified carries //vg:unverified, and the table says so.
//
//vg:unverified not proved yet
func unverified(x, y []uint64, n int) uint64

//vg:spec specAdd
func claimedUnverified(x, y []uint64, n int) uint64 // want `claimedUnverified: want //vg:unverified with a reason`

// leaky declares what it reveals, as the table says.
//
//vg:spec specAdd
//vg:leaks lowBits
func leaky(x, y []uint64, n int) uint64

//vg:spec specAdd
func noLeaks(x, y []uint64, n int) uint64 // want `noLeaks: no //vg:leaks, want //vg:leaks vg.dev/vgtest/directivetest.lowBits`

//vg:spec specAdd
//vg:leaks lowBits
func extraLeaks(x, y []uint64, n int) uint64 // want `extraLeaks: //vg:leaks lowBits, want none`

//vg:spec specAdd
//vg:leaks lowBitsNarrow
func narrowLeak(x, y []uint64, n int) uint64 // want `narrowLeak: leak function vg.dev/vgtest/directivetest.lowBitsNarrow has type`
