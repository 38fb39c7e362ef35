package prove

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// TestHints: every violation kind the README lists has a one-line hint of
// what usually fixes it, and the hints say the things that do.
func TestHints(t *testing.T) {
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, list, ok := strings.Cut(string(readme), "Violation kinds: ")
	if !ok {
		t.Fatal("README.md lists no violation kinds")
	}
	list, _, _ = strings.Cut(list, "\n\n")
	kinds := regexp.MustCompile("`([a-z-]+)`").FindAllStringSubmatch(list, -1)
	if len(kinds) < 15 {
		t.Fatalf("README.md lists %d violation kinds", len(kinds))
	}
	for _, k := range kinds {
		h := Hint(Violation{Kind: k[1]})
		if h == "" || strings.Contains(h, "\n") || len(h) > 240 {
			t.Errorf("%s: hint %q (want one line)", k[1], h)
		}
	}
	tests := []struct {
		v    Violation
		want []string
	}{
		{Violation{Kind: KindSecretBranch}, []string{"//vg:public", "CMOV", "SETcc", "mask"}},
		{Violation{Kind: KindSecretAddress}, []string{"//vg:public", "mask"}},
		{Violation{Kind: KindVariableTime}, []string{"//vg:public", "Barrett"}},
		{Violation{Kind: KindVariableTime, Warning: true}, []string{"DOITM", "-warnings-as-errors"}},
		{Violation{Kind: KindMisaligned}, []string{"//vg:align", "wrapper", "MOVDQU"}},
		{Violation{Kind: KindStoreGlobal}, []string{"global", "argument"}},
		{Violation{Kind: KindStoreOutOfBounds, Detail: "MOVQ AX, -8(SP): store of 8 bytes at stack+65528: access outside its region: 16 bytes below the entry SP of f, whose declared frame is 8 bytes (the stack it may use is its frame and the argument area)"}, []string{"$framesize", "TEXT"}},
		{Violation{Kind: KindStoreOutOfBounds, Detail: "MOVD R0, (RSP): at 0(RSP) from the entry SP of f, the caller's frame record (its saved frame pointer at -8, its saved link register at 0)"}, []string{"0(RSP)", "frame"}},
		{Violation{Kind: KindLoadOutOfBounds, Detail: "MOVQ 32(SI), AX: load of 8 bytes at a+32: access outside its region"}, []string{"length", "//vg:sizes"}},
		{Violation{Kind: KindUndefinedRegister}, []string{"x+0(FP)"}},
		{Violation{Kind: KindResultNotWritten}, []string{"ret+N(FP)"}},
	}
	for _, tt := range tests {
		h := Hint(tt.v)
		for _, w := range tt.want {
			if !strings.Contains(h, w) {
				t.Errorf("%s (%.40s): hint %q does not say %q", tt.v.Kind, tt.v.Detail, h, w)
			}
		}
	}
	if Hint(Violation{Kind: "no-such-kind"}) != "" {
		t.Error("a hint for an unknown kind")
	}
}
