package mem

import (
	"errors"
	"fmt"
	"slices"
	"sort"
	"sync/atomic"

	"vg.dev/symexec/term"
)

// Kind says what a region holds.
type Kind int

// The kinds of region.
const (
	Input    Kind = iota // the pointee of a pointer argument, or a slice's array
	Stack                // the kernel's stack: its own frame, return address and arguments
	ReadOnly             // read-only data of the binary (concrete bytes)
	Global               // writable data of the binary: public symbolic input
	Local                // a spec allocation (zeroed)
)

func (k Kind) String() string {
	return [...]string{"input", "stack", "rodata", "global", "local"}[k]
}

// A Region is a block of memory with a symbolic base address. Regions are
// shared between Memories; their contents live in each Memory.
type Region struct {
	Name     string
	Kind     Kind
	Size     int64
	Writable bool
	Secret   bool       // initial contents are secret inputs
	Base     *term.Term // symbolic base address (a public 64-bit variable, bounded: see Add)
	Data     []byte     // ReadOnly, and Global when fixed by an assumption
	Addr     uint64     // absolute address of a data symbol (ReadOnly, Global); 0 otherwise
	// Code marks a ReadOnly region of machine code: a load from it reads
	// bytes (branch displacements, the code itself) that depend on where
	// the linker put things, so the lifters refuse it (arm64 allows the
	// literal pool words of the running function).
	Code bool
	// Align is the alignment every program guarantees of Base (a power
	// of two; 0 means 1): the Go type's for an argument's pointee, more
	// only by a declared assumption; what the linker gives a data
	// symbol of its size; the ABI's for the stack.
	Align int64
	// Tail is how many of the last bytes of Size are a declared readable
	// tail past an argument slice's length (//vg:tail): loads may read
	// them, a store there is ErrTailStore.
	Tail int64
	// Symbol is the Go name (importpath.Name) of the data symbol the
	// region holds, or "". Its Base, made by Add, is the variable
	// SymbolBase names: one for the symbol, whichever memory holds it
	// (the kernel's data region and the spec's package-level variable),
	// so that an address of it is the same term on both sides.
	Symbol string
}

// SymbolBase is the base address of the data symbol with Go name sym
// (importpath.Name), the variable every region holding it shares.
func SymbolBase(b *term.Builder, sym string) *term.Term { return b.Var("&"+sym, 64) }

// Errors that the lifter and interpreter turn into findings.
var (
	ErrOutOfBounds   = errors.New("access outside its region")
	ErrReadOnly      = errors.New("store to a read-only region")
	ErrGlobalStore   = errors.New("store to a writable global (package state, which a kernel may not change)")
	ErrCodeLoad      = fmt.Errorf("%w: a load from machine code, whose bytes depend on where the linker put things", ErrOutOfBounds)
	ErrNoRegion      = errors.New("address in no region")
	ErrAbsolute      = fmt.Errorf("%w: an absolute address (a number no relocation wrote): it names what the linker put there in this binary only", ErrOutOfBounds)
	ErrSymbolicIndex = errors.New("address with a non-constant offset")
	ErrMisaligned    = errors.New("access that must be aligned is not proved aligned")
	ErrTailStore     = fmt.Errorf("%w: a store into the readable tail past the slice's length (//vg:tail: the caller's bytes, readable only)", ErrOutOfBounds)
)

// CheckAlign returns an *AccessError wrapping ErrMisaligned unless n bytes
// at offset off of r are n-aligned (n a power of two) at every base
// address r may have.
func CheckAlign(op string, r *Region, off int64, n int) error {
	align := max(r.Align, 1)
	if align%int64(n) == 0 && off%int64(n) == 0 {
		return nil
	}
	return &AccessError{Op: op, Region: r.Name, Off: off, Size: n, Err: fmt.Errorf(
		"%w: it needs %d-byte alignment; %s is only known %d-byte aligned, and the offset is %d", ErrMisaligned, n, r.Name, align, off)}
}

// AccessError describes a failed load or store.
type AccessError struct {
	Op     string // "load" or "store"
	Region string
	Off    int64
	Size   int
	Err    error
}

