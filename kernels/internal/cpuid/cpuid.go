// Package cpuid tells the kernels which CPU features they may use: the
// features golang.org/x/sys/cpu detects, restricted by the environment
// variable VG_CPU_FEATURES.
//
// VG_CPU_FEATURES is a comma-separated list of feature names ("bmi2,adx",
// "avx2") or the word "none". When it is set, a feature not in the list is
// treated as absent even if the CPU has it, so that every kernel variant can
// be tested and benchmarked on one machine. It cannot add a feature the CPU
// lacks. Unset or empty means every detected feature. Names are
// case-insensitive; spaces around them are ignored; unknown names are
// ignored.
//
// The variable is read at each call, so callers that cache a choice (kernel
// dispatch does, at init) see the value of that moment.
package cpuid

import (
	"os"
	"strings"

	"golang.org/x/sys/cpu"
)

// EnvVar is the name of the environment variable that restricts features.
const EnvVar = "VG_CPU_FEATURES"

// features maps each name accepted by Has and VG_CPU_FEATURES to what the CPU
// reports. Names follow the instruction set extensions' usual lower-case
// spelling.
var features = map[string]*bool{
	"aes": &hasAES,

	// amd64
	"adx":         &cpu.X86.HasADX,
	"avx":         &cpu.X86.HasAVX,
	"avx2":        &cpu.X86.HasAVX2,
	"avx512f":     &cpu.X86.HasAVX512F,
	"avx512bw":    &cpu.X86.HasAVX512BW,
	"avx512dq":    &cpu.X86.HasAVX512DQ,
	"avx512vl":    &cpu.X86.HasAVX512VL,
	"avx512ifma":  &cpu.X86.HasAVX512IFMA,
	"avx512vbmi":  &cpu.X86.HasAVX512VBMI,
	"avx512vbmi2": &cpu.X86.HasAVX512VBMI2,
	"avxifma":     &cpu.X86.HasAVXIFMA,
	"bmi1":        &cpu.X86.HasBMI1,
	"bmi2":        &cpu.X86.HasBMI2,
	"fma":         &cpu.X86.HasFMA,
	"pclmulqdq":   &cpu.X86.HasPCLMULQDQ,
	"popcnt":      &cpu.X86.HasPOPCNT,
	"sse41":       &cpu.X86.HasSSE41,
	"sse42":       &cpu.X86.HasSSE42,
	"ssse3":       &cpu.X86.HasSSSE3,

	// arm64
	"asimd":   &cpu.ARM64.HasASIMD,
	"pmull":   &cpu.ARM64.HasPMULL,
	"sha1":    &cpu.ARM64.HasSHA1,
	"sha2":    &cpu.ARM64.HasSHA2,
	"sha3":    &cpu.ARM64.HasSHA3,
	"sha512":  &cpu.ARM64.HasSHA512,
	"crc32":   &cpu.ARM64.HasCRC32,
	"atomics": &cpu.ARM64.HasATOMICS,
	"asimddp": &cpu.ARM64.HasASIMDDP,
	"sve":     &cpu.ARM64.HasSVE,
	"sve2":    &cpu.ARM64.HasSVE2,
	"dit":     &cpu.ARM64.HasDIT,
}

// hasAES is the one name both architectures use; x/sys/cpu leaves the
// other architecture's field false.
var hasAES = cpu.X86.HasAES || cpu.ARM64.HasAES

// Has reports whether the CPU has the named feature and VG_CPU_FEATURES
// allows it. An unknown name reports false.
func Has(feature string) bool {
	return Detected(feature) && Allowed(feature, os.Getenv(EnvVar))
}

// Detected reports whether the CPU has the named feature, ignoring
// VG_CPU_FEATURES. An unknown name reports false.
func Detected(feature string) bool {
	p, ok := features[strings.ToLower(feature)]
	return ok && *p
}

// Allowed reports whether the restriction list (a VG_CPU_FEATURES value)
// permits the named feature.
func Allowed(feature, list string) bool {
	list = strings.TrimSpace(list)
	if list == "" {
		return true
	}
	for name := range strings.SplitSeq(list, ",") {
		if strings.EqualFold(strings.TrimSpace(name), feature) {
			return true
		}
	}
	// "none" needs no case of its own: no feature is called that.
	return false
}

// Known reports whether name is a feature name Has understands.
func Known(name string) bool {
	_, ok := features[strings.ToLower(name)]
	return ok
}
