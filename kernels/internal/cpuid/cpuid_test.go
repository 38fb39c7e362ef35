package cpuid

import (
	"testing"

	"golang.org/x/sys/cpu"
)

func TestAllowed(t *testing.T) {
	tests := []struct {
		list, feature string
		want          bool
	}{
		{"", "adx", true},
		{"  ", "adx", true},
		{"none", "adx", false},
		{"none", "none", true}, // harmless: "none" is no feature
		{"adx", "adx", true},
		{"adx", "bmi2", false},
		{"bmi2,adx", "adx", true},
		{"bmi2,adx", "bmi2", true},
		{"bmi2,adx", "avx2", false},
		{" bmi2 , ADX ", "adx", true},
		{"bmi2,adx,", "adx", true},
		{"adxx", "adx", false},
		{"ad", "adx", false},
	}
	for _, tt := range tests {
		if got := Allowed(tt.feature, tt.list); got != tt.want {
			t.Errorf("Allowed(%q, %q) = %v, want %v", tt.feature, tt.list, got, tt.want)
		}
	}
}

func TestHasFollowsEnv(t *testing.T) {
	t.Setenv(EnvVar, "")
	if Has("adx") != cpu.X86.HasADX || Has("bmi2") != cpu.X86.HasBMI2 {
		t.Errorf("unset %s: Has differs from x/sys/cpu", EnvVar)
	}
	t.Setenv(EnvVar, "none")
	for name := range features {
		if Has(name) {
			t.Errorf("%s=none: Has(%q) = true", EnvVar, name)
		}
	}
	t.Setenv(EnvVar, "adx")
	if Has("bmi2") {
		t.Errorf("%s=adx: Has(bmi2) = true", EnvVar)
	}
	if Has("adx") != cpu.X86.HasADX {
		t.Errorf("%s=adx: Has(adx) = %v, CPU has %v", EnvVar, Has("adx"), cpu.X86.HasADX)
	}
}

// TestCannotAdd checks that the list only removes: a feature the CPU lacks
// stays absent when listed.
func TestCannotAdd(t *testing.T) {
	for name := range features {
		if Detected(name) {
			continue
		}
		t.Setenv(EnvVar, name)
		if Has(name) {
			t.Errorf("%s=%s: Has reports a feature the CPU lacks", EnvVar, name)
		}
	}
}

func TestUnknown(t *testing.T) {
	t.Setenv(EnvVar, "")
	if Has("no-such-feature") || Known("no-such-feature") {
		t.Error("an unknown feature is reported")
	}
	if !Known("ADX") || !Known("avx512ifma") {
		t.Error("a known feature is not Known")
	}
}
