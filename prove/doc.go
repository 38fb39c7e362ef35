// Package prove is vg's prover as a library: it proves Go assembly kernels
// equal to Go spec functions on the machine code of the linked binary.
//
// The pipeline, in order (see pipeline in prove.go):
//
//	build      compile the kernels' packages for the architecture (decode.Build)
//	decode     read each kernel's machine code and line table
//	inputs     make the shared symbolic inputs: one region per pointer argument,
//	           one variable per scalar, the lengths given for slices
//	lift       execute the kernel symbolically (symexec/amd64)
//	interpret  execute the spec and the precondition on the same inputs (symexec/gossa)
//	compare    pair every output byte and result of the kernel with the spec's
//	solve      close each pair: hash-consing, random simulation, quick Z3
//	           queries, a longer simulation, sweeping, Z3 with products
//	           uninterpreted, then refinement (CEGAR) without abstraction
//	replay     run a refutation on the real kernel and spec
//
// "proved" is returned only when every pair was closed on every path of the
// kernel; a timeout, an unknown or an unsupported construct is never proved.
package prove
