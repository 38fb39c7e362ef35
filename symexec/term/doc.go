// Package term is vg's bit-vector term language: a hash-consed DAG of
// bit-vector operations of widths 1 to 512, built through simplifying
// constructors, with concrete evaluation.
//
// Every term is created by a Builder. The same operation on the same operands
// is the same *Term, so equal subterms cost nothing and pointer equality is
// syntactic equality. The constructors normalise as they build:
//
//   - constants fold;
//   - rotations and right shifts by constants become extracts and
//     concatenations, extracts of extracts, of concatenations and of
//     extensions collapse, adjacent extracts of one term merge back;
//   - sums are linear forms (coefficient × atom, plus a constant) modulo 2^w
//     that compose (linear.go): a left shift of an arithmetic term is a
//     product by 2^s, a shifted
//     sum the sum of the shifted summands, ^x is −x − 1, and a multiple of
//     an atom is canonical for its coefficient, so x + 8x and 9x, 19·L by
//     two LEAs and L·19, by shifts and adds or as a negation, are the same
//     term whatever L is built of (a limb of a previous product);
//   - commutative and associative operations (+, ×, &, |, ^) are flattened
//     and their operands sorted by term id;
//   - complements have one place (logic.go): the complement of a XOR, or
//     of a rotated XOR, is in the XOR's constant (~0 ^ xs, which a sum
//     reads as −xs − 1), except for Booleans (width 1), where Not stays; a rotation of a XOR holds no constant; a left
//     shift of a bitwise term stays bits; under And and Or the fewest
//     operands are complements (de Morgan, a XOR whose constant has its top
//     bit set counting as one). A lane-complementing Keccak and its plain
//     spec so build one term.
//   - selections have one form (select.go): a value chosen by comparing a
//     term with constants, under masks from arithmetic (((v | −v) >>
//     (w−1)) − 1), under a comparison's mask (VPCMPEQD) or by a chain of
//     conditional moves (CSEL, CMOV), is the OR of the values each under
//     sext(x = k), the comparison as narrow as x's range allows; a swap or
//     negation under a mask is the ite a CSEL builds;
//   - a table lookup (OpLUT, lut.go: entry x of a constant table, x of at
//     most 8 bits) is one form of a function of one byte: lookups into
//     lookups compose, bits of a lookup and lookups at one index combined
//     bitwise are lookups, so an S-box and its GF(2⁸) multiples, as a
//     lifter states AES-NI and as a spec indexes T-tables, are one term.
//
// Not covered: the forms meet for constant coefficients of any atoms, but
// an atom that holds a constant multiple cut to fewer bits than its
// coefficient (a limb made of c·x for a 64-bit c, then shifted) cannot be
// rebuilt from its low bits, so two ways of reaching it may stay apart; and
// sums of carries (the high word of a multi-word sum added in another
// order) are not normalised.
//
// Under bounds that the caller assumes for one run (AssumeBounds, read off
// a precondition by ImpliedBounds), constant factors of zero-extended
// operands move out of a product when the ranges show that no multiple
// wraps (products.go): (38·a)·c and (19·a)·(2·c) are then one term. The
// terms so built are equal to those asked for only where the bounds hold.
// Not covered: bounds above 2^58, which the range analysis does not
// track; the other range-based rules, which read the machine's bounds
// (Bound) only.
//
// Booleans are terms of width 1 (comparisons return width 1).
//
// Every rewrite is a claim that the simplified term equals the one the
// caller asked for; rules_test.go checks each rule with Z3 over all inputs and
// by random evaluation, so the simplifier need not be trusted;
// confluence_test.go checks that random arithmetic written in different
// ways builds to one node. A Builder made
// by NewRawBuilder only hash-conses (no rewriting): tests use it to state the
// unsimplified side of each rule.
//
// A Builder is not safe for concurrent use; one proof owns one Builder.
package term