func (e *AccessError) Error() string {
	if e.Region == "" {
		return fmt.Sprintf("%s of %d bytes: %v", e.Op, e.Size, e.Err)
	}
	return fmt.Sprintf("%s of %d bytes at %s+%d: %v", e.Op, e.Size, e.Region, e.Off, e.Err)
}

func (e *AccessError) Unwrap() error { return e.Err }

// Memory is the contents of a set of regions.
type Memory struct {
	b       *term.Builder
	regions []*Region
	byBase  map[*term.Term]*Region
	byName  map[string]*Region
	id      uint64                            // owner of the chunks this memory may write in place
	written map[*Region]map[int64]*chunk      // bytes written, in 64-byte chunks
	data    func(addr uint64) (*Region, bool) // finds or makes the data region at addr
	access  map[*Region]*accessLog            // access order of input regions, if tracked (access.go)
	frozen  bool                              // the record is complete (FreezeAccesses)
}

// SetDataResolver installs the function that maps an absolute address to the
// data region holding it. It must return the same *Region for one symbol
// every time (without adding it: the memory that asks adds it). Clones share
// the resolver.
func (m *Memory) SetDataResolver(f func(addr uint64) (*Region, bool)) { m.data = f }

// New returns an empty memory building terms with b.
func New(b *term.Builder) *Memory {
	return &Memory{b: b, id: newID(), byBase: map[*term.Term]*Region{}, byName: map[string]*Region{}, written: map[*Region]map[int64]*chunk{}}
}

// A cell is byte i of the term v. Bytes are kept as references to the stored
// term, not as extracts, so that loading what was stored gives back the very
// term (and a wider load the concatenation of whole terms).
type cell struct {
	v *term.Term
	i int
}

// Builder is the term builder of m.
func (m *Memory) Builder() *term.Builder { return m.b }

// Add registers a region; its name must be new. Base is created if nil.
func (m *Memory) Add(r *Region) *Region {
	if _, dup := m.byName[r.Name]; dup {
		panic("mem: duplicate region " + r.Name)
	}
	if r.Base == nil && r.Symbol != "" {
		r.Base = SymbolBase(m.b, r.Symbol)
	}
	if r.Base == nil {
		r.Base = m.b.Var("&"+r.Name, 64)
	}
	// The whole region lies below the machine's address limit, so a
	// pointer into it plus an offset within it does not wrap.
	if r.Base.Op() == term.OpVar && r.Size >= 0 && r.Size < term.AddrLimit {
		m.b.Bound(r.Base, term.AddrLimit-1-uint64(r.Size))
	}
	m.regions = append(m.regions, r)
	m.byBase[r.Base] = r
	m.byName[r.Name] = r
	return r
}

// Regions lists the regions in the order they were added.
func (m *Memory) Regions() []*Region { return m.regions }

// Region finds a region by name.
func (m *Memory) Region(name string) (*Region, bool) {
	r, ok := m.byName[name]
	return r, ok
}

// Clone copies m; the copy shares regions but not contents. Chunks of
// written bytes are shared and copied on the first write by either side, so
// a clone costs a map of chunk pointers, not the bytes.
func (m *Memory) Clone() *Memory {
	c := &Memory{b: m.b, id: newID(), data: m.data, regions: append([]*Region(nil), m.regions...), byBase: map[*term.Term]*Region{}, byName: map[string]*Region{}, written: map[*Region]map[int64]*chunk{}}
	for k, v := range m.byBase {
		c.byBase[k] = v
	}
	for k, v := range m.byName {
		c.byName[k] = v
	}
	for r, chunks := range m.written {
		nc := make(map[int64]*chunk, len(chunks))
		for k, v := range chunks {
			nc[k] = v
		}
		c.written[r] = nc
	}
	m.cloneAccesses(c)
	m.id = newID() // m's chunks are shared now: m copies before writing too
	return c
}

// A chunk holds the written cells of 64 aligned bytes; set marks which.
type chunk struct {
	owner uint64
	set   uint64
	cells []cell // bytes k·64 … of the region, at most 64, no further than its end
}

