package term

import "fmt"

// Hash-consing. A long kernel builds millions of terms, none freed before
// its Builder, and looks one up several times per term built: with a Go map
// and one object per term and per operand list, the lookups' cache misses,
// the allocator and the collector were most of a 255-step ladder's time.
// So terms live in blocks (a term's address follows from its id), operand
// lists in blocks too, and the table is open addressing over 8-byte slots:
// the upper half of the term's hash beside its id, so a probe touches one
// slot and only a term whose hash matches is compared field by field.

const (
	termBlock = 1024 // terms per block
	argsBlock = 4096 // operand pointers per block
	maxLoad   = 0.75 // slots used before the table doubles
)

// tagMask keeps the bits of a hash a slot compares; tests narrow it so that
// distinct terms share tags and slots.
var tagMask = ^uint32(0)

// termAt is the term with this id.
func (b *Builder) termAt(id uint32) *Term { return &b.blocks[id/termBlock][id%termBlock] }

// slotOf is the first slot probed for a hash tag in a table of 2^bits slots.
func slotOf(tag uint32, bits uint) int {
	return int(uint64(tag) * 0x9e3779b97f4a7c15 >> (64 - bits))
}

// intern returns the unique term with these fields, creating it if needed.
func (b *Builder) intern(op Op, w, hi, lo int, args []*Term, val *Value, name string) *Term {
	if w < 1 || w > MaxWidth {
		panic(fmt.Sprintf("term: %s of width %d", op, w))
	}
	if float64(b.nterms+1) > maxLoad*float64(len(b.slots)) {
		b.growSlots()
	}
	tag := uint32(b.hash(op, w, hi, lo, args, val, name)>>32) & tagMask
	mask := len(b.slots) - 1
	i := slotOf(tag, b.slotBits)
	for ; b.slots[i] != 0; i = (i + 1) & mask {
		if uint32(b.slots[i]>>32) != tag {
			continue
		}
		t := b.termAt(uint32(b.slots[i]) - 1)
		if t.op == op && int(t.width) == w && int(t.hi) == hi && int(t.lo) == lo && t.vname() == name &&
			sameArgs(t.args, args) && (val == nil || *t.cval() == *val) {
			return t
		}
	}
	id := b.nterms
	if id == 1<<32-1 {
		panic("term: more than 2³²−2 terms")
	}
	if id%termBlock == 0 {
		b.blocks = append(b.blocks, make([]Term, termBlock))
	}
	t := b.termAt(id)
	*t = Term{id: id, op: op, width: uint16(w), hi: uint16(hi), lo: uint16(lo), depth: 1}
	if name != "" {
		t.aux = &termAux{name: name}
	}
	if len(args) > 0 {
		t.args = b.newArgs(args)
		for _, a := range args {
			if a.depth >= t.depth && a.depth < 1<<16-1 {
				t.depth = a.depth + 1
			}
		}
	}
	if val != nil {
		t.aux = &termAux{val: *val}
	}
	b.nterms++
	b.slots[i] = uint64(tag)<<32 | uint64(id+1)
	return t
}

// growSlots doubles the table (or makes the first one) and reinserts every
// term by the tag its slot kept.
func (b *Builder) growSlots() {
	old := b.slots
	b.slotBits++
	if len(old) == 0 {
		b.slotBits = 10
	}
	size := 1 << b.slotBits
	b.slots = make([]uint64, size)
	bits, mask := b.slotBits, size-1
	for _, s := range old {
		if s == 0 {
			continue
		}
		i := slotOf(uint32(s>>32), bits)
		for b.slots[i] != 0 {
			i = (i + 1) & mask
		}
		b.slots[i] = s
	}
}

// newArgs copies args into the current block; the slice's capacity is its
// length, so an append by anyone reallocates rather than overwriting the
// next term's operands.
func (b *Builder) newArgs(args []*Term) []*Term {
	n := len(args)
	if n > argsBlock/16 {
		return append([]*Term(nil), args...)
	}
	if len(b.argsFree) < n {
		b.argsFree = make([]*Term, argsBlock)
	}
	s := b.argsFree[:n:n]
	b.argsFree = b.argsFree[n:]
	copy(s, args)
	return s
}
