//go:build cgo && race

package z3

// raceEnabled reports whether the race detector is on; its shadow memory
// makes RSS measurements meaningless.
const raceEnabled = true
