package spectypo

//vg:spec addd
func addAsm(x, y uint64) uint64
