package machine

import (
	"fmt"
	"math"

	"vg.dev/symexec/mem"
)

// StackFrame is the part of the stack region the running function may
// touch, so each lifter checks every explicit stack access the same way.
//
// The stack a function may use is what the linker's nosplit check counts:
// its declared frame (Callee.SPMax, Config.SPMax) below its entry SP, plus
// what its callers own above (their frames and the kernel's argument
// area). Anything below is not the function's: a store there overwrites
// memory the runtime does not know is in use (another frame, the stack
// guard, the heap), and a load reads garbage. A CALL or BL enters a new
// StackFrame for the callee; RET leaves it.
type StackFrame struct {
	Func  string
	Entry int64 // offset in the stack region of the function's entry SP
	Floor int64 // lowest offset it may access
	SPMax int64 // its declared frame, for messages
	// Record is the caller's frame record the function must not write:
	// [Record[0], Record[1]) (arm64: the caller's saved frame pointer
	// at −8(RSP) and saved link register at 0(RSP)); empty on amd64.
	Record [2]int64
}

// Check returns an error wrapping mem.ErrOutOfBounds for an access of n
// bytes at offset off of the stack region that the frame does not allow.
// op is "load" or "store".
func (f *StackFrame) Check(op string, off int64, n int) error {
	end := off + int64(n)
	if end < off { // wrapped: the access runs to the top of the address space
		end = math.MaxInt64
	}
	if op == "store" && off < f.Record[1] && end > f.Record[0] {
		return &mem.AccessError{Op: op, Region: "stack", Off: off, Size: n, Err: fmt.Errorf(
			"%w: at %d(RSP) from the entry SP of %s, the caller's frame record (its saved frame pointer at -8, its saved link register at 0)",
			mem.ErrOutOfBounds, off-f.Entry, f.Func)}
	}
	if off < f.Floor {
		return &mem.AccessError{Op: op, Region: "stack", Off: off, Size: n, Err: fmt.Errorf(
			"%w: %d bytes below the entry SP of %s, whose declared frame is %d bytes (the stack it may use is its frame and the argument area)",
			mem.ErrOutOfBounds, f.Entry-off, f.Func, f.SPMax)}
	}
	return nil
}
