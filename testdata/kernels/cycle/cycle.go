// Package cycle holds a kernel whose spec's package imports it: the
// replay of a counterexample must run in the spec's package. Only the
// tests build it.
package cycle

// Bias is used by the spec's package, which therefore imports this one.
const Bias = 0

// word is unexported: the replay, in the spec's package, reaches it
// through an alias.
type word uint64
