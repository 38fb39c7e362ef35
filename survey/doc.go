// Package survey proves every assembly function of a set of packages
// against the Go function its package uses in its place, and reports one
// row per function: the counterpart and how it was found, the verdicts,
// the time, and for anything not proved the first blocking reason,
// grouped by cause. `vgcheck survey` is its command.
//
// The counterpart comes from a table (Table; the standard library's is
// built in, stdlib.table), or from the package's own conventions: the
// same name built from Go under the generic view (decode.LoadGeneric: the
// purego tag, and build constraints evaluated as for no architecture), or
// the name with Generic, _g, Go or _generic, with or without a CPU suffix
// (blockAVX2 → blockGeneric), preferring one the kernel's own build has.
// A candidate must have the kernel's frame layout. The specs are
// interpreted under the generic view. A counterpart of another signature
// is reached through an adapter (the table's adapter=: Go source added to
// the kernel's package on the spec side, part of the spec, that converts
// the arguments and calls the package's generic code): AES's block,
// key-expansion and counter-mode assembly against encryptBlockGeneric,
// decryptBlockGeneric, expandKeyGeneric and ctrBlocks (adapters/aes.go.in).
//
// Slices share a length per element type and are proved at 1 and 4
// elements unless the table gives sizes; every parameter is secret unless
// the table marks it public, and so is every writable global the kernel
// reads (a global the table marks public is assumed independent of the
// secrets, unchecked and listed in the report, and stays symbolic: every
// path it selects is proved). A function the table marks ct=exempt (not
// meant to be constant time, such as internal/bytealg's searches) has its
// constant-time verdict reported but not counted against it. A function
// over slices proved at its listed sizes is also put to the induction
// over lengths (prove.AllLengths).
//
// ABIInternal assembly (the standard library's) is proved with its
// arguments and results in registers (amd64; prove's internalABI). Not
// covered: functions the assembly does not define (reported), and contracts the obligation
// language cannot state yet (pointers to the first of n elements: the
// table's skip=, with the reason).
package survey
