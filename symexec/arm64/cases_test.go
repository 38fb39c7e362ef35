package arm64

import (
	"errors"
	"math/rand"
	"sort"
	"testing"

	"golang.org/x/arch/arm64/arm64asm"
)

// testPC is where the single-instruction tests place the instruction.
const testPC = 0x40_1234_5000

// TestFormsDisjoint checks that no word matches two forms.
func TestFormsDisjoint(t *testing.T) {
	for i, f := range forms {
		for _, g := range forms[i+1:] {
			if (f.Value^g.Value)&f.Mask&g.Mask == 0 {
				t.Errorf("forms %s and %s overlap", f.Name, g.Name)
			}
		}
	}
}

// TestNamed runs every named word on edge and random states against the
// reference model.
func TestNamed(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	buf := make([]byte, testBufSize)
	rng.Read(buf)
	const bufAddr = 0x7f00_0000_0000
	for _, e := range namedWords {
		for k := 0; k < 200; k++ {
			c, ok := randomState(rng, e, bufAddr, 0x7f10_0000_0000, buf)
			if !ok {
				continue
			}
			checkOne(t, e, testPC, c)
			if t.Failed() && k > 20 {
				t.FailNow()
			}
		}
	}
}

// TestForms runs random encodings of every non-branch form on random
// states against the reference model, and checks that every mnemonic the
// forms list is exercised.
func TestForms(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	buf := make([]byte, testBufSize)
	rng.Read(buf)
	const bufAddr = 0x7f00_0000_0000
	seen := map[arm64asm.Op]bool{}
	for _, e := range namedWords {
		if x, err := arm64asm.Decode(le(e)); err == nil {
			seen[x.Op] = true
		}
	}
	n := 3000
	if testing.Short() {
		n = 300
	}
	for _, f := range Modelled() {
		if isBranch(f) || isLiteral(f) {
			continue
		}
		t.Run(f.Name, func(t *testing.T) {
			ran, reserved := 0, 0
			for k := 0; k < n; k++ {
				e := randomWord(rng, f)
				x, err := arm64asm.Decode(le(e))
				if err != nil {
					continue
				}
				c, ok := randomState(rng, e, bufAddr, 0x7f10_0000_0000, buf)
				if !ok {
					continue
				}
				if _, _, ok := checkOne(t, e, testPC, c); ok {
					ran++
					seen[x.Op] = true
				} else {
					reserved++
				}
				if t.Failed() && k > 50 {
					t.FailNow()
				}
			}
			if ran < n/10 {
				t.Errorf("only %d of %d random encodings ran (%d refused)", ran, n, reserved)
			}
		})
	}
	var missing []string
	for _, f := range forms {
		for _, op := range f.Ops {
			if !seen[op] && !isBranch(*f) && !aliasOnly[op] {
				missing = append(missing, op.String())
			}
		}
	}
	sort.Strings(missing)
	if len(missing) > 0 {
		t.Errorf("mnemonics never executed: %v", missing)
	}
}

// TestUnsupported checks that unmodelled and reserved words are refused
// with an UnsupportedError naming the mnemonic and position.
func TestUnsupported(t *testing.T) {
	for _, tt := range []struct {
		e        uint32
		mnemonic string
	}{
		{0x3c408c22, "LDR"},  // SIMD load
		{0x1e220820, "FMUL"}, // FP
		{0x1e2e1000, "FMOV"}, // floating point: not modelled
		{0xa9400421, "LDP"},  // Rt = Rt2
		{0xf8408421, "LDR"},  // write-back Rn = Rt
		{0xd4000001, "SVC"},  // system
		{0xc85f7c20, "LDXR"}, // exclusive
		{0xd53b4200, "MRS"},  // system register
		{0x9ac14c00, "CRC32X"} /* CRC */} {
		s, _ := newState(&cpu{flags: [nflags]int8{0, 0, 0, 0}})
		err := execWord(t, s, tt.e, testPC)
		var ue *UnsupportedError
		if !errors.As(err, &ue) {
			t.Errorf("%#08x: got %v, want an UnsupportedError", tt.e, err)
			continue
		}
		if ue.PC != testPC || ue.File != "test.s" || ue.Line != 1 || ue.Mnemonic == "" {
			t.Errorf("%#08x: %+v", tt.e, ue)
		}
		t.Logf("%#08x: %v", tt.e, err)
	}
}

// aliasOnly are mnemonics arm64asm never prints: it always prefers an
// alias (LSL for LSLV, UBFX or LSR for UBFM, ...).
var aliasOnly = map[arm64asm.Op]bool{
	arm64asm.LSLV: true, arm64asm.LSRV: true, arm64asm.ASRV: true, arm64asm.RORV: true,
	arm64asm.SBFM: true, arm64asm.UBFM: true,
}

func le(e uint32) []byte { return []byte{byte(e), byte(e >> 8), byte(e >> 16), byte(e >> 24)} }

// TestVarTimeSources: every entry of the variable-time policy names a
// reason and where it comes from.
func TestVarTimeSources(t *testing.T) {
	for m, r := range VarTimePolicy {
		if r.Why == "" || r.Source == "" {
			t.Errorf("%s: policy without a reason or a source", m)
		}
	}
}
