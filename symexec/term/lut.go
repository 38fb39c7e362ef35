package term

import (
	"crypto/sha256"
	"encoding/binary"
	"fmt"
)

// Table lookups. LUT(x, T) is T[x]: the entry at index x of a table of
// 2^n constants, x a term of n ≤ MaxLUTIndex bits. A function of one byte
// has one such form whichever way it is computed, so the AES S-box as a
// lifter states it (machine.Sbox), a constant table the spec indexes by a
// byte (te0[uint8(s>>24)], read into a LUT by the memory model: mem's
// Lookup), and a GF(2⁸) multiple of either (a MixColumns coefficient, a
// byte of te0) are the same term when they are the same function: the
// rules below compute on the tables, so that
//
//   - a lookup at a constant index is the constant, a constant table its
//     constant, the identity table its index;
//   - a lookup into a lookup is one lookup (T[U[x]] = (T∘U)[x]);
//   - the index holds no complement and no XORed constant (T[x ^ k] is
//     T′[x] with T′[i] = T[i ^ k]);
//   - an extract of a lookup is a lookup (bits of every entry);
//   - a bitwise operation of lookups at one index is a lookup.
//
// A constant or a complement outside a lookup stays outside (k ^ T[x] is
// not T′[x]): an operation's constant has one place, the operation's
// (logic.go), whether the lookup was XORed with it before or after other
// operands.
//
// Tables are interned per Builder by content (Table), so a LUT term's
// identity is its index and its table's content. Not covered: lookups at
// different indices that are one function (T[x] and U[x ^ y] with y
// another lookup's index), lookups of more than 64 bits, a sum or product
// of lookups (an atom of the linear forms, like any other term), and
// comparisons or selections of lookups (they stay as built).

// MaxLUTIndex is the widest index of a table lookup: tables have at most
// 2^MaxLUTIndex entries.
const MaxLUTIndex = 8

// maxLUTWidth is the widest entry of a table.
const maxLUTWidth = 64

// A Table is the constant table of LUT terms: 2^n entries of Width bits.
// Tables are immutable and interned by their Builder: one content, one
// *Table.
type Table struct {
	id      uint32
	width   int
	entries []uint64
	digest  [sha256.Size]byte
}

// Width is the width of the entries.
func (t *Table) Width() int { return t.width }

// Len is the number of entries.
func (t *Table) Len() int { return len(t.entries) }

// At is entry i.
func (t *Table) At(i uint64) uint64 { return t.entries[i] }

// Digest is a SHA-256 hash of the width and the entries: equal for tables
// of equal content in any Builder.
func (t *Table) Digest() [sha256.Size]byte { return t.digest }

// Table returns the table of an OpLUT term (nil for other terms).
func (t *Term) Table() *Table {
	if t.op != OpLUT {
		return nil
	}
	return t.aux.lut
}

// tableKey is the content of a table as a map key and the input of its
// digest.
func tableKey(w int, entries []uint64) []byte {
	buf := make([]byte, 0, 2+8*len(entries))
	buf = binary.LittleEndian.AppendUint16(buf, uint16(w))
	for _, e := range entries {
		buf = binary.LittleEndian.AppendUint64(buf, e)
	}
	return buf
}

// table interns a table of w-bit entries (already truncated).
func (b *Builder) table(w int, entries []uint64) *Table {
	key := tableKey(w, entries)
	if t, ok := b.tables[string(key)]; ok {
		return t
	}
	if b.tables == nil {
		b.tables = map[string]*Table{}
	}
	t := &Table{id: uint32(len(b.tables)), width: w, entries: append([]uint64(nil), entries...), digest: sha256.Sum256(key)}
	b.tables[string(key)] = t
	return t
}

// LUT is entries[x]: the entry at index x of a table of 2^n constants of w
// bits each (truncated to w), x of n ≤ MaxLUTIndex bits, 1 ≤ w ≤ 64.
func (b *Builder) LUT(x *Term, w int, entries []uint64) *Term {
	n := x.Width()
	if n > MaxLUTIndex || len(entries) != 1<<n || w < 1 || w > maxLUTWidth {
		panic(fmt.Sprintf("term: table of %d entries of %d bits at an index of %d bits", len(entries), w, n))
	}
	mask := ^uint64(0) >> (64 - w)
	e := make([]uint64, len(entries))
	for i, v := range entries {
		e[i] = v & mask
	}
	if b.raw {
		return b.lutNode(x, b.table(w, e))
	}
	return b.lut(x, w, e)
}

