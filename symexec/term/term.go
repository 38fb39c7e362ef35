package term

import (
	"fmt"
	"hash/maphash"
	"math/bits"
)

// Op is the operation at the root of a term.
type Op uint8

// The operations. Comparisons return width 1.
const (
	OpConst Op = iota
	OpVar
	OpAdd // n-ary sum modulo 2^w; operands are atoms or coefficient × atom
	OpMul // n-ary product; a constant, if any, is the first operand
	OpUDiv
	OpURem
	OpSDiv
	OpSRem
	OpAnd // n-ary
	OpOr  // n-ary
	OpXor // n-ary
	OpNot
	OpShl // shift by a non-constant amount of the same width
	OpLshr
	OpAshr
	OpExtract // bits Hi..Lo of the operand
	OpConcat  // n-ary, most significant operand first
	OpSext    // sign extension of the operand to Width
	OpEq
	OpUlt
	OpUle
	OpSlt
	OpSle
	OpIte  // (cond, then, else), cond of width 1
	OpRotl // rotation left by the constant Lo, 0 < Lo < Width
	OpLUT  // entry x of a constant table (lut.go); Hi and Lo hold the table's id
	// OpClmul is the carry-less product of two operands of Width/2 bits
	// (clmul.go).
	OpClmul
	numOps
)

var opNames = [numOps]string{
	OpConst: "const", OpVar: "var", OpAdd: "add", OpMul: "mul", OpUDiv: "udiv", OpURem: "urem",
	OpSDiv: "sdiv", OpSRem: "srem", OpAnd: "and", OpOr: "or", OpXor: "xor", OpNot: "not",
	OpShl: "shl", OpLshr: "lshr", OpAshr: "ashr", OpExtract: "extract", OpConcat: "concat",
	OpSext: "sext", OpEq: "eq", OpUlt: "ult", OpUle: "ule", OpSlt: "slt", OpSle: "sle", OpIte: "ite",
	OpRotl: "rotl", OpLUT: "lut", OpClmul: "clmul",
}

func (o Op) String() string {
	if o < numOps {
		return opNames[o]
	}
	return fmt.Sprintf("op%d", o)
}

// Commutative reports whether the operands of o may be reordered.
func (o Op) Commutative() bool {
	switch o {
	case OpAdd, OpMul, OpAnd, OpOr, OpXor, OpEq, OpClmul:
		return true
	}
	return false
}

// A Term is a node of the DAG. Terms are immutable and compared by pointer.
type Term struct {
	id    uint32
	op    Op
	width uint16
	hi    uint16 // OpExtract
	lo    uint16 // OpExtract; OpRotl: the rotation
	depth uint16 // 1 + the greatest depth of the operands (saturating)
	args  []*Term
	aux   *termAux // OpConst's value, OpVar's name: kept aside, as few terms have one
}

// termAux holds what only constants, variables and lookups have.
type termAux struct {
	val  Value
	name string
	lut  *Table // OpLUT's table
}

// cval is a constant's value.
func (t *Term) cval() *Value { return &t.aux.val }

// vname is a variable's name ("" for other terms).
func (t *Term) vname() string {
	if t.aux == nil {
		return ""
	}
	return t.aux.name
}

// ID is the term's creation number in its Builder; it orders commutative operands.
func (t *Term) ID() int { return int(t.id) }

// Op is the root operation.
func (t *Term) Op() Op { return t.op }

// Width is the number of bits.
func (t *Term) Width() int { return int(t.width) }

// Args are the operands. The caller must not modify the slice.
func (t *Term) Args() []*Term { return t.args }

// Arg is operand i.
func (t *Term) Arg(i int) *Term { return t.args[i] }

// Extract returns the bit range of an OpExtract term.
func (t *Term) Extract() (hi, lo int) { return int(t.hi), int(t.lo) }

// Rotation returns the left rotation of an OpRotl term.
func (t *Term) Rotation() int { return int(t.lo) }

// Name is the name of an OpVar term.
func (t *Term) Name() string { return t.vname() }

// IsConst reports whether t is a constant.
func (t *Term) IsConst() bool { return t.op == OpConst }

// Const returns the value of a constant term.
func (t *Term) Const() (Value, bool) {
	if t.op != OpConst {
		return Value{}, false
	}
	return *t.cval(), true
}

// Uint64 returns the value of a constant term of at most 64 bits.
func (t *Term) Uint64() (uint64, bool) {
	if t.op != OpConst || t.width > 64 {
		return 0, false
	}
	return t.cval()[0], true
}

func (t *Term) isZero() bool { return t.op == OpConst && t.cval().IsZero() }
func (t *Term) isOnes() bool { return t.op == OpConst && *t.cval() == ones(int(t.width)) }

