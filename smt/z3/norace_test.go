//go:build cgo && !race

package z3

const raceEnabled = false
