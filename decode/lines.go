package decode

import (
	"debug/dwarf"
	"errors"
	"fmt"
	"io"
	"sort"
)

// lineTable maps pcs to source positions. Compilation units are found by
// their address ranges; a unit's rows are read on first use.
type lineTable struct {
	data  *dwarf.Data
	units []*lineUnit // sorted by low
}

type lineUnit struct {
	low, high uint64
	entry     *dwarf.Entry
	rows      []lineRow // sorted by pc; nil until loaded
	loaded    bool
	err       error
}

// lineRow says that pcs from pc up to the next row's pc belong to file:line.
// end rows (end of a sequence) have file == "".
type lineRow struct {
	pc   uint64
	file string
	line int
}

// loadLines reads the compilation unit ranges. A binary without DWARF
// (linked with -w, or stripped) has an empty table. b.mu must be held.
func (b *Binary) loadLines() (*lineTable, error) {
	if b.lines != nil {
		return b.lines, nil
	}
	if b.f == nil || (b.f.Section(".debug_info") == nil && b.f.Section(".zdebug_info") == nil) {
		b.lines = &lineTable{}
		return b.lines, nil
	}
	d, err := b.f.DWARF()
	if err != nil {
		return nil, fmt.Errorf("dwarf: %w", err)
	}
	t := &lineTable{data: d}
	r := d.Reader()
	for {
		e, err := r.Next()
		if err != nil {
			return nil, fmt.Errorf("dwarf: %w", err)
		}
		if e == nil {
			break
		}
		if e.Tag == dwarf.TagCompileUnit {
			ranges, err := d.Ranges(e)
			if err != nil {
				return nil, fmt.Errorf("dwarf ranges: %w", err)
			}
			for _, rg := range ranges {
				if rg[0] < rg[1] {
					t.units = append(t.units, &lineUnit{low: rg[0], high: rg[1], entry: e})
				}
			}
		}
		r.SkipChildren()
	}
	sort.Slice(t.units, func(i, j int) bool { return t.units[i].low < t.units[j].low })
	b.lines = t
	return t, nil
}

// unitAt returns the compilation unit range containing pc, or nil.
func (t *lineTable) unitAt(pc uint64) *lineUnit {
	i := sort.Search(len(t.units), func(i int) bool { return t.units[i].high > pc })
	// Ranges of different units do not overlap in Go binaries, but
	// tolerate it by scanning forward over ranges starting at or before pc.
	for ; i < len(t.units) && t.units[i].low <= pc; i++ {
		if pc < t.units[i].high {
			return t.units[i]
		}
	}
	return nil
}

// load reads all rows of the unit's line program.
func (u *lineUnit) load(b *Binary, d *dwarf.Data) error {
	if u.loaded {
		return u.err
	}
	u.loaded = true
	lr, err := d.LineReader(u.entry)
	if err != nil || lr == nil {
		if err == nil {
			err = errors.New("no line table")
		}
		u.err = fmt.Errorf("dwarf line table: %w", err)
		return u.err
	}
	var ent dwarf.LineEntry
	for {
		if err := lr.Next(&ent); err != nil {
			if err == io.EOF {
				break
			}
			u.err = fmt.Errorf("dwarf line table: %w", err)
			return u.err
		}
		row := lineRow{pc: ent.Address}
		if !ent.EndSequence && ent.File != nil {
			row.file, row.line = ent.File.Name, ent.Line
			if b.srcPath != nil {
				row.file = b.srcPath(row.file)
			}
		}
		u.rows = append(u.rows, row)
	}
	// Sequences may come in any order. When one sequence ends where
	// another starts, the start row must win the lookup, so among equal
	// pcs end rows sort first; otherwise the program order is kept.
	sort.SliceStable(u.rows, func(i, j int) bool {
		a, b := u.rows[i], u.rows[j]
		if a.pc != b.pc {
			return a.pc < b.pc
		}
		return a.file == "" && b.file != ""
	})
	return nil
}

// lookup returns the position of pc from the loaded rows.
func (u *lineUnit) lookup(pc uint64) (string, int, bool) {
	i := sort.Search(len(u.rows), func(i int) bool { return u.rows[i].pc > pc })
	if i == 0 {
		return "", 0, false
	}
	r := u.rows[i-1]
	return r.file, r.line, r.file != ""
}

// positions fills File and Line of f's instructions (an instruction
// without line information keeps "" and 0). It also cross-checks the
// decoding: every line table row inside f starts a new source line and so
// must start an instruction; a row inside an instruction means that the
// decoder got an instruction length wrong.
func (b *Binary) positions(f *Func) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	t, err := b.loadLines()
	if err != nil {
		return fmt.Errorf("decode %s: %w", f.Name, err)
	}
	var checked *lineUnit
	for i := range f.Insts {
		in := &f.Insts[i]
		u := t.unitAt(in.PC)
		if u == nil {
			continue
		}
		if err := u.load(b, t.data); err != nil {
			return fmt.Errorf("decode %s: %w", f.Name, err)
		}
		in.File, in.Line, _ = u.lookup(in.PC)
		if u != checked {
			checked = u
			if err := u.checkBoundaries(f); err != nil {
				return err
			}
		}
	}
	return nil
}

// checkBoundaries checks that u's rows inside f start instructions.
func (u *lineUnit) checkBoundaries(f *Func) error {
	end := f.Addr + f.Size
	i := sort.Search(len(u.rows), func(i int) bool { return u.rows[i].pc >= f.Addr })
	for ; i < len(u.rows) && u.rows[i].pc < end; i++ {
		r := u.rows[i]
		if r.file == "" {
			continue
		}
		if _, ok := f.InstAt(r.pc); ok {
			continue
		}
		j, _ := f.InstAt(r.pc)
		in := f.Insts[j-1]
		if in.Data {
			continue // bytes that are no instruction: any line may start there
		}
		if sf, sl, ok := u.lookup(in.PC); ok && sf == r.file && dataDirectives(sf, sl, r.line) {
			// An instruction spelled as BYTE (WORD, LONG) directives
			// over several lines.
			continue
		}
		return fmt.Errorf("decode %s: %s:%d starts at pc %#x inside the decoded instruction at %#x (% x): %w",
			f.Name, r.file, r.line, r.pc, in.PC, in.Bytes, ErrUndecodable)
	}
	return nil
}

// Position returns the source file and line of pc, if known.
func (b *Binary) Position(pc uint64) (file string, line int, ok bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	t, err := b.loadLines()
	if err != nil {
		return "", 0, false
	}
	u := t.unitAt(pc)
	if u == nil || u.load(b, t.data) != nil {
		return "", 0, false
	}
	return u.lookup(pc)
}
