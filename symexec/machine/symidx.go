package machine

import (
	"errors"
	"fmt"
	"strings"

	"vg.dev/symexec/mem"
	"vg.dev/symexec/term"
)

// Accesses at a symbolic offset (mem/symidx.go): a load or store at an
// argument's region, or at read-only data, plus an offset that is not a
// constant is modelled over every place the offset may take in bounds.
// That the offset is in bounds is not assumed: the access's event carries
// the condition that it is one of the places (Event.InBounds), the prover
// proves it under the precondition and the path condition (a path on which
// it can fail is a frame violation), and the lifter conjoins it to the
// path condition, so what follows is the in-bounds execution. The places
// are narrowed by the term analysis's range, but nothing relies on it: a
// wrong range would fail that proof. That
// the offset is public is the constant-time check's (the event's address
// holds it).
//
// Not admitted, and reported as before (mem.ErrSymbolicIndex): a
// symbolic offset into the stack (the frame checks need fixed slots), into
// machine code, or into a writable global; and an offset computed from a
// register the ABI leaves undefined at entry (the prover reports that as
// what it is).

// SymbolicPlaces resolves an access of n bytes at addr whose offset within
// its region is not a constant: the region and the places. It returns a nil
// region and places, and no error, when addr does not resolve or its offset
// is a constant (the caller's constant-offset path reports those).
func SymbolicPlaces(m *mem.Memory, addr *term.Term, n int) (*mem.Region, *mem.Places, error) {
	r, off, err := m.Resolve(addr)
	if err != nil || off.IsConst() {
		return nil, nil, nil
	}
	refuse := func(why string) error {
		return &mem.AccessError{Op: "access", Region: r.Name, Err: fmt.Errorf("%w: %s (%s)", mem.ErrSymbolicIndex, off, why)}
	}
	switch {
	case r.Kind == mem.Stack:
		return nil, nil, refuse("the stack is accessed at fixed slots only")
	case r.Code:
		return nil, nil, refuse("machine code")
	case r.Kind != mem.Input && r.Kind != mem.ReadOnly:
		return nil, nil, refuse(r.Kind.String() + " region")
	}
	for _, v := range term.Support(off) {
		if strings.HasPrefix(v.Name(), "entry.") {
			return nil, nil, refuse("the offset uses " + v.Name() + ", a register's value at entry")
		}
	}
	p, err := mem.PlacesOf(m.Builder(), r, off, n, true)
	if err != nil {
		return nil, nil, &mem.AccessError{Op: "access", Region: r.Name, Err: fmt.Errorf("%w: %w", mem.ErrSymbolicIndex, err)}
	}
	if len(p.Offs) == 0 {
		return nil, nil, &mem.AccessError{Op: "access", Region: r.Name, Size: n, Err: fmt.Errorf("%w: the offset %s is never in bounds", mem.ErrOutOfBounds, off)}
	}
	return r, p, nil
}

// CheckSymbolic finishes resolving an access of n bytes at addr whose
// offset in r is symbolic (SymbolicPlaces gave r, pl and err): it returns
// the condition the event must carry and the path go on under (nil when
// the places make it trivially true), or the error of the access, with
// the operation (op: "load", "store") and size filled in. A bare number
// plus an offset names what the linker put there in this binary only, as
// for a constant offset.
func CheckSymbolic(m *mem.Memory, addr *term.Term, n int, op string, r *mem.Region, pl *mem.Places, err error) (inBounds *term.Term, _ error) {
	if err == nil && !pl.InBounds.IsConst() {
		inBounds = pl.InBounds
	}
	if err == nil && !m.Based(addr) {
		err = &mem.AccessError{Op: op, Region: r.Name, Size: n, Err: mem.ErrAbsolute}
	}
	if err != nil {
		var ae *mem.AccessError
		if errors.As(err, &ae) {
			ae.Op = op
			ae.Size = n
		}
		return inBounds, fmt.Errorf("address %v: %w", addr, err)
	}
	return inBounds, nil
}
