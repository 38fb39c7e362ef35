package prove

import (
	"fmt"
	"math/rand"
	"regexp"
	"strconv"
	"testing"
)

// TestRelativeAddrs: relativeAddrs writes what the regexp it replaced
// wrote (records hash its output, so one byte of difference would make
// every record stale), on disassembly-like and random strings.
func TestRelativeAddrs(t *testing.T) {
	re := regexp.MustCompile(`0x[0-9a-f]+`)
	const lo, hi = 0x4a1000, 0x4a2000
	want := func(s string) string {
		return re.ReplaceAllStringFunc(s, func(m string) string {
			a, err := strconv.ParseUint(m[2:], 16, 64)
			if err == nil && a >= lo && a < hi {
				return fmt.Sprintf("pc+%#x", a-lo)
			}
			return m
		})
	}
	cases := []string{
		"", "0x", "0x4a1010", "JMP 0x4a1010", "CALL 0x4a3000", "MOVQ $0x13, AX", "JNE 0x4a1ffe; 0x4a1000",
		"0x0x4a1001", "0xg", "0X4a1010", "x0x4a1010x", "0x4a1010ff", "0x00000000004a1004", "0x11112222333344445555",
		"ADDQ 0x10(SP), AX // 0x4a1abc",
	}
	r := rand.New(rand.NewSource(1))
	const alphabet = "0x4a1fgX, $()"
	for range 5000 {
		b := make([]byte, r.Intn(24))
		for i := range b {
			b[i] = alphabet[r.Intn(len(alphabet))]
		}
		cases = append(cases, string(b))
	}
	for _, s := range cases {
		if got, w := relativeAddrs(s, lo, hi), want(s); got != w {
			t.Fatalf("relativeAddrs(%q) = %q, the regexp gives %q", s, got, w)
		}
	}
}
