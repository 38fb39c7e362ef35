package arm64

import (
	"encoding/binary"
	"testing"

	"vg.dev/symexec/machine/machinetest"
)

// FuzzLift runs random bytes as a function body through decode and the
// arm64 lifter: every input must end in paths or a clean error, never a
// panic.
func FuzzLift(f *testing.F) {
	words := func(ws ...uint32) []byte {
		b := make([]byte, 4*len(ws))
		for i, w := range ws {
			binary.LittleEndian.PutUint32(b[4*i:], w)
		}
		return b
	}
	f.Add(words(0xf94007e0, 0x8b000000, 0xf9000be0, 0xd65f03c0))             // LDR X0, [SP,#8]; ADD; STR; RET
	f.Add(words(0xf94007e2, 0xa9400440, 0xab020021, 0x9a040063, 0xd65f03c0)) // LDP; ADDS; ADC; RET
	f.Add(words(0x9b027c20, 0x9bc27c20, 0x9a820020, 0xd65f03c0))             // MUL; UMULH; CSEL; RET
	f.Add(words(0xb4000040, 0x14000000, 0xd65f03c0))                         // CBZ; B self; RET
	f.Add(words(0xf94007e0, 0x4cdf2800, 0x4ea28420, 0x4ea2b420, 0xd65f03c0)) // LD1.P; ADD, SQDMULH .4S; RET
	f.Fuzz(func(t *testing.T, code []byte) { machinetest.Lift(t, "arm64", Run, code) })
}
