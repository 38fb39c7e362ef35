package decode

import (
	"strings"
	"testing"
)

// TestImmediateNotSymbolized checks that a MOV immediate which happens to
// fall inside (or at) a symbol prints as the number, while a RIP-relative
// operand (legacy, VEX and EVEX) and a branch to a symbol print as the
// symbol: the text (and the proof records' code hashes) must not depend
// on where the linker put unrelated symbols. An absolute memory operand
// is a number the linker did not write (Go's amd64 assembler has no
// absolute sym(SB) form), so it prints as one.
func TestImmediateNotSymbolized(t *testing.T) {
	b := &Binary{Arch: "amd64", syms: []*Symbol{{Name: "some.data", Addr: 0x7fe000, Size: 0x100}, {Name: "rc", Addr: 0x401100, Size: 64}}, maxSize: 0x100}
	tests := []struct {
		code []byte // at pc 0x401000
		want string
		not  string
	}{
		{[]byte{0xb8, 0x01, 0xe0, 0x7f, 0x00}, "$0x7fe001", "some.data"},                      // MOVL $0x7fe001, AX
		{[]byte{0x4c, 0x8d, 0x3d, 0xf9, 0x00, 0x00, 0x00}, "rc(SB)", ""},                      // LEAQ rc(SB), R15 (RIP + 0xf9)
		{[]byte{0xe9, 0xfb, 0x00, 0x00, 0x00}, "rc(SB)", ""},                                  // JMP rc
		{[]byte{0x48, 0xc7, 0xc0, 0x01, 0xe0, 0x7f, 0x00}, "$0x7fe001", "some.data"},          // MOVQ $0x7fe001, AX
		{[]byte{0xb8, 0x00, 0x11, 0x40, 0x00}, "$0x401100", "rc"},                             // MOVL $0x401100, AX: rc's very address, still a number
		{[]byte{0x48, 0x8b, 0x05, 0x01, 0x01, 0x00, 0x00}, "rc+8(SB)", ""},                    // MOVQ rc+8(SB), AX (RIP + 0x101)
		{[]byte{0x48, 0x8b, 0x04, 0x25, 0x08, 0x11, 0x40, 0x00}, "0x401108", "rc"},            // MOVQ 0x401108, AX: absolute (SIB, no base), layout-bound: the number
		{[]byte{0xc5, 0xfe, 0x6f, 0x05, 0xf8, 0x00, 0x00, 0x00}, "rc(SB)", "0xf8"},            // VMOVDQU rc(SB), Y0: VEX RIP-relative (x86asm leaves the base empty)
		{[]byte{0xc4, 0xe2, 0x7d, 0x58, 0x05, 0xf7, 0x00, 0x00, 0x00}, "rc(SB)", ""},          // VPBROADCASTD rc(SB), Y0: three-byte VEX
		{[]byte{0x62, 0xf1, 0xfe, 0x48, 0x6f, 0x05, 0x16, 0x01, 0x00, 0x00}, "rc+32(SB)", ""}, // VMOVDQU64 rc+32(SB), Z0: EVEX (mod 00: disp32, no disp8*N)
		{[]byte{0xc5, 0xfe, 0x6f, 0x04, 0x25, 0x00, 0x11, 0x40, 0x00}, "0x401100", "rc"},      // VMOVDQU 0x401100, Y0: VEX absolute (SIB) stays a number
	}
	for _, tt := range tests {
		x, err := decodeX86(tt.code)
		if err != nil {
			t.Fatalf("% x: %v", tt.code, err)
		}
		in := Inst{PC: 0x401000, Len: x.Len, Bytes: tt.code, X86: &x, bin: b}
		s := in.String()
		if !strings.Contains(s, tt.want) || tt.not != "" && strings.Contains(s, tt.not) {
			t.Errorf("% x: %q, want %q (and not %q)", tt.code, s, tt.want, tt.not)
		}
	}
}
