//go:build linux

package amd64

import (
	"encoding/binary"
	"encoding/hex"
	"os"
	"strings"
	"syscall"
	"testing"
	"unsafe"
)

// The native co-simulation runs each test instruction on this CPU and
// compares every register and every flag the lifter defines. The
// instruction runs in a generated code page that loads the registers and
// flags from immediates, executes it, and stores the registers and RFLAGS
// to nativeOut. It must not use RSP or memory.

var nativeOut [16]uint64 // RSP's slot receives RFLAGS

// flagBits are the RFLAGS positions of CF, PF, AF, ZF, SF and OF.
var flagBits = [nflags]uint{CF: 0, PF: 2, AF: 4, ZF: 6, SF: 7, OF: 11}

type native struct{ page []byte }

func newNative(t *testing.T) *native {
	page, err := syscall.Mmap(-1, 0, 4096, syscall.PROT_READ|syscall.PROT_WRITE|syscall.PROT_EXEC, syscall.MAP_PRIVATE|syscall.MAP_ANON)
	if err != nil {
		t.Skipf("no executable memory: %v", err)
	}
	t.Cleanup(func() { syscall.Munmap(page) })
	return &native{page: page}
}

func (n *native) run(code []byte, in cpu) cpu {
	var p []byte
	emit := func(b ...byte) { p = append(p, b...) }
	imm64 := func(v uint64) { p = binary.LittleEndian.AppendUint64(p, v) }
	emit(0x55, 0x41, 0x56, 0x41, 0x57) // PUSH RBP; PUSH R14; PUSH R15
	fl := uint64(0x202)                // reserved bit 1, IF
	for f, v := range in.flags {
		if v == 1 {
			fl |= 1 << flagBits[f]
		}
	}
	emit(0x48, 0xb8) // MOV RAX, flags; PUSH RAX; POPFQ
	imm64(fl)
	emit(0x50, 0x9d)
	for r := 0; r < 16; r++ {
		if r != RSP {
			emit(0x48|byte(r>>3), 0xb8+byte(r&7)) // MOV r, imm64
			imm64(in.regs[r])
		}
	}
	emit(code...)
	emit(0x9c, 0x57, 0x48, 0xbf) // PUSHFQ; PUSH RDI; MOV RDI, &nativeOut
	imm64(uint64(uintptr(unsafe.Pointer(&nativeOut))))
	for r := 0; r < 16; r++ {
		if r != RSP && r != RDI {
			emit(0x48|byte(r>>3)<<2, 0x89, 0x47|byte(r&7)<<3, byte(8*r)) // MOV [RDI+8r], r
		}
	}
	emit(0x58, 0x48, 0x89, 0x47, 8*RDI)      // POP RAX; MOV [RDI+8*7], RAX
	emit(0x58, 0x48, 0x89, 0x47, 8*RSP)      // POP RAX; MOV [RDI+8*4], RAX
	emit(0x41, 0x5f, 0x41, 0x5e, 0x5d, 0xc3) // POP R15; POP R14; POP RBP; RET
	copy(n.page, p)
	fv := &struct{ code uintptr }{uintptr(unsafe.Pointer(&n.page[0]))}
	call := *(*func())(unsafe.Pointer(&fv))
	call()
	var out cpu
	out.regs = nativeOut
	out.regs[RSP] = in.regs[RSP]
	for f := range out.flags {
		out.flags[f] = int8(nativeOut[RSP] >> flagBits[f] & 1)
	}
	return out
}

// TestNative compares the lifter with the CPU on every instruction case.
// Set VG_NO_NATIVE=1 to skip (e.g. under an emulator lacking BMI2 or ADX).
func TestNative(t *testing.T) {
	if os.Getenv("VG_NO_NATIVE") != "" {
		t.Skip("VG_NO_NATIVE set")
	}
	if !cpuHas("bmi2") || !cpuHas("adx") {
		t.Skip("CPU lacks BMI2 or ADX")
	}
	n := newNative(t)
	for family, cs := range allCases(5) {
		t.Run(family, func(t *testing.T) {
			fails := 0
			for _, c := range cs {
				if c.pcRel {
					continue
				}
				s := newState(c.in)
				if err := execHex(t, s, c.hex); err != nil {
					t.Fatalf("%s: %v", c.name, err)
				}
				lifted := observe(t, s, nil)
				code, _ := hex.DecodeString(strings.ReplaceAll(c.hex, " ", ""))
				hw := n.run(code, c.in)
				for f, v := range lifted.flags {
					if v == undef {
						hw.flags[f] = undef // the CPU's value is not specified
					}
				}
				if d := hw.diff(lifted); d != "" {
					t.Errorf("%s [%s]: lifted vs CPU:%s", c.name, c.hex, d)
					if fails++; fails > 20 {
						t.Fatal("too many failures")
					}
				}
			}
		})
	}
}

// cpuHas reads a feature flag from /proc/cpuinfo.
func cpuHas(feature string) bool {
	data, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		return false
	}
	for _, line := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(line, "flags") {
			for _, f := range strings.Fields(line) {
				if f == feature {
					return true
				}
			}
			return false
		}
	}
	return false
}