var lastID atomic.Uint64

func newID() uint64 { return lastID.Add(1) }

// writable returns the chunk holding off in r, private to m.
func (m *Memory) writable(r *Region, off int64) *chunk {
	chunks := m.written[r]
	if chunks == nil {
		chunks = map[int64]*chunk{}
		m.written[r] = chunks
	}
	k := off >> 6
	ch := chunks[k]
	switch {
	case ch == nil:
		// A chunk holds only the bytes of r it covers: the spec's
		// locals are regions of a few bytes each, thousands of them.
		ch = &chunk{owner: m.id, cells: make([]cell, min(64, r.Size-k<<6))}
	case ch.owner != m.id:
		c := *ch
		c.owner = m.id
		c.cells = slices.Clone(ch.cells)
		ch = &c
	default:
		return ch
	}
	chunks[k] = ch
	return ch
}

// InitWord is the variable holding the initial 64-bit word of a symbolic
// region at the aligned offset off (narrower at the region's end).
func InitWord(b *term.Builder, r *Region, off int64) *term.Term {
	w := min(8, r.Size-off)
	return b.Var(fmt.Sprintf("%s@%d", r.Name, off), int(8*w))
}

// initCell is the initial content of byte off of r.
func (m *Memory) initCell(r *Region, off int64) cell {
	switch {
	case r.Data != nil:
		return cell{m.b.Uint(uint64(r.Data[off]), 8), 0}
	case r.Kind == Local:
		return cell{m.b.Zero(8), 0}
	}
	base := off &^ 7
	return cell{InitWord(m.b, r, base), int(off - base)}
}

func (m *Memory) cell(r *Region, off int64) cell {
	if ch := m.written[r][off>>6]; ch != nil && ch.set>>(off&63)&1 == 1 {
		return ch.cells[off&63]
	}
	return m.initCell(r, off)
}

// Byte is the current content of byte off of r.
func (m *Memory) Byte(r *Region, off int64) *term.Term {
	m.record(r, off, 1, false) // a read like any other (access.go)
	c := m.cell(r, off)
	return m.b.Extract(c.v, 8*c.i+7, 8*c.i)
}

// Initial is the initial content of n bytes at off of r (little-endian).
func (m *Memory) Initial(r *Region, off int64, n int) *term.Term {
	m.record(r, off, n, false)
	return m.join(func(o int64) cell { return m.initCell(r, o) }, off, n)
}

// join concatenates n cells from off, taking runs of consecutive bytes of
// one term as a single extract (the term itself when the run covers it).
func (m *Memory) join(at func(int64) cell, off int64, n int) *term.Term {
	var parts []*term.Term // least significant first
	for i := 0; i < n; {
		c := at(off + int64(i))
		j := i + 1
		for ; j < n; j++ {
			d := at(off + int64(j))
			if d.v != c.v || d.i != c.i+(j-i) {
				break
			}
		}
		lo := 8 * c.i
		parts = append(parts, m.b.Extract(c.v, lo+8*(j-i)-1, lo))
		i = j
	}
	for i, j := 0, len(parts)-1; i < j; i, j = i+1, j-1 {
		parts[i], parts[j] = parts[j], parts[i]
	}
	return m.b.Concat(parts...)
}

// within reports whether bytes [off, off+n) lie in [0, size), without
// computing off+n, which wraps for an offset near 2⁶³ (an address the
// kernel computed from a huge constant index).
func within(off int64, n int, size int64) bool {
	return off >= 0 && n >= 0 && int64(n) <= size && off <= size-int64(n)
}

// Load reads n bytes at off of r, little-endian.
func (m *Memory) Load(r *Region, off int64, n int) (*term.Term, error) {
	if !within(off, n, r.Size) {
		return nil, &AccessError{"load", r.Name, off, n, ErrOutOfBounds}
	}
	m.record(r, off, n, false)
	return m.join(func(o int64) cell { return m.cell(r, o) }, off, n), nil
}

