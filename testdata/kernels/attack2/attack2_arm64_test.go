package attack2

import "fmt"

// inPlaceDbl runs f with both pointers at one copy of {1, 2, 3, 4}.
func inPlaceDbl(f func(out, a *[4]uint64) uint64) string {
	x := [4]uint64{1, 2, 3, 4}
	r := f(&x, &x)
	return fmt.Sprint(x, r)
}

// misbehaviourCases (arm64): each kernel with its pointers equal, beside
// its spec; vgcheck refutes each with out = a (ATTACKS.md).
var misbehaviourCases = []misbehaviour{
	{"armStr", func() string { return inPlace2(armStr) }, func() string { return inPlace2(retHighGo) }},
	{"armStp", func() string { return inPlaceDbl(armStp) }, func() string { return inPlaceDbl(dbl4Go) }},
	{"armPost", func() string { return inPlaceDbl(armPost) }, func() string { return inPlaceDbl(dbl4Go) }},
	{"armSt1", func() string { return inPlaceDbl(armSt1) }, func() string { return inPlaceDbl(dbl4Go) }},
	{"armLd1", func() string { return inPlaceDbl(armLd1) }, func() string { return inPlaceDbl(dbl4Go) }},
	{"armStpQ", func() string { return inPlaceDbl(armStpQ) }, func() string { return inPlaceDbl(dbl4Go) }},
	{"armRegOff", func() string { return inPlace2(armRegOff) }, func() string { return inPlace2(retHighGo) }},
}
