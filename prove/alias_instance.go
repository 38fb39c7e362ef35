package prove

import (
	"fmt"
	"slices"

	"vg.dev/symexec/mem"
	"vg.dev/symexec/term"
)

// Aliased runs as instances. With pointers equal, the kernel and the spec
// run on one region where the run with them distinct had several. When
// neither side loaded a byte of one of those regions after the same byte
// of another was stored, every load with the pointers equal gives what it
// gave with them distinct, with the regions' initial variables identified
// (σ, substitution): by induction over the steps of a path, the aliased
// execution on an input is the distinct execution on that input's σ-image.
// When, besides, at most one of the regions is stored at each byte (by
// either side), the shared byte ends as that region's byte ended, and the
// others' equal their initial value; so each output of the aliased run is
// an output of the distinct run renamed, or an unwritten byte on both
// sides. What the distinct run proved for all its inputs (equivalence,
// constant time, the frame) then holds for the aliased inputs, provided
//
//   - the aliased run's assumptions include the renamed assumptions of the
//     distinct run (so σ maps every aliased input it allows to one the
//     distinct run allowed) and the kernel's arguments are the renamed
//     ones,
//   - every region of a group is as secret as the others (so two aliased
//     runs that agree on public inputs are the images of two distinct runs
//     that do; constant time carries over), and
//   - the spec never compared the pointers of two regions of a group (the
//     interpreter answers "different" for different regions, which is
//     false when they are one).
//
// Bytes are ordered by the memories' access records (mem.TrackAccesses):
// every path of the kernel, including paths found infeasible, and the
// spec's merge of its returning paths. A panicking path of the spec is not
// in the merge; the distinct run proved that no allowed input panics, and
// σ-images of allowed inputs are allowed, so no aliased input takes one.
//
// The base need not be the distinct run: any run that proved everything
// and whose groups are within the aliased run's groups serves, and its
// groups' regions are the ones compared.

// instanceBase returns the first of bases of which the run with aliasing
// alias, on inputs in under assume, is an instance; nil if none is, with
// why not (for the report: the aliased run is lifted then).
func instanceBase(b *term.Builder, bases []*aliasBase, alias aliasing, in *inputs, assume []*term.Term) (*aliasBase, string) {
	if !in.uniformSecrecy() {
		return nil, "its groups mix secret and public parameters"
	}
	why := "no run proved with fewer pointers equal"
	for _, base := range bases {
		if base.alias == nil || !refines(base.alias, alias) {
			continue
		}
		if err := instanceOrder(base, alias); err != nil {
			why = err.Error()
			continue
		}
		if !renamedWithin(b, base, in, assume) {
			why = "its precondition does not include the other run's, renamed"
			continue
		}
		return base, ""
	}
	return nil, why
}

// refines reports whether every group of a lies within a group of c.
func refines(a, c aliasing) bool {
	if len(a) != len(c) {
		return false
	}
	for i, rep := range a {
		if c[rep] != c[i] {
			return false
		}
	}
	return true
}

// instanceOrder checks the access order of base's executions for aliasing
// alias: nil when the aliased execution is an instance of base's, else
// why not.
func instanceOrder(base *aliasBase, alias aliasing) error {
	execs := base.execs
	for _, m := range execs {
		if !m.Tracking() {
			return fmt.Errorf("an execution did not record its accesses")
		}
	}
	// The base's regions of each aliased group.
	groups := map[int][]*mem.Region{}
	for i, p := range base.in.params {
		if p.region == nil {
			continue
		}
		g := groups[alias[i]]
		if !slices.Contains(g, p.region) {
			groups[alias[i]] = append(g, p.region)
		}
	}
	for _, rs := range groups {
		if len(rs) < 2 {
			continue
		}
		for _, r := range rs[1:] {
			if r.Size != rs[0].Size || r.Kind != mem.Input || rs[0].Kind != mem.Input {
				return fmt.Errorf("regions %s and %s differ in size or kind", rs[0].Name, r.Name)
			}
		}
		for _, c := range base.compared {
			if slices.Contains(rs, c[0]) && slices.Contains(rs, c[1]) {
				return fmt.Errorf("the spec compares the pointers %s and %s", c[0].Name, c[1].Name)
			}
		}
		acc := make([][][]mem.Access, len(execs)) // exec, region, byte
		for e, m := range execs {
			for _, r := range rs {
				acc[e] = append(acc[e], m.Accesses(r))
			}
		}
		for off := range rs[0].Size {
			stored := -1
			for k := range rs {
				for e := range execs {
					if acc[e][k][off].FirstStore == 0 {
						continue
					}
					if stored >= 0 && stored != k {
						return fmt.Errorf("byte %d is stored through both %s and %s", off, rs[stored].Name, rs[k].Name)
					}
					stored = k
				}
			}
			if stored < 0 {
				continue
			}
			for e := range execs {
				st := acc[e][stored][off].FirstStore
				if st == 0 {
					continue
				}
				for k := range rs {
					if k != stored && acc[e][k][off].LastLoad > st {
						return fmt.Errorf("byte %d of %s is loaded after %s's is stored", off, rs[k].Name, rs[stored].Name)
					}
				}
			}
		}
	}
	return nil
}

// renamedWithin reports whether base's assumptions, renamed to the
// variables of in, are among assume, and the kernel's arguments renamed
// are in's.
func renamedWithin(b *term.Builder, base *aliasBase, in *inputs, assume []*term.Term) bool {
	rn := renamer{b: b, sub: substitution(b, base.in, in), memo: map[*term.Term]*term.Term{}}
	have := map[*term.Term]bool{}
	for _, a := range assume {
		have[a] = true
	}
	for _, a := range base.assume {
		if !have[rn.rename(a)] {
			return false
		}
	}
	da, aa := base.in.kernelArgs(), in.kernelArgs()
	if len(da) != len(aa) {
		return false
	}
	for i := range da {
		if da[i].off != aa[i].off || rn.rename(da[i].val) != aa[i].val {
			return false
		}
	}
	return true
}
