package attack

// aliasTrap does what fiveGo does, then reads out[0] back: 5 when out and
// a are apart, so the run with every pointer distinct never branches.
// With out = a it may be a[1], and then the kernel writes RDRAND's output
// to out[1], an instruction the lifter does not model. That run's error
// must not leave the distinct run's "proved" standing (F11).
//
//vg:spec fiveGo
//vg:public out a
func aliasTrap(out, a *[4]uint64)
