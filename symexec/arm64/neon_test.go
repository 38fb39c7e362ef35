package arm64

import (
	"errors"
	"math/rand"
	"testing"

	"vg.dev/symexec/term"
)

// vregs is a concrete V register file: [n][0] the low 64 bits.
type vregs [32][2]uint64

// withNEON enables the NEON forms for the duration of a test.
func withNEON(t testing.TB) {
	old := EnableNEON
	EnableNEON = true
	t.Cleanup(func() { EnableNEON = old })
}

// neonExec runs e at pc with the lifter on c and v and returns the final
// state (err: the lifter's error).
func neonExec(t testing.TB, e uint32, pc uint64, c *cpu, v *vregs) (cpu, vregs, []Event, error) {
	t.Helper()
	s, buf := newState(c)
	for i := range v {
		s.v[i] = s.b.Concat(s.b.Uint(v[i][1], 64), s.b.Uint(v[i][0], 64))
	}
	if err := execWord(t, s, e, pc); err != nil {
		return cpu{}, vregs{}, nil, err
	}
	out := observe(t, s, buf, c)
	ev := term.NewEvaluator(env(c, buf))
	var vo vregs
	for i := range vo {
		for h := 0; h < 2; h++ {
			x, err := ev.Eval(s.b.Extract(s.v[i], 64*h+63, 64*h))
			if err != nil {
				t.Fatalf("eval V%d: %v", i, err)
			}
			vo[i][h] = x.Uint64()
		}
	}
	return out, vo, s.events, nil
}

// laneEdges are edge values of 8-, 16-, 32- and 64-bit lanes.
var laneEdges = []uint64{0, 1, 2, 0x7f, 0x80, 0xff, 0x7fff, 0x8000, 0xffff, 0x7fffffff, 0x80000000, 0xffffffff,
	0x7fffe001, 0x807fe001, 1 << 63, 1<<63 - 1, ^uint64(0)}

// randomV is a random V register file: half of the 32-bit lanes edge
// values.
func randomV(rng *rand.Rand) vregs {
	var v vregs
	for i := range v {
		for h := 0; h < 2; h++ {
			var x uint64
			for l := 0; l < 2; l++ {
				y := rng.Uint64() & 0xffffffff
				if rng.Intn(2) == 0 {
					y = laneEdges[rng.Intn(len(laneEdges))] & 0xffffffff
				}
				x |= y << uint(32*l)
			}
			if rng.Intn(8) == 0 {
				x = laneEdges[rng.Intn(len(laneEdges))]
			}
			v[i][h] = x
		}
	}
	return v
}

// TestNeonFormsDisjoint checks that no word matches two NEON forms, or a
// NEON form and a scalar form.
func TestNeonFormsDisjoint(t *testing.T) {
	all := append(append([]*Form{}, forms...), neonForms...)
	for i, f := range neonForms {
		for _, g := range all {
			if g == f {
				continue
			}
			if f.Value&g.Mask == g.Value&f.Mask {
				t.Errorf("forms %s and %s overlap", f.Name, g.Name)
			}
		}
		_ = i
	}
}

// TestNeonGate checks that NEON words are refused unless EnableNEON.
func TestNeonGate(t *testing.T) {
	old := EnableNEON
	EnableNEON = false
	t.Cleanup(func() { EnableNEON = old })
	var c cpu
	var v vregs
	_, _, _, err := neonExec(t, 0x4ea21c20, testPC, &c, &v) // ORR v0.16b, v1.16b, v2.16b
	var ue *UnsupportedError
	if !errors.As(err, &ue) {
		t.Fatalf("NEON disabled: got %v", err)
	}
	withNEON(t)
	if _, _, _, err := neonExec(t, 0x4ea21c20, testPC, &c, &v); err != nil {
		t.Fatal(err)
	}
}