// Store writes v (a multiple of 8 bits wide) at off of r, little-endian.
func (m *Memory) Store(r *Region, off int64, v *term.Term) error {
	n := v.Width() / 8
	if v.Width()%8 != 0 {
		panic("mem: store of a partial byte")
	}
	if !r.Writable {
		if r.Kind == Global {
			return &AccessError{"store", r.Name, off, n, ErrGlobalStore}
		}
		return &AccessError{"store", r.Name, off, n, ErrReadOnly}
	}
	if !within(off, n, r.Size) {
		return &AccessError{"store", r.Name, off, n, ErrOutOfBounds}
	}
	if r.Tail > 0 && off+int64(n) > r.Size-r.Tail {
		return &AccessError{"store", r.Name, off, n, ErrTailStore}
	}
	m.record(r, off, n, true)
	for i := 0; i < n; i++ {
		o := off + int64(i)
		ch := m.writable(r, o)
		ch.cells[o&63] = cell{v, i}
		ch.set |= 1 << (o & 63)
	}
	return nil
}

// Written lists the offsets of r written so far, ascending.
func (m *Memory) Written(r *Region) []int64 {
	var offs []int64
	for k, ch := range m.written[r] {
		for i := int64(0); i < 64; i++ {
			if ch.set>>i&1 == 1 {
				offs = append(offs, k<<6+i)
			}
		}
	}
	sort.Slice(offs, func(i, j int) bool { return offs[i] < offs[j] })
	return offs
}

// Differ lists, ascending, the offsets of r whose contents may differ
// between x and y: bytes either wrote, except in chunks they still share.
// Merging two memories that came from one clone costs what they wrote since.
func Differ(x, y *Memory, r *Region) []int64 {
	var offs []int64
	seen := map[int64]bool{}
	visit := func(k int64, cx, cy *chunk) {
		if seen[k] || cx == cy {
			return
		}
		seen[k] = true
		var set uint64
		if cx != nil {
			set |= cx.set
		}
		if cy != nil {
			set |= cy.set
		}
		for i := int64(0); i < 64; i++ {
			if set>>i&1 == 1 {
				offs = append(offs, k<<6+i)
			}
		}
	}
	for k, cx := range x.written[r] {
		visit(k, cx, y.written[r][k])
	}
	for k, cy := range y.written[r] {
		visit(k, x.written[r][k], cy)
	}
	sort.Slice(offs, func(i, j int) bool { return offs[i] < offs[j] })
	return offs
}

// AddressOf returns the symbolic address of the absolute address addr of a
// data symbol: its region's base plus the offset.
func (m *Memory) AddressOf(addr uint64) (*term.Term, bool) {
	var region *Region
	for _, r := range m.regions {
		if r.Addr != 0 && addr >= r.Addr && addr < r.Addr+uint64(r.Size) {
			region = r
		}
	}
	if region == nil {
		region = m.resolveData(addr)
	}
	if region == nil {
		return nil, false
	}
	return m.b.Add(region.Base, m.b.Uint(addr-region.Addr, 64)), true
}

// resolveData asks the resolver for the data region at addr and adds it to
// m if m does not have it yet.
func (m *Memory) resolveData(addr uint64) *Region {
	if m.data == nil {
		return nil
	}
	r, ok := m.data(addr)
	if !ok {
		return nil
	}
	if have, ok := m.byName[r.Name]; ok {
		return have
	}
	return m.Add(r)
}

