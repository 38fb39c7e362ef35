package decode

import (
	"strings"
	"testing"
)

// TestImmediateNotSymbolized checks that a 32-bit MOV immediate which
// happens to fall inside a symbol prints as the number, while a
// RIP-relative operand and a branch to a symbol's start print as the
// symbol: the text (and the proof records' code hashes) must not depend
// on where the linker put unrelated symbols.
func TestImmediateNotSymbolized(t *testing.T) {
	b := &Binary{Arch: "amd64", syms: []*Symbol{{Name: "some.data", Addr: 0x7fe000, Size: 0x100}, {Name: "rc", Addr: 0x401100, Size: 64}}, maxSize: 0x100}
	tests := []struct {
		code []byte // at pc 0x401000
		want string
		not  string
	}{
		{[]byte{0xb8, 0x01, 0xe0, 0x7f, 0x00}, "$0x7fe001", "some.data"},             // MOVL $0x7fe001, AX
		{[]byte{0x4c, 0x8d, 0x3d, 0xf9, 0x00, 0x00, 0x00}, "rc(SB)", ""},             // LEAQ rc(SB), R15 (RIP + 0xf9)
		{[]byte{0xe9, 0xfb, 0x00, 0x00, 0x00}, "rc(SB)", ""},                         // JMP rc
		{[]byte{0x48, 0xc7, 0xc0, 0x01, 0xe0, 0x7f, 0x00}, "$0x7fe001", "some.data"}, // MOVQ $0x7fe001, AX
	}
	for _, tt := range tests {
		x, err := decodeX86(tt.code)
		if err != nil {
			t.Fatalf("% x: %v", tt.code, err)
		}
		in := Inst{PC: 0x401000, Len: x.Len, Bytes: tt.code, X86: x, bin: b}
		s := in.String()
		if !strings.Contains(s, tt.want) || tt.not != "" && strings.Contains(s, tt.not) {
			t.Errorf("% x: %q, want %q (and not %q)", tt.code, s, tt.want, tt.not)
		}
	}
}
