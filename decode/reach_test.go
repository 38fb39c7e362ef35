package decode

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

func TestDataDirectives(t *testing.T) {
	src := `#include "textflag.h"
#define SKIP BYTE $0xeb; BYTE $0x04
#define LOAD MOVQ (AX), BX
TEXT ·f(SB), NOSPLIT, $0
	BYTE $0x48; BYTE $0x01
	BYTE $0xd8 // ADDQ BX, AX
	SKIP
	LOAD
	MOVQ AX, BX
	WORD $0x1234; LONG $0x0
`
	file := filepath.Join(t.TempDir(), "f_amd64.s")
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		from, to int
		want     bool
	}{
		{5, 6, true},   // BYTE lines
		{5, 7, true},   // and a data-only macro
		{7, 8, false},  // a macro holding an instruction
		{6, 9, false},  // an instruction line
		{10, 10, true}, // WORD and LONG
		{4, 5, false},  // the TEXT line
		{9, 12, false}, // past the end
	} {
		if got := dataDirectives(file, c.from, c.to); got != c.want {
			t.Errorf("lines %d..%d: %v, want %v", c.from, c.to, got, c.want)
		}
	}
	if dataDirectives(filepath.Join(t.TempDir(), "missing.s"), 1, 1) {
		t.Error("a missing file holds data directives")
	}
}

func TestDecodeReachable(t *testing.T) {
	// MOVQ $7, AX; JMP +4; four bytes that are no instruction; RET.
	code := []byte{0x48, 0xc7, 0xc0, 7, 0, 0, 0, 0xeb, 0x04, 0xff, 0xff, 0x0f, 0x0b, 0xc3}
	insts, err := decodeReachable(code, 0x1000)
	if err != nil {
		t.Fatal(err)
	}
	var kinds []string
	for _, in := range insts {
		if in.Data {
			kinds = append(kinds, "data")
		} else {
			kinds = append(kinds, in.X86.Op.String())
		}
	}
	if got := fmt.Sprint(kinds); got != "[MOV JMP data RET]" {
		t.Errorf("decoded %s", got)
	}
	// A branch into the middle of an instruction that is also reached.
	overlap := []byte{0x74, 0x01, 0x48, 0xc7, 0xc0, 7, 0, 0, 0, 0xc3}
	if _, err := decodeReachable(overlap, 0); err == nil {
		t.Error("overlapping instructions decoded")
	}
}
