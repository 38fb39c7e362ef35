package asmpkg

import "testing"

// This file is removed by decode.Build (tests are left out of its builds)
// but used by RunTest.
func TestAdd(t *testing.T) {
	if got := callAdd(40, 2); got != 42 {
		t.Fatalf("callAdd(40, 2) = %d", got)
	}
	if got := loadConst(); got != 0xfedcba9876543210 {
		t.Fatalf("loadConst() = %#x", got)
	}
	if got := loadVar(); got != 42 {
		t.Fatalf("loadVar() = %d", got)
	}
}
