// Package term is vg's bit-vector term language: a hash-consed DAG of
// bit-vector operations of widths 1 to 512, built through simplifying
// constructors, with concrete evaluation.
//
// Every term is created by a Builder. The same operation on the same operands
// is the same *Term, so equal subterms cost nothing and pointer equality is
// syntactic equality. The constructors normalise as they build:
//
//   - constants fold;
//   - shifts and rotations by constants become extracts and concatenations,
//     extracts of extracts, of concatenations and of extensions collapse,
//     adjacent extracts of one term merge back;
//   - sums are linear forms (coefficient × atom, plus a constant) modulo 2^w,
//     so x + 8x and 9x are the same term, and negation and subtraction are
//     sums with coefficient −1;
//   - commutative and associative operations (+, ×, &, |, ^) are flattened
//     and their operands sorted by term id.
//
// Booleans are terms of width 1 (comparisons return width 1).
//
// Every rewrite is a claim that the simplified term equals the one the
// caller asked for; rules_test.go checks each rule with Z3 over all inputs and
// by random evaluation, so the simplifier need not be trusted. A Builder made
// by NewRawBuilder only hash-conses (no rewriting): tests use it to state the
// unsimplified side of each rule.
//
// A Builder is not safe for concurrent use; one proof owns one Builder.
package term
