package attack

// gw is a writable global the caller may pass the address of.
var gw uint64

// btGo is bit k&63 of p[0].
func btGo(p *[4]uint64, k uint64) uint64 { return p[0] >> (k & 63) & 1 }

// below256 is btMem's precondition.
func below256(p *[4]uint64, k uint64) bool { return k < 256 }

// setBitGo sets bit k&63 of p[0].
func setBitGo(p *[4]uint64, k uint64) { p[0] |= 1 << (k & 63) }

// below256S is btsMem's precondition.
func below256S(p *[4]uint64, k uint64) bool { return k < 256 }

// aliasCTGo copies out[0] to out[1] and returns a[1]&1 as a branch would.
func aliasCTGo(out, a *[2]uint64) uint64 {
	out[1] = out[0]
	if a[1]&1 == 1 {
		return 1
	}
	return 0
}

// sum2Go sums p.
func sum2Go(p []uint64) uint64 {
	var s uint64
	for _, v := range p {
		s += v
	}
	return s
}

// storeGo stores x to *p.
func storeGo(p *uint64, x uint64) uint64 {
	*p = x
	return 0
}

// storePickGo sets p[k&3] = 0.
func storePickGo(p *[4]uint64, k uint64) { p[k&3] = 0 }

// idGo2 is x.
func idGo2(x, n uint64) uint64 { return x }

// nBelow4 is alloca's precondition.
func nBelow4(x, n uint64) bool { return n < 4 }

// firstDiffer is rotReq's precondition: out[0] ≠ a[0], false when out is a.
func firstDiffer(out, a *[4]uint64) bool { return out[0] != a[0] }
