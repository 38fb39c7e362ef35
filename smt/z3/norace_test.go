//go:build !race

package z3

const raceEnabled = false
