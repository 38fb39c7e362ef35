package amd64

import (
	"errors"
	"strings"
	"testing"

	"vg.dev/symexec/mem"
)

// TestRealignedStack lifts the stack re-alignment idiom (SP plus k,
// rounded down with AND, used as a base) in a function with a 64-byte
// frame: the lift forks over the stack base's residues, checks the area
// against the frame and the alignment on each, and refuses what it does
// not model.
func TestRealignedStack(t *testing.T) {
	const (
		sub    = "4883ec40"   // SUBQ $64, SP
		add    = "4883c440"   // ADDQ $64, SP
		load   = "488b01"     // MOVQ (CX), AX
		store  = "4889442448" // MOVQ AX, ret+0(FP)
		ret    = "c3"         // RET
		lea15  = "488d4c240f" // LEAQ 15(SP), CX
		lea7   = "488d4c2407" // LEAQ 7(SP), CX
		lea31  = "488d4c241f" // LEAQ 31(SP), CX
		movsp  = "4889e1"     // MOVQ SP, CX
		and16  = "4883e1f0"   // ANDQ $-16, CX
		and8   = "4883e1f8"   // ANDQ $-8, CX
		and32  = "4883e1e0"   // ANDQ $-32, CX
		and128 = "4883e180"   // ANDQ $-128, CX
		movdqa = "660f7f01"   // MOVDQA X0, (CX)
		movdqu = "f30f7f01"   // MOVDQU X0, (CX)
		vmova  = "c5fd7f01"   // VMOVDQA Y0, (CX)
		high   = "660f7f4130" // MOVDQA X0, 48(CX)
	)
	for _, c := range []struct {
		name  string
		code  []string
		paths int   // when it lifts
		err   error // else
		msg   string
	}{
		{"up to 16, in the frame", []string{lea15, and16, movdqa}, 2, nil, ""},
		{"up to 32, in the frame", []string{lea31, and32, vmova}, 4, nil, ""},
		{"up to 8, unaligned move", []string{lea7, and8, movdqu}, 1, nil, ""},
		{"up to 8, aligned move", []string{lea7, and8, movdqa}, 0, mem.ErrMisaligned, "only known 8-byte aligned"},
		{"16 aligned, 32 needed", []string{lea15, and16, vmova}, 0, mem.ErrMisaligned, "needs 32-byte alignment"},
		{"SP rounded down", []string{movsp, and16, movdqa}, 0, mem.ErrOutOfBounds, "below the entry SP"},
		{"over the return address on one residue", []string{lea15, and16, high}, 0, nil, "return to a corrupted address"},
		{"rounded to 128", []string{lea15, and128, movdqa}, 0, nil, "at most 64 modelled"},
	} {
		t.Run(c.name, func(t *testing.T) {
			cfg := newConfig()
			cfg.SPMax = 64
			code := append(append([]string{sub}, c.code...), load, store, add, ret)
			paths, err := run(t, cfg, 8, program(t, code...))
			if c.paths > 0 {
				if err != nil {
					t.Fatal(err)
				}
				if len(paths) != c.paths {
					t.Fatalf("%d paths, want %d", len(paths), c.paths)
				}
				for _, p := range paths {
					v := result(t, p, 0)
					if v.Op() == 0 || strings.Contains(v.String(), "stack@") {
						t.Errorf("result %v, want what X0 held at entry", v)
					}
				}
				return
			}
			if err == nil {
				t.Fatalf("lifted, want an error (%v %q)", c.err, c.msg)
			}
			if c.err != nil && !errors.Is(err, c.err) || !strings.Contains(err.Error(), c.msg) {
				t.Errorf("error %v, want %v saying %q", err, c.err, c.msg)
			}
		})
	}
}