// Builder creates terms. Its zero value is not usable; call NewBuilder.
type Builder struct {
	raw         bool
	seed        maphash.Seed
	salt        uint64
	slots       []uint64 // the hash-consing table (intern.go)
	slotBits    uint     // log₂ len(slots)
	blocks      [][]Term // every term, by id (intern.go)
	nterms      uint32
	vars        map[string]*Term
	varSeq      []*Term
	ranges      rangeMemo               // valueRange's memo
	aranges     rangeMemo               // valueRange's memo with the assumed bounds (assumedRange)
	bounds      map[*Term]uint64        // declared upper bounds of variables (Bound)
	assumed     map[*Term]uint64        // upper bounds a run's precondition implies (AssumeBounds)
	withAssumed bool                    // valueRange reads assumed (assumedRange)
	plain       *scopedMemos            // the memos of no assumed bounds, kept while some are assumed
	extracts    termMemo                // Extract's memo (extractKey)
	lifts       termMemo                // lift's memo (linear.go, liftKey)
	canons      termMemo                // canon's memo (canonKey)
	periods     map[*Term]int           // period's memo
	wordOps     map[*Term]bool          // overWords' memo
	liftDepth   int                     // lift's recursion depth
	viewDepth   int                     // mulViewed's recursion depth
	linPool     [][]linTerm             // takeLin's free slices
	origins     map[*Term]extractOrigin // what a pushed-through extract is of (Extract)
	argsFree    []*Term                 // the unused rest of the current block of operand lists
	summands    uint64                  // summands read into linear forms (Summands)
	tables      map[string]*Table       // the tables of OpLUT terms, by content (lut.go)
}

// NewBuilder returns a Builder whose constructors simplify.
func NewBuilder() *Builder {
	seed := maphash.MakeSeed()
	return &Builder{seed: seed, salt: maphash.String(seed, "term"), vars: map[string]*Term{}}
}

// NewRawBuilder returns a Builder that hash-conses but does not rewrite; it
// still folds nothing, so it states terms exactly as written (for tests).
func NewRawBuilder() *Builder {
	b := NewBuilder()
	b.raw = true
	return b
}

// Len is the number of distinct terms built.
func (b *Builder) Len() int { return int(b.nterms) }

// Summands is the number of summands read into linear forms so far: the
// normaliser's work, which tests of how building scales count (wall time
// on a shared machine is too noisy).
func (b *Builder) Summands() uint64 { return b.summands }

// Vars lists the variables in creation order.
func (b *Builder) Vars() []*Term { return b.varSeq }

// hash mixes a term's fields. The table only needs a good spread (there
// is no adversary), so a multiply-and-rotate per word, not maphash, whose
// per-call setup was a sizeable part of building a long kernel's terms.
func (b *Builder) hash(op Op, w, hi, lo int, args []*Term, val *Value, name string) uint64 {
	const k = 0x9e3779b97f4a7c15
	h := b.salt ^ (uint64(op) | uint64(w)<<8 | uint64(hi)<<24 | uint64(lo)<<40)
	mix := func(x uint64) {
		h = bits.RotateLeft64((h^x)*k, 31)
	}
	mix(uint64(len(args)))
	for _, a := range args {
		mix(uint64(a.id))
	}
	if val != nil {
		for _, x := range val {
			mix(x)
		}
	}
	if name != "" {
		mix(maphash.String(b.seed, name))
	}
	return h * k
}

func sameArgs(a, b []*Term) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func (b *Builder) node(op Op, w int, args ...*Term) *Term {
	return b.intern(op, w, 0, 0, args, nil, "")
}

// Const is the constant v truncated to width w.
func (b *Builder) Const(v Value, w int) *Term {
	v = v.trunc(w)
	return b.intern(OpConst, w, 0, 0, nil, &v, "")
}

// Uint is the constant x truncated to width w.
func (b *Builder) Uint(x uint64, w int) *Term { return b.Const(U64(x, w), w) }

// Zero is the constant 0 of width w.
func (b *Builder) Zero(w int) *Term { return b.Uint(0, w) }

// Ones is the all-ones constant of width w.
func (b *Builder) Ones(w int) *Term { return b.Const(ones(w), w) }

// Bool is the width-1 constant for x.
func (b *Builder) Bool(x bool) *Term { return b.Const(boolV(x), 1) }

// Var is the variable named name. A name denotes one variable: asking for it
// again with another width panics.
func (b *Builder) Var(name string, w int) *Term {
	if t, ok := b.vars[name]; ok {
		if int(t.width) != w {
			panic(fmt.Sprintf("term: variable %s used at widths %d and %d", name, t.width, w))
		}
		return t
	}
	t := b.intern(OpVar, w, 0, 0, nil, nil, name)
	b.vars[name] = t
	b.varSeq = append(b.varSeq, t)
	return t
}

// LookupVar returns the variable named name, if it exists.
func (b *Builder) LookupVar(name string) (*Term, bool) {
	t, ok := b.vars[name]
	return t, ok
}

func mustSame(op string, x, y *Term) {
	if x.width != y.width {
		panic(fmt.Sprintf("term: %s of widths %d and %d", op, x.width, y.width))
	}
}
