package decode

import (
	"errors"
	"testing"
)

// TestFrames reads the frames of functions whose TEXT directives are known:
// amd64 adds the saved BP to a non-zero frame and counts no hand-written
// SUBQ of SP; arm64 adds the saved LR, rounds to 16 and counts an ADD or SUB
// of RSP.
func TestFrames(t *testing.T) {
	for _, tt := range []struct {
		arch string
		want map[string]Frame
	}{
		{"amd64", map[string]Frame{
			"storeFar":     {SPMax: 0, ArgSize: 16},
			"storeInFrame": {SPMax: 24, ArgSize: 16}, // $16 + BP
			"storeHandSub": {SPMax: 0, ArgSize: 16},  // SUBQ $32, SP not counted
			"rot":          {SPMax: 0, ArgSize: 16},
		}},
		{"arm64", map[string]Frame{
			"storeFar":     {SPMax: 0, ArgSize: 16},
			"storeInFrame": {SPMax: 32, ArgSize: 16}, // $16 + LR, rounded
			"storeHandSub": {SPMax: 32, ArgSize: 16}, // SUB $32, RSP counted
			"spMisaligned": {SPMax: 48, ArgSize: 16},
		}},
	} {
		t.Run(tt.arch, func(t *testing.T) {
			_, prog := build(t, buildKey{tt.arch, "vg.dev/testdata/kernels/model", false})
			for name, want := range tt.want {
				f, err := prog.Func("vg.dev/testdata/kernels/model." + name)
				if err != nil {
					t.Fatal(err)
				}
				got, err := f.Frame()
				if err != nil || got != want {
					t.Errorf("%s: frame %+v, %v; want %+v", name, got, err, want)
				}
			}
		})
	}
	if _, err := (&Func{Name: "x"}).Frame(); err == nil {
		t.Error("frame of a function without a binary")
	}
	if _, err := pcvalueMax([]byte{0x80}); err == nil {
		t.Error("truncated pc-value table accepted")
	}
	if _, err := (&funcTable{}).frame(0x1000); !errors.Is(err, ErrNoFrame) {
		t.Errorf("frame in an empty table: %v", err)
	}
}
