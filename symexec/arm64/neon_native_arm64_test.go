//go:build arm64 && linux

package arm64

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math/rand"
	"os"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"unsafe"

	"golang.org/x/arch/arm64/arm64asm"

	"vg.dev/decode"
)

// mnemonicOf names a decoded word, the SHA3 ops included.
func mnemonicOf(x arm64asm.Inst) string {
	if n := decode.ARM64OpName(x.Op); n != "" {
		return n
	}
	return x.Op.String()
}

// The NEON co-simulation: the harness of native_arm64_test.go extended
// with V0..V31, loaded with LDR Q before the tested word and stored with
// STR Q after it. TestNeonCosim runs random encodings of every form of
// the NEON table (so a form cannot be added without being co-simulated)
// on random V and general register states and compares all V registers,
// all general registers, the flags and the memory buffer.

const dV = 288 // V0..V31 in the data area, 16-byte aligned

func ldrQ(t, n, off int) uint32 { return 0x3DC00000 | uint32(off/16)<<10 | uint32(n)<<5 | uint32(t) }
func strQ(t, n, off int) uint32 { return 0x3D800000 | uint32(off/16)<<10 | uint32(n)<<5 | uint32(t) }

type neonNative struct{ *native }

func newNeonNative(t *testing.T) *neonNative {
	mm := func(prot int) []byte {
		p, err := syscall.Mmap(-1, 0, 1<<16, prot, syscall.MAP_PRIVATE|syscall.MAP_ANON)
		if err != nil {
			t.Skipf("mmap: %v", err)
		}
		t.Cleanup(func() { syscall.Munmap(p) })
		return p
	}
	n := &native{page: mm(syscall.PROT_READ | syscall.PROT_WRITE), buf: mm(syscall.PROT_READ | syscall.PROT_WRITE)}
	var code []uint32
	emit := func(w ...uint32) { code = append(code, w...) }
	const inst = 4 * (15 + 32 + 31)
	emit(0x10000000|uint32(dataOff>>2)<<5|16, 0x910003F1,
		strX(17, 16, dSavedSP), strX(28, 16, dSavedSP+8), strX(29, 16, dSavedSP+16), strX(30, 16, dSavedSP+24),
		0x9100021F,
		0x10000000|uint32((inst-28)&3)<<29|uint32((inst-28)>>2)<<5|16,
		0xD50B7B30, 0xD5033B9F, 0xD50B7530, 0xD5033B9F, 0xD5033FDF)
	for i := 0; i < 32; i++ {
		emit(ldrQ(i, 31, dV+16*i))
	}
	emit(ldrX(0, 31, dNZCV), 0xD51B4200)
	for i := 0; i <= 30; i++ {
		emit(ldrX(i, 31, dRegs+8*i))
	}
	if 4*len(code) != inst {
		t.Fatalf("prologue of %d words", len(code))
	}
	n.inst = 4 * len(code)
	emit(0xD503201F)
	for i := 0; i <= 30; i++ {
		emit(strX(i, 31, dRegs+8*i))
	}
	for i := 0; i < 32; i++ {
		emit(strQ(i, 31, dV+16*i))
	}
	emit(0xD53B4200, strX(0, 31, dNZCV),
		ldrX(28, 31, dSavedSP+8), ldrX(29, 31, dSavedSP+16), ldrX(30, 31, dSavedSP+24),
		ldrX(16, 31, dSavedSP), 0x9100021F, 0xD65F03C0)
	for i, s := range map[int]string{13: "ldr q0, [sp,#288]", 13 + 31: "ldr q31, [sp,#784]"} {
		x, err := arm64asm.Decode(le(code[i]))
		if err != nil || arm64asm.GNUSyntax(x) != s {
			t.Fatalf("harness word %d %#08x: %v %q, want %q", i, code[i], err, arm64asm.GNUSyntax(x), s)
		}
	}
	if x, _ := arm64asm.Decode(le(code[7])); arm64asm.GNUSyntax(x) != fmt.Sprintf("adr x16, .+%#x", n.inst-28) {
		t.Fatalf("ADR of the tested word: %q", arm64asm.GNUSyntax(x))
	}
	for i, w := range code {
		binary.LittleEndian.PutUint32(n.page[4*i:], w)
	}
	if err := syscall.Mprotect(n.page, syscall.PROT_READ|syscall.PROT_WRITE|syscall.PROT_EXEC); err != nil {
		t.Skipf("no executable memory: %v", err)
	}
	n.entry = uintptr(unsafe.Pointer(&n.page[0]))
	return &neonNative{n}
}