// TestNeonLanes checks lane semantics on edge values against values
// worked out from the Arm ARM pseudocode.
func TestNeonLanes(t *testing.T) {
	withNEON(t)
	lane32 := func(a, b, c, d uint32) [2]uint64 {
		return [2]uint64{uint64(a) | uint64(b)<<32, uint64(c) | uint64(d)<<32}
	}
	lane16 := func(l ...uint16) [2]uint64 {
		var r [2]uint64
		for i, x := range l {
			r[i/4] |= uint64(x) << uint(16*(i%4))
		}
		return r
	}
	for _, tt := range []struct {
		name     string
		e        uint32
		v1, v2   [2]uint64
		v0, want [2]uint64
	}{
		// SQDMULH v0.4s, v1.4s, v2.4s
		{"sqdmulh.4s", 0x4ea2b420, lane32(0x80000000, 0x80000000, 0x7fffffff, 3), lane32(0x80000000, 0x7fffffff, 0x7fffffff, 0xfffffffb), [2]uint64{},
			lane32(0x7fffffff, 0x80000001, 0x7ffffffe, 0xffffffff)},
		// SQRDMULH v0.4s, v1.4s, v2.4s
		{"sqrdmulh.4s", 0x6ea2b420, lane32(0x80000000, 0x80000000, 0x40000000, 0xffffffff), lane32(0x80000000, 0x7fffffff, 1, 0x40000000), [2]uint64{},
			lane32(0x7fffffff, 0x80000001, 1, 0)},
		// SQDMULH v0.8h, v1.8h, v2.8h
		{"sqdmulh.8h", 0x4e62b420, lane16(0x8000, 0x8000, 0x7fff, 0x4000, 0, 0, 0, 0xffff), lane16(0x8000, 0x7fff, 0x7fff, 0x4000, 0, 0, 0, 0xffff), [2]uint64{},
			lane16(0x7fff, 0x8001, 0x7ffe, 0x2000, 0, 0, 0, 0)},
		// MLS v0.4s, v1.4s, v2.4s
		{"mls.4s", 0x6ea29420, lane32(2, 0xffffffff, 0x10000, 7), lane32(3, 0xffffffff, 0x10000, 0), lane32(10, 0, 0, 5),
			lane32(4, 0xffffffff, 0, 5)},
		// SRSHR v0.4s, v1.4s, #1
		{"srshr.4s#1", 0x4f3f2420, lane32(3, 0xffffffff, 0x7fffffff, 0x80000000), [2]uint64{}, [2]uint64{},
			lane32(2, 0, 0x40000000, 0xc0000000)},
		// SSHR v0.4s, v1.4s, #32
		{"sshr.4s#32", 0x4f200420, lane32(3, 0xffffffff, 0x7fffffff, 0x80000000), [2]uint64{}, [2]uint64{},
			lane32(0, 0xffffffff, 0, 0xffffffff)},
		// USHR v0.4s, v1.4s, #32
		{"ushr.4s#32", 0x6f200420, lane32(3, 0xffffffff, 0x7fffffff, 0x80000000), [2]uint64{}, [2]uint64{}, [2]uint64{}},
		// CMGT v0.4s, v1.4s, v2.4s
		{"cmgt.4s", 0x4ea23420, lane32(1, 0x80000000, 5, 0), lane32(0, 0x7fffffff, 5, 0xffffffff), [2]uint64{},
			lane32(0xffffffff, 0, 0, 0xffffffff)},
		// ZIP1 v0.4s, v1.4s, v2.4s
		{"zip1.4s", 0x4e823820, lane32(1, 2, 3, 4), lane32(5, 6, 7, 8), [2]uint64{}, lane32(1, 5, 2, 6)},
		// UZP2 v0.4s, v1.4s, v2.4s
		{"uzp2.4s", 0x4e825820, lane32(1, 2, 3, 4), lane32(5, 6, 7, 8), [2]uint64{}, lane32(2, 4, 6, 8)},
		// TRN1 v0.2d, v1.2d, v2.2d
		{"trn1.2d", 0x4ec22820, lane32(1, 2, 3, 4), lane32(5, 6, 7, 8), [2]uint64{}, lane32(1, 2, 5, 6)},
		// EXT v0.16b, v1.16b, v2.16b, #4
		{"ext#4", 0x6e022020, lane32(1, 2, 3, 4), lane32(5, 6, 7, 8), [2]uint64{}, lane32(2, 3, 4, 5)},
		// SMULL2 v0.2d, v1.4s, v2.4s
		{"smull2", 0x4ea2c020, lane32(0, 0, 0x80000000, 0xffffffff), lane32(0, 0, 0x80000000, 5), [2]uint64{},
			[2]uint64{1 << 62, ^uint64(4)}},
		// XTN2 v0.4s, v1.2d
		{"xtn2", 0x4ea12820, [2]uint64{0x1111111122222222, 0x3333333344444444}, [2]uint64{}, [2]uint64{5, 6},
			[2]uint64{5, 0x4444444422222222}},
	} {
		var c cpu
		var v vregs
		v[0], v[1], v[2] = tt.v0, tt.v1, tt.v2
		_, out, _, err := neonExec(t, tt.e, testPC, &c, &v)
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if out[0] != tt.want {
			t.Errorf("%s: got %#x, want %#x", tt.name, out[0], tt.want)
		}
	}
}

// TestNeonHashCons checks that SMULL and SQDMULH share the lane product
// and that vector multiplies record VarTime warnings.
func TestNeonHashCons(t *testing.T) {
	withNEON(t)
	c := cpu{}
	s, _ := newState(&c)
	if err := execWord(t, s, 0x0ea2c020, testPC); err != nil { // SMULL v0.2d, v1.2s, v2.2s
		t.Fatal(err)
	}
	if err := execWord(t, s, 0x4ea2b423, testPC); err != nil { // SQDMULH v3.4s, v1.4s, v2.4s
		t.Fatal(err)
	}
	b := s.b
	x := b.Extract(s.vreg(1), 31, 0)
	y := b.Extract(s.vreg(2), 31, 0)
	p := b.Mul(b.SignExt(x, 64), b.SignExt(y, 64))
	if b.Extract(s.v[0], 63, 0) != p {
		t.Errorf("SMULL lane 0 is %v, not the product %v", b.Extract(s.v[0], 63, 0), p)
	}
	found := false
	term.Walk(func(z *term.Term) { found = found || z == p }, s.v[3])
	if !found {
		t.Errorf("SQDMULH does not use the SMULL product")
	}
	n := 0
	for _, e := range s.events {
		if e.Kind == VarTime {
			n++
			if r, ok := VarTimePolicy[e.Mnemonic]; !ok || r.Severity.String() == "" {
				t.Errorf("no policy for %s", e.Mnemonic)
			}
		}
	}
	if n != 2 {
		t.Errorf("%d VarTime events, want 2", n)
	}
}
