package lengths

// addRight is addGo with a loop of one word, then one of four.
//
//vg:spec addGo
//vg:sizes z,x,y=1,2,3
func addRight(z, x, y []uint64) (c uint64)

// addWrongFourth adds the fourth word of each group of four without the
// carry: right for fewer than four words.
//
//vg:spec addGo
//vg:sizes z,x,y=1,2,3
func addWrongFourth(z, x, y []uint64) (c uint64)

// addWrongCount runs the loop of four once too few: right for fewer than
// eight words.
//
//vg:spec addGo
//vg:sizes z,x,y=1,2,3
func addWrongCount(z, x, y []uint64) (c uint64)