// lut is LUT with e truncated and owned.
func (b *Builder) lut(x *Term, w int, e []uint64) *Term {
	n := x.Width()
	imask := uint64(1)<<n - 1
	for {
		switch x.op {
		case OpConst:
			return b.Uint(e[x.cval()[0]], w)
		case OpLUT:
			// T[U[x]] = (T∘U)[x].
			u := x.aux.lut
			c := make([]uint64, len(u.entries))
			for i, k := range u.entries {
				c[i] = e[k]
			}
			x, e = x.args[0], c
			n, imask = x.Width(), uint64(1)<<x.Width()-1
			continue
		case OpNot:
			// T[^y] = T′[y], T′[i] = T[^i].
			c := make([]uint64, len(e))
			for i := range c {
				c[i] = e[^uint64(i)&imask]
			}
			x, e = x.args[0], c
			continue
		case OpXor:
			// T[k ^ ys] = T′[ys], T′[i] = T[i ^ k] (the constant is
			// the first operand).
			if k := x.args[0]; k.op == OpConst {
				kv := k.cval()[0]
				c := make([]uint64, len(e))
				for i := range c {
					c[i] = e[uint64(i)^kv]
				}
				x, e = b.Xor(x.args[1:]...), c
				continue
			}
		}
		break
	}
	same, ident := true, w == n
	for i, v := range e {
		same = same && v == e[0]
		ident = ident && v == uint64(i)
	}
	switch {
	case same:
		return b.Uint(e[0], w)
	case ident:
		return x
	}
	return b.lutNode(x, b.table(w, e))
}

// lutNode is the OpLUT term of x and t; the table's id is kept in hi and
// lo, so that hash-consing tells tables apart.
func (b *Builder) lutNode(x *Term, t *Table) *Term {
	r := b.intern(OpLUT, t.width, int(t.id>>16), int(t.id&0xffff), []*Term{x}, nil, "")
	if r.aux == nil {
		r.aux = &termAux{lut: t}
	}
	return r
}

// mapLUT is the lookup at x's index of f applied to each of x's entries,
// of width w.
func (b *Builder) mapLUT(x *Term, w int, f func(uint64) uint64) *Term {
	t := x.aux.lut
	e := make([]uint64, len(t.entries))
	mask := ^uint64(0) >> (64 - w)
	for i, v := range t.entries {
		e[i] = f(v) & mask
	}
	return b.lut(x.args[0], w, e)
}

// joinLUTs applies a bitwise op to the lookups among args that share an
// index: the operands that remain, or ok false when none share one. The
// constant stays out of the lookups (as a complement does: Not), so that
// k ^ T[x] ^ y is one term however the operands were grouped.
func (b *Builder) joinLUTs(op Op, w int, args []*Term) (rest []*Term, ok bool) {
	if w > maxLUTWidth {
		return nil, false
	}
	var first map[*Term]int // index → position in rest of its first lookup
	for _, a := range args {
		if a.op != OpLUT {
			rest = append(rest, a)
			continue
		}
		if i, seen := first[a.args[0]]; seen {
			p, q := rest[i].aux.lut, a.aux.lut
			e := make([]uint64, len(p.entries))
			for j := range e {
				switch x, y := p.entries[j], q.entries[j]; op {
				case OpAnd:
					e[j] = x & y
				case OpOr:
					e[j] = x | y
				default:
					e[j] = x ^ y
				}
			}
			rest[i] = b.lut(a.args[0], w, e)
			ok = true
			continue
		}
		if first == nil {
			first = map[*Term]int{}
		}
		first[a.args[0]] = len(rest)
		rest = append(rest, a)
	}
	return rest, ok
}

// lutRange is the least and greatest entry of a table.
func lutRange(t *Table) (lo, hi uint64) {
	lo = ^uint64(0)
	for _, v := range t.entries {
		lo, hi = min(lo, v), max(hi, v)
	}
	return lo, hi
}
