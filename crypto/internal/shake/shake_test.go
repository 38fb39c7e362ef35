package shake

import (
	"bytes"
	"crypto/sha3"
	"encoding/binary"
	"math/rand/v2"
	"testing"
)

// Every output is compared with the standard library's crypto/sha3 on
// random inputs of every length up to three blocks, written and read in
// random pieces.

func TestState(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, rate := range []int{Rate128, Rate256} {
		for n := 0; n <= 3*rate+1; n++ {
			msg := make([]byte, n)
			for i := range msg {
				msg[i] = byte(r.Uint32())
			}
			outLen := r.IntN(3*rate + 9)
			var want []byte
			s := New128()
			if rate == Rate128 {
				want = sha3.SumSHAKE128(msg, outLen)
			} else {
				want = sha3.SumSHAKE256(msg, outLen)
				s = New256()
			}
			for rest := msg; len(rest) > 0; {
				k := min(len(rest), r.IntN(rate+20))
				s.Write(rest[:k])
				rest = rest[k:]
			}
			got := make([]byte, outLen)
			for rest := got; len(rest) > 0; {
				k := min(len(rest), 1+r.IntN(rate+20))
				s.Read(rest[:k])
				rest = rest[k:]
			}
			if !bytes.Equal(got, want) {
				t.Fatalf("rate %d, %d bytes in, %d out: differs from crypto/sha3", rate, n, outLen)
			}
			s.Reset()
			s.Write(msg)
			again := make([]byte, outLen)
			s.Read(again)
			if !bytes.Equal(again, want) {
				t.Fatalf("after Reset: differs")
			}
		}
	}
}

func TestX4(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, rate := range []int{Rate128, Rate256} {
		for _, n := range []int{0, 1, 33, 34, 66, rate - 1, rate, rate + 1, 2*rate + 5} {
			var in [4][]byte
			for s := range in {
				in[s] = make([]byte, n)
				for i := range in[s] {
					in[s][i] = byte(r.Uint32())
				}
			}
			x := NewX4(rate, &in)
			var out [4][]byte
			for s := range out {
				out[s] = make([]byte, 3*rate)
			}
			x.Squeeze(&out)
			next := [4][]byte{make([]byte, rate), make([]byte, rate), make([]byte, rate), make([]byte, rate)}
			x.Squeeze(&next)
			for s := range 4 {
				var want []byte
				if rate == Rate128 {
					want = sha3.SumSHAKE128(in[s], 4*rate)
				} else {
					want = sha3.SumSHAKE256(in[s], 4*rate)
				}
				if got := append(out[s], next[s]...); !bytes.Equal(got, want) {
					t.Fatalf("rate %d, %d bytes, instance %d: differs from crypto/sha3", rate, n, s)
				}
			}
		}
	}
}

func TestSum256(t *testing.T) {
	got := make([]byte, 64)
	Sum256(got, []byte("ab"), nil, []byte("c"))
	if want := sha3.SumSHAKE256([]byte("abc"), 64); !bytes.Equal(got, want) {
		t.Errorf("Sum256 differs")
	}
}

func TestX8(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for _, rate := range []int{Rate128, Rate256} {
		for _, n := range []int{0, 34, 66, rate, rate + 3} {
			var in [8][]byte
			for s := range in {
				in[s] = make([]byte, n)
				for i := range in[s] {
					in[s][i] = byte(r.Uint32())
				}
			}
			x := NewX8(rate, &in)
			var out [8][]byte
			for s := range out {
				out[s] = make([]byte, 2*rate)
			}
			x.Squeeze(&out)
			for s := range 8 {
				want := sha3.SumSHAKE256(in[s], 2*rate)
				if rate == Rate128 {
					want = sha3.SumSHAKE128(in[s], 2*rate)
				}
				if !bytes.Equal(out[s], want) {
					t.Fatalf("rate %d, %d bytes, instance %d: differs from crypto/sha3", rate, n, s)
				}
			}
		}
	}
}

// TestNextLanes reads blocks as lanes from State, X4 and X8 and compares
// them with crypto/sha3.
func TestNextLanes(t *testing.T) {
	block := func(lanes []uint64, ways, s, rate int) []byte {
		var b []byte
		for i := range rate / 8 {
			b = binary.LittleEndian.AppendUint64(b, lanes[ways*i+s])
		}
		return b
	}
	for _, rate := range []int{Rate128, Rate256} {
		var in8 [8][]byte
		for s := range in8 {
			in8[s] = []byte{byte(s), 1, 2, 3}
		}
		in4 := [4][]byte{in8[0], in8[1], in8[2], in8[3]}
		one := New128()
		if rate == Rate256 {
			one = New256()
		}
		one.Write(in8[0])
		x4, x8 := NewX4(rate, &in4), NewX8(rate, &in8)
		var got [8][]byte
		var got1 []byte
		for range 3 {
			got1 = append(got1, block(one.NextLanes()[:], 1, 0, rate)...)
			a4, a8 := x4.NextLanes(), x8.NextLanes()
			for s := range 8 {
				got[s] = append(got[s], block(a8[:], 8, s, rate)...)
				if s < 4 && !bytes.Equal(block(a4[:], 4, s, rate), block(a8[:], 8, s, rate)) {
					t.Fatalf("X4 and X8 differ")
				}
			}
		}
		for s := range 8 {
			want := sha3.SumSHAKE256(in8[s], 3*rate)
			if rate == Rate128 {
				want = sha3.SumSHAKE128(in8[s], 3*rate)
			}
			if !bytes.Equal(got[s], want) || s == 0 && !bytes.Equal(got1, want) {
				t.Fatalf("rate %d instance %d: lanes differ from crypto/sha3", rate, s)
			}
		}
	}
}
