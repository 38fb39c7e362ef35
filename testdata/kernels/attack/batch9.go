package attack

// Specs of the attacks on aliased runs proved as instances of the run
// with every pointer distinct (prove/alias_instance.go): each pair agrees
// when out and a are apart and differs when they are one array.

// mixGo is out = (a₀+a₁, a₀−a₁), from locals: right in place too.
func mixGo(out, a *[2]uint64) {
	a0, a1 := a[0], a[1]
	out[0] = a0 + a1
	out[1] = a0 - a1
}

// mixInPlaceGo is mixGo reading a[0] again after out[0] is stored: in
// place, out[1] is a₀+a₁−a₁... of the new out[0].
func mixInPlaceGo(out, a *[2]uint64) {
	out[0] = a[0] + a[1]
	out[1] = a[0] - a[1]
}

// twoStoresGo stores out[0] = 2, then a[0] = 1: in place, 1 is left.
func twoStoresGo(out, a *[2]uint64) {
	out[0] = 2
	a[0] = 1
}

// sameGo is mixGo's out[0], except that in place it clears out[0]: the
// pointer comparison, false whenever out and a are apart.
func sameGo(out, a *[2]uint64) {
	if out == a {
		out[0] = 0
		return
	}
	out[0] = a[0] + a[1]
}

// copyFirstGo is out[0] = a[0].
func copyFirstGo(out, a *[2]uint64) { out[0] = a[0] }

// aliasedOrSmall is clampSmall's precondition: it holds for every input
// in place, and only for a[0] < 5 apart.
func aliasedOrSmall(out, a *[2]uint64) bool { return out == a || a[0] < 5 }
