package decode

import (
	"encoding/binary"
	"testing"
)

// TestARM64SHA3 decodes the SHA3 and SHA512 instructions as the Go assembler encodes
// them (its own test data, cmd/asm/internal/asm/testdata/arm64.s), and
// checks that words next to them in the encoding space are not taken for
// them.
func TestARM64SHA3(t *testing.T) {
	tests := []struct {
		word       uint32
		gosyn, gnu string
	}{
		{0xce7a8fbe, "VRAX1 V26.D2, V29.D2, V30.D2", "rax1 v30.2d, v29.2d, v26.2d"},
		{0xce9bfeba, "VXAR $63, V27.D2, V21.D2, V26.D2", "xar v26.2d, v21.2d, v27.2d, #63"},
		{0xce070999, "VEOR3 V2.B16, V7.B16, V12.B16, V25.B16", "eor3 v25.16b, v12.16b, v7.16b, v2.16b"},
		{0xce22075f, "VBCAX V1.B16, V2.B16, V26.B16, V31.B16", "bcax v31.16b, v26.16b, v2.16b, v1.16b"},
		{0xce628020, "SHA512H V2.D2, V1, V0", "sha512h q0, q1, v2.2d"},
		{0xce648462, "SHA512H2 V4.D2, V3, V2", "sha512h2 q2, q3, v4.2d"},
		{0xcec08109, "SHA512SU0 V8.D2, V9.D2", "sha512su0 v9.2d, v8.2d"},
		{0xce6788c5, "SHA512SU1 V7.D2, V6.D2, V5.D2", "sha512su1 v5.2d, v6.2d, v7.2d"},
	}
	for _, tt := range tests {
		w := binary.LittleEndian.AppendUint32(nil, tt.word)
		x, err := ARM64(w)
		if err != nil {
			t.Errorf("%#08x: %v", tt.word, err)
			continue
		}
		if got := formatSHA3(x, false); got != tt.gosyn {
			t.Errorf("%#08x: %q, want %q", tt.word, got, tt.gosyn)
		}
		if got := formatSHA3(x, true); got != tt.gnu {
			t.Errorf("%#08x: %q, want %q", tt.word, got, tt.gnu)
		}
	}
	// Unallocated neighbours: EOR3 with bit 15 set, the three-register
	// SHA512 class with O = 1 and opcode 11, the two-register class with
	// opcode 10, the class 0xCE with bits 23:21 = 111.
	for _, w := range []uint32{0xce008000, 0xce60cc00, 0xcec08800, 0xcee00000} {
		if x, err := ARM64(binary.LittleEndian.AppendUint32(nil, w)); err == nil && ARM64OpName(x.Op) != "" {
			t.Errorf("%#08x decoded as %s", w, ARM64OpName(x.Op))
		}
	}
}
