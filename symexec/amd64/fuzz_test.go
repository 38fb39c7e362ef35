package amd64

import (
	"testing"

	"vg.dev/symexec/machine/machinetest"
)

// FuzzLift runs random bytes as a function body through decode and the
// lifter: every input must end in paths or a clean error, never a panic.
func FuzzLift(f *testing.F) {
	f.Add([]byte{0x48, 0x8b, 0x44, 0x24, 0x08, 0x48, 0x01, 0xc0, 0xc3})             // MOVQ 8(SP), AX; ADDQ AX, AX; RET
	f.Add([]byte{0x48, 0x8b, 0x7c, 0x24, 0x08, 0x48, 0x89, 0x07, 0xc3})             // MOVQ 8(SP), DI; MOVQ AX, (DI); RET
	f.Add([]byte{0x48, 0xf7, 0xe3, 0x0f, 0x94, 0xc1, 0xc3})                         // MULQ BX; SETEQ CL; RET
	f.Add([]byte{0x48, 0x85, 0xc0, 0x74, 0x02, 0xeb, 0xfe, 0xc3})                   // TEST; JE; JMP self; RET
	f.Add([]byte{0xc4, 0xe2, 0xfb, 0xf6, 0x06, 0x66, 0x48, 0x0f, 0x38, 0xf6, 0xc1}) // MULX; ADCX
	f.Fuzz(func(t *testing.T, code []byte) { machinetest.Lift(t, "amd64", Run, code) })
}
