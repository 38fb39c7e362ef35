// Package ctselect selects one entry of a small table in constant time: the
// time and the memory addresses it touches do not depend on the index. It is
// the table lookup of comb and window scalar multiplication, where the index
// is a digit of a secret scalar.
//
// Select reads entry i of a Table (16 entries of 16 uint64 words) into an
// Entry. The index must be less than 16. It runs an assembly kernel proved
// equal to the specification vg.dev/spec/ctselect.Select (and constant time)
// for every table and every i < 16:
//
//   - "avx2": selectAVX2 compares a broadcast i with each entry's number
//     (VPCMPEQD) and keeps the entry under that mask; needs avx2.
//   - "cmov": selectCMOV scans all sixteen entries at addresses that depend
//     only on the table's address and keeps entry i's words with CMOV and
//     with masks; any amd64 (VG_CPU_FEATURES=none selects it).
//   - "csel": on arm64, selectCSEL loads every entry with LDP and keeps
//     entry i's words with CSEL.
//   - "generic": on other architectures and with the purego build tag, a
//     constant-time Go loop that reads every entry and keeps entry i's words
//     under a mask.
//
// # Aliasing
//
// The kernels are proved for out apart from t: a pointer to an Entry and a
// pointer to a Table are not made equal by the prover, which does not model
// partial overlap. Select guarantees it: when out overlaps t (an entry of
// the table itself, say), the kernel writes a copy that Select then stores.
//
// # Out-of-range indices
//
// i ≥ 16 breaks the contract. The generic variant then writes zeros; the
// assembly kernels do not check, never reads outside the table, and writes an
// unspecified value to out. Callers must not rely on either.
package ctselect
