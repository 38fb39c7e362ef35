package layout

// addFirst1 and addFirst2 have the same body.
//
//vg:spec AddFirst
func addFirst1(x uint64) uint64

//vg:spec AddFirst
func addFirst2(x uint64) uint64

//vg:spec AddSecond
func addSecond(x uint64) uint64

// pad is 4 KiB of NOOPs between them.
func pad()