// runV executes e on in and v and returns the processor's state.
func (n *neonNative) runV(e uint32, in *cpu, v *vregs) (cpu, vregs) {
	d := n.page[dataOff:]
	for i := range v {
		binary.LittleEndian.PutUint64(d[dV+16*i:], v[i][0])
		binary.LittleEndian.PutUint64(d[dV+16*i+8:], v[i][1])
	}
	out := n.run(e, in)
	var vo vregs
	for i := range vo {
		vo[i][0] = binary.LittleEndian.Uint64(d[dV+16*i:])
		vo[i][1] = binary.LittleEndian.Uint64(d[dV+16*i+8:])
	}
	return out, vo
}

// TestNeonCosim compares the lifter with the processor on random
// encodings of every NEON form. Set VG_NO_NATIVE=1 to skip.
func TestNeonCosim(t *testing.T) {
	if os.Getenv("VG_NO_NATIVE") != "" {
		t.Skip("VG_NO_NATIVE set")
	}
	withNEON(t)
	n := newNeonNative(t)
	rng := rand.New(rand.NewSource(11))
	init := make([]byte, testBufSize)
	rng.Read(init)
	perForm := 1000
	if testing.Short() {
		perForm = 150
	}
	total, nforms, refusedAll := 0, 0, 0
	for _, f := range NeonModelled() {
		nforms++
		t.Run(f.Name, func(t *testing.T) {
			ran, refused, outside := 0, 0, 0
			var otherErr error
			ops := map[string]int{}
			for k := 0; k < perForm*6 && ran < perForm; k++ {
				e := randomWord(rng, f)
				if f.Mask == 0xFF800000 && f.Value == 0x3D800000 {
					e &^= 3 << 20 // LDR/STR Q: offsets below 16 KiB stay in the buffer
				}
				x, err := decode.ARM64(le(e))
				if err != nil {
					continue
				}
				if isMemory(e) && fRn(e) == regZR { // the harness owns SP
					continue
				}
				c, ok := randomState(rng, e, n.bufAddr(), n.sp(), init)
				if !ok || c.ptr>>31 == 1 {
					continue
				}
				v := randomV(rng)
				lifted, lv, _, lerr := neonExec(t, e, n.pc(), &c, &v)
				var ue *UnsupportedError
				switch {
				case errors.As(lerr, &ue):
					refused++
					continue
				case lerr != nil:
					outside++ // outside the buffer, or writes R18: not run
					otherErr = lerr
					continue
				}
				hw, hv := n.runV(e, &c, &v)
				d := hw.diffNative(&lifted, len(c.buf) == testBufSize)
				for i := range hv {
					if hv[i] != lv[i] {
						d += fmt.Sprintf(" V%d: lifted %#016x:%#016x processor %#016x:%#016x;", i, lv[i][1], lv[i][0], hv[i][1], hv[i][0])
					}
				}
				if d != "" {
					in := decodeWord(t, n.pc(), e, 1)
					var vs strings.Builder
					for i := range v {
						fmt.Fprintf(&vs, "V%d=%#x:%#x ", i, v[i][1], v[i][0])
					}
					t.Errorf("%#08x %s on %s %s: lifted vs processor:%s", e, syntax(&in), c.String(), vs.String(), d)
				}
				ran++
				ops[mnemonicOf(x)]++
				if t.Failed() && k > 50 {
					t.FailNow()
				}
			}
			total += ran
			refusedAll += refused
			t.Logf("%d cases, %d refused, %d other lifter errors (e.g. %v); %v", ran, refused, outside, otherErr, ops)
			if ran < perForm/4 {
				t.Errorf("only %d cases ran (%d refused)", ran, refused)
			}
		})
	}
	runtime.KeepAlive(n)
	t.Logf("%d NEON forms, %d cases compared with the processor, %d random words refused", nforms, total, refusedAll)
}

// TestNeonNativeHarness checks the harness itself, independently of the
// lifter: ORR v0.16b, v1.16b, v2.16b on the processor ORs V1 and V2 into
// V0 and leaves the other V registers and the general registers alone.
func TestNeonNativeHarness(t *testing.T) {
	if os.Getenv("VG_NO_NATIVE") != "" {
		t.Skip("VG_NO_NATIVE set")
	}
	n := newNeonNative(t)
	rng := rand.New(rand.NewSource(3))
	for k := 0; k < 20; k++ {
		c, _ := randomState(rng, 0x4ea21c20, n.bufAddr(), n.sp(), make([]byte, 64))
		v := randomV(rng)
		hw, hv := n.runV(0x4ea21c20, &c, &v)
		want := v
		want[0] = [2]uint64{v[1][0] | v[2][0], v[1][1] | v[2][1]}
		if hv != want || hw.x != c.x {
			t.Fatalf("processor: V %#x, want %#x; X %#x, want %#x", hv, want, hw.x, c.x)
		}
	}
}
