package term

import (
	"encoding/binary"
	"sort"
)

// Shape encodes the DAG under roots up to a renaming of its variables: two
// lists of roots have the same shape exactly when one becomes the other by
// replacing each variable with a distinct variable of the same width. Vars
// lists the variables of roots in the order the encoding numbers them, so
// vars[i] of one list corresponds to vars[i] of any other of the same shape.
//
// A vector kernel computes the same function in every lane, on that lane's
// inputs; the queries about different lanes then have one shape, and a
// solver answer for one holds for all (see smt's query cache).
//
// Any traversal gives a faithful encoding (equal strings always mean equal
// DAGs up to renaming); the order of commutative operands, which the
// Builder sorts by creation number, is instead taken from a hash of each
// operand's structure without variable names, so that lanes whose terms
// were created in different orders still meet.
func Shape(roots []*Term) (shape string, vars []*Term) { return ShapeLeaves(roots, nil) }

// ShapeLeaves is Shape with the terms of leaves (extracts of variables,
// say) encoded as variables of their width: two lists of roots have the
// same shape when one becomes the other by replacing each variable and
// each leaf with a distinct variable or leaf of the same width. Vars lists
// the variables and leaves in the order the encoding numbers them; the
// encoding does not look below a leaf.
func ShapeLeaves(roots []*Term, leaves map[*Term]bool) (shape string, vars []*Term) {
	index := map[*Term]uint64{}
	hashes := map[*Term]uint64{}
	var buf []byte
	var visit func(t *Term) uint64
	visit = func(t *Term) uint64 {
		if i, ok := index[t]; ok {
			return i
		}
		if leaves[t] {
			// Encoded exactly as a variable of its width is.
			buf = append(buf, byte(OpVar))
			buf = binary.AppendUvarint(buf, uint64(t.width))
			buf = binary.AppendUvarint(buf, uint64(len(vars)))
			buf = binary.AppendUvarint(buf, 0)
			vars = append(vars, t)
			i := uint64(len(index))
			index[t] = i
			return i
		}
		// Operands first (post-order), so a node's encoding refers to
		// operand indices already assigned. DAG depth is bounded by the
		// term sizes the prover builds; Walk uses recursion the same way.
		order := t.args
		if t.op.Commutative() && len(t.args) > 1 {
			order = append([]*Term(nil), t.args...)
			sort.SliceStable(order, func(i, j int) bool {
				return structureHash(order[i], hashes, leaves) < structureHash(order[j], hashes, leaves)
			})
		}
		args := make([]uint64, len(order))
		for j, a := range order {
			args[j] = visit(a)
		}
		if t.op.Commutative() {
			// Operands with equal hashes were visited in id order; their
			// indices, once assigned, are a canonical order.
			sort.Slice(args, func(i, j int) bool { return args[i] < args[j] })
		}
		buf = append(buf, byte(t.op))
		buf = binary.AppendUvarint(buf, uint64(t.width))
		switch t.op {
		case OpConst:
			for _, w := range t.cval() {
				buf = binary.AppendUvarint(buf, w)
			}
		case OpVar:
			buf = binary.AppendUvarint(buf, uint64(len(vars)))
			vars = append(vars, t)
		case OpExtract, OpRotl:
			buf = binary.AppendUvarint(buf, uint64(t.hi))
			buf = binary.AppendUvarint(buf, uint64(t.lo))
		case OpLUT:
			// The table's content, by its digest (ids are a Builder's).
			d := t.aux.lut.digest
			buf = append(buf, d[:]...)
		}
		buf = binary.AppendUvarint(buf, uint64(len(args)))
		for _, a := range args {
			buf = binary.AppendUvarint(buf, a)
		}
		i := uint64(len(index))
		index[t] = i
		return i
	}
	for _, r := range roots {
		buf = append(buf, 0xff) // root marker
		buf = binary.AppendUvarint(buf, visit(r))
	}
	return string(buf), vars
}

// structureHash hashes t's DAG with every variable and leaf replaced by its
// width and commutative operands combined without regard to order.
func structureHash(t *Term, memo map[*Term]uint64, leaves map[*Term]bool) uint64 {
	if h, ok := memo[t]; ok {
		return h
	}
	const prime = 1099511628211
	h := uint64(14695981039346656037)
	mix := func(x uint64) {
		h ^= x
		h *= prime
		h ^= h >> 29
	}
	if leaves[t] {
		mix(uint64(OpVar)<<32 | uint64(t.width)<<16)
		mix(0)
		memo[t] = h
		return h
	}
	mix(uint64(t.op)<<32 | uint64(t.width)<<16)
	mix(uint64(t.hi)<<16 | uint64(t.lo))
	if t.op == OpLUT {
		d := t.aux.lut.digest
		mix(binary.LittleEndian.Uint64(d[:]))
	}
	if t.op == OpConst {
		for _, w := range t.cval() {
			mix(w)
		}
	}
	if t.op.Commutative() {
		var sum, xor uint64
		for _, a := range t.args {
			x := structureHash(a, memo, leaves)
			sum += x
			xor ^= x * prime
		}
		mix(sum)
		mix(xor)
	} else {
		for _, a := range t.args {
			mix(structureHash(a, memo, leaves))
		}
	}
	memo[t] = h
	return h
}
