package attack

// fiveGo is the spec of aliasTrap: out[0] = 5, then a[0] = a[1]. With
// out = a that leaves out[0] = a[1].
func fiveGo(out, a *[4]uint64) {
	out[0] = 5
	a[0] = a[1]
}
