package term

// Memos of the normaliser. Building a long kernel's terms asks them
// millions of times; Go maps of that size were a sixth of the time, most
// of it in probing. These tables keep what a memo needs and no more.

// termMemo maps a uint64 key (a term id with a few small fields) to a
// term, by open addressing with linear probing over 16-byte slots.
type termMemo struct {
	slots []memoSlot
	bits  uint
	n     int
}

type memoSlot struct {
	key uint64
	id  uint32 // the term's id + 1; 0 is an empty slot
}

func (m *termMemo) first(k uint64) int { return int((k * 0x9e3779b97f4a7c15) >> (64 - m.bits)) }

// get returns the term stored under k.
func (m *termMemo) get(b *Builder, k uint64) (*Term, bool) {
	if m.n == 0 {
		return nil, false
	}
	mask := len(m.slots) - 1
	for i := m.first(k); m.slots[i].id != 0; i = (i + 1) & mask {
		if m.slots[i].key == k {
			return b.termAt(m.slots[i].id - 1), true
		}
	}
	return nil, false
}

// put stores t under k, replacing what k held.
func (m *termMemo) put(k uint64, t *Term) {
	if 2*(m.n+1) > len(m.slots) {
		m.grow()
	}
	mask := len(m.slots) - 1
	i := m.first(k)
	for ; m.slots[i].id != 0; i = (i + 1) & mask {
		if m.slots[i].key == k {
			m.slots[i].id = t.id + 1
			return
		}
	}
	m.slots[i] = memoSlot{k, t.id + 1}
	m.n++
}

// clone copies m.
func (m termMemo) clone() termMemo {
	m.slots = append([]memoSlot(nil), m.slots...)
	return m
}

func (m *termMemo) grow() {
	old := m.slots
	if m.bits == 0 {
		m.bits = 10
	} else {
		m.bits++
	}
	m.slots = make([]memoSlot, 1<<m.bits)
	mask := len(m.slots) - 1
	for _, s := range old {
		if s.id == 0 {
			continue
		}
		i := m.first(s.key)
		for m.slots[i].id != 0 {
			i = (i + 1) & mask
		}
		m.slots[i] = s
	}
}

// rangeMemo holds valueRange's answers by term id, in blocks like the
// terms themselves.
type rangeMemo struct {
	blocks [][]rangeSlot
}

// rangeSlot is an interval and whether it is known: 24 bytes.
type rangeSlot struct {
	lo, hi  int64
	ok, set bool
}

func (m *rangeMemo) slot(t *Term) *rangeSlot {
	k := int(t.id / termBlock)
	for k >= len(m.blocks) {
		m.blocks = append(m.blocks, nil)
	}
	if m.blocks[k] == nil {
		m.blocks[k] = make([]rangeSlot, termBlock)
	}
	return &m.blocks[k][t.id%termBlock]
}
