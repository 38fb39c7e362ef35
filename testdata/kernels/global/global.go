// Package global has a kernel that reads a writable global, as assembly
// that checks a CPU-feature flag does; only the tests build it.
package global

// useLEA selects the kernel's path; the Go code sets it (setLEA), so its
// declared value is not what the kernel reads.
var useLEA uint8

// setLEA is what a package's init does with a CPU-feature flag.
func setLEA(on bool) {
	if on {
		useLEA = 1
	}
}

func addGo(x, y uint64) uint64 { return x + y }

// addFlag adds with ADDQ or with LEAQ, chosen by useLEA, which is public
// (a CPU feature, say): declared so, since a global is secret by default.
//
//vg:spec addGo
//vg:public useLEA
func addFlag(x, y uint64) uint64
