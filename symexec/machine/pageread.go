package machine

import (
	"fmt"

	"vg.dev/symexec/mem"
	"vg.dev/symexec/term"
)

// Reads past an argument within its pages (obligation.PageReads,
// //vg:pageread). internal/bytealg's searches load 16 bytes at a time and
// let a load run past the end of the data (or start before it) when it
// stays inside the 4 KiB pages the data lies in, where it cannot fault:
// they test the address's low bits first. Such a load is modelled as the
// argument's bytes where it overlaps them and fresh secret variables
// elsewhere (another object's bytes, or another goroutine's writes: any
// value, not the same twice), and is allowed only if the lift's path
// condition implies the PageCheck's fact, which the prover checks (a
// frame violation otherwise). Stores past the bytes stay violations.

// PageSize is the granularity of memory protection the model relies on:
// 4 KiB on linux/amd64 and linux/arm64 (a larger page only helps).
const PageSize = 4096

// PageJunkPrefix starts the names of the variables a page read reads
// outside the argument: always secret.
const PageJunkPrefix = "pageread."

// PageCheck is a load that read outside its argument's bytes: Fact says
// that it stays in the pages those bytes lie in.
type PageCheck struct {
	Fact   *term.Term // width 1
	Detail string     // "load of 16 bytes at b+0 (1 byte of b)"
	PC     uint64
	File   string
	Line   int
}

// PageRead loads n bytes at off of r, which reach outside r but overlap
// it: r's bytes where they overlap, fresh(i) for byte i of the load
// elsewhere. It returns the value and the fact to check; ok is false when
// the load does not overlap r (or r is not an argument).
func PageRead(b *term.Builder, m *mem.Memory, r *mem.Region, off int64, n int, fresh func(i int) *term.Term) (v, fact *term.Term, ok bool, err error) {
	end := off + int64(n)
	if r.Kind != mem.Input || r.Size == 0 || n <= 0 || end <= 0 || off >= r.Size {
		return nil, nil, false, nil
	}
	parts := make([]*term.Term, n)
	for i := 0; i < n; i++ {
		o := off + int64(i)
		if o < 0 || o >= r.Size {
			parts[n-1-i] = fresh(i)
			continue
		}
		x, err := m.Load(r, o, 1)
		if err != nil {
			return nil, nil, false, err
		}
		parts[n-1-i] = x
	}
	page := func(a *term.Term) *term.Term { return b.Lshr(a, b.Uint(12, 64)) }
	addr := func(k int64) *term.Term { return b.Add(r.Base, b.Uint(uint64(k), 64)) }
	fact = b.Bool(true)
	if off < 0 {
		fact = b.And(fact, b.Uge(page(addr(off)), page(r.Base)))
	}
	if end > r.Size {
		fact = b.And(fact, b.Ule(page(addr(end-1)), page(addr(r.Size-1))))
	}
	return b.Concat(parts...), fact, true, nil
}

// PageReadDetail describes a page read for reports.
func PageReadDetail(r *mem.Region, off int64, n int) string {
	in := min(off+int64(n), r.Size) - max(off, 0)
	return fmt.Sprintf("load of %d bytes at %s%+d, %d of them %s's", n, r.Name, off, in, r.Name)
}
