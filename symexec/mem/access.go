package mem

import (
	"slices"
	"sync/atomic"
)

// Access order. A proof with pointer arguments that may be equal is run once
// with them distinct and once per way of making them equal. An aliased run
// can be left out when its execution is the distinct run's with the shared
// regions' variables identified, which holds when no byte of one region was
// loaded after the same byte of another region of its group was stored
// (prove/alias_instance.go). For that check a memory can record, per byte of
// each input region, when it was first stored and last loaded.
//
// The times are numbers from one counter, so they order the accesses of one
// path. A merge of two paths keeps the earlier first store and the later last
// load of the two: every load that followed a store on one path still does,
// so the merged record can only report more such pairs, never fewer.

// Access is when a byte was first stored and last loaded; 0 is never.
type Access struct{ FirstStore, LastLoad uint64 }

// accessLog is the accesses of one region, copied on the first write by a
// memory that does not own it (as chunks are).
type accessLog struct {
	owner uint64
	bytes []Access
}

var accessClock atomic.Uint64

// TrackAccesses makes m, and the memories cloned from it from now on, record
// the order of loads and stores to each input region (Accesses).
func (m *Memory) TrackAccesses() {
	if m.access == nil {
		m.access = map[*Region]*accessLog{}
	}
}

// FreezeAccesses ends m's record: what reads m's contents after the
// execution (comparing outputs) is not part of it. A clone of m records
// again.
func (m *Memory) FreezeAccesses() { m.frozen = true }

// Tracking reports whether m records its accesses.
func (m *Memory) Tracking() bool { return m.access != nil }

// Accesses returns the recorded accesses of each byte of r (nil when m does
// not track them or r is not an input region). It must not be modified.
func (m *Memory) Accesses(r *Region) []Access {
	if m.access == nil || r.Kind != Input {
		return nil
	}
	if l := m.access[r]; l != nil {
		return l.bytes
	}
	return make([]Access, max(r.Size, 0))
}

// record notes a load or store of n bytes at off of r. Loads, stores and
// the byte-wise reads (Byte, Initial) all record: nothing reads an input
// region's bytes around it.
func (m *Memory) record(r *Region, off int64, n int, store bool) {
	if m.access == nil || m.frozen || r.Kind != Input || !within(off, n, r.Size) {
		return
	}
	l := m.accessLogOf(r)
	t := accessClock.Add(1)
	for i := off; i < off+int64(n); i++ {
		a := &l.bytes[i]
		switch {
		case !store:
			a.LastLoad = t
		case a.FirstStore == 0:
			a.FirstStore = t
		}
	}
}

// accessLogOf returns the log of r, private to m.
func (m *Memory) accessLogOf(r *Region) *accessLog {
	l := m.access[r]
	switch {
	case l == nil:
		l = &accessLog{owner: m.id, bytes: make([]Access, r.Size)}
	case l.owner != m.id:
		l = &accessLog{owner: m.id, bytes: slices.Clone(l.bytes)}
	default:
		return l
	}
	m.access[r] = l
	return l
}

// cloneAccesses gives c, a clone of m, m's record (shared until written).
func (m *Memory) cloneAccesses(c *Memory) {
	if m.access == nil {
		return
	}
	c.access = make(map[*Region]*accessLog, len(m.access))
	for r, l := range m.access {
		c.access[r] = l
	}
}

// MergeAccesses makes m's record that of a merge of the paths whose
// memories were x and y: per byte, the earlier first store and the later
// last load. When only one of them recorded, m records nothing: the other
// path's accesses are not known.
func (m *Memory) MergeAccesses(x, y *Memory) {
	if x.access == nil || y.access == nil {
		m.access = nil
		return
	}
	m.access = map[*Region]*accessLog{}
	for _, from := range []*Memory{x, y} {
		for r, src := range from.access {
			l := m.accessLogOf(r)
			for i, a := range src.bytes {
				d := &l.bytes[i]
				if a.FirstStore != 0 && (d.FirstStore == 0 || a.FirstStore < d.FirstStore) {
					d.FirstStore = a.FirstStore
				}
				d.LastLoad = max(d.LastLoad, a.LastLoad)
			}
		}
	}
}
