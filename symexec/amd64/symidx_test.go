package amd64

import (
	"errors"
	"math/rand"
	"testing"

	"vg.dev/symexec/mem"
	"vg.dev/symexec/term"
)

// TestSymbolicIndex runs loads and stores at buf + 8 + scale·i, i a public
// variable, and checks the terms against the bytes for every i that keeps
// the access in the 64 bytes of buf, and the in-bounds condition for every
// i, in bounds or not (mem/symidx.go, machine/symidx.go).
func TestSymbolicIndex(t *testing.T) {
	cases := []struct {
		name  string
		hex   string // the instruction, RSI = buf+8, RCX = i, RAX (or Y1) the value
		store bool
		size  int64
		scale int64
		mask  uint64 // i's bound when the index is masked first (0: none)
		vec   bool   // the value is Y1: a store lane by lane (storeLanesAt)
	}{
		{"MOV RAX, [RSI+8*RCX]", "488b04ce", false, 8, 8, 0, false},
		{"MOV [RSI+8*RCX], RAX", "488904ce", true, 8, 8, 0, false},
		{"MOV EAX, [RSI+RCX]", "8b040e", false, 4, 1, 0, false},
		{"MOV [RSI+RCX], AL", "88040e", true, 1, 1, 0, false},
		{"MOV [RSI+4*RCX], EAX", "89048e", true, 4, 4, 0, false},
		{"MOV RAX, [RSI+8*RCX], i&3", "488b04ce", false, 8, 8, 3, false},
		{"VMOVDQU32 [RSI+4*RCX], Y1", "62f17e287f0c8e", true, 32, 4, 0, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rng := rand.New(rand.NewSource(7))
			s, buf, env := memState(t, rng)
			before := s.mem.Clone()
			i := s.b.Var("i", 64)
			if c.mask != 0 {
				i = s.b.And(i, s.b.Uint(c.mask, 64))
			}
			s.regs[RCX] = i
			s.regs[RAX] = s.b.Var("v", 64)
			s.vregs[1] = s.b.Var("z", 512)
			var events []Event
			s.r.cfg.OnEvent = func(e Event) { events = append(events, e) }
			if err := execHex(t, s, c.hex); err != nil {
				t.Fatal(err)
			}
			if len(events) != 1 {
				t.Fatalf("%d events", len(events))
			}
			e := events[0]
			if e.InBounds == nil {
				// The places' range decides it (a masked index that
				// stays in the region): always in bounds.
				if c.mask == 0 {
					t.Fatal("no in-bounds condition on the event")
				}
				e.InBounds = s.b.Bool(true)
			}
			for k := uint64(0); k < 12; k++ {
				env[s.b.Var("i", 64)] = term.U64(k, 64)
				v := rng.Uint64()
				env[s.b.Var("v", 64)] = term.U64(v, 64)
				var z term.Value
				for w := range z {
					z[w] = rng.Uint64()
				}
				env[s.b.Var("z", 512)] = z
				ik := k
				if c.mask != 0 {
					ik &= c.mask
				}
				off := 8 + int64(ik)*c.scale
				in := off+c.size <= buf.Size
				if got := constant(t, e.InBounds, env) == 1; got != in {
					t.Errorf("i=%d: in bounds %v, want %v", k, got, in)
				}
				if got := constant(t, s.cond, env) == 1; got != in {
					t.Errorf("i=%d: path condition %v, want %v", k, got, in)
				}
				if !in {
					continue
				}
				if !c.store {
					want := constant(t, mustLoad(t, before, buf, off, int(c.size)), env)
					if got := constant(t, s.regs[RAX], env) & (1<<(8*c.size) - 1); got != want {
						t.Errorf("i=%d: loaded %#x, want %#x", k, got, want)
					}
					continue
				}
				for o := int64(0); o < buf.Size; o++ {
					want := constant(t, mustLoad(t, before, buf, o, 1), env)
					if o >= off && o < off+c.size {
						want = v >> (8 * (o - off)) & 0xff
						if c.vec {
							want = z[(o-off)/8] >> (8 * ((o - off) % 8)) & 0xff
						}
					}
					if got := constant(t, mustLoad(t, s.mem, buf, o, 1), env); got != want {
						t.Errorf("i=%d: byte %d is %#x after the store, want %#x", k, o, got, want)
					}
				}
			}
		})
	}
}

// TestSymbolicIndexRefused: symbolic offsets the model does not admit are
// errors, as before.
func TestSymbolicIndexRefused(t *testing.T) {
	cases := []struct {
		name string
		rcx  func(s *state) *term.Term
		rsi  func(s *state, buf *mem.Region) *term.Term
		want error
	}{
		{"entry register", func(s *state) *term.Term { return s.b.Var("entry.RCX", 64) }, nil, mem.ErrSymbolicIndex},
		{"never in bounds", func(s *state) *term.Term { return s.b.Add(s.b.And(s.b.Var("i", 64), s.b.Uint(7, 64)), s.b.Uint(8, 64)) }, nil, mem.ErrOutOfBounds},
		{"too many places", func(s *state) *term.Term { return s.b.Var("i", 64) }, func(s *state, _ *mem.Region) *term.Term {
			big := s.mem.Add(&mem.Region{Name: "big", Kind: mem.Input, Size: 8 * (mem.MaxPlaces + 1), Writable: true})
			return big.Base
		}, mem.ErrSymbolicIndex},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s, buf, _ := memState(t, rand.New(rand.NewSource(1)))
			if c.rsi != nil {
				s.regs[RSI] = c.rsi(s, buf)
			}
			s.regs[RCX] = c.rcx(s)
			if err := execHex(t, s, "488b04ce"); !errors.Is(err, c.want) { // MOV RAX, [RSI+8*RCX]
				t.Errorf("got %v, want %v", err, c.want)
			}
		})
	}
}

func mustLoad(t *testing.T, m *mem.Memory, r *mem.Region, off int64, n int) *term.Term {
	t.Helper()
	v, err := m.Load(r, off, n)
	if err != nil {
		t.Fatal(err)
	}
	return v
}
