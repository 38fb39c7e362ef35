// Package symidx holds kernels that load and store at a public symbolic
// index (symexec/mem/symidx.go), each with the verdict TestSymbolicIndex
// (package prove) expects: the controls proved, each attack caught as what
// it is. Only the tests build it.
package symidx

// storeGo sets out[i] = v.
func storeGo(out *[8]uint64, i, v uint64) { out[i] = v }

// below8 keeps out[i] in bounds.
func below8(out *[8]uint64, i, v uint64) bool { return i < 8 }

// storeIfGo sets out[i] = v when i < 8, and otherwise nothing.
func storeIfGo(out *[8]uint64, i, v uint64) {
	if i < 8 {
		out[i] = v
	}
}

// atMost8 allows i = 8, one past the end of out.
func atMost8(out *[8]uint64, i, v uint64) bool { return i <= 8 }

// storeNextGo sets out[i+1] = v.
func storeNextGo(out *[8]uint64, i, v uint64) { out[i+1] = v }

// below7 keeps out[i+1] in bounds.
func below7(out *[8]uint64, i, v uint64) bool { return i < 7 }

// loadGo returns a[i].
func loadGo(a *[8]uint64, i uint64) uint64 { return a[i] }

// loadBelow8 keeps a[i] in bounds.
func loadBelow8(a *[8]uint64, i uint64) bool { return i < 8 }

// storeThenLoadGo sets out[i] = 7 and then returns a[0]: 7 when out and a
// are one array and i = 0.
func storeThenLoadGo(out, a *[8]uint64, i uint64) uint64 {
	out[i] = 7
	return a[0]
}

// storeThenLoadBelow8 keeps out[i] in bounds.
func storeThenLoadBelow8(out, a *[8]uint64, i uint64) bool { return i < 8 }

// bytePutGo stores the low 32 bits of v at byte i of out.
func bytePutGo(out *[32]byte, i uint64, v uint32) {
	out[i] = byte(v)
	out[i+1] = byte(v >> 8)
	out[i+2] = byte(v >> 16)
	out[i+3] = byte(v >> 24)
}

// bytePutBelow29 keeps the four bytes in bounds.
func bytePutBelow29(out *[32]byte, i uint64, v uint32) bool { return i < 29 }

// storeMaskedGo sets out[i&7] = v.
func storeMaskedGo(out *[8]uint64, i, v uint64) { out[i&7] = v }