// Resolve splits an address into a region and an offset: the address must
// be the base of exactly one region plus terms that are not region bases.
// The offset is returned as a term (constant when the access is at a fixed
// place).
func (m *Memory) Resolve(addr *term.Term) (*Region, *term.Term, error) {
	b := m.b
	var region *Region
	off := addr
	var summands []*term.Term
	if addr.Op() == term.OpAdd {
		summands = addr.Args()
	} else {
		summands = []*term.Term{addr}
	}
	for _, s := range summands {
		if r, ok := m.byBase[s]; ok {
			if region != nil {
				return nil, nil, &AccessError{Op: "access", Err: fmt.Errorf("%w: address adds the bases of %s and %s", ErrNoRegion, region.Name, r.Name)}
			}
			region = r
			off = b.Sub(addr, s)
			continue
		}
		// A base with a coefficient other than 1 is not an address into it.
		for _, v := range term.Support(s) {
			if r, ok := m.byBase[v]; ok {
				return nil, nil, &AccessError{Op: "access", Err: fmt.Errorf("%w: address %s scales the base of %s", ErrNoRegion, addr, r.Name)}
			}
		}
	}
	if region == nil {
		// An absolute address: the constant part names a data symbol.
		var c uint64
		if k, ok := summands[0].Uint64(); ok {
			c = k
		}
		for _, r := range m.regions {
			if r.Addr != 0 && c >= r.Addr && c < r.Addr+uint64(r.Size) {
				region = r
			}
		}
		if region == nil && c != 0 {
			region = m.resolveData(c)
		}
		if region == nil {
			return nil, nil, &AccessError{Op: "access", Err: fmt.Errorf("%w: %s", ErrNoRegion, addr)}
		}
		off = b.Sub(addr, b.Uint(region.Addr, 64))
	}
	return region, off, nil
}

// Based reports whether addr is a region's base plus terms that are not
// bases: an address derived from an argument, the stack or a symbol the
// code names (AddressOf), not a bare number.
func (m *Memory) Based(addr *term.Term) bool {
	summands := []*term.Term{addr}
	if addr.Op() == term.OpAdd {
		summands = addr.Args()
	}
	for _, s := range summands {
		if _, ok := m.byBase[s]; ok {
			return true
		}
	}
	return false
}

// ConstOffset resolves addr to a region and a constant offset.
func (m *Memory) ConstOffset(addr *term.Term) (*Region, int64, error) {
	r, off, err := m.Resolve(addr)
	if err != nil {
		return nil, 0, err
	}
	c, ok := off.Uint64()
	if !ok {
		return r, 0, &AccessError{Op: "access", Region: r.Name, Err: fmt.Errorf("%w: %s", ErrSymbolicIndex, off)}
	}
	return r, int64(c), nil
}

// SameContents reports whether m and o hold the same term in every byte
// of every region (the same cells: a byte written as part of different
// words counts as different). Both must come from one initial memory.
func (m *Memory) SameContents(o *Memory) bool {
	return len(m.regions) == len(o.regions) && m.eachDifference(o, func(Loc) bool { return false })
}

// A Loc is one byte of a region.
type Loc struct {
	Region *Region
	Off    int64
}

// Differences lists the bytes in which m and o differ, as SameContents
// compares them, in no particular order. It is not ok when the two do not
// hold the same regions.
func (m *Memory) Differences(o *Memory) (locs []Loc, ok bool) {
	if len(m.regions) != len(o.regions) {
		return nil, false
	}
	m.eachDifference(o, func(l Loc) bool { locs = append(locs, l); return true })
	return locs, true
}

// eachDifference calls f on each byte in which m and o differ until f
// returns false; it reports whether f never did.
func (m *Memory) eachDifference(o *Memory, f func(Loc) bool) bool {
	for _, r := range m.regions {
		mc, oc := m.written[r], o.written[r]
		for k, a := range mc {
			if c := oc[k]; c != a && !eachChunkDifference(m, o, r, k, a, c, f) {
				return false
			}
		}
		for k, c := range oc {
			if _, ok := mc[k]; !ok && !eachChunkDifference(m, o, r, k, nil, c, f) {
				return false
			}
		}
	}
	return true
}

// eachChunkDifference calls f on the bytes of chunk k of r that differ in
// m (a) and o (c), until f returns false; it reports whether f never did.
func eachChunkDifference(m, o *Memory, r *Region, k int64, a, c *chunk, f func(Loc) bool) bool {
	var set uint64
	if a != nil {
		set |= a.set
	}
	if c != nil {
		set |= c.set
	}
	for i := int64(0); i < 64; i++ {
		if off := k<<6 + i; set>>i&1 == 1 && m.cell(r, off) != o.cell(r, off) && !f(Loc{r, off}) {
			return false
		}
	}
	return true
}
