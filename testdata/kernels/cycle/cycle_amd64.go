package cycle

// addWrong returns x − y.
//
//vg:spec vg.dev/testdata/kernels/cycle/spec.Add
func addWrong(x, y word) word
