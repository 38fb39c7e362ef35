package ctselect

// selectGeneric is the portable variant: constant time like the kernel (every
// entry read, entry i's words kept under a mask), so purego builds and other
// architectures do not leak i through the cache. For i >= 16 it writes zeros.
func selectGeneric(out *Entry, t *Table, i uint64) {
	var acc Entry
	for j := range t {
		d := uint64(j) ^ i
		m := ((d | -d) >> 63) - 1 // all ones exactly when j == i
		e := &t[j]
		for w := range acc {
			acc[w] |= e[w] & m
		}
	}
	*out = acc
}
