package machine

import (
	"fmt"
	"sync/atomic"

	"vg.dev/symexec/mem"
	"vg.dev/symexec/term"
)

// Loops that never end although their state changes. A lifter keeps the
// state of a path at each arrival at a loop head; when the same terms come
// back, the loop repeats forever (ErrNoReturn). A loop whose counter is not
// advanced but which keeps rewriting a buffer, or advancing another
// register, never comes back to the same terms; for it the lifter runs one
// more iteration, a probe, from an abstract state: the state of the last
// arrival with every register, flag and memory byte that changed since the
// arrival before replaced by a fresh variable (havoc). If the probe
//
//   - takes no branch that depends on anything but constants (so it adds
//     nothing to the path condition and cannot fork),
//   - returns to the same head without an error, and
//   - leaves every part of the state it did not havoc as it found it,
//
// then every concrete state at the head is an instance of the abstract one,
// and so is the state one iteration later: by induction the path comes back
// to the head forever and never returns. The probe only ever concludes
// ErrNoReturn, a defect, never a proof; when a condition fails the path
// simply continues.

// ProbeAt reports whether the n-th arrival of a path at a loop head is one
// at which the lifter probes the loop: the 8th, 16th, 32nd … A loop that
// ends costs at most one more iteration per doubling of its trip count.
func ProbeAt(n int) bool { return n >= 8 && n&(n-1) == 0 }

// MaxProbeSteps bounds the instructions of one probe (one iteration of the
// loop, with any inner loops).
const MaxProbeSteps = 1 << 16

// ErrProbeBranch stops a probe at a branch on a non-constant condition.
var ErrProbeBranch = fmt.Errorf("a branch on a non-constant condition")

var havocs atomic.Uint64

// Fresh returns a variable of w bits that no other call returns: its name
// starts with "havoc#", which no input of a kernel or spec carries.
func Fresh(b *term.Builder, w int) *term.Term {
	return b.Var(fmt.Sprintf("havoc#%d", havocs.Add(1)), w)
}

// Havoc sets each cur[i] that differs from prev[i] to a fresh variable of
// its width, and returns which did.
func Havoc(b *term.Builder, prev, cur []*term.Term) []bool {
	changed := make([]bool, len(cur))
	for i := range cur {
		if prev[i] != cur[i] {
			changed[i] = true
			cur[i] = Fresh(b, cur[i].Width())
		}
	}
	return changed
}

// Unchanged reports whether after[i] is before[i] wherever changed[i] is
// false.
func Unchanged(before, after []*term.Term, changed []bool) bool {
	for i := range before {
		if !changed[i] && before[i] != after[i] {
			return false
		}
	}
	return true
}

// HavocMemory stores a fresh byte in cur at each byte where it differs
// from prev, and returns those bytes; it is not ok when the two do not
// hold the same regions.
func HavocMemory(prev, cur *mem.Memory) (map[mem.Loc]bool, bool) {
	locs, ok := prev.Differences(cur)
	if !ok {
		return nil, false
	}
	changed := make(map[mem.Loc]bool, len(locs))
	for _, l := range locs {
		changed[l] = true
		if err := cur.Store(l.Region, l.Off, Fresh(cur.Builder(), 8)); err != nil {
			return nil, false
		}
	}
	return changed, true
}

// MemoryUnchanged reports whether after holds what before holds in every
// byte not in changed.
func MemoryUnchanged(before, after *mem.Memory, changed map[mem.Loc]bool) bool {
	locs, ok := before.Differences(after)
	if !ok {
		return false
	}
	for _, l := range locs {
		if !changed[l] {
			return false
		}
	}
	return true
}

// RunProbe steps a probe until it is back at its head. It reports false
// when the probe returned from the function, failed (a branch on a
// non-constant condition, say) or ran past MaxProbeSteps.
func RunProbe(step func() error, arrived, returned func() bool) bool {
	for steps := 0; !arrived(); steps++ {
		if returned() || steps >= MaxProbeSteps || step() != nil {
			return false
		}
	}
	return true
}

// Count is the number of true entries in the lists.
func Count(lists ...[]bool) int {
	n := 0
	for _, l := range lists {
		for _, x := range l {
			if x {
				n++
			}
		}
	}
	return n
}

// NeverEnds is the error of a probe that succeeded: what changes from one
// iteration to the next decides no branch.
func NeverEnds(pos string, regs, bytes int) error {
	return fmt.Errorf("at %s: %w (after the first iterations only %d registers or flags and %d memory bytes change, and no branch depends on them)", pos, ErrNoReturn, regs, bytes)
}
